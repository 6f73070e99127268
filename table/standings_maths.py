"""Points and standings of a tournament (issue 22): pure maths, no I/O.

The pairing (table/pairing.py) ranks players with these standings, and the events part shows
them. Formats: ``swiss`` and ``round-robin`` (two-player games: win 1, draw ½, loss 0, a bye 1)
break ties by Buchholz then Sonneborn–Berger; ``tables`` (rank points at tables of 3 or 4) by
the players' total game points. Players level on points and every tie-break share a rank.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

#: The formats of an event (TOURNAMENT.md); the first two pair two players.
FORMATS = ("swiss", "round-robin", "tables")
#: Points by place at a table of four and of three (places shared on ties split their sum).
_TABLE_PLACES = {4: (4.0, 2.0, 1.0, 0.0), 3: (4.0, 2.0, 0.0)}
#: Sums of floats such as 7/3 differ in their last bits with the order of addition: standings
#: compare them rounded, so that equal points are equal.
_DIGITS = 9


@dataclass(frozen=True)
class Played:
    """One table of a past round, as the standings see it."""

    round: int  # 1-based
    players: tuple[int, ...]  # seat order (first seat first); one player = a bye
    points: tuple[float, ...]  # tournament points each got at this table
    scores: tuple[float, ...] = ()  # their game scores (tables' tie-break), may be empty


@dataclass(frozen=True)
class Standing:
    """One line of the standings."""

    rank: int  # shared on full ties
    player: int
    points: float
    tiebreaks: tuple[float, ...]  # (buchholz, sonneborn_berger) or (game_points,)
    played: int  # games played (a bye is not a game played)


def _by_place(ranks: Sequence[int], places: Sequence[float]) -> tuple[float, ...]:
    """Points by competition rank (1 = best, ties share a rank and the places they fill)."""
    # Competition ranks: whoever has rank r has exactly r - 1 players ahead.
    if any(sum(1 for other in ranks if other < rank) != rank - 1 for rank in ranks):
        raise ValueError(f"not ranks: {list(ranks)}")
    out = []
    for rank in ranks:
        tied = sum(1 for other in ranks if other == rank)
        out.append(math.fsum(places[rank - 1 : rank - 1 + tied]) / tied)
    return tuple(out)


def two_player_points(ranks: Sequence[int]) -> tuple[float, ...]:
    """Win 1, draw ½, loss 0, from the two ranks ``data.ratings.ranks`` gives."""
    if len(ranks) != 2:
        raise ValueError("a two-player game has two ranks")
    return _by_place(ranks, (1.0, 0.0))


def table_points(ranks: Sequence[int]) -> tuple[float, ...]:
    """4/2/1/0 at a table of four, 4/2/0 at three; tied players share their places' points."""
    places = _TABLE_PLACES.get(len(ranks))
    if places is None:
        raise ValueError("a table seats three or four")
    return _by_place(ranks, places)


def _key(value: float) -> float:
    return round(value, _DIGITS)


def totals(history: Sequence[Played]) -> dict[int, float]:
    """Everyone's points in ``history`` (withdrawn players too: their opponents need them)."""
    parts: dict[int, list[float]] = defaultdict(list)
    for table in history:
        for player, points in zip(table.players, table.points, strict=False):
            parts[player].append(points)
    return {player: math.fsum(p) for player, p in parts.items()}


def _two_player_breaks(
    history: Sequence[Played], final: dict[int, float]
) -> dict[int, tuple[float, float]]:
    """(Buchholz, Sonneborn–Berger) of everyone: a bye is an opponent with 0 points."""
    buchholz: dict[int, list[float]] = defaultdict(list)
    berger: dict[int, list[float]] = defaultdict(list)
    for table in history:
        if len(table.players) != 2:
            continue  # a bye or a round sat out: an opponent with no points
        for me, them in ((0, 1), (1, 0)):
            opponent = final.get(table.players[them], 0.0)
            buchholz[table.players[me]].append(opponent)
            # Points won against them times their final points: all of a win, half of a draw.
            berger[table.players[me]].append(table.points[me] * opponent)
    return {p: (math.fsum(buchholz[p]), math.fsum(berger[p])) for p in set(buchholz) | set(berger)}


def standings(players: Sequence[int], history: Sequence[Played], fmt: str) -> list[Standing]:
    """``players`` (those still in) ranked: points, then the format's tie-breaks.

    Players level on everything share a rank (1, 1, 3, …) and keep their order in ``players``.
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown format: {fmt}")
    final = totals(history)
    played: dict[int, int] = defaultdict(int)
    game_points: dict[int, list[float]] = defaultdict(list)
    for table in history:
        if len(table.players) > 1:
            for player in table.players:
                played[player] += 1
        for player, score in zip(table.players, table.scores, strict=False):
            game_points[player].append(score)
    if fmt == "tables":
        breaks = {p: (math.fsum(game_points[p]),) for p in players}
    else:
        two = _two_player_breaks(history, final)
        breaks = {p: two.get(p, (0.0, 0.0)) for p in players}

    def key(player: int) -> tuple[float, ...]:
        return (_key(final.get(player, 0.0)), *(_key(b) for b in breaks[player]))

    order = sorted(dict.fromkeys(players), key=lambda p: tuple(-k for k in key(p)))
    out: list[Standing] = []
    for index, player in enumerate(order):
        shared = out and key(out[-1].player) == key(player)
        rank = out[-1].rank if shared else index + 1
        out.append(Standing(rank, player, final.get(player, 0.0), breaks[player], played[player]))
    return out
