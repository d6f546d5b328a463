"""A mutation check of the law-bearing modules: do the tests catch a wrong law?

    PYTHONPATH=src .venv/bin/python benchmarks/mutation.py --sample 60 --seed 1
    PYTHONPATH=src .venv/bin/python benchmarks/mutation.py --modules src/carrom/rules/ending.py --sample 20

Small mutations are made to the target modules, one at a time, and the tests that run the
mutated line are run against each; a mutant the tests do not notice ("survived") is a law the
suite does not check. The mutations (seeded sample, ``--seed``):

- comparisons flipped (``<`` to ``>=``, ``==`` to ``!=``, ``is`` to ``is not``, ``in`` to
  ``not in``) and moved by their boundary (``<`` to ``<=``, ``>`` to ``>=`` and back);
- integer and float constants ±1;
- conditions negated (``if``, ``while``, ``... if ... else ...``);
- statements deleted (replaced by ``pass``);
- boolean operators swapped (``and`` to ``or``).

Each mutant is written into a TEMPORARY COPY of the repository (the working tree is never
touched, no bytecode is written), and only the tests that executed the mutated statement
are run, found once by a coverage run with one context per test (``coverage``'s API, a
small pytest plugin written into the copy). A statement run only at import time (a default,
a constant table) is checked by the module's whole test list (``TEST_MAP``). Outcomes:
``killed`` (a test failed), ``survived``, ``timeout`` (over ``--timeout-factor`` times the
tests' clean time, counted as killed: the mutant changed behaviour), ``equivalent``
(the mutated module compiles to the same bytecode as the original), ``uncovered`` (no test
runs the line: a survivor), ``argued`` (a survivor listed with the reason it is equivalent in
``benchmarks/mutation_equivalent.txt``: counted with the equivalent ones). ``--again RUN.json`` runs
only the mutants a previous run left alive, found again by file, line of code and change. Not run in CI (minutes to hours); its figures are in
docs/testing.md.

No maintained tool fits all three needs here (seeded sampling of a fixed number of mutants,
a list of target modules, per-mutant test selection): mutmut 3 mutates whole paths and has no
seeded sampling, cosmic-ray has no sampling nor per-mutant test selection, mutatest (sampling
and seeds) has not had a release for years and writes mutated bytecode into the source tree.
"""

from __future__ import annotations

import argparse
import ast
import copy
import json
import marshal
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EQUIVALENT = ROOT / "benchmarks" / "mutation_equivalent.txt"
DEFAULT_MODULES = ("src/carrom/rules/*.py", "src/carrom/equipment/placement.py",
                   "src/carrom/records/scorecard/build.py")
# The tests that check each target (the coverage run's scope, and the fallback for import-time lines).
# Not tests/game: its bot-against-bot matches run the referee too, but for minutes per mutant.
TEST_MAP = {
    "src/carrom/rules/": ("tests/rules", "tests/golden", "tests/records"),
    "src/carrom/equipment/": ("tests/equipment", "tests/rules/test_rules_fouls.py"),
    "src/carrom/records/scorecard/": ("tests/records", "tests/cli/test_cli_scorecard.py"),
}
FLIP = {ast.Lt: ast.GtE, ast.GtE: ast.Lt, ast.Gt: ast.LtE, ast.LtE: ast.Gt, ast.Eq: ast.NotEq,
        ast.NotEq: ast.Eq, ast.Is: ast.IsNot, ast.IsNot: ast.Is, ast.In: ast.NotIn, ast.NotIn: ast.In}
BOUNDARY = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt}
OVERRIDE_TESTS: tuple[str, ...] = ()  # --tests: one test list for every target
PLUGIN = '''
import os
import coverage

_cov = coverage.Coverage(data_file=os.environ["MUTATION_COVERAGE"], include=os.environ["MUTATION_INCLUDE"].split(","))
_cov.start()


def pytest_runtest_setup(item):
    _cov.switch_context(item.nodeid)


_took = {}


def pytest_runtest_logreport(report):
    _took[report.nodeid] = _took.get(report.nodeid, 0.0) + report.duration


def pytest_unconfigure(config):
    _cov.stop()
    _cov.save()
    import json
    with open(os.environ["MUTATION_COVERAGE"] + ".took", "w") as f:
        json.dump(_took, f)
'''


