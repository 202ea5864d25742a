"""Run in the `mjai` package's own environment (its pins clash with ours): feed every event of each mjai
log to Mortal's libriichi `PlayerState` of every seat, which parses it by Mortal's schema and follows the
game; print one JSON line per file, `ok` or the line it refused and why. Used by
`tests/test_records_tools.py`."""

import json
import sys

from mjai.mlibriichi.state import PlayerState  # type: ignore[import-not-found]


def main() -> None:
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as handle:
            lines = [line for line in handle if line.strip()]
        at = {"line": 0}
        try:
            for seat in range(4):
                state = PlayerState(seat)
                for line in lines:
                    at["line"] = lines.index(line) + 1
                    state.update(line)
            print(json.dumps({"file": path, "ok": True}))
        except BaseException as error:  # libriichi raises its own exception types
            print(json.dumps({"file": path, "ok": False, **at, "error": str(error).split("\n")[0]}))


if __name__ == "__main__":
    main()
