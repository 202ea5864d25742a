"""`variantlang lsp` end to end: a real LSP client (pytest-lsp) starts the server over stdio and asks what an
editor asks. Diagnostics are those of `check` (same codes, messages, places, hints), a parent's problems
show on the child's `extends` line, hover speaks both languages, completion offers what each place takes,
definition crosses `extends`, and a stale slow check is ended rather than waited for."""

from __future__ import annotations

import asyncio
import itertools
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from builds import pure_only

pytest.importorskip("pygls")
pytest_lsp = pytest.importorskip("pytest_lsp")

from lsprotocol import types  # noqa: E402
from pygls.protocol import default_converter  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient  # noqa: E402
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features  # noqa: E402
from test_readme import RULE_FILES  # noqa: E402

from variantlang.api import load  # noqa: E402
from variantlang.diagnostics import DiagnosticError  # noqa: E402
from variantlang.lang.resolve import shipped_dir  # noqa: E402
from variantlang.rules.pao import CERTAIN  # noqa: E402
from variantlang.rules.playable import warnings  # noqa: E402

pytestmark = pure_only

SHIPPED = sorted(shipped_dir().glob("*.variant"))
TIMEOUT = 120.0
"""Seconds a check may take on a busy two-core machine before a test gives up on it."""


def _client() -> LanguageClient:
    """pytest-lsp's client, also keeping every diagnostics notification by (uri, version)."""
    client = LanguageClient(converter_factory=default_converter)
    client.published = {}  # type: ignore[attr-defined]

    def publish(client: LanguageClient, params: types.PublishDiagnosticsParams) -> None:
        client.diagnostics[params.uri] = params.diagnostics
        client.published[params.uri, params.version] = params.diagnostics  # type: ignore[attr-defined]

    features = {**DEFAULT_CLIENT_FEATURES, types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS: publish}
    register_lsp_features(client, features)
    return client


CONFIG = ClientServerConfig(server_command=[sys.executable, "-m", "variantlang", "lsp"], client_factory=_client)


def _params(locale: str, options: Any = None) -> types.InitializeParams:
    capabilities = types.ClientCapabilities(
        workspace=types.WorkspaceClientCapabilities(configuration=False),
        text_document=types.TextDocumentClientCapabilities(
            hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
            document_symbol=types.DocumentSymbolClientCapabilities(hierarchical_document_symbol_support=True),
        ),
    )
    return types.InitializeParams(capabilities=capabilities, locale=locale, initialization_options=options)


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def client(lsp_client: LanguageClient) -> Any:
    await lsp_client.initialize_session(_params("en-GB"))
    yield
    await lsp_client.shutdown_session()


@pytest.fixture
def club(tmp_path: Path) -> Path:
    for name, text in RULE_FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


_versions = itertools.count(1)


def _open(client: LanguageClient, path: Path, text: str | None = None) -> tuple[str, int]:
    uri, version = path.resolve().as_uri(), next(_versions)
    item = types.TextDocumentItem(uri, "variant", version, text if text is not None else path.read_text("utf-8"))
    client.text_document_did_open(types.DidOpenTextDocumentParams(item))
    return uri, version


def _change(client: LanguageClient, uri: str, text: str) -> int:
    version = next(_versions)
    change = types.TextDocumentContentChangeWholeDocument(text)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(types.VersionedTextDocumentIdentifier(version=version, uri=uri), [change])
    )
    return version


def _close(client: LanguageClient, uri: str) -> None:
    client.text_document_did_close(types.DidCloseTextDocumentParams(types.TextDocumentIdentifier(uri)))


async def _diagnostics(client: LanguageClient, uri: str, version: int) -> list[types.Diagnostic]:
    deadline = time.monotonic() + TIMEOUT
    while (uri, version) not in client.published:  # type: ignore[attr-defined]
        assert time.monotonic() < deadline, f"no diagnostics for {uri} version {version}"
        await asyncio.sleep(0.05)
    return list(client.published[uri, version])  # type: ignore[attr-defined]


async def _ready(client: LanguageClient, path: Path) -> tuple[str, str]:
    """Open a file and wait for its check: its text and its uri."""
    uri, version = _open(client, path)
    await _diagnostics(client, uri, version)
    return path.read_text("utf-8"), uri