@dataclass(frozen=True)
class Mutant:
    path: str  # relative to the repository
    index: int  # the n-th mutation point of the file, in walk order
    line: int
    kind: str
    text: str  # what changed, in words
    span: tuple[int, int]  # the enclosing statement's lines (for test selection)
    code: str = ""  # the mutated line as written (finds the mutant again after lines move)

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.path, self.code, f"{self.kind}: {self.text}")


def _tests_for(path: str) -> tuple[str, ...]:
    if OVERRIDE_TESTS:
        return OVERRIDE_TESTS
    for prefix, tests in TEST_MAP.items():
        if path.startswith(prefix):
            return tests
    raise SystemExit(f"no tests known for {path}: add it to TEST_MAP")


def _docstring_nodes(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                out.add(id(first))
    return out


def _points(tree: ast.AST):
    """Every mutation point of ``tree``, in a fixed walk order: (node, kind, change, enclosing statement)."""
    docs = _docstring_nodes(tree)
    skip: set[int] = set()
    for node in ast.walk(tree):  # no constants inside f-strings or annotations
        if isinstance(node, ast.JoinedStr):
            skip |= {id(n) for n in ast.walk(node)}
        for ann in (getattr(node, "annotation", None), getattr(node, "returns", None)):
            if ann is not None:
                skip |= {id(n) for n in ast.walk(ann)}

    def visit(node, stmt):
        if isinstance(node, ast.stmt):
            stmt = node
            simple = not any(isinstance(getattr(node, f, None), list) and getattr(node, f)
                             and isinstance(getattr(node, f)[0], ast.stmt) for f in ("body", "orelse", "finalbody"))
            if simple and id(node) not in docs and not isinstance(node, (ast.Pass, ast.Import, ast.ImportFrom,
                                                                         ast.Global, ast.Nonlocal)):
                yield node, "delete", None, stmt
        if id(node) in skip:
            return
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                if type(op) in FLIP:
                    yield node, "flip", (i, FLIP[type(op)]), stmt
                if type(op) in BOUNDARY:
                    yield node, "boundary", (i, BOUNDARY[type(op)]), stmt
        elif isinstance(node, ast.Constant) and type(node.value) in (int, float):
            yield node, "constant", +1, stmt
            yield node, "constant", -1, stmt
        elif isinstance(node, ast.BoolOp):
            yield node, "boolop", None, stmt
        if isinstance(node, (ast.If, ast.While, ast.IfExp)):
            yield node.test, "negate", None, stmt
        for child in ast.iter_child_nodes(node):
            yield from visit(child, stmt)

    yield from visit(tree, None)


def _span(stmt: ast.stmt | None) -> tuple[int, int]:
    if stmt is None:
        return (0, 0)
    body = getattr(stmt, "body", None)
    if isinstance(body, list) and body and isinstance(body[0], ast.stmt):
        return (stmt.lineno, max(stmt.lineno, body[0].lineno - 1))
    return (stmt.lineno, stmt.end_lineno or stmt.lineno)


OPS = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!=", ast.Is: "is",
       ast.IsNot: "is not", ast.In: "in", ast.NotIn: "not in"}


def _describe(node, kind, change) -> str:
    if kind == "delete":
        return f"deleted: {ast.unparse(node).splitlines()[0][:70]}"
    if kind in ("flip", "boundary"):
        i, new = change
        return f"{OPS[type(node.ops[i])]} -> {OPS[new]} in {ast.unparse(node)[:60]}"
    if kind == "constant":
        return f"{node.value!r} -> {node.value + change!r}"
    if kind == "boolop":
        return f"{'and -> or' if isinstance(node.op, ast.And) else 'or -> and'} in {ast.unparse(node)[:60]}"
    return f"negated: {ast.unparse(node)[:70]}"


def find_mutants(path: str) -> list[Mutant]:
    source = (ROOT / path).read_text()
    lines = source.splitlines()
    return [Mutant(path, i, node.lineno, kind, _describe(node, kind, change), _span(stmt), lines[node.lineno - 1].strip())
            for i, (node, kind, change, stmt) in enumerate(_points(ast.parse(source)))]


def mutate(source: str, index: int) -> str:
    """The module's source with its ``index``-th mutation applied (the rest of the text as it was)."""
    tree = ast.parse(source)
    node, kind, change, _ = list(_points(tree))[index]
    if kind == "delete":
        new = "pass"
    elif kind in ("flip", "boundary"):
        i, op = change
        m = copy.deepcopy(node)
        m.ops[i] = op()
        new = f"({ast.unparse(m)})"
    elif kind == "constant":
        new = repr(node.value + change)
        new = f"({new})"
    elif kind == "boolop":
        m = copy.deepcopy(node)
        m.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        new = f"({ast.unparse(m)})"
    else:
        new = f"(not ({ast.unparse(node)}))"
    lines = source.encode().splitlines(keepends=True)  # col_offset counts UTF-8 bytes
    start = sum(len(x) for x in lines[:node.lineno - 1]) + node.col_offset
    end = sum(len(x) for x in lines[:node.end_lineno - 1]) + node.end_col_offset
    data = source.encode()
    return (data[:start] + new.encode() + data[end:]).decode()


