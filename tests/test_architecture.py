"""The arrows point down (docs/architecture.md).

The core is pure: ``equipment`` is standard-library data, ``rules`` is standard-library
Python, ``physics`` adds only NumPy and numba and the equipment data. ``rules`` and
``physics`` never import each other, and no core module imports an adapter (cli,
render, records, game, players, web, envs, store). Above them, ``records`` knows only the
referee, and ``game`` joins referee, physics and records and knows no front end; ``envs`` (research
environments) and ``arena`` (boards between players, rated) sit on the game and the bots, as ``practice`` does.
``tournament`` (events, pairings, standings) is pure standard library; ``desk`` (its tables, SoL files, Glicko-2
ratings) sits on it alone. Checked from the source itself, so a
new import anywhere in the core is caught before it lands.
"""

import ast
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "carrom"
STDLIB = set(sys.stdlib_module_names) | {"__future__"}

ALLOWED = {
    "equipment": {"carrom.equipment"},
    "rules": {"carrom.rules"},
    "physics": {"carrom.physics", "carrom.equipment", "numpy", "numba"},
    # the languages: an adapter over the referee's messages (rules never import it; docs/i18n.md)
    "i18n": {"carrom.i18n", "carrom.rules", "babel"},
    # above the core: records know only the referee (and its words in five languages)
    "records": {"carrom.records", "carrom.rules", "carrom.i18n", "rich", "fpdf"},
    "game": {"carrom.game", "carrom.rules", "carrom.physics", "carrom.equipment", "carrom.records", "numpy"},
    "players": {"carrom.players", "carrom.game", "carrom.rules", "carrom.physics", "carrom.equipment", "numpy"},
    "store": {"carrom.store", "sqlalchemy"},
    # an adapter over the game and the bots; nothing above lists it, so nothing imports it
    "envs": {"carrom.envs", "carrom.game", "carrom.players", "carrom.physics", "carrom.rules", "carrom.render",
             "carrom.equipment", "numpy", "gymnasium", "pettingzoo", "matplotlib", "cairosvg", "PIL"},
    # an adapter that plays boards between players and rates them; nothing above lists it either
    "arena": {"carrom.arena", "carrom.game", "carrom.players", "carrom.records", "carrom.rules", "openskill",
              "matplotlib", "ray"},
    # practice positions, predictions and drills: over the game, the referee, the physics and the bots; only
    # adapters (the web) import it
    "practice": {"carrom.practice", "carrom.game", "carrom.players", "carrom.physics", "carrom.rules",
                 "carrom.equipment", "carrom.records", "numpy"},
    # tournaments: a pure core (standard library; the referee's words at most), nothing of the edge
    "tournament": {"carrom.tournament", "carrom.rules"},
    # its adapters: the tournament tables and SoL's files, over the core only; the CLI imports them
    "desk": {"carrom.desk", "carrom.tournament", "sqlalchemy", "yaml", "glicko2"},
}


def imports_of(path: Path, package: str) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative import: resolve against the module's package
                rel = path.relative_to(SRC.parent).with_suffix("").parts
                base = rel[: len(rel) - node.level]
                found.add(".".join(base + ((node.module,) if node.module else ())))
            elif node.module == "carrom":  # `from carrom import rules` imports carrom.rules
                found.update(f"carrom.{alias.name}" for alias in node.names)
            else:
                found.add(node.module)
    return found


def allowed(name: str, layer: str) -> bool:
    top = name.split(".")[0]
    if top in STDLIB:
        return True
    return any(name == a or name.startswith(a + ".") for a in ALLOWED[layer])


@pytest.mark.parametrize("layer", sorted(ALLOWED))
def test_core_layer_imports_only_what_it_may(layer):
    files = sorted((SRC / layer).rglob("*.py"))
    assert files, f"carrom.{layer} has no modules"
    bad = [
        f"{f.relative_to(SRC.parent)} imports {name}"
        for f in files
        for name in sorted(imports_of(f, layer))
        if not allowed(name, layer)
    ]
    assert not bad, "layer violations:\n" + "\n".join(bad)


def test_checker_catches_a_violation(tmp_path):
    """The checker itself must fail on a forbidden import, or the test above proves nothing."""
    fake = SRC / "rules" / "_probe_violation.py"
    fake.write_text("import numpy\nfrom carrom.physics import engine\n")
    try:
        names = imports_of(fake, "rules")
        assert not allowed("numpy", "rules")
        assert {n for n in names if not allowed(n, "rules")} == {"numpy", "carrom.physics"}
    finally:
        fake.unlink()
