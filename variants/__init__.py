"""The shipped rule files (`*.variant`), installed with the code as package data."""
