"""Posting what the table stored on Discord: the board, its buttons, its words (``turn_words``).

``Poster`` is the table's publisher (``table.turn.Publisher``): handed a ``StoredTurn``, it
words and posts it and says where it went; it never asks the table for more. A post carries
a nonce and a file name naming its position, so that a post retried after a crash finds the
one already sent instead of sending it twice.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

import discord

from cogs.utils import images, places, turn_words
from cogs.utils.items import game_buttons, rematch_buttons
from cogs.utils.notices import direct_message
from cogs.utils.places import MENTION_USERS
from data import GameRecord
from games.plugin import plugin_for
from locales import t
from rules import State
from table.turn import Posted, Problem, StoredTurn

if TYPE_CHECKING:
    from cogs.utils.host import Host

log = logging.getLogger(__name__)


class Poster:
    """Posts stored turns in their games' places (the table's publisher on Discord)."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        #: games whose players were told that no place is left to post them in
        self._stranded: set[int] = set()

    # -- Publisher -------------------------------------------------------------------------
    def draw_ahead(self, record: GameRecord, state: State) -> asyncio.Future[images.Drawn]:
        """Start drawing the public board of ``state``, which the table is about to store."""
        # The banks as the next turn begins (the mover's charged already: ``record`` says).
        banks = [(s.seat, s.bank_left) for s in record.seats if s.bank_left is not None]
        names = turn_words.board_names(record, banks, state.turn)
        return asyncio.ensure_future(images.draw(record, state, None, record.lang, names))

    def draw_mine(
        self, record: GameRecord, state: State, seat: int, lang: str, turn_over: bool
    ) -> asyncio.Future[images.Drawn] | None:
        """Start drawing what the mover's answer shows of ``state``, in their language."""
        return images.mine_ahead(record, state, seat, lang, turn_over)

    async def publish(self, turn: StoredTurn) -> Posted | Problem:
        """Post ``turn``: where it went, or why it could not be (the change counts anyway)."""
        record = turn.record
        if turn.relocate:
            return await self._relocate(turn)
        try:
            channel = await places.place_of(self.bot, record)
            if turn.recovering:
                if missing := places.missing_permissions(channel):
                    log.info("game %d: still no permission to post in %d", record.id, channel.id)
                    return Problem(channel.id, missing)
                found = await places.find_post(channel, record)
                if found is not None:  # sent before a crash, never recorded
                    return Posted(found.id, found.jump_url, channel.id)
            posted = await self._send(channel, turn)
            if not record.active and turn.to_move is None:  # the end: reviewed if asked
                self.bot.dispatch("game_finished", record)
            return posted
        except discord.HTTPException as error:
            log.warning("game %d: board not posted (%s)", record.id, error.status)
            if error.code in places.PLACE_GONE:  # deleted, or locked by a moderator
                try:
                    return await self._relocate(turn)
                except discord.HTTPException as again:
                    log.warning("game %d: no new place either (%s)", record.id, again.status)
            return await self.posting_problem(record)

    async def open_place(self, record: GameRecord) -> int:
        """Open the place of a game accepted before a crash, as acceptance would have."""
        place = await places.open_for(self.bot, record)
        return getattr(place, "id", record.channel_id)

    async def tell_turn(self, record: GameRecord, seat: int, link: str) -> None:
        """A DM to the player to move, if they asked for one (/notify)."""
        await direct_message(self.bot, record, seat, "dm-your-turn", link=link, per_turn=True)

    async def tell_seat(self, record: GameRecord, seat: int, held: bool) -> None:
        """Tell the thread that the bot holds ``seat`` (or gave it back), and its player by
        DM that it holds it, if they asked for DMs (/notify). With a nonce of the hold: a
        second send in the next minutes shows the first one instead."""
        lang, name = record.lang, record.names()[seat]
        level = record.seats[seat].held_level
        if held and level is not None:
            text = t(lang, "seat-held", player=name, level=t(lang, f"level-{level}"))
            nonce = f"hold:{record.id}:{seat}:{record.seats[seat].held_from}"
        else:
            text = t(lang, "seat-taken-back", player=name)
            nonce = f"back:{record.id}:{seat}:{len(record.seats[seat].held)}"
        place = await places.place_of(self.bot, record)
        await place.send(text, allowed_mentions=discord.AllowedMentions.none(), nonce=nonce)
        if held and level is not None:
            await direct_message(
                self.bot, record, seat, "dm-seat-held", level=t(lang, f"level-{level}")
            )

    def timers_changed(self, due: float | None) -> None:
        """Wake the timer loop if it sleeps past ``due``."""
        self.bot.wake_timers(due)

    # -- places ----------------------------------------------------------------------------
    async def posting_problem(self, record: GameRecord) -> Problem:
        """Why the board of ``record`` could not be posted: the permissions missing, if known."""
        try:
            channel = await places.place_of(self.bot, record)
        except discord.HTTPException:
            return Problem(record.place_id or record.channel_id, ())
        return Problem(channel.id, places.missing_permissions(channel))

    async def _relocate(self, turn: StoredTurn) -> Posted | Problem:
        """Post ``turn`` in a new place, its old one gone, and tell its players there."""
        record = turn.record
        gone = record.place_id or record.channel_id
        place = await places.open_elsewhere(self.bot, record, gone)
        if place is None:
            log.warning("game %d: its place is gone and no other can be opened", record.id)
            await self._tell_stranded(record)
            return Problem(gone, ())
        self._stranded.discard(record.id)
        log.info("game %d: moved from %d to %d", record.id, gone, getattr(place, "id", gone))
        players = " ".join(f"<@{s.user_id}>" for s in record.seats if not s.is_bot)
        return await self._send(place, turn, t(record.lang, "place-moved", players=players))

    async def _tell_stranded(self, record: GameRecord) -> None:
        """Tell the players who asked for direct messages (/notify) that their game waits
        for a place to be posted in: nowhere else could they read it. Once a game, while
        this process runs (every refused post tries to move the game again)."""
        if record.id in self._stranded:
            return
        self._stranded.add(record.id)
        for seat in record.seats:
            if not seat.is_bot:
                await direct_message(self.bot, record, seat.seat, "dm-game-stranded")

    # -- the post --------------------------------------------------------------------------
    async def _send(
        self, channel: discord.abc.Messageable, turn: StoredTurn, note: str | None = None
    ) -> Posted:
        """Post ``turn`` in ``channel``, ``note`` first (a game moved to a new place)."""
        record = turn.record
        board = turn.board
        if board is None:
            names = turn_words.board_names(record, turn.clocks, turn.to_move)
            board = asyncio.ensure_future(
                images.draw(record, turn.public, None, record.lang, names)
            )
        # Everything else of the post is ready before the board is: it is drawn meanwhile.
        text = turn_words.post_text(turn, note)
        buttons = _buttons(turn)
        file = (await board).file(places.board_name(record))
        message = await channel.send(
            text,
            file=file,
            view=buttons,
            allowed_mentions=MENTION_USERS,
            # Discord answers a repeated nonce with the first message: a post retried after
            # a crash cannot appear twice.
            nonce=places.nonce(record),
        )
        return Posted(message.id, message.jump_url, getattr(channel, "id", record.channel_id))

    async def warm(self, record: GameRecord, state: State) -> None:
        """Draw ``record``'s board (``state``) once, so that its first move after a start
        finds its sprites drawn at their size (an Islas board's tiles fit its map)."""
        await images.warm(record, state)


def _buttons(turn: StoredTurn) -> Any:
    """Play (and private view) while active; Rematch once over, unless a series goes on.
    None at a table of the bot alone: nobody there could press them."""
    record = turn.record
    if all(seat.is_bot for seat in record.seats):
        return discord.utils.MISSING
    if record.active:
        return game_buttons(record, plugin_for(record.game).words)
    if turn.series is not None and turn.series.goes_on(record.series_index):
        return discord.utils.MISSING
    return rematch_buttons(record)