def _code(source: str, name: str) -> bytes:
    return marshal.dumps(compile(ast.parse(source), name, "exec", dont_inherit=True, optimize=0))


def _strip_lines(source: str) -> bytes:
    """Bytecode without line numbers: the same code whatever the text's layout."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        for attr in ("lineno", "end_lineno", "col_offset", "end_col_offset"):
            if hasattr(node, attr):
                setattr(node, attr, 1 if "lineno" in attr else 0)
    return marshal.dumps(compile(tree, "m", "exec", dont_inherit=True))


def _copy_tree(dest: Path) -> Path:
    ignore = shutil.ignore_patterns(".git", ".venv", "__pycache__", "test-artifacts", "*.pyc", ".pytest_cache",
                                    ".hypothesis", "node_modules")
    shutil.copytree(ROOT, dest, ignore=ignore, symlinks=True)
    return dest


def _env(copy_root: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = f"{copy_root / 'src'}{os.pathsep}{copy_root / 'benchmarks' / '_mutation'}"
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # a mutant of the same size and second must never run a stale .pyc
    env["PYTHONHASHSEED"] = "0"
    return env


def _pytest(copy_root: Path, args: list[str], timeout: float | None, extra_env=None) -> tuple[str, float]:
    """Run pytest in the copy, in a fresh process (the coverage run)."""
    cmd = [sys.executable, "-m", "pytest", *PYTEST_ARGS, *args]
    env = _env(copy_root) | (extra_env or {})
    t0 = time.monotonic()
    try:
        r = subprocess.run(cmd, cwd=copy_root, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", time.monotonic() - t0
    return _status(r.returncode, (r.stdout + r.stderr)[-400:]), time.monotonic() - t0


def _status(code: int, tail: str = "") -> str:
    return {0: "passed", 1: "failed"}.get(code, f"error {code}: {tail}")  # pytest's exit codes


PYTEST_ARGS = ("-x", "-q", "-p", "no:cacheprovider", "--no-header", "-o", "addopts=")
WARM = ("pytest", "hypothesis", "numpy", "numba", "sqlalchemy", "fastapi", "starlette.testclient", "babel", "rich",
        "typer", "fpdf", "httpx")


def _warm() -> None:
    """Import the heavy third-party libraries once in this process: each forked run starts with them loaded."""
    import importlib

    for name in WARM:
        try:
            importlib.import_module(name)
        except Exception:  # an optional library missing: the forked run imports what it needs
            pass


def _pytest_forked(copy_root: Path, args: list[str], timeout: float | None) -> tuple[str, float]:
    """Run pytest in the copy in a forked child of this process: no interpreter start-up, no plugin loading
    twice; the project's own modules are imported fresh by the child (this process never imports them)."""
    t0 = time.monotonic()
    pid = os.fork()
    if pid == 0:  # the child
        code = 3
        try:
            fd = os.open(os.devnull, os.O_WRONLY)
            os.dup2(fd, 1)
            os.dup2(fd, 2)
            os.chdir(copy_root)
            sys.path[:0] = [str(copy_root / "src")]
            sys.dont_write_bytecode = True
            os.environ.update(_env(copy_root))
            import pytest

            code = int(pytest.main([*PYTEST_ARGS, *args]))
        finally:
            os._exit(code)
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return _status(os.waitstatus_to_exitcode(status)), time.monotonic() - t0
        if timeout is not None and time.monotonic() - t0 > timeout:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            return "timeout", time.monotonic() - t0
        time.sleep(0.02)


