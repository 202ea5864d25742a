"""The game engine: events, state applied from events, legal actions as pure functions of (rules, view),
and the table loop that asks seats for decisions and settles through the Scorer. It never names a
variant: every rule question goes to the Ruleset (`engine.rules`)."""
