"""Shared test settings: Hypothesis profiles (CI runs the default, deterministic one)."""

from hypothesis import HealthCheck, settings

settings.register_profile("default", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("default")
