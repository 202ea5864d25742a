"""The language server: the protocol (pygls) around the checks of `analysis` and the answers of `features`.

Each open document has a worker process (`worker.Worker`). A change waits `DEBOUNCE` seconds for the
typing to pause; a newer change cancels the check of the older text, ending its worker at once if it has
started, so a slow check never holds up the next one. Hover, completion and definition answer at once from
the text and the last analysis; they never wait for a check.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from variantlang.diagnostics import DiagnosticError
from variantlang.lsp import features
from variantlang.lsp.analysis import Analysis, Place, Problem, Symbol
from variantlang.lsp.format import FormatError, format_text
from variantlang.lsp.worker import Worker

DEBOUNCE = 0.3
"""Seconds of quiet after a change before the document is checked."""
SOURCE = "variantlang"

_SEVERITY = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning}
"""A W code (what the engine cannot play: the file compiles) is a warning, as `check` prints it."""

_COMPLETION_KINDS = {
    "section": types.CompletionItemKind.Module,
    "setting": types.CompletionItemKind.Property,
    "value": types.CompletionItemKind.EnumMember,
    "yaku": types.CompletionItemKind.Function,
    "fact": types.CompletionItemKind.Variable,
    "keyword": types.CompletionItemKind.Keyword,
    "variant": types.CompletionItemKind.File,
}
_SYMBOL_KINDS = {
    "section": types.SymbolKind.Namespace,
    "setting": types.SymbolKind.Property,
    "yaku": types.SymbolKind.Function,
    "family": types.SymbolKind.Class,
    "bonus": types.SymbolKind.Constant,
    "example": types.SymbolKind.Event,
}


@dataclass
class _Document:
    worker: Worker = field(default_factory=Worker)
    task: asyncio.Task[None] | None = None
    analysis: Analysis | None = None


class VariantServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("variantlang", version("variantlang"), text_document_sync_kind=types.TextDocumentSyncKind.Full)
        self.documents: dict[str, _Document] = {}
        self.locale = "en"
        """The language of hovers: the client's, unless `variantlang.language` says otherwise."""
        self.language: str | None = None

    @property
    def lang(self) -> str:
        return self.language or self.locale

    # -------------------------------------------------------------- checks
    def schedule(self, uri: str, delay: float) -> None:
        """Check the document after `delay` seconds, cancelling a check of an older text."""
        document = self.documents.setdefault(uri, _Document())
        if document.task is not None and not document.task.done():
            document.task.cancel()
        document.task = asyncio.get_running_loop().create_task(self._check(uri, document, delay))

    async def _check(self, uri: str, document: _Document, delay: float) -> None:
        await asyncio.sleep(delay)
        if document.worker.busy:  # a check of an older text: end it rather than wait for it
            document.worker.stop()
        text_document = self.workspace.get_text_document(uri)
        text, number = text_document.source, text_document.version
        path = _path(text_document.path)
        try:
            async for result in document.worker.check(text, str(path), [str(path.parent)]):
                if isinstance(result, Analysis):
                    if not result.partial or document.analysis is None:
                        document.analysis = result
                else:
                    diagnostics = self._diagnostics(result, text, path)
                    self.text_document_publish_diagnostics(
                        types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=number)
                    )
        except RuntimeError as error:  # a bug in a check: said in the log, the server goes on
            self.window_log_message(types.LogMessageParams(types.MessageType.Error, f"variantlang: {error}"))

    def _diagnostics(self, problems: list[Problem], text: str, path: Path) -> list[types.Diagnostic]:
        """The check's diagnostics; one in a parent file is shown on the `extends` line, naming its place."""
        extends = re.search(r"^[ \t]*extends\b.*$", text, re.MULTILINE)
        out = []
        for problem in problems:
            found = problem.diagnostic
            message = "\n".join(
                [found.message, *(f"note: {n}" for n in found.notes), *([f"help: {found.help}"] if found.help else [])]
            )
            related = None
            if Path(problem.path) == path:
                where = self._range(
                    text, found.span.line, found.span.column, found.span.end_line, found.span.end_column
                )
            else:
                where = self._offsets(text, extends.start(), extends.end()) if extends else self._offsets(text, 0, 0)
                message = f"{found.span}: {message}"
                place = self._location(Place(problem.path, found.span))
                related = [types.DiagnosticRelatedInformation(place, found.message)] if place is not None else None
            out.append(
                types.Diagnostic(
                    where,
                    message,
                    _SEVERITY[found.severity],
                    found.code,
                    source=SOURCE,
                    related_information=related,
                )
            )
        return out

    # -------------------------------------------------------------- positions
    def _units(self, text: str) -> int:
        """The length of `text` in the client's units (UTF-16 unless agreed otherwise)."""
        encoding = self.workspace.position_encoding
        if encoding == types.PositionEncodingKind.Utf8:
            return len(text.encode("utf-8"))
        if encoding == types.PositionEncodingKind.Utf32:
            return len(text)
        return len(text.encode("utf-16-le")) // 2

    def _position(self, lines: list[str], line: int, column: int) -> types.Position:
        """A 1-based line and code-point column (a `Span`'s) as the client counts."""
        index = min(max(line - 1, 0), len(lines) - 1)
        text = lines[index]
        return types.Position(index, self._units(text[: max(column - 1, 0)]))

    def _range(self, text: str, line: int, column: int, end_line: int, end_column: int) -> types.Range:
        lines = text.split("\n")
        return types.Range(self._position(lines, line, column), self._position(lines, end_line, end_column))

    def _offsets(self, text: str, start: int, end: int) -> types.Range:
        def at(offset: int) -> tuple[int, int]:
            line = text.count("\n", 0, offset)
            return line + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1

        return self._range(text, *at(start), *at(end))

    def offset(self, text: str, position: types.Position) -> int:
        """The index in `text` of a client position."""
        lines = text.split("\n")
        line = min(position.line, len(lines) - 1)
        start = sum(len(lines[i]) + 1 for i in range(line))
        column = 0
        while column < len(lines[line]) and self._units(lines[line][: column + 1]) <= position.character:
            column += 1
        return start + column

    def _location(self, place: Place) -> types.Location | None:
        uri = Path(place.path).as_uri()
        if uri in self.workspace.text_documents:
            text = self.workspace.get_text_document(uri).source
        else:
            try:
                text = Path(place.path).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                return None
        span = place.span
        return types.Location(uri, self._range(text, span.line, span.column, span.end_line, span.end_column))

    def symbol(self, text: str, symbol: Symbol) -> types.DocumentSymbol:
        span, name = symbol.span, symbol.name_span
        return types.DocumentSymbol(
            name=symbol.name,
            kind=_SYMBOL_KINDS[symbol.kind],
            range=self._range(text, span.line, span.column, span.end_line, span.end_column),
            selection_range=self._range(text, name.line, name.column, name.end_line, name.end_column),
            detail=symbol.detail or None,
            children=[self.symbol(text, child) for child in symbol.children],
        )

    def stop_all(self) -> None:
        for document in self.documents.values():
            if document.task is not None:
                document.task.cancel()
            document.worker.stop()