def coverage_contexts(copy_root: Path, paths: list[str]) -> tuple[dict[str, dict[int, set[str]]], dict[str, float]]:
    """For each target file: line -> the test node ids that executed it ("" at import time); each test's time."""
    plugin_dir = copy_root / "benchmarks" / "_mutation"
    plugin_dir.mkdir(parents=True, exist_ok=True)
    (plugin_dir / "mutation_contexts.py").write_text(PLUGIN)
    tests = sorted({t for p in paths for t in _tests_for(p)})
    data_file = copy_root / ".mutation-coverage"
    include = ",".join(str(copy_root / p) for p in paths)
    status, took = _pytest(copy_root, ["-p", "mutation_contexts", *tests], None,
                           {"MUTATION_COVERAGE": str(data_file), "MUTATION_INCLUDE": include})
    if status == "failed" or status.startswith("error"):
        raise SystemExit(f"the tests fail without any mutant ({status}): fix the suite first")
    print(f"coverage run of {' '.join(tests)}: {took:.0f} s", flush=True)
    import coverage

    data = coverage.CoverageData(basename=str(data_file))
    data.read()
    out: dict[str, dict[int, set[str]]] = {}
    for p in paths:
        by_line = data.contexts_by_lineno(str(copy_root / p))
        out[p] = {line: {c.split("|")[0] for c in ctxs} for line, ctxs in by_line.items()}
    took = json.loads(Path(str(data_file) + ".took").read_text())
    return out, took


def _under(nodeid: str, tests: list[str]) -> bool:
    return any(nodeid == t or nodeid.startswith(t.rstrip("/") + "/") or nodeid.startswith(t + "::") for t in tests)


def select_tests(m: Mutant, contexts: dict[int, set[str]]) -> tuple[list[str], bool]:
    """The test node ids that ran the mutant's statement; (module's test list, True) when run at import only."""
    ids: set[str] = set()
    ran = False
    for line in range(m.span[0], m.span[1] + 1):
        if line in contexts:
            ran = True
            ids |= contexts[line]
    if not ran:
        return [], False
    real = sorted(i for i in ids if i)
    if "" in ids:  # import time: a default, a table; every test may depend on it
        return list(_tests_for(m.path)), True
    return real, False


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--modules", nargs="*", default=list(DEFAULT_MODULES), help="files or globs, from the repo root")
    ap.add_argument("--sample", type=int, default=60, help="how many mutants (0: all)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout-factor", type=float, default=4.0)
    ap.add_argument("--json", type=Path, help="write every mutant's outcome here")
    ap.add_argument("--list", action="store_true", help="list the sampled mutants and stop")
    ap.add_argument("--tests", nargs="*", help="the tests for every target (default: TEST_MAP)")
    ap.add_argument("--root", type=Path, help="another repository (src/ and tests/) to check, for this script's test")
    ap.add_argument("--again", type=Path, metavar="JSON",
                    help="run again only the mutants a previous --json run left alive (found by file and change)")
    ap.add_argument("--equivalent", type=Path, default=EQUIVALENT,
                    help="survivors argued equivalent, one per line: path || code || kind: change || why")
    args = ap.parse_args(argv)
    global ROOT, OVERRIDE_TESTS
    if args.root:
        ROOT = args.root.resolve()
    if args.tests:
        OVERRIDE_TESTS = tuple(args.tests)

    paths = sorted({str(p.relative_to(ROOT)) for g in args.modules for p in ROOT.glob(g)
                    if p.suffix == ".py" and p.name != "__init__.py"})
    if not paths:
        raise SystemExit(f"no module matches {args.modules}")
    every = [m for p in paths for m in find_mutants(p)]
    if args.again:
        sample, gone = again(every, json.loads(args.again.read_text()))
        print(f"{len(sample)} mutants left alive by {args.again} run again; {len(gone)} no longer in the code", flush=True)
        for g in gone:
            print(f"  gone: {g['path']}:{g['line']} {g['kind']}: {g['change']}")
    else:
        rng = random.Random(args.seed)
        sample = every if not args.sample or args.sample >= len(every) else rng.sample(every, args.sample)
        print(f"{len(every)} mutation points in {len(paths)} modules; {len(sample)} sampled (seed {args.seed})",
              flush=True)
    sample.sort(key=lambda m: (m.path, m.index))
    argued = read_equivalent(args.equivalent)
    if args.list:
        for m in sample:
            print(f"  {m.path}:{m.line} {m.kind}: {m.text}")
        return 0

    results = []
    with tempfile.TemporaryDirectory(prefix="carrom-mutation-") as tmp:
        root = _copy_tree(Path(tmp) / "repo")
        used = sorted({m.path for m in sample})
        contexts, took = coverage_contexts(root, used)
        if not args.root:
            _warm()
        for n, m in enumerate(sample, 1):
            original = (root / m.path).read_text()
            mutated = mutate(original, m.index)
            if _strip_lines(mutated) == _strip_lines(original):
                outcome = "equivalent"
            else:
                tests, _ = select_tests(m, contexts[m.path])
                if not tests:
                    outcome = "uncovered"
                else:
                    # the tests' time under coverage (slower than without), times the factor, plus start-up
                    limit = args.timeout_factor * sum(v for k, v in took.items() if _under(k, tests)) + 30
                    (root / m.path).write_text(mutated)
                    try:
                        status, _ = _pytest_forked(root, tests, limit)
                    finally:
                        (root / m.path).write_text(original)
                    # 2: a collection error (the mutant breaks an import) is a kill; 3-5: this script's fault
                    outcome = {"failed": "killed", "error 2: ": "killed", "passed": "survived",
                               "timeout": "timeout"}.get(status, "error")
            if outcome in ("survived", "uncovered") and m.key in argued:
                outcome = "argued"
            results.append((m, outcome))
            print(f"[{n}/{len(sample)}] {outcome:10} {m.path}:{m.line} {m.kind}: {m.text}", flush=True)

    print()
    errors = [m for m, o in results if o == "error"]
    if errors:
        print(f"\n{len(errors)} mutants could not be run (pytest usage error): " + ", ".join(f"{m.path}:{m.line}" for m in errors))
    results = [(m, o) for m, o in results if o != "error"]
    print(f"{'module':48} {'mutants':>7} {'killed':>6} {'timeout':>7} {'survived':>8} {'equiv.':>6} {'score':>6}")
    for p in used:
        rs = [o for m, o in results if m.path == p]
        _row(p, rs)
    _row("all", [o for _, o in results])
    survivors = [(m, o) for m, o in results if o in ("survived", "uncovered")]
    shown = [(m, argued[m.key]) for m, o in results if o == "argued"]
    if shown:
        print("\nargued equivalent (counted with the equivalent ones; the reasons are in " f"{args.equivalent.name}):")
        for m, why in shown:
            print(f"  {m.path}:{m.line} {m.kind}: {m.text}\n      {why}")
    if survivors:
        print("\nsurvivors:")
        for m, o in survivors:
            print(f"  {m.path}:{m.line} {m.kind}: {m.text}{' (no test runs it)' if o == 'uncovered' else ''}")
    if args.json:
        args.json.write_text(json.dumps([{"path": m.path, "line": m.line, "index": m.index, "kind": m.kind,
                                          "change": m.text, "code": m.code, "outcome": o} for m, o in results],
                                        indent=1))
    return 0


