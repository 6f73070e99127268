"""Islas players: the score each seat would have if the game ended now, and rollouts.

The evaluation counts each feature a follower stands on at its end-of-game value (islands a
little more, as they often close for double), plus followers still in hand while there are
tiles to use them on. All of it is public: the board, the followers, the scores.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ai.knowledge import SeatInfo
from ai.player import ComputerPlayer
from ai.players import EASY_GREEDY
from ai.sample import new_state
from ai.sample import pool as sample_pool
from ai.search import Budget, paired
from rules.base import State
from rules.islas import ISLAND, LIGHTHOUSE, WATER, IslasState, Placement, pile
from rules.islas.features import Board

ISLAND_HOPE = 1.4  # an open island is often closed later, for double points
FOLLOWER_WORTH = 2.0  # a follower in hand, early in the game
#: hard values followers in hand more: greedy play spends them on small features and has none
#: left for the large ones (at a table of three, 50% wins instead of a third, one ply each)
HARD_FOLLOWER_WORTH = 3.5


#: A feature's worth, remembered between the positions that one ``ranked`` compares: root ->
#: (size, open sides, points, the island roots a water area borders).
Memo = dict[int, tuple[int, int, float, tuple[int, ...]]]


def virtual_scores(
    state: IslasState, hopeful: bool = False, memo: Memo | None = None
) -> list[float]:
    """Each seat's score if the game ended now, open features counted at their final value.

    ``hopeful`` (hard's look): an open island is worth more the more tiles are left to close
    it and the fewer sides it has open; a field counts only the islands closed round it; a
    follower in hand is worth more (``HARD_FOLLOWER_WORTH``).

    ``memo``: shared by positions that differ from one position by one more tile (the
    moves ``ranked`` compares). Only features that tile touched can differ among them (a
    feature changes by joining the new tile; an island closes only by it, which is all that
    changes for the water round it; lighthouses are always counted afresh), so the others
    are counted once.
    """
    scores = [float(s) for s in state.outcome().scores]
    if state.finished:
        return scores
    board = state.board
    groups: dict[int, list[int]] = {}  # root -> the seats of its followers
    firsts: dict[int, int] = {}
    for node, seat in board.followers.items():
        root = board.find(node)
        firsts.setdefault(root, node)
        groups.setdefault(root, []).append(seat)
    fresh: set[int] = set()
    if memo is not None and board.tiles:
        last = board.tiles[-1]
        fresh = {board.find(n) for n in range(last.base, len(board.parent))}
    later = min(1.0, state.tiles_left / 30)  # how much of the game is left to close things
    for root, node in firsts.items():
        kind = board.segment(node).kind
        known = None if memo is None or root in fresh or kind == LIGHTHOUSE else memo.get(root)
        if known is not None and known[:2] == (board.size[root], board.open[root]):
            points, bordered = known[2], known[3]
            if not bordered or not any(board.find(b) in fresh for b in bordered):
                _share(scores, groups[root], points)
                continue
        # A water area's nodes, read once along its ring: its feature and the islands round it.
        nodes = board.nodes(root) if kind == WATER else []
        feature = board.feature(node, {root: nodes} if kind == WATER else None)
        points = feature.points()
        bordered = ()
        if feature.kind == ISLAND and not feature.complete:
            points *= (1 + later / max(1, board.open[root] / 2)) if hopeful else ISLAND_HOPE
        elif feature.kind == WATER:
            bordered = tuple(_bordered(board, nodes))
            if not hopeful:
                points += 0.5 * len(feature.squares) ** 0.5  # fields grow with the map
        if memo is not None and root not in fresh and not fresh.intersection(bordered):
            memo[root] = (board.size[root], board.open[root], points, bordered)
        _share(scores, groups[root], points)
    for seat, left in enumerate(state.followers_left):
        worth = HARD_FOLLOWER_WORTH if hopeful else FOLLOWER_WORTH
        scores[seat] += worth * min(left, 3) * later
    return scores


def _share(scores: list[float], owners: list[int], points: float) -> None:
    """The seats with the most followers on a feature each get its points."""
    if len(owners) == 1:
        scores[owners[0]] += points
        return
    best = max(owners.count(s) for s in set(owners))
    for seat in set(owners):
        if owners.count(seat) == best:
            scores[seat] += points


def _bordered(board: Board, nodes: Sequence[int]) -> set[int]:
    """The islands (roots) that the water nodes ``nodes`` border."""
    return {
        board.find(board.tiles[board.node_tile[n]].base + island)
        for n in nodes
        for island in board.segment(n).borders
    }


def relative(scores: Sequence[float], seat: int) -> float:
    """``seat``'s lead over the best other seat."""
    return scores[seat] - max(s for i, s in enumerate(scores) if i != seat)


def rewards(state: IslasState, hopeful: bool = False) -> list[float]:
    """A value in [0, 1] per seat from the virtual scores (the outcome once finished)."""
    if state.finished:
        winners = state.outcome().winners
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(state.players)]
    scores = virtual_scores(state, hopeful)
    return [reward(relative(scores, s)) for s in range(state.players)]


