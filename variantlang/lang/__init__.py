"""From a resolved rule file to a Ruleset: `extends` (resolve), checking and compiling (compile), and
the expression language (expr). The syntax tree itself is `variantlang.syntax`."""
