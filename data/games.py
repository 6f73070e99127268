"""Games stored as records (spec/records.md): a move appended, a game ended or taken back,
a post recorded. Every write is one transaction that checks the game's version."""

from __future__ import annotations

import time
from collections.abc import Sequence

from data.db import Database, Step
from data.errors import StaleGame
from data.game_openings import GameOpenings
from data.game_record import Clock, dumps
from data.holds import end_hold
from data.ratings import rate_finished
from data.results import Result
from data.summary import Summaries

#: The number of the game ending now: one more than the last. Only inside the transaction
#: that ends it, where writes run one at a time (SQLite's write lock, PostgreSQL's advisory
#: lock), so numbers are unique and follow the order games ended, whatever the clocks say.
_NEXT_END = "(SELECT COALESCE(MAX(finish_seq), 0) + 1 FROM games)"


class GameStore(GameOpenings):
    """Reads and writes games (reads: ``GameReads``; new games: ``GameOpenings``); every
    write is one transaction."""

    def __init__(self, db: Database, clock: Clock = time.time) -> None:
        super().__init__(db, clock)
        #: each server's /stats, summed as each game ends
        self._summaries = Summaries(db.dialect)

    async def append_move(
        self,
        game_id: int,
        expected_version: int,
        *,
        seat: int,
        user_id: int,
        move: str,
        result: Result | None = None,
        shown: bool = False,
        held: bool = False,
        release: bool = False,
        bank: float | None = None,
    ) -> int:
        """Store the next move if the game is still at ``expected_version``; returns the new one.

        ``bank``: the seconds left in ``seat``'s bank once this move ends its turn (charged
        the time its clock ran, credited the increment, capped: table/clocks.py), written in
        the move's own transaction, so a crash neither loses nor doubles it.

        ``result`` given means this move ended the game. StaleGame when another move (or a
        resignation) got there first: the version check is what makes a double click safe.
        ``shown`` counts the move as announced in the same transaction (an action inside a
        turn, which nobody else sees until the turn ends). ``held``: the bot's move for a
        person's seat it holds, StaleGame too if the hold ended meanwhile (/takeback-seat).
        ``release``: the person's own move at a seat the bot held ends the hold, here.
        """
        now = self.clock()
        still_held = (
            " AND EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id"
            " AND seats.seat = ? AND seats.held_level IS NOT NULL)"
            if held
            else ""
        )
        update = Step(
            "UPDATE games SET version = version + 1, updated_at = ?, status = ?,"
            f" result = ?, finished_at = ?, finish_seq = CASE WHEN ? THEN {_NEXT_END} END,"
            " posted_version = CASE WHEN ? THEN version + 1 ELSE posted_version END"
            f" WHERE id = ? AND version = ? AND status = 'active'{still_held}",
            (
                now,
                "active" if result is None else "finished",
                None if result is None else dumps(result.to_json()),
                None if result is None else now,
                result is not None,
                shown,
                game_id,
                expected_version,
                *((seat,) if held else ()),
            ),
            rows=1,
        )
        insert = Step(
            "INSERT INTO moves (game_id, ply, seat, user_id, move, at, bank_before)"
            " VALUES (?, ?, ?, ?, ?, ?,"
            " CASE WHEN ? THEN (SELECT bank_left FROM seats WHERE game_id = ? AND seat = ?)"
            " END)",
            (game_id, expected_version, seat, user_id, move, now, bank is not None, game_id, seat),
        )
        # The move keeps the bank it found, for an undo.
        charge = Step(
            "UPDATE seats SET bank_left = ? WHERE game_id = ? AND seat = ?", (bank, game_id, seat)
        )
        steps = [update, insert] + ([charge] if bank is not None else [])
        if not release and result is None:
            # Nearly every move: its statements in one write (one trip on SQLite).
            if not await self.db.write(steps):
                raise StaleGame(game_id)
            return expected_version + 1
        async with self.db.transaction() as conn:
            cur = await conn.execute(update.sql, update.params)
            if cur.rowcount != 1:
                raise StaleGame(game_id)
            if release:
                await end_hold(conn, game_id, seat, expected_version)
            for step in steps[1:]:
                await conn.execute(step.sql, step.params)
            if result is not None:  # rated and summed as it ends: in the order games end, once
                await rate_finished(conn, game_id, now)
                await self._summaries.ended(conn, game_id)
        return expected_version + 1

    async def finish(self, game_id: int, expected_version: int, result: Result) -> None:
        """End an active game without a move (resignation); StaleGame if it changed meanwhile.

        The version still goes up, so the ending is announced like a move (and re-announced
        after a crash, see ``unposted``).
        """
        now = self.clock()
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "UPDATE games SET status = 'finished', result = ?, finished_at = ?, updated_at = ?,"
                f" version = version + 1, finish_seq = {_NEXT_END}"
                " WHERE id = ? AND version = ? AND status = 'active'",
                (dumps(result.to_json()), now, now, game_id, expected_version),
            )
            if cur.rowcount != 1:
                raise StaleGame(game_id)
            await rate_finished(conn, game_id, now)
            await self._summaries.ended(conn, game_id)

    async def take_back(
        self, game_id: int, expected_version: int, *, announce: bool, plies: int = 1
    ) -> None:
        """Remove the last ``plies`` moves of an active game still at ``expected_version``
        (an undo; against the bot, its reply goes with the move it answered).

        The version goes back too, so the record is exactly what it was before those moves;
        StaleGame when anything happened meanwhile. A bank those moves charged is given back
        as the first of them found it. With ``announce`` the restored position
        is left to be posted (and is posted on recovery if the bot stops first); without,
        it counts as shown (an action nobody saw). One transaction: a crash never leaves
        half of an undo.
        """
        shown = plies + 1 if announce else plies
        async with self.db.transaction() as conn:
            cur = await conn.execute(
                "UPDATE games SET version = version - ?, posted_version = version - ?,"
                " updated_at = ? WHERE id = ? AND version = ? AND version >= ?"
                " AND status = 'active'",
                (plies, shown, self.clock(), game_id, expected_version, plies),
            )
            if cur.rowcount != 1:
                raise StaleGame(game_id)
            first = expected_version - plies
            # Each bank those moves charged is as the first of them found it.
            charged = (
                "FROM moves m WHERE m.game_id = seats.game_id AND m.seat = seats.seat"
                " AND m.ply >= ? AND m.bank_before IS NOT NULL"
            )
            await conn.execute(
                f"UPDATE seats SET bank_left = (SELECT m.bank_before {charged}"
                f" ORDER BY m.ply LIMIT 1) WHERE game_id = ? AND EXISTS (SELECT 1 {charged})",
                (first, game_id, first),
            )
            await conn.execute("DELETE FROM moves WHERE game_id = ? AND ply >= ?", (game_id, first))

    async def vote_skip(self, game_id: int, turn_stamp: float, user_id: int) -> int:
        """Count ``user_id``'s vote to skip the turn that began at ``turn_stamp``; all votes."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO skip_votes (game_id, turn_stamp, user_id) VALUES (?, ?, ?)"
                " ON CONFLICT DO NOTHING",
                (game_id, turn_stamp, user_id),
            )
            cur = await conn.execute(
                "SELECT COUNT(*) FROM skip_votes WHERE game_id = ? AND turn_stamp = ?",
                (game_id, turn_stamp),
            )
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def mark_posted(
        self,
        game_id: int,
        version: int,
        message_id: int | None,
        *,
        turn_started_at: float | None = None,
        timers: Sequence[tuple[str, float]] = (),
    ) -> None:
        """Remember that the position at ``version`` was announced in ``message_id``.

        With ``turn_started_at`` the announced turn begins then, and its ``timers`` (kind,
        due) are stored in the same transaction: a crash leaves either the post unrecorded
        (recovery finds it in the channel) or everything recorded, never a turn without its
        reminder and deadline.
        """
        newest = self.db.dialect.greatest("posted_version", "?")
        mark = Step(
            f"UPDATE games SET posted_version = {newest},"
            " message_id = COALESCE(?, message_id),"
            " turn_started_at = COALESCE(?, turn_started_at) WHERE id = ?",
            (version, message_id, turn_started_at, game_id),
        )
        due = Step(
            "INSERT INTO timers (kind, ref_id, turn_stamp, due_at) VALUES (?, ?, ?, ?)",
            [(kind, game_id, turn_started_at, due) for kind, due in timers],
            many=True,
        )
        await self.db.write([mark, due] if timers else [mark], durable=False)
