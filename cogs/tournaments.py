"""/tournament: moderators announce and run events of several rounds; players join by button.

Thin: each command reads its options, checks who may run it, and hands over to the table's
``Tournaments``; what the table decides is posted by ``cogs.utils.tournaments``.
"""

from __future__ import annotations

import inspect
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Range
from discord.ext import commands

from cogs.utils.choices import answers_when_busy
from cogs.utils.event_words import (
    DESCRIPTION_ROOM,
    pack,
    standing_rows,
    table_lines,
    whole_lines,
)
from cogs.utils.game_commands import (
    DAYS_PER_MOVE,
    DEFAULT_DAYS,
    CommandOptions,
    add_clock_options,
    add_game_options,
    choices_of,
    time_control,
)
from cogs.utils.host import Host, guild_of
from cogs.utils.i18n import L, lang_of, tr
from cogs.utils.moderation import is_moderator
from cogs.utils.options import check_option_values
from cogs.utils.replies import send_private
from cogs.utils.standings import name as list_name
from cogs.utils.tournaments import enter_or_leave
from data import EventSettings, Tournament
from games.plugin import GamePlugin, plugins
from locales import t
from rules.text import clean_name
from table.refusal import Refusal
from table.tournaments import Tournaments

OFFERED = 25  #: Discord shows at most 25 autocomplete choices
NAME_LIMIT = 60  #: characters of an event's name (its threads' names hold it and the round)
MAX_ROUNDS = 20
MAX_ENTRANTS = 1000
SIGNUP_HOURS = 24 * 30  #: a month at most
DEFAULT_MAX = 64
#: The fewest players a format can start with, when the moderator names no minimum.
FEWEST = {"tables": 3}
FORMATS = ("swiss", "round-robin", "tables")