def again(every: list[Mutant], previous: list[dict]) -> tuple[list[Mutant], list[dict]]:
    """The mutants a previous run left alive, found again by file, line of code and change (lines move as the
    code is edited; the nearest one is taken); the ones whose code is gone are returned apart."""
    by_change: dict[tuple[str, str, str], list[Mutant]] = {}
    for m in every:
        by_change.setdefault((m.path, m.kind, m.text), []).append(m)
    found, gone = [], []
    for r in previous:
        if r["outcome"] not in ("survived", "uncovered", "argued"):
            continue
        same = [m for m in by_change.get((r["path"], r["kind"], r["change"]), []) if r.get("code", m.code) == m.code]
        if not same:
            gone.append(r)
            continue
        found.append(min(same, key=lambda m: abs(m.line - r["line"])))
    return found, gone


def read_equivalent(path: Path) -> dict[tuple[str, str], str]:
    """Survivors argued equivalent: ``path || the line of code || kind: change || why`` per line (``#`` starts a
    comment)."""
    if not path.exists():
        return {}
    out = {}
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = [p.strip() for p in line.split(" || ")]
        if len(parts) != 4:
            raise SystemExit(f"{path}:{n}: expected 'path || code || kind: change || why', found {line!r}")
        out[(parts[0], parts[1], parts[2])] = parts[3]
    return out


def _row(name: str, outcomes: list[str]) -> None:
    killed = outcomes.count("killed") + outcomes.count("timeout")
    live = len(outcomes) - outcomes.count("equivalent") - outcomes.count("argued")
    score = f"{100 * killed / live:.0f} %" if live else "-"
    print(f"{name:48} {len(outcomes):7} {outcomes.count('killed'):6} {outcomes.count('timeout'):7} "
          f"{outcomes.count('survived') + outcomes.count('uncovered'):8} "
          f"{outcomes.count('equivalent') + outcomes.count('argued'):6} {score:>6}")


if __name__ == "__main__":
    sys.exit(main())
