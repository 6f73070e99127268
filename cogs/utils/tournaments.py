"""Tournaments on Discord: the announcement with Join/Leave, each round's post, the end.

``TournamentPublisher`` is the table's publisher for events (``table.tournaments``): handed
an event and what changed, it words and posts it; it reads no more of the table than the
stored games' places for links. Every post keeps to Discord's limits whatever the entrants'
number and names (``cogs.utils.event_words``): a round's post (the standings in words, the
next round's tables) goes over as many messages as it needs, and mentions only the players
it pairs.
"""

from __future__ import annotations

import functools
import io
import logging
import re
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

from cogs.utils import places
from cogs.utils.event_words import (
    announcement,
    game_ranges,
    pack,
    part_nonce,
    picture_headers,
    picture_rows,
    rounds_text,
    standing_rows,
    table_lines,
)
from cogs.utils.host import host_of
from cogs.utils.i18n import tr
from cogs.utils.names import shown_name
from cogs.utils.replies import guarded, send_private
from cogs.utils.standings import name as list_name
from cogs.utils.views import LastingView
from data import Entrant, GameRecord, Pairing, Tournament
from locales import join, t
from render import painter
from render.standings import draw_standings_pages

if TYPE_CHECKING:
    from cogs.utils.host import Host
    from table.pairing import Standing

log = logging.getLogger(__name__)

ALT_ROOM = 1000  #: an attachment's description (alt text) holds 1,024
PICTURE_ROWS = 64  #: rows of standings drawn at most (four pages; a message holds ten files)
#: A user's mention in a message.
MENTION = re.compile(r"<@!?(\d+)>")