def _at(text: str, needle: str, offset: int = 0) -> types.Position:
    """The position of `needle` (plus `offset` characters) in `text`."""
    index = text.index(needle) + offset
    line = text.count("\n", 0, index)
    return types.Position(line, index - (text.rfind("\n", 0, index) + 1))


def _check_diagnostics(path: Path) -> list[Any]:
    """What `check` reports for a file: (code, message with help, line, column), 0-based."""
    with pytest.raises(DiagnosticError) as raised:
        load(path, roots=[path.parent])
    return [
        (d.code, d.message + (f"\nhelp: {d.help}" if d.help else ""), d.span.line - 1, d.span.column - 1)
        for d in raised.value.diagnostics
    ]


def _lsp(diagnostics: list[types.Diagnostic]) -> list[Any]:
    return [(d.code, d.message, d.range.start.line, d.range.start.character) for d in diagnostics]


# ------------------------------------------------------------------ diagnostics


@pytest.mark.asyncio(loop_scope="module")
async def test_shipped_variants_and_readme_examples_open_clean(client: LanguageClient, club: Path):
    opened = [_open(client, path) for path in [*SHIPPED, *(club / name for name in RULE_FILES)]]
    for uri, version in opened:
        assert await _diagnostics(client, uri, version) == [], uri
        _close(client, uri)


BREAKAGES = [
    ("kiriage on", "kiriagi on"),  # unknown setting, with a did-you-mean
    ("kuitan off", "kuitan of"),  # a value the setting does not take
    ("min_han 2 when honba >= 5", "min_han 2 when honba >= "),  # a syntax error
    ("drop ippatsu", "drop ipatsu"),  # an unknown yaku
    ("t.number + 2))", "t.nmber + 2))"),  # an unknown attribute in a condition
]


@pytest.mark.parametrize(("before", "after"), BREAKAGES)
@pytest.mark.asyncio(loop_scope="module")
async def test_a_broken_file_gets_the_messages_of_check_and_a_fixed_one_none(
    client: LanguageClient, club: Path, before: str, after: str
):
    path = club / "friday.variant"
    text = path.read_text("utf-8")
    broken = text.replace(before, after)
    assert broken != text
    path.write_text(broken, "utf-8")
    uri, version = _open(client, path)
    found = await _diagnostics(client, uri, version)
    assert _lsp(found) == _check_diagnostics(path)
    assert all(d.source == "variantlang" and d.severity == types.DiagnosticSeverity.Error for d in found)
    fixed = _change(client, uri, text)
    assert await _diagnostics(client, uri, fixed) == []
    _close(client, uri)


@pytest.mark.asyncio(loop_scope="module")
async def test_an_example_that_does_not_win_is_reported_as_check_does(client: LanguageClient, tmp_path: Path):
    path = tmp_path / "club.variant"
    path.write_text(
        'variant "倶楽部" {\n  extends standard\n  yaku {\n    example pinfu "123m456p789s11z 555z"\n  }\n}\n'
    )
    uri, version = _open(client, path)
    found = await _diagnostics(client, uri, version)
    assert [d.code for d in found] == ["E0208"]
    assert _lsp(found) == _check_diagnostics(path)
    _close(client, uri)


@pytest.mark.asyncio(loop_scope="module")
async def test_what_the_engine_cannot_play_is_a_warning_where_check_puts_it(client: LanguageClient, tmp_path: Path):
    """`check`'s W0502 (placed indicators under standard's ura): the same warning, message and place,
    as a warning, the file compiling; fixed, it goes."""
    path = tmp_path / "club.variant"
    placed = "kan_ura off\n    kan_dora_timing immediate\n    chosen_indicators on"
    text = f'variant "倶楽部" {{\n  extends standard\n  dora {{\n    ura off; {placed}\n  }}\n}}\n'
    broken = text.replace("ura off; ", "")
    path.write_text(broken, "utf-8")
    uri, version = _open(client, path)
    found = await _diagnostics(client, uri, version)
    expected = [
        (d.code, d.message + f"\nhelp: {d.help}", d.span.line - 1, d.span.column - 1)
        for d in warnings(load(path, roots=[tmp_path]))
    ]
    assert [code for code, *_ in expected] == ["W0502"] and _lsp(found) == expected
    assert (found[0].range.start.line, found[0].severity) == (3, types.DiagnosticSeverity.Warning)
    assert await _diagnostics(client, uri, _change(client, uri, text)) == []
    _close(client, uri)


