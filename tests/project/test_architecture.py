"""The arrows of DESIGN.md, read from the source: who may import whom, and no circles.

Every import counts for the arrows, type-only ones included ("nothing imports cogs or bot.py:
not even for type hints"). For circles, imports made only for type checkers (under
``if TYPE_CHECKING:``) are left out: they never run, so they cannot tie modules in a knot.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LAYERS = (
    "bot", "cogs", "data", "render", "rules", "ai", "locales", "bench", "loopback", "tasks", "demo",
)  # fmt: skip
#: layer -> the other layers it may import (DESIGN.md, "The shape").
ALLOWED: dict[str, set[str]] = {
    "rules": set(),
    "render": {"rules"},
    "data": {"rules"},
    "ai": {"rules"},
    "locales": set(),
    "loopback": set(),
    "cogs": {"data", "render", "rules", "ai", "locales"},
    "bot": {"cogs", "data", "render", "rules", "ai", "locales"},
    "bench": {"bot", "cogs", "data", "render", "rules", "ai", "locales", "loopback"},
    "tasks": set(),
    "demo": {"bot", "cogs", "data", "render", "rules", "ai", "locales", "loopback"},
}


def _modules() -> dict[str, Path]:
    found = {}
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        if parts[0] not in LAYERS:
            continue
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


MODULES = _modules()


def _known(name: str) -> str | None:
    """The project module ``name`` is, or is in (None: not the project's)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _type_only(tree: ast.Module) -> set[int]:
    """Line numbers of imports inside ``if TYPE_CHECKING:`` blocks."""
    lines = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import | ast.ImportFrom):
                    lines.add(inner.lineno)
    return lines


def _imports(name: str) -> list[tuple[str, bool]]:
    """(imported project module, whether the import runs) of module ``name``."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = _type_only(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            # "from data import errors" imports the module data.errors, not data itself
            subs = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in MODULES]
            targets = subs if len(subs) == len(node.names) else [base, *subs]
        for target in targets:
            known = _known(target)
            if known is not None and known != name:
                found.append((known, node.lineno not in typing_only))
    return found


def _layer(name: str) -> str:
    return name.split(".")[0]


def test_every_import_follows_an_arrow_of_the_design() -> None:
    wrong = sorted(
        f"{name} -> {target}"
        for name in MODULES
        for target, _ in _imports(name)
        if _layer(target) != _layer(name) and _layer(target) not in ALLOWED[_layer(name)]
    )
    assert wrong == []


def test_no_module_imports_itself_through_others() -> None:
    graph = {name: {t for t, runs in _imports(name) if runs} for name in MODULES}
    # Packages' __init__ modules re-export their parts; an edge into a package that only
    # re-exports is not a dependency on its importer, so circles are looked for among the
    # modules that hold code of their own.
    circles = []
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                circles.append([*path[path.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert circles == []


def test_the_reading_of_imports_tells_running_ones_from_type_only_ones() -> None:
    assert ("rules.stonehenge", True) in _imports("render.stonehenge")
    assert ("data.errors", True) in _imports("data.sqlite")  # "from data import errors"
    assert ("cogs.utils.announcer", False) in _imports("cogs.utils.host")  # TYPE_CHECKING


def _uses_discord(name: str) -> bool:
    tree = ast.parse(MODULES[name].read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(
            a.name.split(".")[0] == "discord" for a in node.names
        ):
            return True
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "discord":
            return True
    return False


def test_the_move_pipeline_knows_nothing_of_discord() -> None:
    # The service, and everything it imports in turn, decides and stores; posting, buttons
    # and places are the announcer's.
    seen, todo = set(), ["cogs.utils.service"]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo += [target for target, runs in _imports(name) if runs]
    assert "cogs.utils.service" in seen and "cogs.games.stonehenge" in seen
    assert sorted(name for name in seen if _uses_discord(name)) == []


def test_cogs_find_the_service_and_each_other_without_get_cog() -> None:
    # Typed through Host and events (RoboDanny's timers), not "get_cog('Play')  # type: ignore".
    found = [
        f"{name}: {line.strip()}"
        for name, path in MODULES.items()
        if _layer(name) in {"cogs", "bot"}
        for line in path.read_text(encoding="utf-8").splitlines()
        if "get_cog(" in line or ("type: ignore" in line and ("client" in line or "bot" in line))
    ]
    assert found == []


#: The games built into the project, and the ai modules that alone may name them.
BUILT_IN_GAMES = ("stonehenge", "kahuna", "islas")
AI_GAME_MODULES = {f"ai.{game}" for game in BUILT_IN_GAMES}


def _game_names(path: Path) -> list[str]:
    """The string literals of ``path`` that are a built-in game's name, with their lines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        f"{node.lineno}: {node.value!r}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value.lower() in BUILT_IN_GAMES
    ]


def test_ai_names_a_game_only_in_that_game_s_own_module() -> None:
    # One registration per game (DESIGN.md): what ai needs of a game is its computer player,
    # found by name in ai.player's registry, so no table or ``if game == ...`` elsewhere.
    named = {
        name: found
        for name, path in MODULES.items()
        if _layer(name) == "ai" and name not in AI_GAME_MODULES
        for found in [_game_names(path)]
        if found
    }
    assert MODULES.keys() >= AI_GAME_MODULES and named == {}


def test_the_game_name_check_sees_a_table_of_games(tmp_path: Path) -> None:
    table = tmp_path / "table.py"
    table.write_text('POOL = {"stonehenge": 24}\nif game == "Islas":\n    pass\n')
    assert _game_names(table) == ["1: 'stonehenge'", "2: 'Islas'"]
