"""Who plays whom in the next round of a tournament (issue 22): pure maths, no I/O.

Swiss pairs by a maximum-weight matching (networkx's blossom) whose weights put, in this order
of importance: nobody gets a second bye, nobody meets someone again, first seats stay balanced
within one, the bye goes to the lowest-ranked player, scores match, the top half of a score
group meets its bottom half. Round robin follows Berger's circle. Tables (3 or 4 players) are
filled from the top of the standings, then swapped between neighbours against repeat meetings.
Points and standings live in table/standings_maths.py; their names are re-exported here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from table.standings_maths import (
    Played,
    Standing,
    standings,
    table_points,
    totals,
    two_player_points,
)
from table.swiss_matching import Fields, match

__all__ = [
    "Played",
    "Standing",
    "round_robin",
    "round_robin_rounds",
    "standings",
    "swiss",
    "table_points",
    "table_sizes",
    "tables",
    "two_player_points",
]

#: Players paired by one matching. networkx's blossom is pure Python and grows with the square
#: of the players and more (1,000 players in one matching take seconds), so a big field is cut
#: into blocks along the standings (bench/tournament.py measures the figure).
BLOCK = 30


@dataclass
class _Past:
    """What the history says about seats and meetings."""

    met: Counter[frozenset[int]] = field(default_factory=Counter)
    firsts: Counter[int] = field(default_factory=Counter)
    seconds: Counter[int] = field(default_factory=Counter)
    byes: Counter[int] = field(default_factory=Counter)
    #: Sum over past tables of how late the player sat (0 first … 1 last): tables' rotation.
    lateness: Counter[int] = field(default_factory=Counter)

    @classmethod
    def of(cls, history: Iterable[Played]) -> _Past:
        past = cls()
        for table in history:
            seats = table.players
            if len(seats) == 1:
                past.byes[seats[0]] += 1
                continue
            past.met.update(frozenset(pair) for pair in combinations(seats, 2))
            past.firsts[seats[0]] += 1
            for index, player in enumerate(seats[1:], start=1):
                past.seconds[player] += 1
                past.lateness[player] += index / (len(seats) - 1)
        return past

    def balance(self, player: int) -> int:
        return self.firsts[player] - self.seconds[player]


def _seated(pair: tuple[int, int], past: _Past, rank: dict[int, int]) -> tuple[int, int]:
    """The one who had the first seat less often (relative to their games) sits first; then
    the one with fewer first seats; then the higher ranked."""
    a, b = sorted(pair, key=lambda p: (past.balance(p), past.firsts[p], rank[p]))
    return a, b


def swiss(players: Sequence[int], history: Sequence[Played]) -> list[tuple[int, ...]]:
    """The next Swiss round: pairs (first, second) from the top board down, then ``(p,)`` for
    the bye; the same input gives the same pairing."""
    return _swiss(players, history, BLOCK)


def _swiss(players: Sequence[int], history: Sequence[Played], block: int) -> list[tuple[int, ...]]:
    order = [s.player for s in standings(players, history, "swiss")]
    if not order:
        return []
    past = _Past.of(history)
    points = totals(history)
    levels = sorted({round(points.get(p, 0.0), 9) for p in order}, reverse=True)
    fields = Fields(
        rank={p: i for i, p in enumerate(order)},
        group={p: levels.index(round(points.get(p, 0.0), 9)) for p in order},
        met=past.met,
        balance={p: past.balance(p) for p in order},
        firsts={p: past.firsts[p] for p in order},
        byes={p: past.byes[p] for p in order},
    )
    pairs = match(_blocks(order, fields.group, block), fields)
    rank = fields.rank
    seated = [_seated(pair, past, rank) for pair in pairs if len(pair) == 2]
    seated.sort(key=lambda pair: min(rank[pair[0]], rank[pair[1]]))
    return [*seated, *(pair for pair in pairs if len(pair) == 1)]


def _blocks(order: list[int], group: dict[int, int], size: int) -> list[list[int]]:
    """``order`` cut into runs of about ``size`` players, at a score group's edge when one is
    near; every run but the last has an even count."""
    blocks: list[list[int]] = []
    current: list[int] = []
    for index, player in enumerate(order):
        current.append(player)
        edge = index + 1 == len(order) or group[order[index + 1]] != group[player]
        full = len(current) >= size or (edge and len(current) >= size // 2)
        if full and len(current) % 2 == 0:
            blocks.append(current)
            current = []
    if current:
        if blocks and len(current) < size // 2:
            blocks[-1].extend(current)
        else:
            blocks.append(current)
    return blocks


def round_robin_rounds(count: int) -> int:
    """Rounds of a round robin of ``count`` players: everyone meets everyone once."""
    if count < 2:
        return 0
    return count - 1 if count % 2 == 0 else count


def round_robin(players: Sequence[int], round: int) -> list[tuple[int, ...]]:
    """Round ``round`` (1-based) of Berger's circle for ``players`` in entry order; with an odd
    count the player paired with the dummy sits out, as ``(p,)`` (last).

    The schedule depends only on the list, so the caller passes every entrant in entry order,
    withdrawn ones included, and skips the withdrawn players' games itself. Seats alternate
    the circle's way (round 1 for four: 1 v 4, 2 v 3), which keeps every player's first seats
    within one of their second seats after every round (tests/table/test_pairing.py).
    """
    entrants: list[int | None] = list(players)
    total = round_robin_rounds(len(entrants))
    if not 1 <= round <= total:
        raise ValueError(f"a round robin of {len(entrants)} has rounds 1 to {total}")
    if len(entrants) % 2:
        entrants.append(None)  # Berger's dummy: its opponent sits the round out
    ring = len(entrants) - 1  # the last entrant stays put, the others turn one step a round
    k = round - 1
    pairs = [(entrants[k], entrants[ring]) if k % 2 == 0 else (entrants[ring], entrants[k])]
    for i in range(1, len(entrants) // 2):
        ahead, behind = entrants[(k + i) % ring], entrants[(k - i) % ring]
        pairs.append((ahead, behind) if i % 2 else (behind, ahead))
    games: list[tuple[int, ...]] = [(a, b) for a, b in pairs if a is not None and b is not None]
    idle = [(a if b is None else b,) for a, b in pairs if a is None or b is None]
    return [*games, *(p for p in idle if p[0] is not None)]


def table_sizes(count: int) -> list[int]:
    """Tables of 4 and as few of 3 as ``count`` needs, the 4s first; [] when none fit (5, or
    fewer than 3)."""
    threes = -count % 4
    if count < 3 or 3 * threes > count:
        return []
    return [4] * ((count - 3 * threes) // 4) + [3] * threes


def tables(players: Sequence[int], history: Sequence[Played]) -> list[tuple[int, ...]]:
    """The next round at tables of 3 or 4: the standings cut from the top into
    ``table_sizes``, then players swapped between neighbouring tables while that lowers the
    number of pairs who met before; seats rotate (fewest first seats first)."""
    sizes = table_sizes(len(players))
    if not sizes:
        raise ValueError(f"{len(players)} players cannot sit at tables of 3 and 4")
    order = [s.player for s in standings(players, history, "tables")]
    rank = {p: i for i, p in enumerate(order)}
    past = _Past.of(history)
    groups: list[list[int]] = []
    for size in sizes:
        start = sum(len(g) for g in groups)
        groups.append(order[start : start + size])
    for _ in range(len(order)):  # each swap lowers the repeats: this bounds the loop
        if not _swap_once(groups, past.met, rank):
            break
    return [
        tuple(sorted(g, key=lambda p: (past.firsts[p], -past.lateness[p], rank[p]))) for g in groups
    ]


def _repeats(group: Iterable[int], met: Counter[frozenset[int]]) -> int:
    return sum(met[frozenset(pair)] for pair in combinations(group, 2))


def _swap_once(groups: list[list[int]], met: Counter[frozenset[int]], rank: dict[int, int]) -> bool:
    """Make the best swap between two neighbouring tables (fewest repeats, then the players
    closest in the standings); False when no swap lowers the repeats."""
    best: tuple[int, int, int, int, int] | None = None
    for t in range(len(groups) - 1):
        upper, lower = groups[t], groups[t + 1]
        before = _repeats(upper, met) + _repeats(lower, met)
        for i, a in enumerate(upper):
            for j, b in enumerate(lower):
                after = _repeats([*upper[:i], b, *upper[i + 1 :]], met) + _repeats(
                    [*lower[:j], a, *lower[j + 1 :]], met
                )
                if after < before:
                    candidate = (after - before, rank[b] - rank[a], t, i, j)
                    best = candidate if best is None or candidate < best else best
    if best is None:
        return False
    _, _, t, i, j = best
    groups[t][i], groups[t + 1][j] = groups[t + 1][j], groups[t][i]
    return True
