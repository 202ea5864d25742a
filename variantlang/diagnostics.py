"""Messages for people: did-you-mean suggestions shared by every place that rejects a name."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def did_you_mean(name: str, candidates: Iterable[str]) -> str | None:
    """The closest candidate to a mistyped `name`, if one is close enough to be worth suggesting."""
    matches = difflib.get_close_matches(name, list(candidates), n=1, cutoff=0.6)
    return matches[0] if matches else None


def unknown_name(kind: str, name: str, candidates: Iterable[str]) -> str:
    """`unknown variant 'standrd' (did you mean 'standard'?)` or, with no close match, the choices."""
    options = sorted(candidates)
    suggestion = did_you_mean(name, options)
    if suggestion:
        return f"unknown {kind} {name!r} (did you mean {suggestion!r}?)"
    return f"unknown {kind} {name!r} (known: {', '.join(options)})"
