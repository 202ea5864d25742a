"""Printable rule sheets generated from a Ruleset (Jinja2 templates; HTML, Markdown, PDF)."""
