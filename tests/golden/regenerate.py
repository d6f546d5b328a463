"""Compare the golden corpus with the referee, and rewrite the expected files only when asked.

    python tests/golden/regenerate.py           # print the differences, change nothing
    python tests/golden/regenerate.py --write   # rewrite every expected file that differs

Rewrite only after reading the diff and deciding the referee is now right: a golden file
regenerated to make a test pass hides the change it exists to show.
"""

from __future__ import annotations

import difflib
import sys

from golden_corpus import describe, expected_path, records


def main(argv: list[str]) -> int:
    write = argv == ["--write"]
    if argv and not write:
        print(__doc__)
        return 2
    changed = 0
    for record in records():
        now = describe(record)
        target = expected_path(record)
        before = target.read_text(encoding="utf-8") if target.exists() else ""
        if now == before:
            continue
        changed += 1
        sys.stdout.writelines(difflib.unified_diff(before.splitlines(True), now.splitlines(True),
                                                   str(target) + " (stored)", str(target) + " (referee now)"))
        if write:
            target.parent.mkdir(exist_ok=True)
            target.write_text(now, encoding="utf-8")
    print(f"{changed} expected file(s) {'rewritten' if write else 'differ'}; {len(records())} records")
    return 1 if changed and not write else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