def _path(path: str | None) -> Path:
    """The file a document stands for (an unsaved one: a file in the working directory)."""
    return Path(path).resolve() if path else Path.cwd() / "untitled.variant"


def _language(value: Any) -> str | None:
    """`ja` or `en` from a setting or locale (`ja-JP` → `ja`); None for anything else."""
    if isinstance(value, str) and value:
        return "ja" if value.lower().startswith("ja") else "en" if value.lower().startswith("en") else None
    return None


server = VariantServer()


@server.feature(types.INITIALIZE)
def _initialize(ls: VariantServer, params: types.InitializeParams) -> None:
    ls.locale = _language(params.locale) or "en"
    options = params.initialization_options
    if isinstance(options, dict):
        ls.language = _language(options.get("language"))


@server.feature(types.INITIALIZED)
async def _initialized(ls: VariantServer, params: types.InitializedParams) -> None:
    workspace = ls.client_capabilities.workspace
    if workspace is not None and workspace.configuration:
        answer = await ls.workspace_configuration_async(
            types.ConfigurationParams([types.ConfigurationItem(section="variantlang.language")])
        )
        ls.language = _language(answer[0] if answer else None) or ls.language


@server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
def _configuration(ls: VariantServer, params: types.DidChangeConfigurationParams) -> None:
    settings = params.settings
    if isinstance(settings, dict) and isinstance(settings.get("variantlang"), dict):
        ls.language = _language(settings["variantlang"].get("language"))


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def _open(ls: VariantServer, params: types.DidOpenTextDocumentParams) -> None:
    ls.schedule(params.text_document.uri, 0)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def _change(ls: VariantServer, params: types.DidChangeTextDocumentParams) -> None:
    ls.schedule(params.text_document.uri, DEBOUNCE)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def _close(ls: VariantServer, params: types.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    document = ls.documents.pop(uri, None)
    if document is not None:
        if document.task is not None:
            document.task.cancel()
        document.worker.stop()
    ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))


