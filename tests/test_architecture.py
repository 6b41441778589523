"""The pipeline runs one way (docs/architecture.md): each step imports only the steps below
it, and no modules import each other in a circle. Modules stay small, and the tables
derived from a variant live with its compiled rules.

Read from the source with :mod:`ast`, so an import inside a function (made late to keep
``import spadeslib`` light) counts as much as one at the top; only imports under
``if TYPE_CHECKING:`` are left out, since they never run.
"""

from __future__ import annotations

import ast
from pathlib import Path

import spadeslib

PACKAGE = Path(spadeslib.__file__).parent

LAYERS: dict[str, int] = {
    "_version": 0,
    "_backend": 0,
    "_wiring": 0,  # Variant.compile's way into the compiler, filled by the facade
    "bits": 0,
    "errors": 0,
    "cards": 1,
    "loader": 2,
    "variant": 3,
    "compiler": 4,
    "scoring": 5,
    "engine": 6,
    "policies": 7,  # the Standard card rule and the playouts: between the engine and the bots
    "bots": 8,
    "testing": 8,
    "explain": 9,
    "simulation": 9,
    "analysis": 9,  # double-dummy solving and hand reviews, over the engine and the bots
    "adapters": 10,  # PettingZoo, Gymnasium, OpenSpiel: optional extras over the engine and bots
    "vector": 10,  # SpadesVectorEnv: many games a step for learning agents (gymnasium, numpy)
    "server": 10,  # spadeslib serve: the table's server, an optional extra over the engine and bots
    "cli": 11,
    "__main__": 12,
    "": 12,  # spadeslib/__init__.py: the facade that loads every public name on first use
}
"""Each step's place: a step may import its own modules and those of lower steps only.
Steps on one level do not import each other."""


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


MODULES = _modules()


def _targets(node: ast.AST) -> list[str]:
    """The modules of ``spadeslib`` an import statement loads (a submodule where it names
    one: ``from spadeslib.engine.core import flow`` loads ``spadeslib.engine.core.flow``)."""
    if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("spadeslib"):
        out = []
        for alias in node.names:
            sub = f"{node.module}.{alias.name}"
            out.append(sub if sub in MODULES else node.module)
        return out
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names if alias.name.startswith("spadeslib")]
    return []


def _imports(path: Path) -> set[str]:
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.dump(child.test):
                for other in child.orelse:
                    visit(other)
                continue
            found.update(_targets(child))
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {name for name in found if name in MODULES}


GRAPH = {name: _imports(path) - {name} for name, path in MODULES.items()}


def _step(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_every_module_belongs_to_a_step() -> None:
    assert sorted({_step(module) for module in MODULES} - set(LAYERS)) == []


def test_no_step_imports_a_step_above_it_or_beside_it() -> None:
    wrong = []
    for module, imported in sorted(GRAPH.items()):
        mine = _step(module)
        for target in sorted(imported):
            theirs = _step(target)
            if theirs == mine:
                continue
            if LAYERS[theirs] >= LAYERS[mine]:
                wrong.append(f"{module} imports {target}")
    assert wrong == []


ENGINE_PARTS: dict[str, int] = {"core": 0, "views": 1, "search": 2, "game": 3, "": 4}
"""The engine's own parts, in order (docs/architecture.md): the core (the state and the
one way it changes), the views of it for agents and clients, the search support, and the
``Game`` over them all (with the package's ``__init__``). A part imports only the parts
below it."""


def test_the_engines_parts_import_only_the_parts_below_them() -> None:
    def part(module: str) -> str:
        parts = module.split(".")
        return parts[2] if len(parts) > 2 else ""

    engine = [name for name in MODULES if _step(name) == "engine"]
    assert sorted({part(name) for name in engine} - set(ENGINE_PARTS)) == []
    wrong = [
        f"{module} imports {target}"
        for module in sorted(engine)
        for target in sorted(GRAPH[module])
        if _step(target) == "engine"
        and part(target) != part(module)
        and ENGINE_PARTS[part(target)] >= ENGINE_PARTS[part(module)]
    ]
    assert wrong == []


def _cycles(graph: dict[str, set[str]] = GRAPH) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def strong(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                strong(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            strong(node)
    return found


def test_no_modules_import_each_other_in_a_circle() -> None:
    assert _cycles() == []


MOST_LINES = 500
"""Small modules with one job (docs/architecture.md): one that grows past this is split
along a seam of its job."""


def test_no_module_is_over_500_lines() -> None:
    lines = {
        module: len(path.read_text(encoding="utf-8").splitlines())
        for module, path in MODULES.items()
    }
    assert {module: count for module, count in sorted(lines.items()) if count > MOST_LINES} == {}
    assert max(lines.values()) > MOST_LINES // 2  # the count sees the modules' lines


def _caches_keyed_on_rules(path: Path) -> list[str]:
    """The functions of a module cached by ``functools`` whose first argument is a
    ``Rules``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.FunctionDef) or not node.args.args:
            continue
        first = node.args.args[0].annotation
        cached = any("cache" in ast.unparse(d) for d in node.decorator_list)
        if cached and first is not None and ast.unparse(first).strip("'\"") == "Rules":
            found.append(node.name)
    return found


def test_per_variant_tables_live_on_the_rules() -> None:
    """A table derived from a variant is built once, in the compiler (a field of Rules),
    or kept with the rules by Rules.derived: no module keeps its own cache keyed on Rules."""
    cached = {
        module: names
        for module, path in sorted(MODULES.items())
        if _step(module) != "compiler" and (names := _caches_keyed_on_rules(path))
    }
    assert cached == {}
    compiler = MODULES["spadeslib.compiler.bidding.raises"]
    assert _caches_keyed_on_rules(compiler) != []  # the check sees one where there is one


def test_the_checks_see_an_import_and_a_circle() -> None:
    """The checks themselves work: the graph holds a downward import made inside a
    function (the facade's way into the compiler), and a circle is found as a circle."""
    assert "spadeslib.compiler.rules" in GRAPH["spadeslib"]
    assert "spadeslib._wiring" in GRAPH["spadeslib.variant.root"]
    circle = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(circle) == [["a", "b", "c"]]
