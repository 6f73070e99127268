"""Islas players: the score each seat would have if the game ended now, and rollouts.

The evaluation counts each feature a follower stands on at its end-of-game value (islands a
little more, as they often close for double), plus followers still in hand while there are
tiles to use them on. All of it is public: the board, the followers, the scores.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from rules.islas import ISLAND, WATER, IslasState, Placement

ISLAND_HOPE = 1.4  # an open island is often closed later, for double points
FOLLOWER_WORTH = 2.0  # a follower in hand, early in the game


def virtual_scores(state: IslasState) -> list[float]:
    """Each seat's score if the game ended now, open features counted at their final value."""
    scores = [float(s) for s in state.outcome().scores]
    if state.finished:
        return scores
    board = state.board
    firsts: dict[int, int] = {}
    for node in board.followers:
        firsts.setdefault(board.find(node), node)
    for root, node in firsts.items():
        feature = board.feature(node)
        points = feature.points()
        if feature.kind == ISLAND and not feature.complete:
            points *= ISLAND_HOPE
        elif feature.kind == WATER:
            points += 0.5 * len(feature.squares) ** 0.5  # fields grow with the map
        owners = board.owners(root)
        best = max(owners.count(s) for s in set(owners))
        for seat in set(owners):
            if owners.count(seat) == best:
                scores[seat] += points
    tiles_left = state.tiles_left
    for seat, left in enumerate(state.followers_left):
        scores[seat] += FOLLOWER_WORTH * min(left, 3) * min(1.0, tiles_left / 30)
    return scores


def relative(scores: Sequence[float], seat: int) -> float:
    """``seat``'s lead over the best other seat."""
    return scores[seat] - max(s for i, s in enumerate(scores) if i != seat)


def rewards(state: IslasState) -> list[float]:
    """A value in [0, 1] per seat from the virtual scores (the outcome once finished)."""
    if state.finished:
        winners = state.outcome().winners
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(state.players)]
    scores = virtual_scores(state)
    return [1 / (1 + math.exp(-relative(scores, s) / 8)) for s in range(state.players)]


def ranked(state: IslasState, limit: int | None = None) -> list[Placement]:
    """Legal moves, best first by the position each leads to (one ply), for the mover."""
    seat = state.turn
    assert seat is not None
    scored = []
    for index, move in enumerate(state.legal_moves()):
        after = state.clone()
        after.apply(move)
        scored.append((relative(virtual_scores(after), seat), -index, move))
    scored.sort(key=lambda s: (s[0], s[1]), reverse=True)
    moves = [move for _, _, move in scored]
    return moves if limit is None else moves[:limit]


def play_out(state: IslasState, move: Placement, seat: int) -> float:
    """Play ``move`` on a sampled state, then a greedy round of every seat (``seat``'s next
    move included) with the tiles that sample draws; ``seat``'s value at the end."""
    state.apply(move)
    for _ in range(state.players):
        if state.turn is None:
            break
        state.apply(ranked(state, 1)[0])
    return rewards(state)[seat]
