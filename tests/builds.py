"""Which build the tests run against: CI runs the README's test command twice, against the editable
(pure Python) install and against the compiled one (`pip install .`)."""

from __future__ import annotations

import pytest

import variantlang.scoring.scorer

COMPILED = variantlang.scoring.scorer.__file__.endswith((".so", ".pyd"))
"""Whether the scorer, and so the hot modules `setup.py` lists, is compiled by mypyc."""

compiled_only = pytest.mark.skipif(
    not COMPILED,
    reason="hundreds of games: run against the compiled build, where they take a minute (CI runs both builds)",
)
"""For tests that play hundreds of games: CI's compiled pass runs them; the pure-Python pass would take
five times as long to check the same thing."""

pure_only = pytest.mark.skipif(
    COMPILED,
    reason="nothing this test checks is compiled by mypyc: the editable build's pass has run it",
)
"""For tests of parts mypyc does not compile (the language server, the sheets and their prose, the log
readers' fuzzing and hostile cases, the writing layer and output places, the run store and
resumption, the Dask executor): the same code runs in both builds, so CI runs them once, in the
editable build's pass."""
