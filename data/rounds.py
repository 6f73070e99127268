"""The tables of an event's rounds as stored (``pairings``), and how each stands: what the
rounds and the standings read. Mixed into ``data.tournaments.TournamentStore``, which
writes them (``pair_round``)."""

from __future__ import annotations

import json
from dataclasses import dataclass

from data.db import Database, Row
from data.results import Result


@dataclass(frozen=True)
class Pairing:
    """One table of a round: its players in seat order and its game (None: a bye, or a
    round robin's player sitting the round out)."""

    round: int
    board: int
    players: tuple[int, ...]
    game_id: int | None


@dataclass(frozen=True)
class Outcome:
    """A table of a round as it stands: its game's result (None while it is played, and
    for a bye) and whether the game is over."""

    pairing: Pairing
    finished: bool
    result: Result | None


def _pairing(row: Row) -> Pairing:
    return Pairing(row["round"], row["board"], tuple(json.loads(row["players"])), row["game_id"])


class RoundStore:
    """Reads the rounds of events (with ``TournamentStore``'s database)."""

    db: Database

    async def pairings(self, event_id: int, round: int | None = None) -> list[Pairing]:
        """The tables of round ``round`` (None: every round), by round and board."""
        which, params = ("", (event_id,))
        if round is not None:
            which, params = " AND round = ?", (event_id, round)
        rows = await self.db.fetchall(
            f"SELECT round, board, players, game_id FROM pairings WHERE tournament_id = ?{which}"
            " ORDER BY round, board",
            params,
        )
        return [_pairing(row) for row in rows]

    async def outcomes(self, event_id: int, round: int | None = None) -> list[Outcome]:
        """Every table of round ``round`` (None: of every round) with its game's result so
        far, in one read."""
        which, params = "", (event_id,)
        if round is not None:
            which, params = " AND p.round = ?", (event_id, round)
        rows = await self.db.fetchall(
            "SELECT p.round, p.board, p.players, p.game_id, g.status, g.result"
            " FROM pairings p LEFT JOIN games g ON g.id = p.game_id"
            f" WHERE p.tournament_id = ?{which} ORDER BY p.round, p.board",
            params,
        )
        return [
            Outcome(
                _pairing(row),
                row["game_id"] is None or row["status"] == "finished",
                Result.from_json(json.loads(row["result"])) if row["result"] else None,
            )
            for row in rows
        ]

    async def unstarted(self, event_id: int, round: int) -> list[Pairing]:
        """The tables of round ``round`` whose game's opening board is not out yet."""
        rows = await self.db.fetchall(
            "SELECT p.round, p.board, p.players, p.game_id FROM pairings p"
            " JOIN games g ON g.id = p.game_id"
            " WHERE p.tournament_id = ? AND p.round = ? AND g.posted_version < 0"
            " ORDER BY p.board",
            (event_id, round),
        )
        return [_pairing(row) for row in rows]

    async def of_game(self, game_id: int) -> tuple[int, int] | None:
        """(event id, round) of the event game ``game_id``, or None for any other game."""
        row = await self.db.fetchone(
            "SELECT tournament_id, round FROM pairings WHERE game_id = ?", (game_id,)
        )
        return None if row is None else (int(row["tournament_id"]), int(row["round"]))