@pytest.mark.asyncio(loop_scope="module")
async def test_a_parent_that_breaks_is_shown_on_the_extends_line(client: LanguageClient, tmp_path: Path):
    parent = tmp_path / "league.variant"
    parent.write_text('variant "リーグ" {\n  extends standard\n  payment { kiriagi on }\n}\n', "utf-8")
    child = tmp_path / "club.variant"
    text = 'variant "倶楽部" {\n  # our club\n  extends league\n  calls { kuitan off }\n}\n'
    child.write_text(text, "utf-8")
    uri, version = _open(client, child)
    (found,) = await _diagnostics(client, uri, version)
    (expected,) = _check_diagnostics(child)
    assert found.code == expected[0] == "E0102"
    assert found.range.start == types.Position(2, 0) and found.range.end.line == 2
    assert found.message.endswith(expected[1]) and ":3:13: " in found.message
    assert found.related_information is not None
    assert found.related_information[0].location.uri == parent.resolve().as_uri()
    assert found.related_information[0].location.range.start == types.Position(2, 12)
    _close(client, uri)


# ------------------------------------------------------------------ hover


async def _hover(client: LanguageClient, uri: str, position: types.Position) -> str:
    found = await client.text_document_hover_async(types.HoverParams(types.TextDocumentIdentifier(uri), position))
    assert found is not None and isinstance(found.contents, types.MarkupContent)
    return found.contents.value


async def _set_language(client: LanguageClient, language: str | None) -> None:
    settings = {"variantlang": {"language": language}}
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings))
    await asyncio.sleep(0.2)


@pytest.mark.asyncio(loop_scope="module")
async def test_hover_on_a_setting_in_both_languages(client: LanguageClient, club: Path):
    text, uri = await _ready(client, club / "friday.variant")
    where = _at(text, "kuitan off", 2)
    english = await _hover(client, uri, where)
    assert "**Open tanyao (kuitan)** `calls.kuitan` (R-CALL-2)" in english
    assert "No open tanyao (kuitan): all simples counts only in a closed hand." in english
    assert "Type: on/off" in english and "Default: `off`" in english
    line = _at((shipped_dir() / "standard.variant").read_text("utf-8"), "kuitan on").line + 1
    assert f"Inherited from `standard`: `on` (variants/standard.variant:{line})" in english
    await _set_language(client, "ja")
    japanese = await _hover(client, uri, where)
    assert "**喰いタン**" in japanese and "喰いタンなし。断幺九は門前でなければ成立しない。" in japanese
    assert "既定値: `off`" in japanese and f"親の値 `standard`: `on` (variants/standard.variant:{line})" in japanese
    choice = await _hover(client, uri, _at(text, "marked_condition"))
    assert "取り得る値: `always`" in choice
    await _set_language(client, None)
    _close(client, uri)


@pytest.mark.asyncio(loop_scope="module")
async def test_hover_on_yaku_and_tiles(client: LanguageClient, club: Path):
    text, uri = await _ready(client, club / "friday.variant")
    ippatsu = await _hover(client, uri, _at(text, "drop ippatsu", 6))
    assert "**一発 / Ippatsu** `ippatsu` — 1 han, closed only" in ippatsu
    assert "variants/standard.variant:" in ippatsu
    house = await _hover(client, uri, _at(text, "sanrenkou"))
    assert "**三連刻 / Three consecutive triplets** `sanrenkou` — 2 han" in house
    assert "triplet" in house.split("\n\n")[1]  # the sheet's sentence, generated from the condition
    assert "White" in await _hover(client, uri, _at(text, "gold 5z", 5))
    await _set_language(client, "ja")
    assert "白" in await _hover(client, uri, _at(text, "gold 5z", 5))
    assert "刻子" in (await _hover(client, uri, _at(text, "sanrenkou"))).split("\n\n")[1]
    await _set_language(client, None)
    _close(client, uri)


