"""`variantlang lsp`: a Language Server Protocol server for rule files (diagnostics, hover, completion,
definition, formatting, outline), on pygls, an optional extra (`pip install 'variantlang[lsp]'`).

Nothing here is imported by `import variantlang` or by the other commands; only `server` needs pygls.
"""
