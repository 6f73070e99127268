"""Properties of Islas over random games, checked against an oracle that shares no code with
the engine's feature map: it rebuilds every feature from the public view and the raw tile data.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import RulesError
from rules.base import Event
from rules.islas import FOLLOWERS, ISLAS, IslasState, Placement, Skip
from rules.islas.tiles import HALF_SIDE, HALVES, MIRROR, OPPOSITE, SIDES, STEP, Tile, oriented
from rules.islas_view import Follower, IslasView, PlacedTile
from rules.replay import replay

Node = tuple[int, str, int]  # (tile index, kind, index among the tile's segments of that kind)
AROUND = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]


class Oracle:
    """Features of a map recomputed from scratch, by the spec's words."""

    def __init__(self, tiles: Sequence[PlacedTile]) -> None:
        self.tiles = list(tiles)
        self.at = {(t.x, t.y): i for i, t in enumerate(self.tiles)}
        self.data: list[Tile] = [oriented(t.name, t.rotation) for t in self.tiles]
        self.parent: dict[Node, Node] = {}
        for i, tile in enumerate(self.data):
            for kind, count in self._counts(tile).items():
                for k in range(count):
                    self.parent[(i, kind, k)] = (i, kind, k)
        for i, tile in enumerate(self.tiles):
            for side in SIDES:
                j = self.neighbour(tile.x, tile.y, side)
                if j is None:
                    continue
                edge, there = self.data[i].edge(side), self.data[j]
                assert edge == there.edge(OPPOSITE[side]), "edges must match"
                if edge in "ib":
                    kind = "island" if edge == "i" else "bridge"
                    self._union(
                        self._by_side(i, kind, side), self._by_side(j, kind, OPPOSITE[side])
                    )
                for half in (h for h in HALVES if HALF_SIDE[h] == side and edge != "i"):
                    self._union(self._by_half(i, half), self._by_half(j, MIRROR[half]))

    @staticmethod
    def _counts(tile: Tile) -> dict[str, int]:
        return {
            "island": len(tile.islands),
            "bridge": len(tile.bridges),
            "water": len(tile.water),
            "lighthouse": int(tile.lighthouse),
        }

    def neighbour(self, x: int, y: int, side: str) -> int | None:
        """The tile index beyond ``side`` of (x, y)."""
        dx, dy = STEP[side]
        return self.at.get((x + dx, y + dy))

    def _by_side(self, i: int, kind: str, side: str) -> Node:
        segments = self.data[i].islands if kind == "island" else self.data[i].bridges
        return (i, kind, next(k for k, sides in enumerate(segments) if side in sides))

    def _by_half(self, i: int, half: str) -> Node:
        return (i, "water", next(k for k, w in enumerate(self.data[i].water) if half in w.halves))

    def find(self, node: Node) -> Node:
        """The representative of ``node``'s feature."""
        while self.parent[node] != node:
            node = self.parent[node]
        return node

    def _union(self, a: Node, b: Node) -> None:
        self.parent[self.find(a)] = self.find(b)

    def members(self, node: Node) -> list[Node]:
        """Every node of ``node``'s feature."""
        root = self.find(node)
        return [n for n in self.parent if self.find(n) == root]

    def around(self, i: int) -> int:
        """How many of the 8 squares around tile ``i`` hold a tile."""
        t = self.tiles[i]
        return sum((t.x + dx, t.y + dy) in self.at for dx, dy in AROUND)

    def complete(self, node: Node) -> bool:
        """Closed all round (island, bridge) or surrounded (lighthouse); water never."""
        i, kind, _ = node
        if kind == "lighthouse":
            return self.around(i) == 8
        if kind == "water":
            return False
        for m, mkind, mk in self.members(node):
            tile, t = self.data[m], self.tiles[m]
            sides = (tile.islands if mkind == "island" else tile.bridges)[mk]
            if any(self.neighbour(t.x, t.y, side) is None for side in sides):
                return False
        return True

    def value(self, node: Node) -> int:
        """The feature's points now: complete value, or end-of-game value."""
        i, kind, _ = node
        if kind == "lighthouse":
            return 1 + self.around(i)
        members = self.members(node)
        tiles = {m for m, _, _ in members}
        if kind == "bridge":
            return len(tiles)
        if kind == "island":
            anchors = sum(self.data[m].anchor for m in tiles)
            return (2 if self.complete(node) else 1) * (len(tiles) + anchors)
        islands = {
            self.find((m, "island", b))
            for m, _, k in members
            for b in self.data[m].water[k].islands
        }
        return 3 * sum(self.complete(root) for root in islands)

    def node_of(self, follower: Follower) -> Node:
        """The node a follower stands on."""
        i = self.at[(follower.x, follower.y)]
        if follower.kind == "lighthouse":
            return (i, "lighthouse", 0)
        if follower.kind == "water":
            return self._by_half(i, follower.where)
        return self._by_side(i, follower.kind, follower.where)

    def fits(self, name: str, x: int, y: int, rotation: int) -> bool:
        """Whether ``name`` turned by ``rotation`` may go on the empty square (x, y)."""
        tile = oriented(name, rotation)
        neighbours = [(side, self.neighbour(x, y, side)) for side in SIDES]
        touching = [(side, j) for side, j in neighbours if j is not None]
        return bool(touching) and all(
            tile.edge(side) == self.data[j].edge(OPPOSITE[side]) for side, j in touching
        )

    def empty_squares(self) -> set[tuple[int, int]]:
        """The empty squares beside placed tiles."""
        return {
            (t.x + STEP[s][0], t.y + STEP[s][1])
            for t in self.tiles
            for s in SIDES
            if (t.x + STEP[s][0], t.y + STEP[s][1]) not in self.at
        }