class TournamentCommands(commands.Cog):
    """/tournament create, start, standings, pairings, leave and cancel."""

    tournament = app_commands.Group(
        name=L("cmd-tournament"), description=L("cmd-tournament-desc"), guild_only=True
    )

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        # Built from the games registered by now, like /play (this cog's own copy of the
        # group: discord.py copies a cog's groups as it makes the cog).
        self.tournament.add_command(self._create_group())

    @property
    def events(self) -> Tournaments:
        """The table's side of tournaments."""
        return self.bot.tournaments

    async def _moderator(self, interaction: discord.Interaction) -> None:
        settings = await self.bot.store.settings.guild(interaction.guild_id)
        if not is_moderator(interaction, settings):
            raise Refusal("error-not-moderator")

    async def _event(self, interaction: discord.Interaction, number: int | None) -> Tournament:
        """The event named, or the only one on in this server (taking entries or playing)."""
        guild = guild_of(interaction)
        if number is not None:
            found = await self.bot.store.tournaments.get(number)
            if found is None or found.guild_id != guild:
                raise Refusal("error-event-unknown")
            return found
        active = await self.events.of_guild(guild, active=True)
        if not active:
            raise Refusal("error-event-none-here")
        # Run here: in the event's channel, or in one of its games' threads.
        places = {interaction.channel_id, getattr(interaction.channel, "parent_id", None)}
        here = [e for e in active if e.channel_id in places]
        if len(active) > 1 and len(here) != 1:
            raise Refusal("error-event-which")
        return here[0] if len(active) > 1 else active[0]

    # -- moderators ------------------------------------------------------------------------
    def _create_group(self) -> app_commands.Group:
        """/tournament create <game>: one subcommand a game registered now, each with the
        event's options and the game's own (Stonehenge's hidden druids, say)."""
        group = app_commands.Group(
            name=L("cmd-tournament-create"), description=L("cmd-tournament-create-desc")
        )
        for plugin in plugins():
            group.add_command(self._create_command(plugin))
        return group

    def _create_command(self, plugin: GamePlugin) -> app_commands.Command:
        empty = inspect.Parameter.empty
        options = CommandOptions()
        format_choices = choices_of((f"choice-format-{f}", f) for f in FORMATS)
        options.add("format", str, empty, "cmd-tournament-format", choices=format_choices)
        options.add("name", app_commands.Range[str, 1, NAME_LIMIT], empty, "cmd-tournament-name")
        options.add("rounds", Range[int, 1, MAX_ROUNDS] | None, None, "cmd-tournament-rounds")
        days = choices_of((f"choice-days-{d}", d) for d in DAYS_PER_MOVE)
        options.add("days", int, DEFAULT_DAYS, "cmd-tournament-days", choices=days)
        hours = Range[int, 1, SIGNUP_HOURS] | None
        options.add("signup_hours", hours, None, "cmd-tournament-signup")
        options.add("least", Range[int, 2, MAX_ENTRANTS] | None, None, "cmd-tournament-min")
        options.add("most", Range[int, 2, MAX_ENTRANTS], DEFAULT_MAX, "cmd-tournament-max")
        options.add("rated", bool, True, "cmd-tournament-rated")
        options.add("undo", bool, False, "cmd-tournament-undo")
        add_clock_options(options)  # a bank and weekends off, as at /play
        add_game_options(options, plugin)

        async def run(interaction: discord.Interaction, **values: Any) -> None:
            await self.create(interaction, plugin, values)

        return app_commands.Command(
            name=L(plugin.command_key),
            description=L("cmd-tournament-create-desc"),
            callback=options.callback(run),
        )

    async def create(
        self, interaction: discord.Interaction, plugin: GamePlugin, values: dict[str, Any]
    ) -> None:
        """Announce an event in this channel: its games' threads open here."""
        check_option_values(interaction)
        await self._moderator(interaction)
        cleaned = clean_name(values["name"], NAME_LIMIT, fallback="")
        if not cleaned:
            raise Refusal("error-event-name")
        await interaction.response.defer(ephemeral=True, thinking=True)
        hours, fmt, least = values["signup_hours"], values["format"], values["least"]
        control = time_control(values)
        settings = EventSettings(
            name=cleaned,
            game=plugin.name,
            options=plugin.engine_options(values),
            format=fmt,
            rounds=values["rounds"],
            days_per_move=None if control.bank is not None else values["days"],
            signup_ends=None if hours is None else self.bot.clock() + hours * 3600,
            min_players=least if least is not None else FEWEST.get(fmt, 2),
            max_players=values["most"],
            rated=values["rated"],
            undo=values["undo"],
            lang=lang_of(interaction),
            control=control,
        )
        channel = interaction.channel_id or 0
        event = await self.events.create(
            guild_of(interaction), channel, interaction.user.id, settings
        )
        place = f"{event.guild_id}/{event.channel_id}/{event.message_id}"
        link = f"https://discord.com/channels/{place}"
        text = tr(interaction, "event-created", number=event.id, link=link)
        await send_private(interaction, text)

    @tournament.command(name=L("cmd-tournament-start"), description=L("cmd-tournament-start-desc"))
    @app_commands.rename(event=L("cmd-tournament-event"))
    @app_commands.describe(event=L("cmd-tournament-event-desc"))
    async def start(self, interaction: discord.Interaction, event: int | None = None) -> None:
        """Close the sign-up now: round 1 is paired (or the event cancelled, too few)."""
        await self._moderator(interaction)
        found = await self._event(interaction, event)
        await interaction.response.defer(ephemeral=True, thinking=True)
        begun = await self.events.begin(found.id)
        key = "event-started" if begun.status == "running" else "event-cancel-done"
        await send_private(interaction, tr(interaction, key, name=list_name(begun.name)))

    @tournament.command(
        name=L("cmd-tournament-cancel"), description=L("cmd-tournament-cancel-desc")
    )
    @app_commands.rename(event=L("cmd-tournament-event"))
    @app_commands.describe(event=L("cmd-tournament-event-desc"))
    async def cancel(self, interaction: discord.Interaction, event: int | None = None) -> None:
        """Call an event off: its games in progress play on."""
        await self._moderator(interaction)
        found = await self._event(interaction, event)
        await interaction.response.defer(ephemeral=True, thinking=True)
        done = await self.events.cancel(found.id)
        await send_private(
            interaction, tr(interaction, "event-cancel-done", name=list_name(done.name))
        )

    # -- everyone --------------------------------------------------------------------------
    @tournament.command(name=L("cmd-tournament-leave"), description=L("cmd-tournament-leave-desc"))
    @app_commands.rename(event=L("cmd-tournament-event"))
    @app_commands.describe(event=L("cmd-tournament-event-desc"))
    async def leave(self, interaction: discord.Interaction, event: int | None = None) -> None:
        """Leave an event (the Leave button does the same)."""
        found = await self._event(interaction, event)
        await enter_or_leave(interaction, found.id, "leave")

    @tournament.command(
        name=L("cmd-tournament-standings"), description=L("cmd-tournament-standings-desc")
    )
    @app_commands.rename(event=L("cmd-tournament-event"))
    @app_commands.describe(event=L("cmd-tournament-event-desc"))
    async def standings(self, interaction: discord.Interaction, event: int | None = None) -> None:
        """The standings now, to the caller."""
        found = await self._event(interaction, event)
        event_now, rows = await self.events.standings(found.id)
        entrants = await self.bot.store.tournaments.entrants(found.id)
        names = {e.user_id: e.name for e in entrants}
        lang = lang_of(interaction)
        shown = standing_rows(event_now, rows, names, lang)
        title = f"🏆 {list_name(event_now.name)}"[:256]
        text = whole_lines(lang, shown, DESCRIPTION_ROOM) or t(lang, "event-standings-none")
        embed = discord.Embed(title=title, description=text)
        await send_private(interaction, "", embed=embed)

    @tournament.command(
        name=L("cmd-tournament-pairings"), description=L("cmd-tournament-pairings-desc")
    )
    @app_commands.rename(event=L("cmd-tournament-event"), round=L("cmd-tournament-round"))
    @app_commands.describe(
        event=L("cmd-tournament-event-desc"), round=L("cmd-tournament-round-desc")
    )
    async def pairings(
        self,
        interaction: discord.Interaction,
        event: int | None = None,
        round: app_commands.Range[int, 1, MAX_ENTRANTS] | None = None,
    ) -> None:
        """A round's tables (the round being played unless named), to the caller."""
        found = await self._event(interaction, event)
        tables = await self.events.pairings(found.id, round)
        lang = lang_of(interaction)
        if not tables:
            await send_private(interaction, t(lang, "event-pairings-none"))
            return
        where = {}
        for pairing in tables:
            record = (
                None if pairing.game_id is None else await self.bot.store.games.get(pairing.game_id)
            )
            if record is not None and record.place_id is not None:
                where[record.id] = f"<#{record.place_id}>"
        head = t(
            lang,
            "event-pairings-title",
            name=list_name(found.name),
            round=tables[0].round,
            rounds=found.rounds or "?",
        )
        entrants = await self.bot.store.tournaments.entrants(found.id)
        names = {e.user_id: e.name for e in entrants}
        lines = [head, *table_lines(found, tables, where, lang, names)]
        for part in pack(lines):
            await send_private(interaction, part)

    # -- autocomplete ----------------------------------------------------------------------
    @start.autocomplete("event")
    @cancel.autocomplete("event")
    @leave.autocomplete("event")
    @standings.autocomplete("event")
    @pairings.autocomplete("event")
    @answers_when_busy(0)  # no event has number 0: choosing it is answered "no such"
    async def event_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The server's events (those on first, then the ones over), matched against what
        was typed: a number, or part of the name or the game."""
        guild = interaction.guild_id
        if guild is None:
            return []
        lang = lang_of(interaction)
        found = await self.events.of_guild(guild, active=False)
        typed = current.strip().lstrip("#").casefold()
        choices = []
        for event in sorted(found, key=lambda e: (not e.active, -e.id)):
            title = plugins_title(event.game, lang)
            label = f"#{event.id} · {event.name} · {title}"
            if typed.isdigit() and not str(event.id).startswith(typed):
                continue
            if typed and not typed.isdigit() and typed not in label.casefold():
                continue
            choices.append(app_commands.Choice(name=label[:100], value=event.id))
            if len(choices) == OFFERED:
                break
        return choices


def plugins_title(game: str, lang: str) -> str:
    """The game's name in ``lang`` (the stored name where the game is gone)."""
    for plugin in plugins():
        if plugin.name == game:
            return plugin.words.title(lang)
    return game


async def setup(bot: Host) -> None:
    """Load the cog."""
    await bot.add_cog(TournamentCommands(bot))