def _at(ls: VariantServer, uri: str, position: types.Position) -> tuple[str, int, Analysis | None]:
    text = ls.workspace.get_text_document(uri).source
    document = ls.documents.get(uri)
    return text, ls.offset(text, position), document.analysis if document is not None else None


@server.feature(types.TEXT_DOCUMENT_HOVER)
def _hover(ls: VariantServer, params: types.HoverParams) -> types.Hover | None:
    text, at, analysis = _at(ls, params.text_document.uri, params.position)
    found = features.hover(text, at, analysis, ls.lang)
    if found is None:
        return None
    hover = ls.client_capabilities.text_document.hover if ls.client_capabilities.text_document else None
    formats = (hover.content_format if hover is not None else None) or [types.MarkupKind.PlainText]
    kind = types.MarkupKind.Markdown if types.MarkupKind.Markdown in formats else types.MarkupKind.PlainText
    return types.Hover(types.MarkupContent(kind, found))


@server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=[" ", "."]))
def _complete(ls: VariantServer, params: types.CompletionParams) -> types.CompletionList:
    text, at, analysis = _at(ls, params.text_document.uri, params.position)
    folder = _path(ls.workspace.get_text_document(params.text_document.uri).path).parent
    items = [
        types.CompletionItem(
            item.label,
            kind=_COMPLETION_KINDS[item.kind],
            detail=item.detail or None,
            documentation=item.documentation or None,
        )
        for item in features.complete(text, at, analysis, ls.lang, folder)
    ]
    return types.CompletionList(is_incomplete=False, items=items)


@server.feature(types.TEXT_DOCUMENT_DEFINITION)
def _definition(ls: VariantServer, params: types.DefinitionParams) -> types.Location | None:
    text, at, analysis = _at(ls, params.text_document.uri, params.position)
    place = features.definition(text, at, analysis)
    return ls._location(place) if place is not None else None


@server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def _symbols(ls: VariantServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
    text, _, analysis = _at(ls, params.text_document.uri, types.Position(0, 0))
    return [ls.symbol(text, s) for s in analysis.symbols] if analysis is not None else []


@server.feature(types.TEXT_DOCUMENT_FORMATTING)
async def _format(ls: VariantServer, params: types.DocumentFormattingParams) -> list[types.TextEdit] | None:
    document = ls.workspace.get_text_document(params.text_document.uri)
    text = document.source
    try:
        formatted = await asyncio.to_thread(format_text, text, _path(document.path).name)
    except DiagnosticError:
        return None  # a file that does not parse is left as it is; its diagnostics say why
    except FormatError as error:
        ls.window_log_message(types.LogMessageParams(types.MessageType.Error, f"variantlang: {error}"))
        return None
    if formatted == text:
        return []
    return [types.TextEdit(ls._offsets(text, 0, len(text)), formatted)]


@server.feature(types.SHUTDOWN)
def _shutdown(ls: VariantServer, params: None) -> None:
    ls.stop_all()


def run() -> None:
    """Serve over standard input and output until the client says `exit`."""
    try:
        server.start_io()
    finally:
        server.stop_all()
