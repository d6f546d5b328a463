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
    "game": {"carrom.game", "carrom.rules", "carrom.physics", "carrom.equipment", "carrom.records", "numpy",
             "carrom.__version__"},  # a simulated match's record names the carrom that played it (docs/record-format.md)
    "players": {"carrom.players", "carrom.game", "carrom.rules", "carrom.physics", "carrom.equipment", "numpy"},
    # the web's database; of the referee only its seats, whose order (ICF 49 b) orders a match's players
    "store": {"carrom.store", "sqlalchemy", "carrom.rules.pieces"},
    # an adapter over the game and the bots; nothing above lists it, so nothing imports it
    "envs": {"carrom.envs", "carrom.game", "carrom.players", "carrom.physics", "carrom.rules", "carrom.render",
             "carrom.equipment", "numpy", "gymnasium", "pettingzoo", "matplotlib", "cairosvg", "PIL",
             "carrom.__version__"},  # the package's version, named in every info (docs/releasing.md)
    # an adapter that plays boards between players and rates them; nothing above lists it either
    "arena": {"carrom.arena", "carrom.game", "carrom.players", "carrom.records", "carrom.rules", "openskill",
              "matplotlib", "ray",
              # its files name the package's version and the physics model's fingerprint (docs/releasing.md)
              "carrom.__version__", "carrom.physics"},
    # practice positions, predictions and drills: over the game, the referee, the physics and the bots; only
    # adapters (the web) import it
    "practice": {"carrom.practice", "carrom.game", "carrom.players", "carrom.physics", "carrom.rules",
                 "carrom.equipment", "carrom.records", "numpy"},
    # tournaments: a pure core (standard library; the referee's words at most), nothing of the edge
    "tournament": {"carrom.tournament", "carrom.rules"},
    # its adapters: the tournament tables and SoL's files, over the core only; the CLI imports them
    "desk": {"carrom.desk", "carrom.tournament", "sqlalchemy", "yaml", "glicko2",
             # one way to open a database and make its tables, shared with the web's store (it may be the same file)
             "carrom.store.engine", "carrom.store.keys",  # ... and one way to hash a link's key
             # its printouts: the scorecard's PDF library and cards, in the reader's language; the tables' QR codes
             "fpdf", "pypdf", "carrom.records", "carrom.i18n", "carrom.rules", "segno"},
    # the lobby: accounts, seeks paired by rating, rated games; its own tables, the referee's rulesets by name
    "lobby": {"carrom.lobby", "sqlalchemy", "argon2", "glicko2", "carrom.store.engine", "carrom.store.keys",
              "carrom.rules"},
    # calibration from a film of a player's own board: over the physics and the equipment; the CLI imports it
    "calibrate": {"carrom.calibrate", "carrom.physics", "carrom.equipment", "numpy", "scipy", "cv2"},
}


def imports_of(path: Path, package: str, root: Path = SRC) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative import: resolve against the module's package
                rel = path.relative_to(root.parent).with_suffix("").parts
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
    fake = tmp_path / "carrom" / "rules" / "_probe_violation.py"  # a copy of the layout, never in src/
    fake.parent.mkdir(parents=True)
    fake.write_text("import numpy\nfrom carrom.physics import engine\nfrom ..web import app\n")
    names = imports_of(fake, "rules", root=tmp_path / "carrom")
    assert not allowed("numpy", "rules")
    assert {n for n in names if not allowed(n, "rules")} == {"numpy", "carrom.physics", "carrom.web"}


# -- no import cycles ----------------------------------------------------------------------------------------


def module_of(path: Path, root: Path = SRC) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(root: Path = SRC) -> dict[str, set[str]]:
    """Every carrom module and the carrom modules it imports: at the top, inside functions and under
    ``TYPE_CHECKING`` alike (each is an arrow between two modules). ``from a.b import c`` is an arrow to the
    module ``a.b.c`` when there is one, else to ``a.b``; a name that is not a module goes to the nearest
    module above it."""
    modules = {module_of(f, root): f for f in root.rglob("*.py")}

    def nearest(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str | None] = set()
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Import):
                found.update(nearest(a.name) for a in node.names if a.name.split(".")[0] == "carrom")
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
                    base = ".".join(package[: len(package) - node.level + 1] + ([node.module] if node.module else []))
                else:
                    base = node.module or ""
                if base.split(".")[0] != "carrom":
                    continue
                found.update(f"{base}.{a.name}" if f"{base}.{a.name}" in modules else nearest(base)
                             for a in node.names)
        graph[name] = {m for m in found if m is not None and m != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, directly or round a loop (strongly connected, 2 or more)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycles():
    """No two carrom modules import each other, round any loop, not even inside a function or under
    TYPE_CHECKING: an arrow goes one way (docs/architecture.md)."""
    found = cycles(import_graph())
    assert not found, "modules that import each other:\n" + "\n".join(" <-> ".join(g) for g in found)


def test_cycle_checker_sees_local_and_type_checking_imports(tmp_path):
    """The checker must find a loop made of a local import one way and a TYPE_CHECKING import the other (as
    records.record and records.replay were), or the test above proves nothing."""
    pkg = tmp_path / "carrom" / "probe"
    pkg.mkdir(parents=True)
    (tmp_path / "carrom" / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f():\n    from carrom.probe.b import g\n    return g\n")
    (pkg / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from carrom.probe import a\n")
    (pkg / "c.py").write_text("from . import a\n")
    graph = import_graph(tmp_path / "carrom")
    assert graph["carrom.probe.c"] == {"carrom.probe.a"}
    assert cycles(graph) == [["carrom.probe.a", "carrom.probe.b"]]
