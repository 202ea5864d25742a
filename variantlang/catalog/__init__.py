"""Every rule setting a variant may state, each declared once: type, domain, default, rule id, labels,
sentences for the sheet, where it is printed and which stage gives it effect."""
