"""Turning stored changes into Discord posts: the account, the board, its buttons, the next turn.

The service stores; the announcer posts, under the game's lock (``GameService.lock``), so one
game's boards go out in ply order. A post carries a nonce and a file name naming its position,
so that recovery after a crash finds a post already sent instead of sending it twice.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

from cogs.utils import images, places
from cogs.utils.items import game_buttons, rematch_buttons
from cogs.utils.notices import DAY, direct_message, turn_timers
from cogs.utils.places import MENTION_USERS
from cogs.utils.service import GameService, Problem
from data import Ending, GameRecord, StorageBusy
from data.errors import worth_logging
from data.ratings import GLOBAL, bot, human
from games.plugin import plugin_for
from games.words import Words
from locales import t
from rules import RulesError, State, get_game

if TYPE_CHECKING:
    from cogs.utils.host import Host

log = logging.getLogger(__name__)

#: Steps of announcing a turn at which a test may inject a crash (see ``Announcer.fault``).
STEPS = ("stored", "posted", "recorded")
#: How many of the games played last a new process follows and draws before players come.
WARM_GAMES = 50


class Announcer:
    """Posts what the service stored: openings, turns, endings, and what a crash left."""

    def __init__(self, bot: Host, service: GameService) -> None:
        self.bot = bot
        self.service = service
        self.store = service.store
        #: Called at each of STEPS; tests make it raise to simulate a crash there.
        self.fault: Callable[[str], Awaitable[None]] | None = None
        #: games whose players were told that no place is left to post them in
        self._stranded: set[int] = set()
        service.publish = self._publish
        service.render_ahead = self._render_ahead
        service.render_mine = images.mine_ahead

    def _render_ahead(self, record: GameRecord, state: State) -> asyncio.Future[images.Drawn]:
        """Start drawing the public board of ``record``'s next position, ``state``, which
        the service is about to store."""
        return asyncio.ensure_future(images.draw(record, state, None, record.lang))

    async def _publish(
        self,
        record: GameRecord,
        headline: str | None = None,
        early: asyncio.Future[images.Drawn] | None = None,
    ) -> Problem | None:
        """Post what the service just stored (the game's lock is held): None once it is
        out, else why not. The change counts either way; the retry loop posts it later.
        ``early`` is the board ``_render_ahead`` started for this position."""
        await self._step("stored")
        try:
            await self._announce(record, headline, early)
        except discord.HTTPException as error:
            log.warning("game %d: board not posted (%s)", record.id, error.status)
            if error.code in places.PLACE_GONE:  # deleted, or locked by a moderator
                try:
                    if await self.relocate(record, headline, early) is not None:
                        return None
                except discord.HTTPException as again:
                    log.warning("game %d: no new place either (%s)", record.id, again.status)
            return await self.posting_problem(record)
        except StorageBusy as busy:
            # The board is most likely out: only its marker is missing, which the retry
            # loop restores from the place's history.
            if worth_logging(busy):
                log.warning("game %d: post not recorded, the database is busy", record.id)
        return None

    async def _step(self, name: str) -> None:
        if self.fault is not None:
            await self.fault(name)

    async def posting_problem(self, record: GameRecord) -> Problem:
        """Why the board of ``record`` could not be posted: the permissions missing, if known."""
        try:
            channel = await self.place(record)
        except discord.HTTPException:
            return Problem(record.place_id or record.channel_id, ())
        return Problem(channel.id, places.missing_permissions(channel))

    async def place(self, record: GameRecord) -> discord.abc.Messageable:
        """The thread or channel where the game is played."""
        place_id = record.place_id or record.channel_id
        channel = self.bot.get_channel(place_id)
        if channel is None:
            channel = await self.bot.fetch_channel(place_id)
        assert isinstance(channel, discord.abc.Messageable)
        return channel

    async def start(
        self, record: GameRecord, opener: Callable[[], Awaitable[discord.abc.Messageable]]
    ) -> Problem | None:
        """Open a new game's place with ``opener`` and post its opening board: None once it
        is out, else why not (the game is stored either way; the retry loop posts it).

        The game's lock is held throughout, so a move made meanwhile waits for the opening
        board and then goes to the game's own place.
        """
        async with self.service.lock(record.id):
            place = await opener()
            place_id = getattr(place, "id", record.channel_id)
            await self.store.games.set_place(record.id, place_id)
            return await self._publish(replace(record, place_id=place_id))

    async def _announce(
        self,
        record: GameRecord,
        headline: str | None = None,
        early: asyncio.Future[images.Drawn] | None = None,
        *,
        again: bool = False,
    ) -> None:
        """Post the position after the last change (the game's lock is held); does nothing
        if that version is already out, unless ``again`` (the game moved to a new place).
        ``early``: its board, drawn already or being drawn."""
        posted = await self.store.games.posted_version(record.id) if early is None else -1
        if posted >= record.version and not again:
            # Only a stored change may have been posted since (by recovery); a move the
            # service has just stored, with its board drawn ahead, cannot have been.
            return
        words = plugin_for(record.game).words
        lang, names = record.lang, record.names()
        lines = [await self._intro(words, record)] if record.version == 0 else []
        if headline is not None:
            lines.append(headline)
        # A moved game's board says what happened last too, under its headline.
        if (headline is None or again) and (events := self.service.turn_events(record)):
            lines.append(words.narrate(lang, events, names))
        lines.append(await self._status_line(words, record))
        if early is None:
            early = asyncio.ensure_future(
                images.draw(record, self.service.state_for(record, None), None, lang)
            )
        # Everything else of the post is ready before the board is: it is drawn meanwhile.
        buttons = await self._buttons(record, words)
        channel = await self.place(record)
        file = (await early).file(places.board_name(record))
        message = await channel.send(
            "\n".join(line for line in lines if line)[:2000],
            file=file,
            view=buttons,
            allowed_mentions=MENTION_USERS,
            # Discord answers a repeated nonce with the first message: a post retried after
            # a crash cannot appear twice.
            nonce=places.nonce(record),
        )
        await self._step("posted")
        if again and posted >= record.version:  # the same turn, in its new place: same clock
            await self.store.games.mark_posted(record.id, record.version, message.id)
            return
        await self._posted(record, message)

    async def relocate(
        self,
        record: GameRecord,
        headline: str | None = None,
        early: asyncio.Future[images.Drawn] | None = None,
    ) -> GameRecord | None:
        """Move a game whose place went away (deleted, locked) to a new one, tell its players
        there and post its board (the game's lock is held). None when no place can be had:
        the game is kept, and moves on when the bot can post again."""
        gone = record.place_id or record.channel_id
        place = await places.open_elsewhere(self.bot, record, gone)
        if place is None:
            log.warning("game %d: its place is gone and no other can be opened", record.id)
            await self._tell_stranded(record)
            return None
        self._stranded.discard(record.id)
        place_id = getattr(place, "id", record.channel_id)
        await self.store.games.set_place(record.id, place_id)
        record = replace(record, place_id=place_id)
        log.info("game %d: moved from %d to %d", record.id, gone, place_id)
        players = " ".join(f"<@{s.user_id}>" for s in record.seats if not s.is_bot)
        note = t(record.lang, "place-moved", players=players)
        await self._announce(record, "\n".join(x for x in (note, headline) if x), early, again=True)
        return record

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

    async def _posted(self, record: GameRecord, message: discord.Message) -> None:
        """Record that ``record``'s position is out in ``message``, and start the next turn.

        The turn's start and its timers are stored with the post marker in one transaction.
        """
        if not record.active:
            await self._continue_series(record)  # idempotent: safe to run again on recovery
            await self.store.games.mark_posted(record.id, record.version, message.id)
            await self._step("recorded")
            return
        now = self.bot.clock()
        turn = self.service.state(record).turn
        assert turn is not None
        timers: list[tuple[str, float]] = []
        if not record.is_bot(turn):  # the bot has no clock and needs no reminder
            settings = await self.store.settings.guild(record.guild_id)
            timers = turn_timers(record, settings.reminder_hours, now)
        await self.store.games.mark_posted(
            record.id, record.version, message.id, turn_started_at=now, timers=timers
        )
        record = replace(record, turn_started_at=now)
        await self._step("recorded")
        if record.is_bot(turn):
            self.bot.dispatch("bot_turn", record.id)
            return
        self.bot.wake_timers(min(due for _, due in timers))
        await direct_message(self.bot, record, turn, "dm-your-turn", link=message.jump_url)

    async def _buttons(self, record: GameRecord, words: Words) -> Any:
        """Play (and private view) while active; Rematch once over, unless a series goes on.
        None at a table of the bot alone: nobody there could press them."""
        if all(seat.is_bot for seat in record.seats):
            return discord.utils.MISSING
        if record.active:
            return game_buttons(record, words)
        if record.series_id is not None:
            length = await self.store.games.series_length(record.series_id)
            if record.series_index + 1 < length:
                return discord.utils.MISSING
        return rematch_buttons(record)

    async def _intro(self, words: Words, record: GameRecord) -> str:
        """'Stonehenge, game 2 of 3: Ana – Luis.'"""
        players = " – ".join(
            _with_seat(name, words.seat_name(record.lang, seat))
            for seat, name in enumerate(record.names())
        )
        title = words.title(record.lang)
        if record.series_id is None:
            return t(record.lang, "game-intro", game=title, players=players)
        length = await self.store.games.series_length(record.series_id)
        return t(
            record.lang,
            "game-intro-series",
            game=title,
            players=players,
            index=record.series_index + 1,
            length=length,
        )

    async def _status_line(self, words: Words, record: GameRecord) -> str:
        lang, names = record.lang, record.names()
        if record.active:
            turn = self.service.state(record).turn or 0
            seat_name = words.seat_name(lang, turn)
            if record.is_bot(turn):  # no mention, no deadline: the bot is on it
                line = t(lang, "turn-next-bot", name=_with_seat(names[turn], seat_name))
                return line
            mention = f"<@{record.user_of(turn)}>"
            if seat_name is None:
                line = t(lang, "turn-next", mention=mention)
            else:
                line = t(lang, "turn-next-seat", mention=mention, seat=seat_name)
            now = self.bot.clock()
            away = await self.store.away.current(record.user_of(turn))
            if away is not None:  # their clock stands still until they are back
                line += " " + t(lang, "turn-away", until=f"<t:{int(away.until)}:R>")
            if record.days_per_move:
                due = max(now, away.until if away else now) + record.days_per_move * DAY
                line += " " + t(lang, "turn-deadline", deadline=f"<t:{int(due)}:R>")
            return line
        result = record.result
        if result is not None and result.loser is not None:
            line = t(
                lang,
                f"result-{result.ending}",
                loser=names[result.loser],
                winner=" / ".join(names[w] for w in result.winners),
            )
        elif result is not None and result.ending is Ending.MODERATOR:
            line = t(lang, "result-moderator", reason=result.note or "—")
        elif result is not None and result.ending is Ending.DRAW:
            key = "result-draw" if record.players == 2 else "result-agreed"
            line = t(lang, key, winner=" / ".join(names[w] for w in result.winners))
        else:
            line = words.result(lang, self.service.state(record), names)
        if record.series_id is not None:
            games = await self.store.games.in_series(record.series_id)
            length = await self.store.games.series_length(record.series_id)
            done = [g.result for g in games if g.result is not None]
            line += "\n" + words.series_text(lang, done, names, length)
        ratings = await self._rating_changes(record)
        hint = t(lang, "game-over-hint", number=record.id)  # what a finished game offers
        return "\n".join(part for part in (line, ratings, hint) if part)

    async def _rating_changes(self, record: GameRecord) -> str:
        """'📈 Ratings here: Ana 1000 → 1107?, Luis 1000 → 893?' ('?': still provisional)."""
        changes = await self.store.ratings.changes(record.id, record.guild_id or GLOBAL)
        if not changes:
            return ""
        by_player = {(bot(s.level) if s.level else human(s.user_id)): s.name for s in record.seats}
        shown = [
            f"{by_player.get(after.player, '?')} {before} → {after.value}"
            + ("?" if after.provisional else "")
            for after, before in changes
        ]
        line = t(record.lang, "ratings-changed", changes=", ".join(shown))
        if any(s.level for s in record.seats):  # only the bot's level moved against it
            line += "\n" + t(record.lang, "ratings-bot-note")
        return line

    async def _continue_series(self, record: GameRecord) -> None:
        """Start the series' next game (once), the other player starting."""
        if record.series_id is None:
            return
        length = await self.store.games.series_length(record.series_id)
        games = await self.store.games.in_series(record.series_id)
        if record.series_index + 1 >= length or len(games) > record.series_index + 1:
            return
        series = plugin_for(record.game).series
        assert series is not None  # only games that have series start one
        opening = games[0]
        first = get_game(opening.game).new(opening.players, opening.seed, opening.options).turn
        assert first is not None
        options = {**record.options, "first": series.first(record.series_index + 1, first)}
        nxt = await self.service.open_game(
            game=record.game,
            seats=[(s.user_id, s.name, s.level) for s in record.seats],
            options=options,
            lang=record.lang,
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            place_id=record.place_id,
            series_id=record.series_id,
            series_index=record.series_index + 1,
            days_per_move=record.days_per_move,
        )
        await self.service.announce(nxt)

    async def warm_up(self, limit: int = WARM_GAMES) -> None:
        """Follow the games played last on this process's shards and draw their boards once.

        A new process knows no game's history and has drawn no board at their sizes (an
        Islas board's tiles are drawn at the size its map allows): the first move of each
        game would replay it and draw its sprites while the player waits. Done now, a game at
        a time, the first move after a restart costs little more than any other.
        """
        for record in await self.store.games.recently_played(self.bot.own_shards, limit):
            try:
                await images.warm(record, self.service.state_for(record, None))
            except Exception:  # one game's trouble must not stop the others, or the bot
                log.exception("could not warm up with game %d", record.id)
            await asyncio.sleep(0)  # a player's command goes first

    async def recover(self) -> None:
        """Finish what a previous run (or a refused post) left undone, each thing once.

        A game accepted but never opened gets its place; a position stored but not posted
        is posted, unless the post is already in the place (the bot died after sending it);
        where the bot still lacks permissions, nothing is sent (Discord frowns on bursts of
        refused requests) and the next round tries again. Only games of this process's
        shards: the others are their own processes' to post.
        """
        for record in await self.store.games.unposted(self.bot.own_shards):
            try:
                async with self.service.lock(record.id):
                    await self._recover_game(record)
            except (discord.HTTPException, RulesError, StorageBusy) as error:
                # One game's trouble must not stop the others; the next round tries again.
                if not isinstance(error, StorageBusy) or worth_logging(error):
                    log.warning("could not announce game %d yet (%s)", record.id, error)

    async def _recover_game(self, record: GameRecord) -> None:
        record = await self.service.game(record.id)  # as it is now, under the lock
        if record.posted_version >= record.version:
            return
        if record.place_id is None:
            place = await places.open_for(self.bot, record)
            await self.store.games.set_place(record.id, getattr(place, "id", record.channel_id))
            record = await self.service.game(record.id)
        if self.service.mid_turn(record):
            # Actions of an unfinished turn are private until the turn ends.
            await self.store.games.mark_posted(record.id, record.version, None)
            return
        try:
            channel = await self.place(record)
        except discord.HTTPException as error:
            if error.code not in places.PLACE_GONE:
                raise
            # Gone while the bot was away (deleted, or out of its sight): a new place, with
            # the board as it stands, rather than retrying a place that will not come back.
            await self.relocate(record)
            return
        if places.missing_permissions(channel):
            log.info("game %d: still no permission to post in %d", record.id, channel.id)
            return
        found = await places.find_post(channel, record)
        if found is not None:
            await self._posted(record, found)
        else:
            await self._announce(record)


def _with_seat(name: str, seat_name: str | None) -> str:
    return name if seat_name is None else f"{name} ({seat_name})"
