"""Slash commands built from the registered games when their cog loads: /play's subcommands
(one a game, each with its own options only) and /rules' list of games.

discord.py reads a command's options from its callback's signature; a game's options are
known only at run time, so each callback gets a signature made for its game (real
annotation objects, never strings) and the names, descriptions and choices that the
decorators would have set.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands

from ai import LEVELS
from cogs.utils.i18n import L
from data.clock_controls import TimeControl
from games.plugin import GamePlugin, plugins
from table.refusal import Refusal

DAYS_PER_MOVE = (1, 2, 3, 5, 7, 14)
#: A bank instead of days per move: days to start, days added after each move, the cap.
BANK_DAYS = (1, 2, 3, 5, 7, 14, 21, 30)
INCREMENT_DAYS = (1, 2, 3, 5, 7)
CAP_DAYS = (3, 5, 7, 10, 14, 21, 30, 60)
DEFAULT_LEVEL = "normal"
DEFAULT_DAYS = 3
FIRST = ("random", "me", "opponent")

#: What a /play subcommand does: (interaction, its game, the options given by name).
Challenge = Callable[[discord.Interaction, GamePlugin, dict[str, Any]], Awaitable[None]]
#: What /rules does: (interaction, the game asked for).
ShowRules = Callable[[discord.Interaction, str], Awaitable[None]]


def opponent_names(plugin: GamePlugin) -> list[str]:
    """The /play parameters naming other players: as many as the game seats, besides you."""
    return ["opponent", *(f"opponent{n}" for n in range(2, plugin.engine.max_players))]


class CommandOptions:
    """A callback's parameters and what the decorators would say about them."""

    def __init__(self) -> None:
        self.parameters = [_parameter("interaction", discord.Interaction)]
        self.renames: dict[str, app_commands.locale_str] = {}
        self.descriptions: dict[str, app_commands.locale_str] = {}
        self.choices: dict[str, list[app_commands.Choice[Any]]] = {}

    def add(
        self,
        name: str,
        annotation: Any,
        default: Any,
        key: str,
        description: str | None = None,
        choices: list[app_commands.Choice[Any]] | None = None,
    ) -> None:
        self.parameters.append(_parameter(name, annotation, default))
        self.renames[name] = L(key)
        self.descriptions[name] = L(description or f"{key}-desc")
        if choices:
            self.choices[name] = choices

    def callback(self, run: Callable[..., Awaitable[None]]) -> Callable[..., Awaitable[None]]:
        """``run`` wearing these parameters."""
        run.__signature__ = inspect.Signature(self.parameters)  # type: ignore[attr-defined]
        run = app_commands.rename(**self.renames)(run)
        run = app_commands.describe(**self.descriptions)(run)
        return app_commands.choices(**self.choices)(run) if self.choices else run


def _parameter(name: str, annotation: Any, default: Any = inspect.Parameter.empty) -> Any:
    kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
    return inspect.Parameter(name, kind, default=default, annotation=annotation)


def choices_of(pairs: Any) -> list[app_commands.Choice[Any]]:
    """Choices from (Fluent message of the name, value) pairs."""
    return [app_commands.Choice(name=L(key), value=value) for key, value in pairs]


def add_clock_options(options: CommandOptions) -> None:
    """A bank instead of days per move (days to start, days added a move, the cap) and
    weekends off: /play's and /tournament create's alike."""
    for name, values in (("bank", BANK_DAYS), ("increment", INCREMENT_DAYS), ("cap", CAP_DAYS)):
        options.add(
            name,
            int | None,
            None,
            f"cmd-play-{name}",
            choices=choices_of((f"choice-{name}-{d}", d) for d in values),
        )
    options.add("weekends", bool | None, None, "cmd-play-weekends")


def time_control(values: dict[str, Any]) -> TimeControl:
    """The clock asked for: a bank (with its increment and cap) or days per move, and
    weekends off or not. An increment or a cap needs a bank; a cap below it is refused."""
    bank, increment, cap = values.get("bank"), values.get("increment"), values.get("cap")
    if bank is None and (increment or cap):
        raise Refusal("error-bank-needed")
    if bank is not None and cap is not None and cap < bank:
        raise Refusal("error-cap-below-bank")
    return TimeControl(
        bank=None if bank is None else float(bank),
        increment=float(increment or 0),
        cap=None if cap is None else float(cap),
        weekends=bool(values.get("weekends")),
    )


def _play_subcommand(plugin: GamePlugin, challenge: Challenge) -> app_commands.Command:
    """``/play <game>``: the opponents it seats, series where it has them, first, days and the
    game's own options."""
    options = CommandOptions()
    for index, name in enumerate(opponent_names(plugin)):
        more = "cmd-play-more-desc" if index else None
        options.add(name, discord.Member | None, None, f"cmd-play-{name}", more)
    if plugin.series is not None:
        lengths = (1, *plugin.series.lengths)
        options.add(
            "series",
            int,
            1,
            "cmd-play-series",
            choices=choices_of((f"choice-series-{n}", n) for n in lengths),
        )
    options.add(
        "first",
        str,
        "random",
        "cmd-play-first",
        choices=choices_of((f"choice-first-{who}", who) for who in FIRST),
    )
    options.add(
        "days",
        int,
        DEFAULT_DAYS,
        "cmd-play-days",
        choices=choices_of((f"choice-days-{d}", d) for d in DAYS_PER_MOVE),
    )
    add_clock_options(options)
    if plugin.computer is not None:  # the bot's seats: how strong, and how many at a table
        options.add(
            "level",
            str | None,
            None,
            "cmd-play-level",
            choices=choices_of((f"choice-level-{level}", level) for level in LEVELS),
        )
        if plugin.engine.max_players > 2:
            counts = range(1, plugin.engine.max_players)
            options.add(
                "bots", int | None, None, "cmd-play-bots",
                choices=choices_of((f"choice-bots-{n}", n) for n in counts),
            )  # fmt: skip
    add_game_options(options, plugin)

    async def run(interaction: discord.Interaction, **values: Any) -> None:
        await challenge(interaction, plugin, values)

    return app_commands.Command(
        name=L(plugin.command_key),
        description=L(f"{plugin.command_key}-desc"),
        callback=options.callback(run),
    )


def add_game_options(options: CommandOptions, plugin: GamePlugin) -> None:
    """The game's own options (``plugin.play_options``), each optional."""
    for option in plugin.play_options:
        if option.choices:
            kind = type(option.choices[0][1])
            options.add(
                option.name, kind | None, None, option.key, choices=choices_of(option.choices)
            )
        else:
            options.add(option.name, bool | None, None, option.key)


def play_group(challenge: Challenge) -> app_commands.Group:
    """/play with a subcommand for every game registered now."""
    group = app_commands.Group(name=L("cmd-play"), description=L("cmd-play-desc"), guild_only=True)
    for plugin in plugins():
        group.add_command(_play_subcommand(plugin, challenge))
    return group


def rules_command(show: ShowRules) -> app_commands.Command:
    """/rules, offering every game registered now."""
    options = CommandOptions()
    games = [(plugin.words.title_key, plugin.name) for plugin in plugins()]
    options.add("game", str, inspect.Parameter.empty, "cmd-rules-game", choices=choices_of(games))

    async def run(interaction: discord.Interaction, game: str) -> None:
        await show(interaction, game)

    return app_commands.Command(
        name=L("cmd-rules"), description=L("cmd-rules-desc"), callback=options.callback(run)
    )
