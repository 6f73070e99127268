"""The arrows of DESIGN.md, read from the source: who may import whom, and no circles.

Every import counts for the arrows, type-only ones included ("nothing imports cogs or bot.py:
not even for type hints"). For circles, imports made only for type checkers (under
``if TYPE_CHECKING:``) are left out: they never run, so they cannot tie modules in a knot.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from pathlib import Path

import rules

ROOT = Path(__file__).resolve().parents[2]
LAYERS = (
    "bot", "cogs", "table", "games", "data", "render", "rules", "ai", "locales", "bench",
    "loopback", "tasks", "demo",
)  # fmt: skip
#: Everything but the tests (which may import anything).
EVERYTHING = {"bot", "cogs", "table", "games", "data", "render", "rules", "ai", "locales"}
#: layer -> the other layers it may import (DESIGN.md, "The shape").
ALLOWED: dict[str, set[str]] = {
    "rules": set(),
    "render": {"rules"},
    "data": {"rules"},
    "ai": {"rules"},
    "locales": set(),
    "loopback": set(),
    # A game's registration ties its parts in each layer together (data: for types only).
    "games": {"rules", "render", "ai", "locales", "data"},
    "table": {"data", "rules", "ai", "games"},
    "cogs": {"table", "games", "data", "render", "rules", "ai", "locales"},
    "bot": {"cogs", "table", "games", "data", "render", "rules", "ai", "locales"},
    "bench": EVERYTHING | {"loopback"},
    "tasks": set(),
    "demo": EVERYTHING | {"loopback"},
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
    # Type-only imports count too (DESIGN.md): a circle drawn only for the type checker is
    # still two modules that cannot be read, or moved, one without the other.
    graph = {name: {t for t, _ in _imports(name)} for name in MODULES}
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
    assert ("rules.stonehenge", True) in _imports("render.stonehenge.layout")
    assert ("data.errors", True) in _imports("data.sqlite")  # "from data import errors"
    assert ("table.table", False) in _imports("cogs.utils.host")  # TYPE_CHECKING


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


def _reached(start: list[str]) -> set[str]:
    """``start`` and every module their imports load, in turn, type-only ones included (a
    module's packages too: importing ``games.plugin`` runs ``games/__init__.py`` first)."""
    seen, todo = set(), list(start)
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo += [target for target, _ in _imports(name)]
        todo += [p for p in (name.rpartition(".")[0],) if p in MODULES]
    return seen


def test_the_games_and_the_drawing_process_load_no_discord() -> None:
    # One registration per game, outside cogs/ (DESIGN.md): the table, the drawing process and
    # the computer players reach a game through games/ without loading Discord code.
    seen = _reached([name for name in MODULES if _layer(name) in {"games", "render"}])
    assert {"games.plugin", "games.stonehenge", "render.painter", "render.paint_worker"} <= seen
    assert sorted(n for n in seen if _uses_discord(n) or _layer(n) in {"cogs", "bot"}) == []
    assert not (ROOT / "cogs" / "games").exists()  # no shim left behind the move


def test_the_table_knows_nothing_of_discord() -> None:
    # The table, and everything it imports in turn, decides and stores; posting, buttons
    # and places are the cogs'.
    seen = _reached([name for name in MODULES if _layer(name) == "table"])
    assert {"table.table", "table.handover", "games.stonehenge"} <= seen
    assert sorted(n for n in seen if _uses_discord(n) or _layer(n) in {"cogs", "bot"}) == []
    assert not (ROOT / "cogs" / "utils" / "service.py").exists()
    assert not (ROOT / "cogs" / "utils" / "announcer.py").exists()


def test_nothing_imports_the_cogs_or_the_bot_but_the_bot_bench_and_demo() -> None:
    wrong = sorted(
        f"{name} -> {target}"
        for name in MODULES
        for target, _ in _imports(name)
        if _layer(target) in {"cogs", "bot"}
        and _layer(name) not in {"cogs", "bot", "bench", "demo"}
    )
    assert wrong == []


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


#: The games built into the project (tests may name them).
BUILT_IN_GAMES = ("stonehenge", "kahuna", "islas")
#: Where a game may be named: the tests, the benchmarks and the demo, which play named games.
NAMING_LAYERS = {"tests", "bench", "demo"}
#: The registration package's own module: it registers the built-in games (the entry point
#: of pyproject.toml's "tablero.games" group), so it lists them, and nothing else does.
REGISTRATIONS = {"games"}


def _owner(name: str, games: Sequence[str]) -> str | None:
    """The game whose own file module ``name`` is: one of its parts (a folder or the file)
    is the game's name, or starts with it and an underscore (rules/kahuna/board.py,
    rules/kahuna_view.py, ai/kahuna_deal.py, render/kahuna/art.py, rules/public/kahuna.py,
    cogs/games/kahuna.py)."""
    for part in name.split("."):
        for game in games:
            if part == game or part.startswith(f"{game}_"):
                return game
    return None


def _words(text: str) -> str:
    """``text`` lower-cased with its words apart: KahunaView -> "kahuna view"."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", text).lower()


def _game_names(path: Path, games: Sequence[str]) -> list[str]:
    """Where the code of ``path`` names one of ``games``, with its line.

    Code is every identifier (names, attributes, imports, definitions, arguments) and every
    string literal; comments and docstrings (a string standing alone as a statement) are
    prose, not code, and are not read. A name counts as a word: no letter just before or
    after it once camel case is split (``draw_kahuna``, ``KAHUNA``, ``IslasView``,
    ``"tablero-kahuna-12"`` all count; ``"kahunas"`` would not).
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    prose = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    }
    pattern = re.compile(rf"(?<![a-z])({'|'.join(map(re.escape, games))})(?![a-z])")
    found: list[tuple[int, int, str]] = []
    for node in ast.walk(tree):
        texts: list[str] = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            texts = [] if id(node) in prose else [node.value]
        elif isinstance(node, ast.Name):
            texts = [node.id]
        elif isinstance(node, ast.Attribute):
            texts = [node.attr]
        elif isinstance(node, ast.alias):
            texts = [node.name, node.asname or ""]
        elif isinstance(node, ast.ImportFrom):
            texts = [node.module or ""]
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            texts = [node.name]
        elif isinstance(node, ast.arg):
            texts = [node.arg]
        elif isinstance(node, ast.keyword):
            texts = [node.arg or ""]
        for text in texts:
            match = pattern.search(_words(text))
            if match:
                line, column = getattr(node, "lineno", 0), getattr(node, "col_offset", 0)
                found.append((line, column, f"{line}: {match.group(1)} in {text!r}"))
    return [text for _, _, text in sorted(found)]