def majority_gain(players: int, owners: list[int], points: int) -> list[int]:
    """Points per seat when ``owners`` (seats of followers) share a feature worth ``points``."""
    counts = Counter(owners)
    best = max(counts.values())
    return [points if counts[s] == best else 0 for s in range(players)]


def expected_scores(before: IslasView, after: IslasView, move: Placement, seat: int) -> list[int]:
    """The scores the oracle expects after ``move``; checks the followers left on the map."""
    oracle = Oracle(after.tiles)
    followers = list(before.followers)
    if move.follower is not None:
        kind, where = move.follower
        mine = Follower(seat, move.x, move.y, kind, where)
        # The feature of a new follower held no follower before the tile joined it.
        others = {oracle.find(oracle.node_of(f)) for f in followers}
        assert oracle.find(oracle.node_of(mine)) not in others
        followers.append(mine)
    new = len(after.tiles) - 1
    candidates = [n for n in oracle.parent if n[0] == new and n[1] in ("island", "bridge")]
    x, y = move.x, move.y
    for dx, dy in [(0, 0), *AROUND]:
        j = oracle.at.get((x + dx, y + dy))
        if j is not None and oracle.data[j].lighthouse:
            candidates.append((j, "lighthouse", 0))
    gains = [0] * before.players
    done: set[Node] = set()
    for node in candidates:
        root = oracle.find(node)
        if root in done or not oracle.complete(node):
            continue
        done.add(root)
        owners = [f.seat for f in followers if oracle.find(oracle.node_of(f)) == root]
        if owners:
            gain = majority_gain(before.players, owners, oracle.value(node))
            gains = [a + b for a, b in zip(gains, gain, strict=True)]
    staying = [f for f in followers if oracle.find(oracle.node_of(f)) not in done]
    assert sorted(staying, key=repr) == sorted(after.followers, key=repr)
    if after.finished:
        by_root: dict[Node, list[int]] = {}
        for f in staying:
            by_root.setdefault(oracle.find(oracle.node_of(f)), []).append(f.seat)
        for root, owners in by_root.items():
            assert not oracle.complete(root)
            gain = majority_gain(before.players, owners, oracle.value(root))
            gains = [a + b for a, b in zip(gains, gain, strict=True)]
    return [a + b for a, b in zip(before.scores, gains, strict=True)]