def ranked(state: IslasState, limit: int | None = None, hopeful: bool = False) -> list[Placement]:
    """Legal moves, best first by the position each leads to (one ply), for the mover."""
    return [move for _, move in scored(state, limit, hopeful)]


def scored(
    state: IslasState, limit: int | None = None, hopeful: bool = False
) -> list[tuple[float, Placement]]:
    """``ranked``'s moves with the mover's lead (``relative``) after each, best first."""
    seat = state.turn
    if seat is None:
        raise ValueError("no move to rank: the game is over")
    found = []
    memo: Memo = {}
    for index, move in enumerate(state.legal_moves()):
        after = state.clone()
        after.apply(move)
        found.append((relative(virtual_scores(after, hopeful, memo), seat), -index, move))
    found.sort(key=lambda s: (s[0], s[1]), reverse=True)
    moves = [(lead, move) for lead, _, move in found]
    return moves if limit is None else moves[:limit]


def reward(lead: float) -> float:
    """A lead in points as a value in [0, 1] (``rewards``' scale)."""
    return 1 / (1 + math.exp(-lead / 8))


OWN_NEXT = 1  # whether a play-out ends with the player's own next (greedy) move


def play_out(state: IslasState, move: Placement, seat: int) -> float:
    """Play ``move`` on a sampled state, then a greedy round of every seat (``seat``'s next
    move included) with the tiles that sample draws; ``seat``'s value at the end, in hard's
    hopeful look."""
    state.apply(move)
    for _ in range(state.players - 1 + OWN_NEXT):
        if state.turn is None:
            break
        state.apply(ranked(state, 1)[0])
    return rewards(state, hopeful=True)[seat]


# -- the computer player: what a seat knows, its samples, its levels ------------------------------

POOL = 6  # determinisations kept per search (each iteration copies one)


def _start(view: Any) -> tuple[Any, ...]:
    """Before the first move a seat sees the tiles put out and the tile to place."""
    return (view.put_out, view.current)


def _ply(seat: int, mover: int | None, notation: str, before: Any, after: Any) -> tuple:
    """The tiles put out so far and the tile to place, after the move."""
    return (after.put_out, after.current), notation


def _sample(info: SeatInfo, rng: random.Random) -> State:
    """The tiles seen so far keep their order; the rest of the pile is shuffled."""
    drawn = [*info.start[0]]
    if info.start[1] is not None:
        drawn.append(info.start[1])
    put_before = len(info.start[0])
    for text, (put_out, current) in zip(info.moves, info.seen, strict=True):
        if text == "skip":
            continue  # the same tile passes on
        drawn += put_out[put_before:]
        put_before = len(put_out)
        if current is not None:
            drawn.append(current)
    rest = list((Counter(pile()) - Counter(drawn)).elements())
    rest.sort()
    rng.shuffle(rest)
    state = new_state(info, rng, deck=drawn + rest)
    for text in info.moves:
        state.play(text)
    return state


ROOT_MOVES = 6  # hard compares this many moves, the best by a one-ply look
PRIOR = 6.0  # weight of a move's one-ply value against its play-outs


def _choose(info: SeatInfo, level: str, budget: Budget, rng: random.Random) -> str:
    sample = sample_pool(info, rng, POOL)
    state = sample(0)
    if level == "easy":
        moves = state.legal_moves()
        move = ranked(state, 1)[0] if rng.random() < EASY_GREEDY else rng.choice(moves)
        return state.format(move)
    if level == "normal":
        return state.format(ranked(state, 1)[0])
    leads = scored(state, ROOT_MOVES, hopeful=True)
    top = [move for _, move in leads]
    if len(top) == 1:
        return state.format(top[0])
    # Every candidate is played on the same sampled piles (paired, so that luck in the
    # draws cancels out), then a greedy round of everybody with the tiles each pile gives.
    current: list[State] = []

    def pull(i: int, arm: int) -> float:
        if arm == 0 or not current:
            current[:] = [sample(i // len(top))]
        return play_out(current[0].clone(), top[arm], info.seat)

    stats = paired(len(top), pull, budget)
    # A few piles say little, and the best of six noisy means is mostly luck: each mean is
    # drawn towards the move's own one-ply value, as if it had been seen PRIOR times.
    rounds = stats[0][1]
    prior = [reward(lead) for lead, _ in leads]
    best = max(
        stats,
        key=lambda s: ((s[2] * rounds + PRIOR * prior[s[0]]) / (rounds + PRIOR), -s[0]),
    )
    return state.format(top[best[0]])


#: Islas's computer player: its registration (cogs/games/islas.py) makes it the game's.
PLAYER = ComputerPlayer(choose=_choose, sample=_sample, start=_start, ply=_ply)
