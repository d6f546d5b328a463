"""The referee keeps nothing between calls: ``rules`` is pure (docs/architecture.md), so no module of it holds state
that a match changes. Its module globals are tables written once at import; playing matches leaves every one of
them the same object with the same contents, and no module rebinds a global (``global`` appears nowhere).

A cache of the last answer once lived here (``rules.match._last``, for the game, which asked the referee twice about
each stroke); the game now hands its record the ruling it made (``Match.play``'s ``ruled``): tests/game's
test_game_stroke_cost checks that a stroke is still ruled once.
"""

import ast
import importlib
import pkgutil
import types
from pathlib import Path

import carrom.rules
from test_rules_properties import RULES, play_random

MODULES = [importlib.import_module(m.name) for m in pkgutil.walk_packages(carrom.rules.__path__, "carrom.rules.")]


def module_state() -> dict[str, tuple[int, str]]:
    """Every global of every rules module that is a value (not a module, class or function), with its identity
    and what it holds now, as it prints (a table, a dataclass or a list prints its contents)."""
    state = {}
    for module in [carrom.rules, *MODULES]:
        for name, value in vars(module).items():
            if name.startswith("__") or isinstance(value, (types.ModuleType, type, types.FunctionType,
                                                           types.BuiltinFunctionType)):
                continue
            state[f"{module.__name__}.{name}"] = (id(value), repr(value))
    return state


def test_no_module_of_the_referee_rebinds_a_global():
    """Nothing in ``rules`` writes ``global`` (on main: ``rules.match.apply`` kept its last answer that way)."""
    found = []
    for path in sorted(Path(carrom.rules.__file__).parent.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Global):
                found.append(f"{path.name}:{node.lineno}: global {', '.join(node.names)}")
    assert found == []


def test_playing_matches_leaves_every_module_global_as_it_was():
    """ICF 127 a and the rest of the laws, played through ``Match`` under every ruleset, singles and doubles:
    afterwards every global of every rules module is the same object holding the same values, and none is new."""
    before = module_state()
    assert len(before) > 50 and any(name.endswith(".RULESETS") for name in before)  # the scan sees the tables
    for seed, rules in enumerate(RULES):
        for doubles in (False, True):
            _match, actions, _rulings = play_random(seed, rules, doubles, 120)
            assert actions
    after = module_state()
    assert sorted(after) == sorted(before)
    changed = [name for name, (ident, held) in after.items()
               if (ident, held) != before[name]]
    assert changed == []

