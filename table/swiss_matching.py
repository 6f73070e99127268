"""The matching behind a Swiss round (table/pairing.py): networkx's maximum-weight matching.

Each possible pair gets a cost with several levels, the first the most important: a second
bye, a repeat meeting, a first-seat balance pushed past one, leaving a higher-ranked player
unpaired, the bye not on the lowest-ranked player, the distance between score groups (squared),
and the distance from the "top half meets bottom half" pairing inside a score group. Each
level's unit is larger than everything the lower levels can add up to in one matching, so the
heaviest maximum-cardinality matching is the best one level by level.

A big field is paired block by block, from the top of the standings down: a block's players
may only be paired without a repeat, a second bye or a seat imbalance, and whoever is left
over (the lowest-ranked, by the costs) joins the next block. The last block may use any pair;
when it still needs a repeat (or the like), it is merged with the block above and paired again,
up to the whole field in one matching — so such a pair is chosen only when it cannot be avoided.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

#: Levels of a cost, most important first; the first three are what a block must avoid.
LEVELS = ("second_bye", "repeat", "seat", "unpaired", "bye_rank", "score", "fold")
_MUST_AVOID = 3


@dataclass(frozen=True)
class Fields:
    """What the costs read, for every player to pair."""

    rank: dict[int, int]  # 0 = top of the standings
    group: dict[int, int]  # score group, 0 = the highest score
    met: Counter[frozenset[int]]
    balance: dict[int, int]  # first seats minus second seats
    firsts: dict[int, int]
    byes: dict[int, int]


def match(blocks: Sequence[list[int]], fields: Fields) -> list[tuple[int, ...]]:
    """Pairs (unordered) and at most one ``(p,)`` bye for the players of ``blocks`` (in
    standings order, every block but the last of even size)."""
    pending = [list(block) for block in blocks]
    solved: list[tuple[list[int], list[int], list[tuple[int, ...]]]] = []  # carried, own, pairs
    carried: list[int] = []
    while pending:
        block = pending.pop(0)
        final = not pending
        pairs, left, clean = _solve([*carried, *block], fields, final=final, carried=set(carried))
        if final and not clean and solved:
            # The block above (with what was carried into it) and this one, paired again.
            carried, above, _ = solved.pop()
            pending.append([*above, *block])
            continue
        solved.append((carried, block, pairs))
        carried = left
    return [pair for _, _, pairs in solved for pair in pairs]


def _solve(
    nodes: list[int], fields: Fields, *, final: bool, carried: set[int]
) -> tuple[list[tuple[int, ...]], list[int], bool]:
    """The best matching of ``nodes``: (pairs and bye, players left unpaired, whether it is
    clean). A block that is not the last gets only clean pairs and may leave players over;
    the last pairs everyone, with a bye when the count is odd.

    Outside the last block, a pair more than one score group apart is left out unless one of
    them was carried from the block above: the matching's time grows with its pairs, and such
    a pair is only wanted for a player who could not be paired nearer.
    """
    nodes = sorted(nodes, key=fields.rank.__getitem__)
    groups: dict[int, list[int]] = {}
    for player in nodes:
        groups.setdefault(fields.group[player], []).append(player)
    place = {p: i for members in groups.values() for i, p in enumerate(members)}
    costs: dict[tuple[int, int], tuple[int, ...]] = {}
    for (i, a), (j, b) in combinations(enumerate(nodes), 2):
        cost = _pair_cost(a, b, i + j, fields, groups, place)
        near = cost[LEVELS.index("score")] <= 1 or a in carried
        if final or (near and not any(cost[:_MUST_AVOID])):
            costs[i, j] = cost
    bye = len(nodes)  # the bye is one more node, numbered after the players
    if final and len(nodes) % 2:
        for i, player in enumerate(nodes):
            # second bye, -, -, unpaired (as a pair would count), bye rank, -, -
            costs[i, bye] = (fields.byes[player], 0, 0, i + bye, bye - 1 - i, 0, 0)
    # networkx takes about 0.15 s to import: paid by the first pairing, not by every start.
    import networkx as nx

    graph = nx.Graph()
    graph.add_nodes_from(range(len(nodes) + 1))
    for (i, j), weight in _weights(costs, len(nodes) // 2 + 1).items():
        graph.add_edge(i, j, weight=weight)
    chosen = sorted(tuple(sorted(edge)) for edge in nx.max_weight_matching(graph, True))
    pairs = [(nodes[i],) if j == bye else (nodes[i], nodes[j]) for i, j in chosen]
    paired = {i for edge in chosen for i in edge}
    left = [p for i, p in enumerate(nodes) if i not in paired]
    clean = not any(any(costs[edge][:_MUST_AVOID]) for edge in chosen)
    return pairs, left, clean


def _pair_cost(
    a: int, b: int, ranks: int, fields: Fields, groups: dict[int, list[int]], place: dict[int, int]
) -> tuple[int, ...]:
    """The cost of pairing ``a`` with ``b`` (``a`` ranked higher; ``ranks``: the sum of their
    places in the block)."""
    # Who would sit first (table/pairing.py seats them the same way) and the balances after.
    first, second = sorted((a, b), key=lambda p: (fields.balance[p], fields.firsts[p]))
    seat = max(0, abs(fields.balance[first] + 1) - 1) + max(0, abs(fields.balance[second] - 1) - 1)
    ga, gb = fields.group[a], fields.group[b]
    if ga == gb:
        # Inside a score group the top half meets the bottom half: 1 v 5, 2 v 6, …
        fold = abs(place[b] - place[a] - len(groups[ga]) // 2)
    else:
        # Between groups: the bottom of the higher group meets the top of the lower one.
        fold = len(groups[ga]) - 1 - place[a] + place[b]
    return (0, fields.met[frozenset((a, b))], seat, ranks, 0, (ga - gb) ** 2, fold)


def _weights(
    costs: dict[tuple[int, int], tuple[int, ...]], edges: int
) -> dict[tuple[int, int], int]:
    """Integer weights (all >= 1) ordering matchings of ``edges`` pairs level by level."""
    caps = [max((cost[level] for cost in costs.values()), default=0) for level in range(7)]
    units = [0] * len(caps)
    below = 0  # the most the lower levels can add up to in one matching
    for level in reversed(range(len(caps))):
        units[level] = below + 1
        below += edges * caps[level] * units[level]
    top = below + 1
    return {
        edge: top - sum(c * u for c, u in zip(cost, units, strict=True))
        for edge, cost in costs.items()
    }
