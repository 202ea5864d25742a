"""Pure data that passes between the stages: the compiled Ruleset, a win and its score, and the facts a
condition may read of a win (the contract between the compiler and the scorer)."""