def check_legal_moves(state: IslasState) -> None:
    """Spots and follower choices exactly as the oracle finds them; no duplicates; round trips."""
    moves = state.legal_moves()
    assert len(moves) == len(set(moves)) and moves
    view = state.view()
    oracle = Oracle(view.tiles)
    assert view.current is not None
    bare = {(m.x, m.y, m.rotation) for m in moves if m.follower is None}
    assert bare == {
        (x, y, r)
        for x, y in oracle.empty_squares()
        for r in (0, 90, 180, 270)
        if oracle.fits(view.current, x, y, r)
    }
    assert {(s.x, s.y, r) for s in view.spots for r in s.rotations} == bare
    seat = state.turn
    assert seat is not None
    for x, y, r in random.Random(len(moves)).sample(sorted(bare), min(3, len(bare))):
        placed = Oracle([*view.tiles, PlacedTile(view.current, x, y, r)])
        taken = {placed.find(placed.node_of(f)) for f in view.followers}
        tile = placed.data[-1]
        choices = []
        new = len(view.tiles)
        for kind, segments in (("island", tile.islands), ("bridge", tile.bridges)):
            for k, sides in enumerate(segments):
                choices.append(((kind, min(sides, key=SIDES.index)), (new, kind, k)))
        for k, water in enumerate(tile.water):
            choices.append((("water", min(water.halves, key=HALVES.index)), (new, "water", k)))
        if tile.lighthouse:
            choices.append((("lighthouse", ""), (new, "lighthouse", 0)))
        expected = {
            Placement(x, y, r, follower)
            for follower, node in choices
            if state.followers_left[seat] and placed.find(node) not in taken
        }
        assert {m for m in moves if (m.x, m.y, m.rotation) == (x, y, r) and m.follower} == expected
    for move in moves[:: max(1, len(moves) // 25)]:
        assert state.parse(state.format(move)) == move


def playout(
    seed: int, players: int
) -> Iterator[tuple[IslasState, IslasView, Placement, list[Event]]]:
    """A random game: each ply yields the state after, the view before, the move, the events."""
    rng = random.Random(seed)
    state = ISLAS.new(players, seed)
    while state.turn is not None:
        before = state.view()
        moves = state.legal_moves()
        with_follower = [m for m in moves if m.follower is not None]
        # Followers often, so that features are shared, merged and fought over.
        pool = with_follower if with_follower and rng.random() < 0.4 else moves
        move = rng.choice(pool)
        events = state.apply(move)
        yield state, before, move, events


def check_position(
    state: IslasState, before: IslasView, move: Placement, events: list[Event]
) -> None:
    """Conservation, monotone scores, the oracle's scoring, public events."""
    view = state.view()
    assert len(view.tiles) + len(view.put_out) + view.tiles_left == 72
    assert view.tiles_left == len(state.pile) - state.next and view.ply == before.ply + 1
    on_map = Counter(f.seat for f in view.followers)
    assert all(on_map[s] + view.followers_left[s] == FOLLOWERS for s in range(view.players))
    assert all(a >= b for a, b in zip(view.scores, before.scores, strict=True))
    seat = before.turn
    assert seat is not None
    assert list(view.scores) == expected_scores(before, view, move, seat)
    keys = [e.key for e in events]
    assert keys[0] == "islas-placed" and events[0].params["seat"] == seat
    put_out = [e.params["tile"] for e in events if e.key == "islas-put-out"]
    assert tuple(put_out) == view.put_out[len(before.put_out) :]
    oracle = Oracle(view.tiles)
    for name in put_out:  # each fitted nowhere, and the map does not change while drawing
        assert not any(
            oracle.fits(name, x, y, r) for x, y in oracle.empty_squares() for r in (0, 90, 180, 270)
        )
    if view.finished:
        assert keys[-1] == "islas-game-over" and "islas-drew" not in keys
        assert view.winners == tuple(s for s, p in enumerate(view.scores) if p == max(view.scores))
        assert view.current is None and view.tiles_left == 0
    else:
        assert events[-1].key == "islas-drew"
        assert events[-1].params == {"seat": view.turn, "tile": view.current}
    assert state.summary() == {
        "followers_left": list(view.followers_left),
        "tiles_left": view.tiles_left,
        "placed": len(view.tiles),
    }
    assert all(state.view(s) == view.__class__(**{**view.__dict__, "viewer": s}) for s in (0, 1))


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5))
def test_random_games_match_the_oracle(seed: int, players: int) -> None:
    for state, before, move, events in playout(seed, players):
        check_position(state, before, move, events)
        if state.turn is not None and state.ply % 7 == 0:
            check_legal_moves(state)
    assert state.outcome().finished and state.legal_moves() == []


