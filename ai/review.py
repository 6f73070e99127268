"""A finished game reviewed: each player's chance after every announced turn, and the turns
where a player's own move cost them most, with the move the bot would have preferred there.

Two views, never mixed:

- the public review (``public_review``) reads the public record only (spec/records.md): a
  position is valued as a spectator could value it (hidden parts drawn anew by the game's
  ``Reviewer``), and a preferred move is named only among the moves that name nothing hidden;
- a seat's own review (``seat_review``) reads what that seat knew (``ai.seat``): its chances
  over the determinisations its own computer player draws, and at its key moments the move the
  bot's ``hard`` player chooses from that seat's knowledge.

Every figure is deterministic given the record, the budget and the seed: a review is computed
once and stored, and ``python -m ai review`` prints the same figures.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from ai.knowledge import SeatInfo
from ai.player import computer_for
from ai.players import choose_move
from ai.review_figures import Moment, Review, ReviewBudget, Turn
from ai.reviewer import Reviewer, playout_value, register_reviewer, reviewer_for
from ai.search import Budget, outcome_rewards
from ai.seat import SeatTracker
from rules.base import RulesError, State
from rules.history import History
from rules.public import has_public_records, public_record
from rules.record import Record
from rules.replay import game_of

#: A fall of a player's chance smaller than this over their own turn is no key moment.
MIN_DROP = 0.02
#: Key moments kept per player.
MOMENTS = 3
#: A preferred move is named only when it keeps at least this much more chance than the turn
#: played (the public review's one-ply look is noisy below it).
MARGIN = 0.02
#: The most moves a public review compares at a key moment (the game's own order first).
MAX_CANDIDATES = 40
UNKNOWN = "?"


def shown_of(record: Record, seat: int | None = None) -> Record:
    """The record a review reads: the public one (as ``seat`` saw it), or the record itself
    for a game without secrets (a game with no public records, a plugin's)."""
    if record.public:
        return record
    return public_record(record, seat) if has_public_records(record.game) else record


@dataclass(frozen=True)
class Boundary:
    """Where an announced turn ends in a record: its moves' indices, mover, position after."""

    start: int
    end: int
    seat: int
    before: State
    after: State


def announced_turns(record: Record) -> list[Boundary]:
    """The announced turns of ``record`` (public or not), as ``render.animate`` frames them."""
    history = History(game_of(record), record.players, record.seed, record.options)
    found: list[Boundary] = []
    start, before = 0, history.state.clone()
    for index, text in enumerate(record.moves):
        ply = history.push(text)
        if history.state.turn == ply.seat:
            continue
        seat = ply.seat if ply.seat is not None else 0
        found.append(Boundary(start, index + 1, seat, before, history.state.clone()))
        start, before = index + 1, history.state.clone()
    return found


def _chances(values: Sequence[float]) -> tuple[float, ...]:
    """Values per seat scaled to chances that add up to one (rounded: stored and compared)."""
    total = sum(max(0.0, v) for v in values)
    if total <= 0:
        return tuple(round(1 / len(values), 4) for _ in values)
    return tuple(round(max(0.0, v) / total, 4) for v in values)


def _valued(reviewer: Reviewer, worlds: Sequence[State], rng: random.Random) -> tuple[float, ...]:
    """The chances of every seat, over ``worlds`` (a finished one: its result)."""
    first = worlds[0]
    if first.turn is None:
        return _chances(outcome_rewards(first))
    totals = [0.0] * first.players
    for world in worlds:
        for seat, value in enumerate(reviewer.value(world, rng)):
            totals[seat] += value
    return _chances(totals)


def _rng(seed: int, turn: int) -> random.Random:
    """The generator of one turn's figures: the same whatever was computed before it."""
    return random.Random(seed * 1_000_003 + turn)


def public_review(record: Record, budget: ReviewBudget | None = None, seed: int = 0) -> Review:
    """The review anyone may see, from the public record of ``record`` only."""
    budget = budget or ReviewBudget()
    shown = shown_of(record)
    reviewer = reviewer_for(record.game)
    count = budget.worlds if reviewer.world is not None or reviewer.value is playout_value else 1

    def worlds(position: State, upto: int, rng: random.Random) -> list[State]:
        if reviewer.world is None or position.turn is None:
            return [position.clone() for _ in range(count)]
        prefix = Record(
            shown.game,
            shown.players,
            shown.seed,
            shown.options,
            shown.moves[:upto],
            shown.public,
            shown.seat,
            shown.shown,
        )
        return [reviewer.world(position, prefix, rng) for _ in range(count)]

    def estimate(position: State, upto: int, number: int) -> tuple[float, ...]:
        rng = _rng(seed, number)
        return _valued(reviewer, worlds(position, upto, rng), rng)

    boundaries = announced_turns(shown)
    start = estimate(_turns_start(shown), 0, 0)
    turns = [
        Turn(n, b.seat, shown.moves[b.start : b.end], estimate(b.after, b.end, n))
        for n, b in enumerate(boundaries, 1)
    ]
    moments = []
    for moment, boundary in _key_moments(start, turns, boundaries, None):
        rng = _rng(seed, -moment.turn)
        drawn = worlds(boundary.before, boundary.start, rng)
        moments.append(_public_preferred(reviewer, moment, boundary.before, drawn, rng))
    return Review(
        record.game,
        record.players,
        None,
        start,
        tuple(turns),
        tuple(moments),
        seed,
        budget.to_json(),
    )


def _turns_start(record: Record) -> State:
    return game_of(record).new(record.players, record.seed, record.options)


def _key_moments(
    start: tuple[float, ...],
    turns: Sequence[Turn],
    boundaries: Sequence[Boundary],
    seat: int | None,
) -> list[tuple[Moment, Boundary]]:
    """Each player's (or ``seat``'s) turns after which their chance fell most, in turn order.

    A fall runs from before their move until their next turn begins (or the game ends): a
    move that leaves the next player an opening costs its mover when the opening is taken,
    and in a game where one's own move rarely loses anything at once (Kahuna) that is where
    it shows."""
    before = [start, *(t.chances for t in turns)]
    drops: dict[int, list[tuple[float, int, float]]] = {}
    for index, turn in enumerate(turns):
        mover = turn.seat
        if seat is not None and mover != seat:
            continue
        later = next((j for j in range(index + 1, len(turns)) if turns[j].seat == mover), None)
        after = before[later][mover] if later is not None else before[-1][mover]
        fall = before[index][mover] - after
        if fall >= MIN_DROP:
            drops.setdefault(mover, []).append((fall, index, after))
    chosen = sorted(
        (index, after)
        for found in drops.values()
        for _, index, after in sorted(found, key=lambda d: (-d[0], d[1]))[:MOMENTS]
    )
    return [
        (
            Moment(
                turns[i].seat,
                turns[i].number,
                before[i][turns[i].seat],
                after,
                turns[i].moves,
                turns[i].chances[turns[i].seat],
            ),
            boundaries[i],
        )
        for i, after in chosen
    ]


def _public_preferred(
    reviewer: Reviewer, moment: Moment, position: State, worlds: Sequence[State], rng: random.Random
) -> Moment:
    """The move, naming nothing hidden, that keeps the mover's chance best (one ply)."""
    if reviewer.public_moves is not None:
        moves = reviewer.public_moves(position)
    else:
        legal = [m for m in position.legal_moves() if UNKNOWN not in position.format(m)]
        moves = legal[:MAX_CANDIDATES]
    best: tuple[float, str] | None = None
    for move in moves:
        text = position.format(move)
        try:
            after = []
            for world in worlds:
                copy = world.clone()
                copy.play(text)
                after.append(copy)
        except RulesError:  # a move that needs what nobody saw (a tile never drawn)
            continue
        chance = _valued(reviewer, after, rng)[moment.seat]
        if best is None or chance > best[0]:
            best = (chance, text)
    return _with_preferred(moment, best)


def _with_preferred(moment: Moment, best: tuple[float, str] | None) -> Moment:
    # Both right after a move, one ply: the turn played against the bot's choice.
    if best is None or best[1] == moment.played[0] or best[0] < moment.played_chance + MARGIN:
        return moment
    return Moment(**{**asdict(moment), "preferred": best[1], "preferred_chance": best[0]})


def seat_review(
    record: Record, seat: int, budget: ReviewBudget | None = None, seed: int = 0
) -> Review:
    """``seat``'s own review of the full ``record``: from what that seat knew only."""
    if record.public:
        raise RulesError("record-public")
    budget = budget or ReviewBudget()
    reviewer = reviewer_for(record.game)
    player = computer_for(record.game)
    count = budget.worlds if reviewer.world is not None or reviewer.value is playout_value else 1
    tracker = SeatTracker(replace_moves(record, ()), seat)

    def sampled(info: SeatInfo, rng: random.Random) -> list[State]:
        """Worlds as the seat could imagine them (one a history few samples fit may lack)."""
        worlds = []
        for _ in range(count):
            try:
                worlds.append(player.sample(info, rng))
            except RuntimeError:
                continue
        return worlds

    last: list[tuple[float, ...]] = [_chances([1.0] * record.players)]

    def estimate(number: int) -> tuple[float, ...]:
        rng = _rng(seed, number)
        if tracker.history.state.turn is None:
            return _chances(outcome_rewards(tracker.history.state))
        worlds = sampled(tracker.info(), rng)
        if worlds:  # else the chances stand as they were
            last[0] = _valued(reviewer, worlds, rng)
        return last[0]

    shown = shown_of(record, seat)
    boundaries = announced_turns(shown)
    start = estimate(0)
    infos = []
    turns = []
    done = 0
    for number, boundary in enumerate(boundaries, 1):
        infos.append(tracker.info() if boundary.seat == seat else None)
        for text in record.moves[done : boundary.end]:
            tracker.push(text)
        done = boundary.end
        turns.append(
            Turn(
                number, boundary.seat, shown.moves[boundary.start : boundary.end], estimate(number)
            )
        )
    moments = []
    for moment, _ in _key_moments(start, turns, boundaries, seat):
        info = infos[moment.turn - 1]
        if info is None:
            moments.append(moment)
            continue
        preferred = choose_move(info, "hard", Budget(iterations=budget.search), seed)
        rng = _rng(seed, -moment.turn)
        worlds = sampled(info, rng)
        try:
            for world in worlds:
                world.play(preferred)
        except RulesError:  # not playable in some world: nothing to compare it with
            worlds = []
        best = (_valued(reviewer, worlds, rng)[seat], preferred) if worlds else None
        moments.append(_with_preferred(moment, best))
    return Review(
        record.game,
        record.players,
        seat,
        start,
        tuple(turns),
        tuple(moments),
        seed,
        budget.to_json(),
    )


def replace_moves(record: Record, moves: Sequence[str]) -> Record:
    """``record`` with other moves (the rest kept)."""
    return Record(
        record.game,
        record.players,
        record.seed,
        record.options,
        tuple(moves),
        record.public,
        record.seat,
        record.shown,
    )


__all__ = [
    "Moment",
    "Review",
    "ReviewBudget",
    "Reviewer",
    "Turn",
    "announced_turns",
    "public_review",
    "register_reviewer",
    "reviewer_for",
    "seat_review",
    "shown_of",
]
