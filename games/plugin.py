"""One registration per game: everything the platform needs to know about it.

A game is its engine (rules/), its words, its picker and its drawing (how it reads, is
picked and looks: words.py, picker.py, drawing.py), the animation of its replays' frames,
its public records, its own /play options, what happens when a player runs out of time,
whether it is played in series, and its computer player with what each seat may know.
``register(plugin)`` makes all of that known at once, to each layer's registry (no layer
lists the games): the engine to ``rules.get_game`` (stored games replay), the drawing to
``render`` (by its view type, and to the drawing process by the game's name), the animation
to ``render.animate``, the public records to ``rules.public``, the computer player to ``ai``
(the bot plays it), the plugin's messages to ``locales``, and the plugin to the cogs, which
build /play and /rules from ``plugins()`` when they load. The built-in games register when
the package ``games`` is imported, which the layers do themselves through the
``tablero.games`` entry point (rules/registry.py); a game defined anywhere else (tests/toy is
one) registers the same way, before the bot starts. Nothing here imports Discord: the table,
the drawing process and the computer players reach a game without it.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import locales
import render
import rules
from ai.player import ComputerPlayer, register_computer
from ai.reviewer import Reviewer, register_reviewer
from games.drawing import Drawing
from games.picker import Picker
from games.words import Words
from render.animate import Painter, register_painter
from render.drawings import GameDrawing, register_drawing
from rules import Game
from rules.public import Publisher, register_publisher
from rules.registry import GROUP, load_games

#: What Discord accepts as the name of a command or option (lower case, at most 32).
COMMAND_NAME = re.compile(r"^[-_a-z0-9]{1,32}$")
#: Options of every /play subcommand besides the opponents (series only where it applies;
#: the bot's level and its seat count where the bot plays the game).
COMMON_OPTIONS = (
    "series", "first", "days", "bank", "increment", "cap", "weekends", "level", "bots",
)  # fmt: skip
#: Discord's limit of options a command may have.
MAX_OPTIONS = 25
#: The most players /play can seat: its opponent options (and their messages) stop at 4.
MAX_PLAYERS = 5


@dataclass(frozen=True)
class PlayOption:
    """One of a game's own /play options, and the engine option it sets.

    ``key`` is the Fluent message of the option's name (lower case, as Discord wants it) and
    ``{key}-desc`` that of its description. Without ``choices`` it is a yes/no option;
    with them, each is (Fluent message of its name, value).
    """

    name: str
    key: str
    sets: str
    choices: tuple[tuple[str, int | str], ...] = ()


@dataclass(frozen=True)
class Claim:
    """A player out of time loses if an opponent claims the win (/claim)."""


@dataclass(frozen=True)
class SkipTurn:
    """A player out of time has their turn skipped if most other players vote so (/skip):
    ``move`` (the game's notation) is then played for them."""

    move: str


OutOfTime = Claim | SkipTurn
CLAIM = Claim()


def always_claim(players: int) -> OutOfTime:
    """The policy of most games: whoever runs out of time may lose by a claim."""
    return CLAIM


@dataclass(frozen=True)
class Series:
    """A game that may be played as a series: the lengths /play offers (each with a message
    ``choice-series-{n}``) and the seat that starts each game of it."""

    #: (index of the game in the series, 0-based; first seat of its first game) -> first seat
    first: Callable[[int, int], int]
    lengths: tuple[int, ...] = (3, 5)


@dataclass(frozen=True)
class GamePlugin:
    """Everything about one game that the platform uses."""

    engine: Game
    words: Words[Any]
    picker: Picker[Any]
    drawing: Drawing[Any]
    #: the module whose import registers the plugin: a drawing process imports it to draw
    #: the game (``__name__`` of the module calling ``register``)
    home: str
    play_options: tuple[PlayOption, ...] = ()
    #: what a player who runs out of time risks, at a table of ``players``
    out_of_time: Callable[[int], OutOfTime] = always_claim
    series: Series | None = None
    #: a directory with en/*.ftl and es/*.ftl: the plugin's own messages (None: the project's)
    locales: Path | None = None
    #: how the bot plays the game, and what its seats may know (None: the bot does not play it)
    computer: ComputerPlayer | None = None
    #: how a replay's frames are drawn (None: each frame's PNG, read back; slower)
    animation: Painter | None = None
    #: how its public records are written and read (None: a game with nothing hidden, whose
    #: replays are drawn from the record itself; /export gives no public record of it)
    public: Publisher | None = None
    #: how a finished game of it is reviewed (None: random play-outs value its positions)
    review: Reviewer | None = None

    @property
    def name(self) -> str:
        """The engine's name: the stored game's ``game`` and /play's subcommand in code."""
        return self.engine.name

    @property
    def command_key(self) -> str:
        """The message of the /play subcommand's name; ``{command_key}-desc`` describes it."""
        return f"cmd-play-{self.name}"

    def engine_options(self, given: dict[str, Any]) -> dict[str, Any]:
        """The engine options set by the game's own /play options ``given`` by name."""
        return {o.sets: given[o.name] for o in self.play_options if given.get(o.name) is not None}

    def check(self) -> None:
        """Raise ValueError where the plugin cannot make a valid /play subcommand."""
        names = [o.name for o in self.play_options]
        bad = [n for n in (self.name, *names) if not COMMAND_NAME.match(n)]
        if bad:
            raise ValueError(f"{self.name}: not a Discord option name: {bad}")
        common = {*COMMON_OPTIONS, "opponent", *(f"opponent{n}" for n in range(MAX_PLAYERS))}
        if len(set(names)) != len(names) or common & set(names):
            raise ValueError(f"{self.name}: option names repeat those of /play")
        if self.engine.max_players > MAX_PLAYERS:
            raise ValueError(f"{self.name}: /play seats {MAX_PLAYERS} players at most")
        if MAX_PLAYERS - 1 + len(COMMON_OPTIONS) + len(names) > MAX_OPTIONS:
            raise ValueError(f"{self.name}: more than {MAX_OPTIONS} /play options")


_PLUGINS: dict[str, GamePlugin] = {}


def register(plugin: GamePlugin) -> GamePlugin:
    """Make ``plugin``'s game playable (again is fine; another game of that name is not).

    Call it before the bot loads its cogs: /play gets a subcommand per game when it loads.
    """
    known = _PLUGINS.get(plugin.name)
    if known is plugin:
        return plugin
    if known is not None:
        raise ValueError(f"another game is already called {plugin.name!r}")
    plugin.check()
    if plugin.home not in sys.modules:  # being imported: the module registering the plugin
        raise ValueError(f"{plugin.name}: its home {plugin.home!r} is not imported")
    rules.register_game(plugin.engine)
    render.register_renderer(plugin.drawing.view_type, plugin.drawing.draw)
    register_drawing(
        GameDrawing(plugin.engine, plugin.drawing, plugin.words, locales.LANGUAGES, plugin.home)
    )
    if plugin.animation is not None:
        register_painter(plugin.drawing.view_type, plugin.animation)
    if plugin.public is not None:
        register_publisher(plugin.name, plugin.public)
    if plugin.computer is not None:
        register_computer(plugin.name, plugin.computer)
    if plugin.review is not None:
        register_reviewer(plugin.name, plugin.review)
    if plugin.locales is not None:
        locales.add_directory(plugin.locales)
    _PLUGINS[plugin.name] = plugin
    return plugin


def plugins() -> tuple[GamePlugin, ...]:
    """Every registered game, in the order they registered."""
    return tuple(_PLUGINS.values())


def installed() -> tuple[GamePlugin, ...]:
    """The games installed with Tablero (its entry points' registrations), not those a
    program registered while running (a test's toy game): what a new process knows too."""
    load_games()
    homes = {entry.value.split(":")[0] for entry in entry_points(group=GROUP)}
    return tuple(
        p for p in plugins() if any(p.home == h or p.home.startswith(f"{h}.") for h in homes)
    )


def plugin_for(game: str) -> GamePlugin:
    """The plugin of a stored game's engine (KeyError for a game nobody registered)."""
    return _PLUGINS[game]