# -- buttons --------------------------------------------------------------------------------
class EventButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"ev:(?P<eid>\d+):(?P<act>join|leave)"
):
    """Join or Leave under an event's announcement: works on a week-old message too."""

    def __init__(self, event_id: int, act: str, label: str = "") -> None:
        style = discord.ButtonStyle.success if act == "join" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(label=label or act, style=style, custom_id=f"ev:{event_id}:{act}")
        )
        self.event_id, self.act = event_id, act

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> EventButton:
        """Rebuild from a clicked custom_id."""
        return cls(int(match["eid"]), match["act"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Enter or leave the event; the announcement is brought up to date by the table."""
        await guarded(interaction, enter_or_leave(interaction, self.event_id, self.act))


async def enter_or_leave(interaction: discord.Interaction, event_id: int, act: str) -> None:
    """Join (``act`` "join") or leave the event, answered to the caller alone."""
    events = host_of(interaction).tournaments
    # Joining edits the announcement: more than Discord's 3 s may pass on a busy day.
    await interaction.response.defer(ephemeral=True, thinking=True)
    user = interaction.user
    if act == "join":
        event = await events.join(event_id, user.id, shown_name(user))
        key = "event-joined"
    else:
        event = await events.leave(event_id, user.id)
        key = "event-withdrew" if event.status == "running" else "event-left"
    await send_private(interaction, tr(interaction, key, name=list_name(event.name)))


def event_buttons(event: Tournament) -> discord.ui.View | None:
    """Join while the event takes entries (a Swiss one until half its rounds have begun:
    the table decides, this only hides a button that would be refused), Leave while it
    takes entries or plays (leaving then is withdrawing); none once it is over."""
    if not event.active:
        return None
    view = LastingView()
    late = event.format == "swiss" and 2 * event.round < (event.rounds or 0)
    if event.status == "signup" or late:
        view.add_item(EventButton(event.id, "join", t(event.lang, "button-event-join")))
    view.add_item(EventButton(event.id, "leave", t(event.lang, "button-event-leave")))
    return view


# -- the standings picture ------------------------------------------------------------------
async def standings_files(
    event: Tournament, standings: Sequence[Standing], names: dict[int, str], subtitle: str
) -> list[discord.File]:
    """The standings picture (a page every 16 rows), drawn in the drawing process as the
    boards are (render/painter.py: in a thread of the bot its 70-130 ms of Pillow would
    stretch every other player's command meanwhile); the podium is marked at the end. Its
    alt text sends screen readers to the list in the message."""
    # The top of a long table: four pages of 16 rows (the text has every row).
    rows = picture_rows(event, standings[:PICTURE_ROWS], names)
    final = event.status == "finished"
    podium = [i for i, row in enumerate(rows) if final and row.rank <= 3]
    pages = await painter.shared().draw(
        functools.partial(draw_standings_pages, highlight=podium),
        list_name(event.name),
        subtitle,
        picture_headers(event),
        rows,
    )
    alt = t(event.lang, "event-standings-alt", title=subtitle, name=list_name(event.name))
    return [
        discord.File(
            io.BytesIO(png), f"standings-{event.id}-{n + 1}.png", description=alt[:ALT_ROOM]
        )
        for n, png in enumerate(pages)
    ]


# -- the publisher --------------------------------------------------------------------------
class TournamentPublisher:
    """Shows events on Discord (the table's ``TournamentPublisher``)."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot

    async def _channel(self, channel_id: int) -> discord.abc.Messageable:
        channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            raise TypeError(f"channel {channel_id} takes no messages")
        return channel

    async def show_entrants(self, event: Tournament, entrants: list[Entrant]) -> int | None:
        """Post the announcement (none yet) or edit it; its message id."""
        embed = announcement(event, entrants)
        view = event_buttons(event)
        channel = self.bot.get_partial_messageable(event.channel_id, guild_id=event.guild_id)
        if event.message_id is not None:
            try:
                await channel.get_partial_message(event.message_id).edit(embed=embed, view=view)
                return event.message_id
            except discord.NotFound:
                log.info("event %d: its announcement was deleted: posted again", event.id)
        sent = await channel.send(
            embed=embed,
            view=view or discord.utils.MISSING,
            allowed_mentions=discord.AllowedMentions.none(),
            nonce=part_nonce(f"event-{event.id}-{event.message_id or 0}", 0),
        )
        return sent.id

    async def show_round(
        self,
        event: Tournament,
        round: int,
        standings: list[Standing],
        pairings: list[Pairing],
        entrants: list[Entrant],
        nonce: str,
    ) -> None:
        """Round ``round`` is over (0: the event began): the standings as a picture and as
        text, then the next round's tables with their players mentioned; at the end the
        winners and the games to replay."""
        lang = event.lang
        names = {e.user_id: e.name for e in entrants}
        rounds = rounds_text(lang, event)
        lines: list[str] = []
        files: list[discord.File] = []
        name = list_name(event.name)
        if round == 0:
            count = sum(e.withdrawn_round is None for e in entrants)
            lines.append(t(lang, "event-began", name=name, count=count, rounds=rounds))
        elif pairings:
            done = t(lang, "event-round-over", name=name, round=round, rounds=event.rounds or 0)
            lines.append(done)
        else:
            lines += await self._the_end(event, standings, names)
        if round > 0 and standings:
            key = "event-standings-title" if pairings else "event-standings-final"
            title = t(lang, key, round=round)
            # The list in words, every row of it, for screen readers and for anyone the
            # picture is too small for: no row is left out, it takes the messages it needs.
            lines += ["", f"**{title}**", *standing_rows(event, standings, names, lang)]
            files = await standings_files(event, standings, names, title)
        if pairings:
            where = await self._places(pairings)
            lines += ["", t(lang, "event-next-round", round=pairings[0].round)]
            lines += table_lines(event, pairings, where, lang, names)
        paired = {p for pairing in pairings for p in pairing.players}
        channel = await self._channel(event.channel_id)
        await self._announcement_now(event, entrants)
        for part, text in enumerate(pack(lines)):
            # Only the players paired are mentioned (a name may hold any text, "<@…>" too).
            called = sorted(paired & {int(m) for m in MENTION.findall(text)})
            mentions = discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(u) for u in called]
            )
            await channel.send(
                text,
                files=files if part == 0 and files else discord.utils.MISSING,
                allowed_mentions=mentions,
                nonce=part_nonce(nonce, part),
            )

    async def _announcement_now(self, event: Tournament, entrants: list[Entrant]) -> None:
        """The announcement says which round is on (or that it is over: no more buttons).
        Only an edit: a round's post goes out even where the announcement is gone."""
        if event.message_id is None:
            return
        channel = self.bot.get_partial_messageable(event.channel_id, guild_id=event.guild_id)
        try:
            await channel.get_partial_message(event.message_id).edit(
                embed=announcement(event, entrants), view=event_buttons(event)
            )
        except discord.HTTPException as error:
            log.info("event %d: announcement not brought up to date (%s)", event.id, error.status)

    async def _the_end(
        self, event: Tournament, standings: Sequence[Standing], names: dict[int, str]
    ) -> list[str]:
        """The event is over: after how many rounds, the winners, the podium, the replays."""
        lang = event.lang

        def placed(rank: int) -> list[str]:
            return [list_name(names.get(s.player, "?")) for s in standings if s.rank == rank]

        lines = [t(lang, "event-over", name=list_name(event.name), rounds=rounds_text(lang, event))]
        first = placed(1)
        if first:
            lines.append(
                t(
                    lang,
                    "event-winners",
                    count=len(first),
                    players=join(lang, [f"**{n}**" for n in first]),
                )
            )
            second, third = placed(2), placed(3)
            if second or third:
                lines.append(
                    t(
                        lang,
                        "event-podium",
                        second=join(lang, second) or "—",
                        third=join(lang, third) or "—",
                    )
                )
        played = [p.game_id for p in await self.bot.store.tournaments.pairings(event.id)]
        games = [g for g in played if g is not None]
        lines.append(
            t(lang, "event-replays", games=game_ranges(games))
            if games
            else t(lang, "event-no-games")
        )
        return lines

    async def _places(self, pairings: Sequence[Pairing]) -> dict[int, str]:
        """Each game's thread (or channel) as a link, where it is open already."""
        where = {}
        for pairing in pairings:
            if pairing.game_id is None:
                continue
            record = await self.bot.store.games.get(pairing.game_id)
            if record is not None and record.place_id is not None:
                where[pairing.game_id] = f"<#{record.place_id}>"
        return where

    async def show_cancelled(self, event: Tournament, reason_key: str) -> None:
        """The announcement says so (its buttons gone) and a post says why."""
        entrants = await self.bot.store.tournaments.entrants(event.id)
        event = replace(event, status="cancelled")  # as it is now: no more buttons
        await self._announcement_now(event, entrants)
        lang = event.lang
        reason = t(lang, reason_key, min=event.min_players, count=len(entrants))
        channel = await self._channel(event.channel_id)
        await channel.send(
            t(lang, "event-cancelled", name=list_name(event.name), reason=reason),
            allowed_mentions=discord.AllowedMentions.none(),
            nonce=part_nonce(f"event-{event.id}-cancelled", 0),
        )

    async def open_event_place(self, event: Tournament, record: GameRecord) -> int:
        """A public thread under the event's channel, named by the game's title (the
        channel itself where the server keeps games out of threads, or a thread is
        refused); its id."""
        channel = await self._channel(event.channel_id)
        place = await places.open_thread(self.bot, event.guild_id, channel, record)
        return getattr(place, "id", event.channel_id)
