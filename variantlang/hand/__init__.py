"""Pure hand analysis, knowing nothing of rule files: tiles and notation, shanten and ukeire,
decomposition into groups and waits, fu, and the payment arithmetic of han and fu."""
