"""Posting what the table stored on Discord: the account, the board, its buttons, who is next.

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

from cogs.utils import clock_words, images, places
from cogs.utils.items import game_buttons, rematch_buttons
from cogs.utils.notices import direct_message
from cogs.utils.places import MENTION_USERS
from data import Ending, GameRecord
from data.ratings import bot, human
from games.plugin import plugin_for
from games.words import Words
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
        names = clock_words.board_names(record, banks, state.turn)
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
            return await self._send(channel, turn)
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
            names = clock_words.board_names(record, turn.clocks, turn.to_move)
            board = asyncio.ensure_future(
                images.draw(record, turn.public, None, record.lang, names)
            )
        # Everything else of the post is ready before the board is: it is drawn meanwhile.
        text = self.words(turn, note)
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

    def words(self, turn: StoredTurn, note: str | None = None) -> str:
        """The text of ``turn``'s post: intro, what happened, who is next or how it ended."""
        record = turn.record
        words = plugin_for(record.game).words
        lines = [_intro(words, turn)] if record.version == 0 else []
        if lines and record.title:  # a tournament's game says which event, round and table
            lines.insert(0, f"🏆 **{discord.utils.escape_markdown(record.title)}**")
        if note:
            lines.append(note)
        if turn.headline is not None:
            lines.append(turn.headline)
        if turn.events:
            lines.append(words.narrate(record.lang, turn.events, record.names()))
        lines.append(_status_line(words, turn))
        return "\n".join(line for line in lines if line)[:2000]

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


def _intro(words: Words, turn: StoredTurn) -> str:
    """'Stonehenge, game 2 of 3: Ana – Luis.'"""
    record = turn.record
    players = " – ".join(
        _with_seat(name, words.seat_name(record.lang, seat))
        for seat, name in enumerate(record.names())
    )
    title = words.title(record.lang)
    if turn.series is None:
        return t(record.lang, "game-intro", game=title, players=players)
    return t(
        record.lang,
        "game-intro-series",
        game=title,
        players=players,
        index=record.series_index + 1,
        length=turn.series.length,
    )


def _status_line(words: Words, turn: StoredTurn) -> str:
    record = turn.record
    lang, names = record.lang, record.names()
    if turn.to_move is not None:
        seat = turn.to_move
        seat_name = words.seat_name(lang, seat)
        if record.is_bot(seat):  # no mention, no deadline: the bot is on it
            return t(lang, "turn-next-bot", name=_with_seat(names[seat], seat_name))
        if record.bot_moves(seat):  # a seat the bot holds: no mention, no deadline either
            return t(lang, "turn-next-held", name=_with_seat(names[seat], seat_name))
        mention = f"<@{record.user_of(seat)}>"
        if seat_name is None:
            line = t(lang, "turn-next", mention=mention)
        else:
            line = t(lang, "turn-next-seat", mention=mention, seat=seat_name)
        if turn.away_until is not None:  # their clock stands still until they are back
            line += " " + t(lang, "turn-away", until=f"<t:{int(turn.away_until)}:R>")
        if turn.deadline is not None:
            line += " " + t(lang, "turn-deadline", deadline=f"<t:{int(turn.deadline)}:R>")
        # Time left: every seat's bank; with days per move, the mover's days.
        shown = clock_words.shown(record, turn.clocks, seat)
        if shown:
            line += "\n" + t(lang, "turn-time-left", clocks=clock_words.clocks(lang, record, shown))
            if record.control.weekends:
                line += " " + t(lang, "turn-weekends-off")
        return line
    result = record.result
    if result is not None and result.loser is not None:
        line = t(
            lang,
            f"result-{result.ending}",
            loser=names[result.loser],
            winner=" / ".join(names[w] for w in result.winners),
            reason=result.note or "—",  # a moderator's, who scored the game a loss
        )
    elif result is not None and result.ending is Ending.MODERATOR:
        line = t(lang, "result-moderator", reason=result.note or "—")
    elif result is not None and result.ending is Ending.DRAW and result.note is not None:
        line = t(lang, "result-moderator-draw", reason=result.note)
    elif result is not None and result.ending is Ending.DRAW:
        key = "result-draw" if record.players == 2 else "result-agreed"
        line = t(lang, key, winner=" / ".join(names[w] for w in result.winners))
    else:
        line = words.result(lang, turn.history.state, names)
    if turn.series is not None:
        done = list(turn.series.results)
        line += "\n" + words.series_text(lang, done, names, turn.series.length)
    ratings = _rating_changes(turn)
    hint = t(lang, "game-over-hint", number=record.id)  # what a finished game offers
    return "\n".join(part for part in (line, ratings, hint) if part)


def _rating_changes(turn: StoredTurn) -> str:
    """'📈 Ratings here: Ana 1000 → 1107?, Luis 1000 → 893?' ('?': still provisional)."""
    if not turn.ratings:
        return ""
    record = turn.record
    by_player = {(bot(s.level) if s.level else human(s.user_id)): s.name for s in record.seats}
    shown = [
        f"{by_player.get(after.player, '?')} {before} → {after.value}"
        + ("?" if after.provisional else "")
        for after, before in turn.ratings
    ]
    line = t(record.lang, "ratings-changed", changes=", ".join(shown))
    if any(s.level for s in record.seats):  # only the bot's level moved against it
        line += "\n" + t(record.lang, "ratings-bot-note")
    return line


def _with_seat(name: str, seat_name: str | None) -> str:
    return name if seat_name is None else f"{name} ({seat_name})"
