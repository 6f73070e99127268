"""The move pipeline shared by every game: find the game, check, store, render, announce."""

from __future__ import annotations

import asyncio
import io
import logging
import random
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from cogs.games import adapter_for
from cogs.games.base import GameAdapter
from cogs.utils.errors import UserError
from cogs.utils.notices import DAY, turn_began
from data import GameRecord, StaleGame, Store
from locales import t
from rules import Event, Outcome, RulesError, State, get_game

if TYPE_CHECKING:
    from bot import Tablero

log = logging.getLogger(__name__)

MENTION_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True)
CACHED_STATES = 512  # positions kept in memory; any other is replayed from its record


class GameService:
    """Loads games, applies moves and posts boards; cogs call it and stay thin."""

    def __init__(self, bot: Tablero) -> None:
        self.bot = bot
        self.store: Store = bot.store
        # game id -> (version, state), most recently used last. States are never mutated
        # once cached (play() clones), so a render in a worker thread can read one safely.
        self._states: OrderedDict[int, tuple[int, State]] = OrderedDict()

    # -- reading ---------------------------------------------------------------------------
    def state(self, record: GameRecord) -> State:
        """The position of ``record`` (replayed from its moves, cached by version)."""
        cached = self._states.get(record.id)
        if cached is not None and cached[0] == record.version:
            self._states.move_to_end(record.id)
            return cached[1]
        state = get_game(record.game).replay(
            record.players, record.seed, record.options, record.moves
        )
        self._remember(record.id, record.version, state)
        return state

    def _remember(self, game_id: int, version: int, state: State) -> None:
        self._states[game_id] = (version, state)
        self._states.move_to_end(game_id)
        while len(self._states) > CACHED_STATES:
            self._states.popitem(last=False)

    async def game(self, game_id: int) -> GameRecord:
        """The stored game (UserError when it does not exist)."""
        record = await self.store.games.get(game_id)
        if record is None:
            raise UserError("error-no-game")
        return record

    async def game_here(self, channel_id: int | None, user_id: int) -> GameRecord:
        """The active game of this thread/channel, or the user's only active game."""
        here = await self.store.games.active_in_place(channel_id or 0)
        if len(here) == 1:
            return here[0]
        mine = [g for g in here if g.seat_of(user_id) is not None]
        if len(mine) == 1:
            return mine[0]
        if here:
            raise UserError("error-several-games-here")
        theirs = await self.store.games.active_for_user(user_id)
        if len(theirs) == 1:
            return theirs[0]
        raise UserError("error-no-game-here" if not theirs else "error-which-game")

    # -- moving ----------------------------------------------------------------------------
    def check_turn(self, record: GameRecord, user_id: int) -> tuple[int, State]:
        """The caller's seat and the position, if it is the caller's turn (UserError if not)."""
        seat = record.seat_of(user_id)
        if seat is None:
            raise UserError("error-not-a-player")
        if not record.active:
            raise UserError("error-game-over")
        state = self.state(record)
        if state.turn != seat:
            raise UserError("error-not-your-turn", player=record.names()[state.turn or 0])
        return seat, state

    async def play(self, record: GameRecord, user_id: int, text: str) -> Played:
        """Apply a move given in notation and store it; announce it when it ends the turn.

        Nothing is stored unless the move is legal, and the store refuses it if the game
        moved on meanwhile (two clicks at once: one wins, the other hears the position
        changed). In games whose turn is several actions (Kahuna) each action is stored as
        it is made, and the public message comes once the turn passes.
        """
        seat, state = self.check_turn(record, user_id)
        adapter = adapter_for(record.game)
        try:
            move = state.parse(adapter.expand(state, text))
            if adapter.table_move(move):
                raise UserError("error-table-move")
            new = state.clone()
            notation = new.format(move)
            new.apply(move)
        except RulesError as error:
            raise UserError.from_rules(error) from None
        outcome = new.outcome()
        result = result_of(outcome, "rules") if outcome.finished else None
        try:
            version = await self.store.games.append_move(
                record.id, record.version, seat=seat, user_id=user_id, move=notation, result=result
            )
        except StaleGame:
            raise UserError("error-position-changed") from None
        self._remember(record.id, version, new)
        log.info("game %d: ply %d stored", record.id, version)
        stored = await self.game(record.id)
        turn_over = new.turn != seat
        if turn_over:
            await self.announce(stored)
        else:
            await self.store.games.mark_posted(record.id, version, None)
        return Played(stored, notation, turn_over)

    def forget(self, game_id: int) -> None:
        """Drop a cached position (the record went back: an undo)."""
        self._states.pop(game_id, None)

    # -- announcing ------------------------------------------------------------------------
    async def render(self, record: GameRecord, seat: int | None, lang: str) -> discord.File:
        """The board image of ``seat``'s view (None: public), rendered off the event loop."""
        adapter = adapter_for(record.game)
        state = self.state(record)
        names = record.names()
        png = await asyncio.to_thread(adapter.render, lang, state, seat, names)
        return discord.File(
            io.BytesIO(png), "board.png", description=adapter.alt_text(lang, state, names)[:1000]
        )

    async def render_private(self, record: GameRecord, seat: int, lang: str) -> discord.File:
        """The private image of ``seat`` (a hand, own hidden pieces), off the event loop."""
        adapter = adapter_for(record.game)
        state = self.state(record)
        png = await asyncio.to_thread(adapter.render_private, lang, state, seat, record.names())
        return discord.File(
            io.BytesIO(png),
            "private.png",
            description=adapter.private_alt_text(lang, state, seat, record.names())[:1000],
        )

    async def place(self, record: GameRecord) -> discord.abc.Messageable:
        """The thread or channel where the game is played."""
        place_id = record.place_id or record.channel_id
        channel = self.bot.get_channel(place_id)
        if channel is None:
            channel = await self.bot.fetch_channel(place_id)
        assert isinstance(channel, discord.abc.Messageable)
        return channel

    async def announce(self, record: GameRecord, headline: str | None = None) -> None:
        """Post the position after the last turn: what happened, the board, who is next.

        ``headline`` replaces the account of the last turn (after an undo, say).
        """

        adapter = adapter_for(record.game)
        lang, names = record.lang, record.names()
        lines = [await self._intro(adapter, record)] if record.version == 0 else []
        if headline is not None:
            lines.append(headline)
        elif events := self._turn_events(record):
            lines.append(adapter.narrate(lang, events, names))
        lines.append(await self._status_line(adapter, record))
        file = await self.render(record, None, lang)
        channel = await self.place(record)
        message = await channel.send(
            "\n".join(line for line in lines if line)[:2000],
            file=file,
            view=await self._buttons(record, adapter),
            allowed_mentions=MENTION_USERS,
        )
        if record.active:
            await turn_began(self, record, message)
        else:
            await self._continue_series(record)
        await self.store.games.mark_posted(record.id, record.version, message.id)

    async def _buttons(self, record: GameRecord, adapter: GameAdapter) -> Any:
        """Play (and private view) while active; Rematch once over, unless a series goes on."""
        from cogs.utils.items import game_buttons, rematch_buttons

        if record.active:
            return game_buttons(record, adapter)
        if record.series_id is not None:
            length = await self.store.games.series_length(record.series_id)
            if record.series_index + 1 < length:
                return discord.utils.MISSING
        return rematch_buttons(record)

    async def _intro(self, adapter: GameAdapter, record: GameRecord) -> str:
        """'Stonehenge, game 2 of 3: Ana – Luis.'"""
        players = " – ".join(
            _with_seat(name, adapter.seat_name(record.lang, seat))
            for seat, name in enumerate(record.names())
        )
        title = adapter.title(record.lang)
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

    async def _status_line(self, adapter: GameAdapter, record: GameRecord) -> str:
        lang, names = record.lang, record.names()
        if record.active:
            turn = self.state(record).turn or 0
            mention = f"<@{record.user_of(turn)}>"
            seat_name = adapter.seat_name(lang, turn)
            if seat_name is None:
                line = t(lang, "turn-next", mention=mention)
            else:
                line = t(lang, "turn-next-seat", mention=mention, seat=seat_name)
            if record.days_per_move:
                due = self.bot.clock() + record.days_per_move * DAY
                line += " " + t(lang, "turn-deadline", deadline=f"<t:{int(due)}:R>")
            return line
        result = record.result or {}
        if result.get("reason") in {"resign", "timeout"}:
            loser = result.get("resigned", result.get("timed_out"))
            line = t(
                lang,
                f"result-{result['reason']}",
                loser=names[loser],
                winner=" / ".join(names[w] for w in result["winners"]),
            )
        else:
            line = adapter.result(lang, self.state(record), names)
        if record.series_id is not None:
            games = await self.store.games.in_series(record.series_id)
            length = await self.store.games.series_length(record.series_id)
            done = [g.result or {} for g in games if not g.active]
            line += "\n" + adapter.series_text(lang, done, names, length)
        return line

    def _turn_events(self, record: GameRecord) -> list[Event]:
        """The public events of the last turn: the trailing moves by the last mover.

        Replayed from the record, so the narration is the same whether the turn was one
        move or several actions over several interactions, and after a restart.
        """
        if not record.moves or len(record.moves) != record.version:
            return []  # no move yet, or the last change was a resignation
        turns = self._replay_turns(record)
        last_mover = turns[-1][0]
        events: list[Event] = []
        for mover, move_events in reversed(turns):
            if mover != last_mover:
                break
            events[:0] = move_events
        return events

    def _replay_turns(self, record: GameRecord) -> list[tuple[int | None, list[Event]]]:
        """(mover, events) of every stored move."""
        state = get_game(record.game).new(record.players, record.seed, record.options)
        turns = []
        for text in record.moves:
            mover = state.turn
            turns.append((mover, state.play(text)))
        return turns

    def last_mover(self, record: GameRecord) -> int | None:
        """The seat that made the last stored move (None before any)."""
        return self._replay_turns(record)[-1][0] if record.moves else None

    def mid_turn(self, record: GameRecord) -> bool:
        """Whether the last stored move left the same player to act again (not announced)."""
        if not record.active or not record.moves or len(record.moves) != record.version:
            return False
        return self._replay_turns(record)[-1][0] == self.state(record).turn

    async def open_game(
        self,
        *,
        game: str,
        seats: Sequence[tuple[int, str]],
        options: dict[str, Any],
        **where: Any,
    ) -> GameRecord:
        """Store a new game with a fresh seed, its options checked by the rules first.

        ``where`` holds the language and Discord places, passed to ``GameStore.create_game``.
        """
        engine = get_game(game)
        options = engine.check_options(len(seats), options)
        seed = random.SystemRandom().randrange(2**62)
        game_id = await self.store.games.create_game(
            game=game, seats=seats, seed=seed, options=options, **where
        )
        return await self.game(game_id)

    async def _continue_series(self, record: GameRecord) -> None:
        """Start the series' next game (once), the other player starting."""
        if record.series_id is None:
            return
        length = await self.store.games.series_length(record.series_id)
        games = await self.store.games.in_series(record.series_id)
        if record.series_index + 1 >= length or len(games) > record.series_index + 1:
            return
        opening = games[0]
        first = get_game(opening.game).new(opening.players, opening.seed, opening.options).turn
        assert first is not None
        options = {**record.options, "first": (first + record.series_index + 1) % 2}
        nxt = await self.open_game(
            game=record.game,
            seats=[(s.user_id, s.name) for s in record.seats],
            options=options,
            lang=record.lang,
            guild_id=record.guild_id,
            channel_id=record.channel_id,
            place_id=record.place_id,
            series_id=record.series_id,
            series_index=record.series_index + 1,
            days_per_move=record.days_per_move,
        )
        await self.announce(nxt)

    async def recover(self) -> None:
        """Announce what was stored but never posted (the bot stopped in between)."""
        for record in await self.store.games.unposted():
            try:
                if self.mid_turn(record):
                    # Actions of an unfinished turn are private until the turn ends.
                    await self.store.games.mark_posted(record.id, record.version, None)
                else:
                    await self.announce(record)
            except (discord.HTTPException, RulesError):
                log.exception("could not announce game %d after a restart", record.id)


@dataclass(frozen=True)
class Played:
    """A stored move: the game after it, its notation, and whether the turn passed."""

    record: GameRecord
    notation: str
    turn_over: bool


def _with_seat(name: str, seat_name: str | None) -> str:
    return name if seat_name is None else f"{name} ({seat_name})"


def result_of(outcome: Outcome, reason: str) -> dict[str, Any]:
    return {"winners": list(outcome.winners), "scores": list(outcome.scores), "reason": reason}
