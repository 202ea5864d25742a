"""Shared test settings: Hypothesis profiles (CI runs the default, deterministic one) and the shipped
variants, each loaded once per test run."""

from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, settings

from variantlang import Ruleset, load

settings.register_profile("default", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("default")


@pytest.fixture(scope="session")
def shipped() -> Callable[[str], Ruleset]:
    """`shipped(name)`: the shipped variant `name` (`variantlang.load(name)`), loaded the first time a test asks
    for it and shared by every test after. A Ruleset is immutable data, so sharing it is safe; the scorer's
    memos belong to the `Scorer` (`variantlang.scorer(ruleset)` keeps one per Ruleset)."""
    loaded: dict[str, Ruleset] = {}

    def get(name: str) -> Ruleset:
        if name not in loaded:
            loaded[name] = load(name)
        return loaded[name]

    return get