def test_many_games_end_with_every_tile_placed_or_put_out() -> None:
    put_out: Counter[str] = Counter()
    for seed in range(60):
        players = 2 + seed % 4
        *_, (state, _, _, _) = playout(seed, players)
        view = state.view()
        used = Counter(t.name for t in view.tiles[1:]) + Counter(view.put_out)
        assert used == Counter(state.pile)
        assert state.outcome().finished and state.outcome().winners
        put_out.update(view.put_out)
    assert sum(put_out.values()) < 60  # seldom: most tiles fit somewhere


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 5), stop=st.integers(1, 75))
def test_replaying_the_formatted_moves_rebuilds_the_game(
    seed: int, players: int, stop: int
) -> None:
    texts = []
    for state, _, move, _ in playout(seed, players):
        texts.append(state.format(move))
        if len(texts) == stop:
            break
    rebuilt = ISLAS.replay(players, seed, {}, texts)
    assert rebuilt.summary() == state.summary() and rebuilt.outcome() == state.outcome()
    assert rebuilt.view(None) == state.view(None)
    assert rebuilt.legal_moves() == state.legal_moves()
    assert rebuilt.clone().view(0) == state.view(0)
    # The same game from its pile, with another seed.
    options = {"deck": list(state.pile), "first": ISLAS.new(players, seed).turn}
    assert ISLAS.replay(players, seed + 1, options, texts).view() == state.view()
    record = {"game": "islas", "players": players, "seed": seed, "moves": texts}
    result = replay(record)
    assert result["ok"] and result["summary"] == state.summary() and result["ply"] == len(texts)
    assert (result["finished"], result["scores"]) == (state.turn is None, list(state.scores))


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), stop=st.integers(0, 60))
def test_clones_do_not_share_state(seed: int, stop: int) -> None:
    state = ISLAS.new(3, seed)
    for state, _, _, _ in playout(seed, 3):
        if state.ply >= stop:
            break
    if state.turn is None:
        return
    view, moves = state.view(), state.legal_moves()
    other = state.clone()
    while other.turn is not None:
        other.apply(other.legal_moves()[-1])
    assert state.view() == view and state.legal_moves() == moves


WORDS = [
    *("island", "isla", "bridge", "puente", "water", "agua", "lighthouse", "faro", "ISLA"),
    *SIDES,
    *HALVES,
    *("O", "ONO", "NNO", "OSO", "SSO", "nno", "x", "45", "90", "0,0", "1,0", "-1,0", "0,-1"),
    *("0, 1", "1 ,1", "2,1", "99999999999,1", "\u212a", "\u00a0", "\u22121,0", "Ｎ", "ſ", "°"),
]


@cache
def position(plies: int) -> IslasState:
    """A game after ``plies`` moves (seeded by ``plies``), built once."""
    state = ISLAS.new(2, plies)
    while state.ply < plies and state.turn is not None:
        moves = state.legal_moves()
        state.apply(moves[state.ply % len(moves)])
    return state


@settings(max_examples=400, deadline=None)
@given(
    text=st.one_of(
        st.text(max_size=30),
        st.lists(st.sampled_from(WORDS), max_size=5).map(" ".join),
    ),
    plies=st.integers(0, 40),
)
def test_parse_raises_only_rules_errors(text: str, plies: int) -> None:
    state = position(plies)
    try:
        move = state.parse(text)
    except RulesError:
        return
    # ``skip`` / ``saltar`` reads as the table's Skip, which records replay but no player may
    # play (spec/islas.md): the bot refuses it from players. Anything else read is legal.
    assert move in state.legal_moves() or move == Skip()
