"""Self-play runs: seeds per game, worker processes, results stored as games finish, resume."""
