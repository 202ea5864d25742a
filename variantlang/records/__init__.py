"""Game records: readers of real logs into the engine's events, and replay of a record through the engine."""