@pytest.mark.asyncio
async def test_the_client_locale_chooses_japanese_and_an_option_overrides_it(club: Path):
    for locale, options, word in [("ja-JP", None, "喰いタン"), ("ja-JP", {"language": "en"}, "Open tanyao")]:
        client = await CONFIG.start()
        try:
            await client.initialize_session(_params(locale, options))
            text, uri = await _ready(client, club / "friday.variant")
            assert word in await _hover(client, uri, _at(text, "kuitan"))
            await client.shutdown_session()
        finally:
            await client.stop()


# ------------------------------------------------------------------ completion


async def _complete(client: LanguageClient, uri: str, text: str, needle: str, offset: int) -> set[str]:
    found = await client.text_document_completion_async(
        types.CompletionParams(types.TextDocumentIdentifier(uri), _at(text, needle, offset))
    )
    assert isinstance(found, types.CompletionList)
    return {item.label for item in found.items}


@pytest.mark.asyncio(loop_scope="module")
async def test_completion_offers_what_each_place_takes(client: LanguageClient, tmp_path: Path):
    path = tmp_path / "club.variant"
    text = (
        'variant "倶楽部" {\n  extends standard\n  \n  calls {\n    \n    kuikae \n  }\n  win { pao  }\n'
        "  payment { value = 1000 * han when  }\n"
        '  yaku {\n    drop \n    house sanrenkou "三連刻" 2 when any(t in triplets: t. )\n'
        "    family mine {\n      \n    }\n  }\n}\n"
    )
    uri, version = _open(client, path, text)
    await _diagnostics(client, uri, version)
    top = await _complete(client, uri, text, "standard\n  \n", 11)
    assert {"tiles", "calls", "payment", "yaku", "extends"} <= top
    assert {"kuitan", "chi", "kuikae", "atozuke"} <= await _complete(client, uri, text, "calls {\n    \n", 12)
    assert await _complete(client, uri, text, "kuikae \n", 7) == {"forbid", "allow"}
    assert await _complete(client, uri, text, "pao  }", 4) == set(CERTAIN)  # riichi and kokushi: E0116
    payment = await _complete(client, uri, text, "han when  }", 9)
    assert {"honba", "dealer", "payer_dealer", "count"} <= payment
    assert {"ippatsu", "pinfu", "peikou"} <= await _complete(client, uri, text, "drop \n", 5)
    attributes = await _complete(client, uri, text, "t. )", 2)
    assert {"suit", "number", "concealed"} <= attributes and "honba" not in attributes
    assert {"pinfu", "tanyao"} <= await _complete(client, uri, text, "mine {\n      \n", 13)
    conditions = await _complete(client, uri, text, "any(t in", 0)
    assert {"triplets", "riichi"} <= conditions and "payer_dealer" not in conditions
    extends = await _complete(client, uri, text.replace("extends standard", "extends "), "extends ", 8)
    assert {"standard", "standard-sanma", "naki-riichi"} <= extends
    _close(client, uri)


# ------------------------------------------------------------------ definition and symbols


async def _definition(client: LanguageClient, uri: str, position: types.Position) -> types.Location:
    found = await client.text_document_definition_async(
        types.DefinitionParams(types.TextDocumentIdentifier(uri), position)
    )
    assert isinstance(found, types.Location)
    return found


@pytest.mark.asyncio(loop_scope="module")
async def test_definition_goes_to_the_parent(client: LanguageClient, club: Path):
    standard = (shipped_dir() / "standard.variant").resolve()
    lines = standard.read_text("utf-8").splitlines()
    text, uri = await _ready(client, club / "friday.variant")
    parent = await _definition(client, uri, _at(text, "extends standard", 10))
    assert parent.uri == standard.as_uri() and lines[parent.range.start.line].startswith("variant ")
    kuitan = await _definition(client, uri, _at(text, "kuitan off"))
    assert kuitan.uri == standard.as_uri() and lines[kuitan.range.start.line].strip().startswith("kuitan on")
    ippatsu = await _definition(client, uri, _at(text, "drop ippatsu", 6))
    assert lines[ippatsu.range.start.line].strip().startswith('ippatsu "一発"')
    _close(client, uri)


