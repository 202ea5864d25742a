// Starts `variantlang lsp` for .variant files. The server does the work; this only connects it.
const { workspace } = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate() {
  const settings = workspace.getConfiguration("variantlang");
  const [command, ...args] = settings.get("command", ["variantlang", "lsp"]);
  client = new LanguageClient(
    "variantlang",
    "variantlang",
    { command, args, transport: TransportKind.stdio },
    {
      documentSelector: [{ scheme: "file", language: "variant" }, { scheme: "untitled", language: "variant" }],
      initializationOptions: { language: settings.get("language") },
      synchronize: { configurationSection: "variantlang" },
    },
  );
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
