"""Matches between players (levels, ``random`` or ``reference``) with seats alternated, and
their figures."""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from ai.players import choose_move
from ai.reference import REFERENCE, reference_move
from ai.search import Budget
from ai.seat import SeatTracker
from rules.base import State
from rules.record import Record

RANDOM = "random"
MAX_PLIES = 2000  # a guard: every game of these rules ends long before


def random_move(state: State, rng: random.Random) -> str:
    """A uniformly random legal move of the referee's ``state``.

    The mover's legal moves are a matter of its own hand and the public board, so taking
    them from the real state tells it nothing (a sampled state may not exist: a Kahuna
    history can be one that no deal the sampler draws fits)."""
    return state.format(rng.choice(state.legal_moves()))


@dataclass
class Match:
    """The tally of a match of ``a`` against ``b``."""

    a: str
    b: str
    wins: list[int] = field(default_factory=lambda: [0, 0])
    draws: int = 0
    margins: list[float] = field(default_factory=list)  # a's score minus b's, per game
    think: dict[str, list[float]] = field(default_factory=lambda: {"a": [], "b": []})

    def add(self, result: GameResult) -> None:
        """Count one game: a sole winner wins, a shared first place is a draw."""
        a_seat, winners = result.a_seat, result.winners
        if a_seat in winners and len(winners) == 1:
            self.wins[0] += 1
        elif a_seat in winners:
            self.draws += 1
        else:
            self.wins[1] += 1
        others = [result.scores[s] for s in range(len(result.scores)) if s != a_seat]
        self.margins.append(result.scores[a_seat] - max(others))
        for seat, seat_times in enumerate(result.times):
            self.think["a" if seat == a_seat else "b"] += seat_times

    def summary(self) -> dict[str, Any]:
        """Wins, draws, mean margin and think-time percentiles (ms) of each side."""
        games = sum(self.wins) + self.draws

        def pct(times: list[float], q: float) -> float:
            if not times:
                return 0.0
            ordered = sorted(times)
            return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)

        return {
            "a": self.a,
            "b": self.b,
            "games": games,
            "wins_a": self.wins[0],
            "wins_b": self.wins[1],
            "draws": self.draws,
            "win_rate_a": round(self.wins[0] / games, 3) if games else 0.0,
            "margin_a": round(statistics.fmean(self.margins), 2) if self.margins else 0.0,
            "think_ms": {
                side: {"p50": pct(times, 0.5), "p99": pct(times, 0.99), "moves": len(times)}
                for side, times in self.think.items()
            },
        }


def play(
    game: str,
    levels: list[str],
    seed: int,
    budget: Budget,
    options: dict[str, Any] | None = None,
) -> tuple[Record, list[list[float]]]:
    """One game with ``levels[seat]`` at each seat; the record and each seat's think times."""
    record = Record(game, len(levels), seed, dict(options or {}))
    trackers = [SeatTracker(record, seat) for seat in range(len(levels))]
    rngs = [random.Random(seed * 31 + seat) for seat in range(len(levels))]
    times: list[list[float]] = [[] for _ in levels]
    moves: list[str] = []
    while len(moves) < MAX_PLIES:
        state = trackers[0].history.state
        seat = state.turn
        if seat is None:
            break
        info = trackers[seat].info()
        started = time.perf_counter()
        if levels[seat] == RANDOM:
            move = random_move(state, rngs[seat])
        elif levels[seat] == REFERENCE:
            try:
                move = reference_move(info, rngs[seat].randrange(2**31))
            except RuntimeError:  # a history no sampled deal fits: as the random player
                move = random_move(state, rngs[seat])
        else:
            move = choose_move(info, levels[seat], budget, rngs[seat].randrange(2**31))
        times[seat].append((time.perf_counter() - started) * 1000)
        for tracker in trackers:
            tracker.push(move)
        moves.append(move)
    return Record(game, len(levels), seed, dict(options or {}), tuple(moves)), times


@dataclass(frozen=True)
class GameResult:
    """One game of a match, as seen from ``a``'s seat."""

    a_seat: int
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    #: each seat's think times (ms), in the order of its moves
    times: tuple[tuple[float, ...], ...]


def match_game(
    game: str,
    a: str,
    b: str,
    index: int,
    budget: Budget,
    seed: int = 0,
    players: int = 2,
    options: dict[str, Any] | None = None,
) -> GameResult:
    """Game ``index`` of a match: ``a`` at seat ``index % players``, ``b`` everywhere else,
    the game's seed ``seed + index``. Games are independent, so they may run anywhere."""
    a_seat = index % players
    levels = [a if s == a_seat else b for s in range(players)]
    record, times = play(game, levels, seed + index, budget, options)
    outcome = SeatTracker(record, 0).history.state.outcome()
    return GameResult(
        a_seat,
        tuple(outcome.winners),
        tuple(outcome.scores),
        tuple(tuple(seat_times) for seat_times in times),
    )


def match(
    game: str,
    a: str,
    b: str,
    games: int,
    budget: Budget,
    seed: int = 0,
    players: int = 2,
    options: dict[str, Any] | None = None,
) -> Match:
    """``games`` games of ``a`` against ``b`` (the rest of a larger table play ``b``)."""
    tally = Match(a, b)
    for index in range(games):
        tally.add(match_game(game, a, b, index, budget, seed, players, options))
    return tally
