"""The layer order of docs/architecture.md, enforced: every import of every module of judge/ runs downward.

Each module's imports are read with ``ast`` (also those inside functions and
under ``TYPE_CHECKING``), so a new upward import fails here before review.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "judge"

# Bottom to top.  A module may import its own unit and any unit of a lower group;
# units of one group are independent of each other.
LAYERS: list[tuple[str, ...]] = [
    ("judge", "judge.paths", "judge.clock", "judge.crash", "judge.budget", "judge.addresses", "judge.cache",
     "judge.lazy", "judge.tomlcheck", "judge.attachment", "judge.gamenames"),  # the face; what every layer uses
    ("judge.engine",),                                         # pure adjudication
    ("judge.variants",),                                       # rulesets and their loader
    ("judge.reading",),                                        # a mail's text -> values
    ("judge.render",),                                         # values -> text
    ("judge.store", "judge.mail"),                             # the data directory; the transports
    ("judge.turns",),                                          # the game's clock
    ("judge.commands",),                                       # acting on commands per sender
    ("judge.app",),                                            # the judge command, its config and demos
    ("judge.__main__",),                                       # python -m judge
]
UNITS = sorted((unit for group in LAYERS for unit in group), key=len, reverse=True)
LEVEL = {unit: level for level, group in enumerate(LAYERS) for unit in group}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def unit_of(module: str) -> str:
    """The longest unit naming ``module`` (``judge.engine.state`` -> ``judge.engine``)."""
    return next(u for u in UNITS if module == u or module.startswith(u + "."))


def imports_of(module: str, tree: ast.AST) -> set[str]:
    """The judge modules ``module`` imports; ``from package import submodule`` names the submodule."""
    package = module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            found |= {f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base for a in node.names}
    return {name for name in found if name == "judge" or name.startswith("judge.")}


def violations(graph: dict[str, set[str]]) -> list[str]:
    """Each import that does not run down the layers, as ``importer -> imported (why)``."""
    wrong = []
    for module, imported in sorted(graph.items()):
        mine = unit_of(module)
        for other in sorted(imported):
            theirs = unit_of(other)
            if theirs == mine:
                continue
            if LEVEL[theirs] > LEVEL[mine]:
                wrong.append(f"{module} -> {other} ({theirs} is above {mine})")
            elif LEVEL[theirs] == LEVEL[mine]:
                wrong.append(f"{module} -> {other} ({theirs} and {mine} are independent)")
    return wrong


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Groups of modules that import each other, directly or round a loop (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def import_graph() -> dict[str, set[str]]:
    return {m: imports_of(m, ast.parse(p.read_text(encoding="utf-8"))) - {m} for m, p in MODULES.items()}


def test_every_module_belongs_to_a_layer() -> None:
    loose = [m for m in MODULES if not any(m == u or m.startswith(u + ".") for u in UNITS if u != "judge")
             and m != "judge"]
    assert loose == [], "give each new module a layer in tests/test_layers.py and docs/architecture.md"


def test_imports_run_down_the_layers() -> None:
    assert violations(import_graph()) == []


def test_the_engine_imports_nothing_outside_it() -> None:
    """The engine is pure: not even the base modules (paths, clock, crash)."""
    outside = {f"{m} -> {o}" for m, imported in import_graph().items() if unit_of(m) == "judge.engine"
               for o in imported if unit_of(o) != "judge.engine"}
    assert outside == set()


def test_no_modules_import_each_other() -> None:
    assert cycles(import_graph()) == []


@pytest.mark.parametrize("source, wrong", [
    ("from judge.commands.session import Judge", ["judge.render.words -> judge.commands.session"]),
    ("import judge.app.poll", ["judge.render.words -> judge.app.poll"]),
    ("def f():\n    from judge.turns import gameview", ["judge.render.words -> judge.turns.gameview"]),
    ("from judge.mail import Mailbox", ["judge.render.words -> judge.mail"]),
    ("from judge.reading.order_reader import parse_order", []),
])
def test_the_check_sees_an_upward_import(source: str, wrong: list[str]) -> None:
    """The checker itself: an import added to render/words.py is judged by the layer of what it names."""
    found = violations({"judge.render.words": imports_of("judge.render.words", ast.parse(source))})
    assert [w.split(" (")[0] for w in found] == wrong


def test_the_check_sees_a_cycle() -> None:
    graph = {"judge.engine.movement": {"judge.engine.movement_report"},
             "judge.engine.movement_report": {"judge.engine.movement"}}
    assert cycles(graph) == [["judge.engine.movement", "judge.engine.movement_report"]]
