"""Stonehenge's exact endgame solver, on tuples read from the rules' views.

It looks at every line of play from ``SOLVE_EMPTY`` empty points in well under a second.
Among the winning moves it takes the one that wins soonest, then by the larger margin (a
person reads a slower win as a blunder, and in a series the margin counts); in a lost
position it plays the move that leaves the opponent the fewest winning replies.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from functools import lru_cache

from rules.stonehenge import LINES, MEGALITHS, POINTS, Placement, StonehengeState

#: Lines as tuples of point indices.
_LINES: tuple[tuple[int, ...], ...] = tuple(
    tuple(POINTS.index(p) for p in cells) for cells in LINES
)
SOLVE_EMPTY = 8  # at this many empty points or fewer, hard solves the game exactly

Position = tuple[
    tuple[tuple[int, int] | None, ...],
    tuple[tuple[int, ...], tuple[int, ...]],
    tuple[int | None, ...],
    int,
]


def position_of(state: StonehengeState) -> Position:
    """The solver's copy of a position, read from the rules' views of both seats.

    Both views, because a determinisation's face-down values are known to the player that
    sampled them; the views are the rules' public door, whatever the engine keeps inside.
    """
    views = [state.view(seat) for seat in (0, 1)]
    cells = []
    for p in POINTS:
        druid = views[0].points[p]
        if druid is None:
            cells.append(None)
        else:
            value = views[druid.seat].points[p].value  # type: ignore[union-attr]
            if value is None:  # its owner's own view shows every value of theirs
                raise ValueError(f"point {p}: its owner does not see its value")
            cells.append((druid.seat, value))
    hand = [tuple(sorted(views[s].hands[s] or (), reverse=True)) for s in (0, 1)]
    if views[0].turn is None:
        raise ValueError("no turn to search: the game is over")
    return tuple(cells), (hand[0], hand[1]), tuple(views[0].line_owners), views[0].turn


def _play(
    position: Position, value: int, point: int, hidden: bool = False
) -> tuple[Position, int | None]:
    """The position after the mover places ``value`` on ``point``, and the winner if any.

    ``hidden``: the face-down variant, where lines are decided only when full."""
    cells, hands, owners, mover = position
    cell_list = list(cells)
    cell_list[point] = (mover, value)
    hand = list(hands[mover])
    hand.remove(value)
    new_hands = (tuple(hand), hands[1]) if mover == 0 else (hands[0], tuple(hand))
    new_owners = list(owners)
    for n, line in enumerate(_LINES):
        if new_owners[n] is not None:
            continue
        totals, empty = _tally(cell_list, line)
        if empty == 0:
            new_owners[n] = (
                (0 if totals[0] > totals[1] else 1) if totals[0] != totals[1] else 1 - mover
            )
            continue
        if hidden:
            continue
        for seat in (0, 1):
            other = new_hands[1 - seat]
            if totals[1 - seat] + sum(other[: min(empty, len(other))]) <= totals[seat]:
                new_owners[n] = seat
                break
    winner = None
    for seat in (0, 1):
        if new_owners.count(seat) >= MEGALITHS:
            winner = seat
    return (tuple(cell_list), new_hands, tuple(new_owners), 1 - mover), winner


def _tally(cells: Sequence[tuple[int, int] | None], line: Sequence[int]) -> tuple[list[int], int]:
    """Each seat's total on ``line`` and how many of its points are empty."""
    totals, empty = [0, 0], 0
    for point in line:
        cell = cells[point]
        if cell is None:
            empty += 1
        else:
            totals[cell[0]] += cell[1]
    return totals, empty


def _moves(position: Position) -> list[tuple[int, int]]:
    cells, hands, _, mover = position
    return [
        (v, p)
        for v in sorted(set(hands[mover]), reverse=True)
        for p in range(len(cells))
        if cells[p] is None
    ]


@lru_cache(maxsize=200_000)
def wins(position: Position) -> bool:
    """Whether the player to move can force a win."""
    following = []
    for value, point in _moves(position):
        after, winner = _play(position, value, point)
        if winner == position[3]:
            return True
        if winner is None:
            following.append(after)
    return any(not wins(after) for after in following)


def empty_points(state: StonehengeState) -> int:
    """How many intersections are still free."""
    return sum(druid is None for druid in state.view(None).points.values())


def margin(position: Position, seat: int) -> int:
    """``seat``'s megaliths minus the other seat's."""
    owners = position[2]
    return owners.count(seat) - owners.count(1 - seat)


def wins_now(position: Position, hidden: bool = False) -> list[tuple[int, int]]:
    """The moves that win at once, the largest margin first (then the solver's order)."""
    mover = position[3]
    found = []
    for value, point in _moves(position):
        after, winner = _play(position, value, point, hidden)
        if winner == mover:
            found.append((-margin(after, mover), (value, point)))
    found.sort(key=lambda f: f[0])
    return [move for _, move in found]


@lru_cache(maxsize=200_000)
def wins_within(position: Position, turns: int) -> bool:
    """Whether the player to move can force a win within ``turns`` moves of its own."""
    mover = position[3]
    following = []
    for value, point in _moves(position):
        after, winner = _play(position, value, point)
        if winner == mover:
            return True
        if winner is None:
            following.append(after)
    if turns <= 1:
        return False
    return any(_forced_within(after, turns - 1) for after in following)


def winning_move(state: StonehengeState) -> Placement | None:
    """The move that wins soonest for the player to move (at once: the one with the larger
    margin), or None when it has no forced win."""
    position = position_of(state)
    now = wins_now(position)
    if now:
        return _placement(now[0])
    if not wins(position):
        return None
    turns = 2
    while True:  # a forced win exists, so some depth finds it (a game is at most 9 turns)
        found = []
        for value, point in _moves(position):
            after, winner = _play(position, value, point)
            if winner is None and _forced_within(after, turns - 1):
                found.append((-margin(after, position[3]), (value, point)))
        if found:
            return _placement(min(found, key=lambda f: f[0])[1])
        turns += 1


def _forced_within(after: Position, turns: int) -> bool:
    """Whether, after the mover's move, every reply leaves the mover a win within ``turns``."""
    replier = after[3]
    replies = []
    for value, point in _moves(after):
        reply, winner = _play(after, value, point)
        if winner == replier:
            return False
        if winner is None:  # a reply that hands the mover its 8th megalith is a win
            replies.append(reply)
    return all(wins_within(reply, turns) for reply in replies)


def resisting_move(state: StonehengeState, deadline: float | None = None) -> Placement | None:
    """In a lost position (every move loses against perfect play), the move after which the
    fewest of the opponent's replies keep its win: a person, or a greedy player, may miss
    them. None when the position is not lost. Past ``deadline`` (``time.perf_counter()``)
    the best move found so far."""
    position = position_of(state)
    if wins(position):
        return None
    best, best_share = None, 2.0
    for value, point in _moves(position):
        if deadline is not None and best is not None and time.perf_counter() >= deadline:
            break
        after, winner = _play(position, value, point)
        if winner is not None:
            continue  # the opponent's win, handed over: the worst there is
        replies = _moves(after)
        winning = 0
        for reply_value, reply_point in replies:
            reply, winner = _play(after, reply_value, reply_point)
            if winner == after[3] or (winner is None and not wins(reply)):
                winning += 1
        share = winning / len(replies) if replies else 1.0
        if share < best_share:
            best, best_share = (value, point), share
    return None if best is None else _placement(best)


def _placement(move: tuple[int, int]) -> Placement:
    return Placement(move[0], POINTS[move[1]])