def test_no_module_outside_a_game_s_own_files_names_a_game() -> None:
    # One registration per game (DESIGN.md): each layer finds a game through the registry
    # its registration fills, so no table of games and no ``if game == ...`` anywhere else.
    # A game's own files may name that game, and no other. The games: the built-in ones and
    # every game registered here (the installed games, loaded through their entry points).
    games = sorted({*BUILT_IN_GAMES, *(game.name for game in rules.games())})
    named = {
        name: found
        for name, path in MODULES.items()
        if _layer(name) not in NAMING_LAYERS and name not in REGISTRATIONS
        for owner in [_owner(name, games)]
        for found in [_game_names(path, [g for g in games if g != owner])]
        if found
    }
    assert named == {}


def test_the_game_name_check_sees_a_table_of_games(tmp_path: Path) -> None:
    table = tmp_path / "table.py"
    table.write_text(
        '"""Stonehenge and Islas, in prose."""\n'
        'POOL = {"stonehenge": 24}  # kahuna\n'
        'if game == "Islas":\n'
        "    from render.kahuna import draw_kahuna\n"
        "    view = IslasView(kahunas=1)\n"
    )
    assert _game_names(table, BUILT_IN_GAMES) == [
        "2: stonehenge in 'stonehenge'",
        "3: islas in 'Islas'",
        "4: kahuna in 'render.kahuna'",
        "4: kahuna in 'draw_kahuna'",
        "5: islas in 'IslasView'",
    ]


def test_a_game_s_own_files_are_told_by_their_path() -> None:
    owners = {
        name: _owner(name, BUILT_IN_GAMES)
        for name in ("rules.kahuna.board", "rules.kahuna_view", "render.islas", "ai.stonehenge")
    }
    assert set(owners.values()) == {"kahuna", "islas", "stonehenge"}
    assert _owner("rules.public", BUILT_IN_GAMES) is None
    assert _owner("ai.sample", BUILT_IN_GAMES) is None


def test_production_code_guards_without_assert() -> None:
    # ``python -O`` strips asserts: a guard that must hold in production raises a named error
    # (issue 21). Tests, the loopback, bench and the demo may assert.
    found = [
        f"{name}:{node.lineno}"
        for name, path in MODULES.items()
        if _layer(name) in EVERYTHING
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Assert)
    ]
    assert found == []
