"""The JSON shapes of wins and scores that the command line reads and writes (later: game logs)."""