@pytest.mark.asyncio(loop_scope="module")
async def test_document_symbols_are_sections_yaku_and_families(client: LanguageClient):
    path = shipped_dir() / "standard.variant"
    uri, version = _open(client, path)
    await _diagnostics(client, uri, version)
    found = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(types.TextDocumentIdentifier(uri))
    )
    assert found is not None
    names = [s.name for s in found if isinstance(s, types.DocumentSymbol)]
    assert names == [
        "about",
        "tiles",
        "game",
        "draws",
        "win",
        "calls",
        "riichi",
        "dora",
        "payment",
        "penalties",
        "yaku",
    ]
    yaku = next(s for s in found if isinstance(s, types.DocumentSymbol) and s.name == "yaku")
    family = next(c for c in yaku.children or [] if c.name == "riichi_family")
    assert family.kind == types.SymbolKind.Class and [c.name for c in family.children or []] == [
        "double_riichi",
        "riichi",
    ]
    _close(client, uri)


# ------------------------------------------------------------------ a slow check is not waited for


def _slow(examples: int = 100) -> str:
    """A variant whose examples take seconds to verify, within `check`'s limits (six conditions of about
    29 000 steps each, a hundred example hands)."""
    yaku = [
        f'    house slow{i} "遅{i}" 1/1 when count(n in 1..60: count(m in 1..60: n * m == {k} + win.number) > 0) > 5'
        for i, k in enumerate(range(1000, 1006))
    ]
    hands = [
        f"{a}{a + 1}{a + 2}m{b}{b + 1}{b + 2}p{c}{c + 1}{c + 2}s{d}{d + 1}{d + 2}s88p"
        for a, b, c, d in itertools.product(range(2, 6), repeat=4)
    ][:examples]
    lines = [*yaku, *(f'    example tanyao "{hand}"' for hand in hands)]
    return 'variant "遅い" {\n  extends standard\n  yaku {\n' + "\n".join(lines) + "\n  }\n}\n"


@pytest.mark.asyncio(loop_scope="module")
async def test_an_edit_during_a_slow_check_ends_it_and_typing_is_never_blocked(client: LanguageClient, tmp_path: Path):
    slow = _slow()
    started = time.monotonic()
    uri, version = _open(client, tmp_path / "alone.variant", slow)
    assert await _diagnostics(client, uri, version) == []
    alone = time.monotonic() - started
    _close(client, uri)

    uri, first = _open(client, tmp_path / "edited.variant", slow)
    await asyncio.sleep(min(1.5, alone / 4))
    asked = time.monotonic()  # the server answers while the check runs
    await client.text_document_hover_async(types.HoverParams(types.TextDocumentIdentifier(uri), _at(slow, "tanyao")))
    assert time.monotonic() - asked < 1.0
    changed = time.monotonic()
    second = _change(client, uri, slow.replace("1/1 when", "1/1 wen", 1))
    found = await _diagnostics(client, uri, second)
    assert [d.code for d in found] == ["E0001"]
    assert time.monotonic() - changed < alone * 0.75, "the stale check was waited for"
    await asyncio.sleep(alone)
    assert (uri, first) not in client.published  # type: ignore[attr-defined]
    _close(client, uri)


# ------------------------------------------------------------------ formatting


async def _format(client: LanguageClient, uri: str, text: str) -> str:
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(types.TextDocumentIdentifier(uri), types.FormattingOptions(2, True))
    )
    assert edits is not None
    if not edits:
        return text
    (edit,) = edits
    assert edit.range.start == types.Position(0, 0)
    return edit.new_text


@pytest.mark.asyncio(loop_scope="module")
async def test_formatting_keeps_every_comment_and_is_stable(client: LanguageClient, club: Path):
    for path in [*SHIPPED, *(club / name for name in RULE_FILES)]:
        text = path.read_text("utf-8")
        uri, _ = _open(client, path)
        formatted = await _format(client, uri, text)
        comments = [line[line.index("#") :] for line in text.splitlines() if line.lstrip().startswith("#")]
        assert all(comment in formatted for comment in comments), path
        _change(client, uri, formatted)
        assert await _format(client, uri, formatted) == formatted, path
        _close(client, uri)


@pytest.mark.asyncio(loop_scope="module")
async def test_formatting_a_file_that_does_not_parse_changes_nothing(client: LanguageClient, tmp_path: Path):
    text = 'variant "x" {\n  calls { kuitan\n'
    uri, _ = _open(client, tmp_path / "broken.variant", text)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(types.TextDocumentIdentifier(uri), types.FormattingOptions(2, True))
    )
    assert not edits
    _close(client, uri)
