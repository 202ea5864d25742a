"""Statistics of played games from their events: one path for simulated games and real logs alike."""
