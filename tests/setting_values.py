"""Settings by their rule-file path (`dora.nuki`), for tests that list rules in tables the way a rule file
writes them. Code reads the typed records (`ruleset.dora.nuki`)."""

from __future__ import annotations

from typing import Any

from variantlang.catalog import SETTINGS
from variantlang.model.ruleset import Ruleset


def setting_values(ruleset: Ruleset) -> dict[str, Any]:
    return {s.path: ruleset.value(s) for s in SETTINGS}
