"""Tournaments at the table: entries, rounds paired once and started, standings after each round.

Games end by the table's own endings (resignation, a draw by agreement, a time-out), as
players would end them; each round's standings are checked against a table worked out here
from the results given, by hand for the round robin.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import pytest

from data import Entrant, EventSettings, GameRecord, Pairing, Store, Tournament
from data.clock_controls import TimeControl
from data.shards import Shards
from table import endings
from table.pairing import Standing
from table.refusal import Refusal
from table.table import Table
from table.tournaments import Tournaments
from tests.publisher import Recorder, table_on

GUILD, CHANNEL = 10, 20


@dataclass
class Shown:
    """One round's post as Discord keeps it (the first of a nonce)."""

    round: int
    standings: list[Standing]
    pairings: list[Pairing]


@dataclass
class EventRecorder:
    """The events' publisher in a test: remembers what each post said; a post sent again with
    a nonce already used is answered with the first, as Discord does."""

    entrants: list[list[int]] = field(default_factory=list)
    rounds: dict[str, Shown] = field(default_factory=dict)
    round_posts: list[str] = field(default_factory=list)  # every try, repeats included
    cancelled: list[tuple[int, str]] = field(default_factory=list)
    opened: list[int] = field(default_factory=list)  # games whose thread was opened

    async def show_entrants(self, event: Tournament, entrants: list[Entrant]) -> int | None:
        self.entrants.append([e.user_id for e in entrants if e.withdrawn_round is None])
        return event.message_id or 9000 + event.id

    async def show_round(
        self,
        event: Tournament,
        round: int,
        standings: list[Standing],
        pairings: list[Pairing],
        entrants: list[Entrant],
        nonce: str,
    ) -> None:
        self.round_posts.append(nonce)
        self.rounds.setdefault(nonce, Shown(round, standings, pairings))

    async def show_cancelled(self, event: Tournament, reason_key: str) -> None:
        self.cancelled.append((event.id, reason_key))

    async def open_event_place(self, event: Tournament, record: GameRecord) -> int:
        self.opened.append(record.id)
        return 7000 + record.id


def _world(store: Store) -> tuple[Table, Tournaments, EventRecorder]:
    table = table_on(store)
    shown = EventRecorder()
    return table, Tournaments(table, shown), shown


async def _event(
    events: Tournaments, players: int, guild_id: int = GUILD, by: int = 1, **kw: Any
) -> Tournament:
    settings: dict[str, Any] = {
        "game": "stonehenge",
        "options": {},
        "format": "swiss",
        "rounds": 4,
        "days_per_move": 3,
        "signup_ends": None,
        "min_players": 2,
        "max_players": 64,
        "rated": True,
        "undo": False,
        "lang": "en",
        "name": "Winter Cup",
    }
    settings.update(kw)
    event = await events.create(guild_id, CHANNEL, by, EventSettings(**settings))
    for user in range(101, 101 + players):
        event = await events.join(event.id, user, f"P{user - 100}")
    return event


async def fire_due(store: Store, events: Tournaments) -> None:
    """What the cogs' timer loop does with the events' due timers (a claim whose process
    dies is free again at once: its lease is 0)."""
    for timer in await store.timers.due():
        if timer.kind.startswith("event-") and await store.timers.claim(timer.id, "test", 0.0):
            await events.fire(timer)
            await store.timers.done(timer.id)


async def _end(table: Table, game_id: int, how: str, loser: int) -> None:
    """End a game: ``loser`` resigns, runs out of time, or (``draw``) both agree."""
    record = await table.game(game_id)
    if how == "draw":
        await endings.agree(table, record)
    elif how == "timeout":
        seat = record.seat_of(loser)
        assert seat is not None
        await endings.time_out(table, record, seat, 1 - seat)
    else:
        await endings.resign(table, record, loser, record.version)
    events = table.tournaments
    if isinstance(events, Tournaments):  # the next round is paired beside the game's end
        await events.settled()


def _points_two(how: str, players: tuple[int, ...], loser: int) -> dict[int, float]:
    if how == "draw":
        return dict.fromkeys(players, 0.5)
    return {p: 0.0 if p == loser else 1.0 for p in players}


class Ledger:
    """The results given so far, and the standings they make, worked out here."""

    def __init__(self) -> None:
        self.tables: list[tuple[int, tuple[int, ...], dict[int, float]]] = []

    def add(self, round: int, players: tuple[int, ...], points: dict[int, float]) -> None:
        self.tables.append((round, players, points))

    def points(self) -> Counter[int]:
        total: Counter[int] = Counter()
        for _, _, got in self.tables:
            total.update(got)
        return total

    def played(self) -> Counter[int]:
        return Counter(p for _, players, _ in self.tables if len(players) > 1 for p in players)

    def buchholz(self, player: int) -> float:
        points = self.points()
        # A bye counts as an opponent with no points.
        return sum(
            points[q]
            for _, players, _ in self.tables
            if player in players
            for q in players
            if q != player
        )

    def sonneborn_berger(self, player: int) -> float:
        points = self.points()
        # The points of each opponent beaten, and half those of each one drawn with.
        return sum(
            points[q] * got[player]
            for _, players, got in self.tables
            if player in players
            for q in players
            if q != player
        )


def _check_standings(shown: list[Standing], ledger: Ledger, still_in: set[int]) -> None:
    points, played = ledger.points(), ledger.played()
    assert {s.player for s in shown} == still_in
    for s in shown:
        assert s.points == pytest.approx(points[s.player]), s
        assert s.played == played[s.player], s
        assert s.tiebreaks[0] == pytest.approx(ledger.buchholz(s.player)), s
        assert s.tiebreaks[1] == pytest.approx(ledger.sonneborn_berger(s.player)), s
    ranked = [(s.rank, -s.points) for s in shown]
    assert ranked == sorted(ranked)  # best first, ranks in order


async def _check_round_started(
    store: Store,
    table: Table,
    shown: EventRecorder,
    event_id: int,
    round: int,
    still_in: set[int],
    rated: bool = True,
) -> list[Pairing]:
    """Round ``round`` is paired once, every player still in at one table, every game
    opened in its own thread once and its opening board posted."""
    tables = await store.tournaments.pairings(event_id, round)
    seated = [p for t in tables for p in t.players]
    assert sorted(seated) == sorted(still_in)
    for t in tables:
        if t.game_id is None:
            assert len(t.players) == 1
            continue
        record = await table.game(t.game_id)
        assert record.posted_version >= 0 and record.place_id == 7000 + t.game_id
        assert [s.user_id for s in record.seats] == list(t.players)
        assert record.options["first"] == 0 and record.title is not None
        assert (record.rated, record.undo) == (rated, not rated)  # no undo in a rated event
    assert all(n == 1 for n in Counter(shown.opened).values())
    publisher = table.publisher
    assert isinstance(publisher, Recorder)
    openings = Counter(turn.record.id for turn in publisher.turns if turn.record.version == 0)
    assert all(n == 1 for n in openings.values())
    return tables


@pytest.mark.parametrize("database", ["sqlite", "postgresql"], indirect=True)
async def test_a_swiss_of_nine_over_four_rounds_with_a_withdrawal(store: Store) -> None:
    table, events, shown = _world(store)
    event = await _event(events, 9)
    still_in = set(range(101, 110))
    assert shown.entrants[-1] == sorted(still_in)
    event = await events.begin(event.id)
    assert event.status == "running" and event.round == 1
    ledger = Ledger()
    byes: Counter[int] = Counter()
    met: set[frozenset[int]] = set()
    for round in range(1, 5):
        tables = await _check_round_started(store, table, shown, event.id, round, still_in)
        await fire_due(store, events)  # the standings before it, with its pairings
        posted = shown.rounds[f"event-{event.id}-round-{round - 1}"]
        assert posted.round == round - 1 and posted.pairings == tables
        if round > 1:
            _check_standings(posted.standings, ledger, still_in)
        for t in tables:
            if t.game_id is None:
                byes[t.players[0]] += 1
                ledger.add(round, t.players, {t.players[0]: 1.0})
                continue
            pair = frozenset(t.players)
            assert pair not in met  # nobody meets twice while it can be avoided
            met.add(pair)
        leaving = None
        if round == 3:  # after round 2: a player withdraws; their game now is lost
            game = next(t for t in tables if t.game_id is not None and t.board >= 3)
            leaving = game.players[0]
            await events.leave(event.id, leaving)
            still_in.discard(leaving)
            ledger.add(round, game.players, _points_two("resign", game.players, leaving))
            record = await table.game(game.game_id or 0)
            assert record.result is not None and record.result.loser == 0
        for t in tables:
            if t.game_id is None or leaving in t.players:
                continue
            how = {1: "draw", 2: "timeout"}.get(t.board, "resign")
            loser = max(t.players)  # the later entrant loses
            assert (await store.tournaments.get(event.id)).round == round  # type: ignore[union-attr]
            await _end(table, t.game_id, how, loser)
            ledger.add(round, t.players, _points_two(how, t.players, loser))
    assert all(n == 1 for n in byes.values())  # a bye at most once each
    event, _ = await events.standings(event.id)
    assert event.status == "finished" and event.round == 4
    await fire_due(store, events)
    final = shown.rounds[f"event-{event.id}-round-4"]
    assert final.pairings == []
    _check_standings(final.standings, ledger, still_in)
    await fire_due(store, events)  # nothing more
    assert len(shown.round_posts) == len(set(shown.round_posts)) == 5
    assert len(await store.tournaments.pairings(event.id)) == 5 + 5 + 5 + 4  # 9, 9, 9, 8 in
    assert await store.tournaments.pairings(event.id, 5) == []


@pytest.mark.parametrize("database", ["sqlite", "postgresql"], indirect=True)
async def test_a_round_robin_of_four_against_a_hand_worked_table(store: Store) -> None:
    table, events, shown = _world(store)
    event = await _event(events, 4, format="round-robin", rounds=None, rated=False)
    event = await events.begin(event.id)
    assert event.rounds == 3
    # The lower number wins, but 1 and 2 draw (P1 is user 101).
    for round in range(1, 4):
        everyone = set(range(101, 105))
        tables = await _check_round_started(
            store, table, shown, event.id, round, everyone, rated=False
        )
        assert {frozenset(t.players) for t in tables} == BERGER_FOUR[round]
        for t in tables:
            assert t.game_id is not None  # four players: nobody sits out
            how = "draw" if set(t.players) == {101, 102} else "resign"
            await _end(table, t.game_id, how, max(t.players))
            assert await store.ratings.changes(t.game_id, GUILD) == []  # unrated event
        await fire_due(store, events)
        posted = shown.rounds[f"event-{event.id}-round-{round}"]
        got = sorted(
            (s.rank, s.player, s.points, tuple(s.tiebreaks), s.played) for s in posted.standings
        )
        assert got == BY_HAND[round], round
    assert shown.rounds[f"event-{event.id}-round-3"].pairings == []
    assert (await store.tournaments.get(event.id)).status == "finished"  # type: ignore[union-attr]


#: The rounds of four players by Berger's tables (P1 is user 101).
BERGER_FOUR = {
    1: {frozenset({101, 104}), frozenset({102, 103})},
    2: {frozenset({104, 102}), frozenset({103, 101})},
    3: {frozenset({103, 104}), frozenset({101, 102})},
}
#: The standings after each round, worked out by hand: rank, player, points, (Buchholz:
#: the opponents' points now, Sonneborn-Berger: the beaten opponents' points and half the
#: drawn ones'), games played.
BY_HAND = {
    1: [
        (1, 101, 1.0, (0.0, 0.0), 1),
        (1, 102, 1.0, (0.0, 0.0), 1),
        (3, 103, 0.0, (1.0, 0.0), 1),
        (3, 104, 0.0, (1.0, 0.0), 1),
    ],
    2: [
        (1, 101, 2.0, (0.0, 0.0), 2),
        (1, 102, 2.0, (0.0, 0.0), 2),
        (3, 103, 0.0, (4.0, 0.0), 2),
        (3, 104, 0.0, (4.0, 0.0), 2),
    ],
    3: [
        (1, 101, 2.5, (3.5, 2.25), 3),  # beat 104 (0) and 103 (1), drew 102 (2.5 / 2)
        (1, 102, 2.5, (3.5, 2.25), 3),
        (3, 103, 1.0, (5.0, 0.0), 3),
        (4, 104, 0.0, (6.0, 0.0), 3),
    ],
}


async def test_an_islas_tables_event_of_seven(tmp_path: Any) -> None:
    store = await Store(tmp_path / "t.sqlite3").open()
    try:
        table, events, shown = _world(store)
        event = await _event(events, 7, game="islas", format="tables", rounds=2, min_players=3)
        await events.begin(event.id)
        points: Counter[int] = Counter()
        for round in (1, 2):
            tables = await _check_round_started(
                store, table, shown, event.id, round, set(range(101, 108))
            )
            assert sorted(len(t.players) for t in tables) == [3, 4]
            for t in tables:
                assert t.game_id is not None
                if len(t.players) == 4:  # the last seat resigns: the others share 4+2+1
                    await _end(table, t.game_id, "resign", t.players[-1])
                    points.update({p: 7 / 3 for p in t.players[:-1]})
                else:  # all agree, level at nought: they share 4+2+0
                    await _end(table, t.game_id, "draw", 0)
                    points.update(dict.fromkeys(t.players, 2.0))
            await fire_due(store, events)
            posted = shown.rounds[f"event-{event.id}-round-{round}"]
            assert {s.player: s.points for s in posted.standings} == pytest.approx(
                {p: points[p] for p in range(101, 108)}
            )
        assert shown.rounds[f"event-{event.id}-round-2"].pairings == []
    finally:
        await store.close()


@pytest.mark.parametrize("database", ["sqlite", "postgresql"], indirect=True)
async def test_joins_at_once_stop_at_the_most_players(store: Store) -> None:
    _, events, _ = _world(store)
    event = await _event(events, 0, max_players=5)

    async def join(user: int) -> str:
        try:
            await events.join(event.id, user, f"U{user}")
            return "in"
        except Refusal as refused:
            return refused.key

    twice = await asyncio.gather(join(300), join(300))  # a double click
    assert sorted(twice) == ["error-event-joined", "in"]
    done = await asyncio.gather(*(join(200 + i) for i in range(20)))
    assert Counter(done) == {"in": 4, "error-event-full": 16}
    assert len(await store.tournaments.entrants(event.id)) == 5


async def test_too_few_at_the_end_of_the_sign_up_cancel_it(tmp_path: Any) -> None:
    store = await Store(tmp_path / "t.sqlite3").open()
    try:
        _, events, shown = _world(store)
        event = await _event(events, 3, min_players=4, signup_ends=1.0)  # due at once
        await fire_due(store, events)
        found = await store.tournaments.get(event.id)
        assert found is not None and found.status == "cancelled"
        assert shown.cancelled == [(event.id, "event-cancelled-too-few")]
        with pytest.raises(Refusal) as closed:
            await events.join(event.id, 150, "Late")
        assert closed.value.key == "error-event-closed"
        with pytest.raises(Refusal) as over:
            await events.begin(event.id)
        assert over.value.key == "error-event-over"
    finally:
        await store.close()


async def test_a_swiss_takes_late_entries_until_half_its_rounds_started(tmp_path: Any) -> None:
    store = await Store(tmp_path / "t.sqlite3").open()
    try:
        table, events, shown = _world(store)
        event = await _event(events, 4, rounds=4)
        await events.begin(event.id)
        await events.join(event.id, 105, "P5")  # round 1 being played: still in time
        for t in await store.tournaments.pairings(event.id, 1):
            assert t.game_id is not None
            await _end(table, t.game_id, "resign", max(t.players))
        await _check_round_started(store, table, shown, event.id, 2, set(range(101, 106)))
        with pytest.raises(Refusal) as late:  # round 2 of 4 started: half of them
            await events.join(event.id, 106, "P6")
        assert late.value.key == "error-event-closed"
    finally:
        await store.close()


async def test_undo_by_consent_is_refused_in_an_event_game(tmp_path: Any) -> None:
    store = await Store(tmp_path / "t.sqlite3").open()
    try:
        table, events, _ = _world(store)
        event = await _event(events, 2, rounds=1)
        await events.begin(event.id)
        (t,) = await store.tournaments.pairings(event.id, 1)
        record = await table.game(t.game_id or 0)
        await table.play(record, t.players[0], "6L")
        with pytest.raises(Refusal) as refused:
            endings.check_undo(table, await table.game(record.id), t.players[0])
        assert refused.value.key == "error-undo-event"
    finally:
        await store.close()


@pytest.mark.parametrize("database", ["sqlite", "postgresql"], indirect=True)
async def test_an_event_s_time_control_is_each_of_its_games(store: Store) -> None:
    table, events, _ = _world(store)
    bank = TimeControl(bank=7.0, increment=1.0, cap=14.0, weekends=True)
    event = await _event(events, 2, rounds=1, days_per_move=None, control=bank)
    assert (await store.tournaments.get(event.id)) == event and event.control == bank
    await events.begin(event.id)
    (t,) = await store.tournaments.pairings(event.id, 1)
    record = await table.game(t.game_id or 0)
    assert record.control == bank and record.days_per_move is None
    assert all(seat.bank_left == 7 * 86400 for seat in record.seats), record.seats


@pytest.mark.parametrize("database", ["sqlite", "postgresql"], indirect=True)
async def test_an_event_s_timers_belong_to_its_server_s_shard(store: Store) -> None:
    _, events, _ = _world(store)
    guild = 3 << 22  # on shard 1 of 2
    await _event(events, 0, guild_id=guild, signup_ends=1.0)
    mine, other = Shards(frozenset({1}), 2), Shards(frozenset({0}), 2)
    assert [t.kind for t in await store.timers.due(mine)] == ["event-signup"]
    assert await store.timers.due(other) == []
    assert await store.timers.next_due(other) is None


async def test_tables_end_early_when_withdrawals_leave_a_count_that_cannot_sit(
    tmp_path: Any,
) -> None:
    store = await Store(tmp_path / "t.sqlite3").open()
    try:
        table, events, shown = _world(store)
        event = await _event(events, 6, game="islas", format="tables", rounds=3, min_players=3)
        await events.begin(event.id)
        tables = await store.tournaments.pairings(event.id, 1)
        assert sorted(len(t.players) for t in tables) == [3, 3]
        leaving = tables[0].players[0]
        await events.leave(event.id, leaving)  # five left: no tables of 3 and 4 fit
        record = await table.game(tables[0].game_id or 0)
        assert record.result is not None and record.result.loser == 0
        assert (await store.tournaments.get(event.id)).status == "running"  # type: ignore[union-attr]
        await _end(table, tables[1].game_id or 0, "resign", tables[1].players[0])
        found = await store.tournaments.get(event.id)
        assert found is not None and (found.status, found.round) == ("finished", 1)
        await fire_due(store, events)
        final = shown.rounds[f"event-{event.id}-round-1"]
        assert final.pairings == [] and leaving not in {s.player for s in final.standings}
    finally:
        await store.close()


@pytest.mark.parametrize(
    ("settings", "key"),
    [
        ({"format": "tables"}, "error-event-format"),  # Stonehenge is for two
        ({"format": "knockout"}, "error-event-format"),
        ({"game": "chess"}, "record-unknown-game"),
        ({"options": {"colour": "red"}}, "record-unknown-option"),
        ({"format": "round-robin", "rounds": 3}, "error-event-no-rounds"),
        ({"rounds": None}, "error-event-rounds"),
        ({"rounds": 31}, "error-event-rounds"),
        ({"min_players": 1}, "error-event-players"),
        ({"min_players": 9, "max_players": 8}, "error-event-players"),
        ({"game": "islas", "format": "tables", "min_players": 2}, "error-event-players"),
    ],
)
async def test_an_event_that_cannot_be_played_is_refused(
    tmp_path: Any, settings: dict[str, Any], key: str
) -> None:
    store = await Store(tmp_path / "t.sqlite3").open()
    try:
        _, events, shown = _world(store)
        with pytest.raises(Refusal) as refused:
            await _event(events, 0, **settings)
        assert refused.value.key == key
        assert await events.of_guild(GUILD, active=False) == [] and shown.entrants == []
    finally:
        await store.close()


async def test_a_moderator_calls_a_running_event_off(tmp_path: Any) -> None:
    store = await Store(tmp_path / "t.sqlite3").open()
    try:
        table, events, shown = _world(store)
        event = await _event(events, 4, rounds=3)
        await events.begin(event.id)
        assert [e.id for e in await events.of_guild(GUILD)] == [event.id]
        cancelled = await events.cancel(event.id)
        assert cancelled.status == "cancelled" and await events.of_guild(GUILD) == []
        assert shown.cancelled == [(event.id, "event-cancelled-moderator")]
        await fire_due(store, events)  # round 1's pairings: the event is off, nothing said
        assert shown.rounds == {}
        for t in await events.pairings(event.id):  # its games play on, no longer paired on
            await _end(table, t.game_id or 0, "resign", max(t.players))
        assert await store.tournaments.pairings(event.id, 2) == []
        with pytest.raises(Refusal) as over:
            await events.cancel(event.id)
        assert over.value.key == "error-event-over"
    finally:
        await store.close()


@pytest.mark.parametrize("database", ["sqlite", "postgresql"], indirect=True)
async def test_forget_me_leaves_no_entry_under_the_id_or_the_name(store: Store) -> None:
    table, events, _ = _world(store)
    zed = 4_000_000_000_000_000_017  # a Discord id, found in no other number here
    finished = await _event(events, 2, rounds=1, by=zed)
    await events.join(finished.id, zed, "Zephyrine")
    await events.begin(finished.id)  # three: one game, and a bye
    for t in await store.tournaments.pairings(finished.id, 1):
        if t.game_id is not None:
            await _end(table, t.game_id, "resign", max(t.players, key=lambda p: p == zed))
    running = await _event(events, 2, rounds=2)
    await events.join(running.id, zed, "Zephyrine")
    await events.begin(running.id)
    for t in await store.tournaments.pairings(running.id, 1):  # Zephyrine's game ends
        if t.game_id is not None and zed in t.players:
            await _end(table, t.game_id, "resign", zed)
    signup = await _event(events, 1)
    await events.join(signup.id, zed, "Zephyrine")
    assert await store.games.active_for_user(zed) == []  # or forgetting is refused
    await store.privacy.forget(zed, {"en": "former player"}, "former player")
    for name in await store.db.tables():
        for row in await store.db.fetchall(f"SELECT * FROM {name}"):
            text = " ".join(str(value) for value in tuple(row))
            assert str(zed) not in text and "Zephyrine" not in text, (name, tuple(row))
    # The events go on without them; what they played still counts for the others.
    assert [e.user_id for e in await store.tournaments.entrants(signup.id)] == [101]
    _, after = await events.standings(finished.id)
    assert sorted(s.points for s in after) == [0.0, 1.0, 1.0]
    formers = [e for e in await store.tournaments.entrants(finished.id) if e.user_id < 0]
    assert [e.name for e in formers] == ["former player"]
    (gone,) = [e for e in await store.tournaments.entrants(running.id) if e.user_id < 0]
    assert gone.withdrawn_round == 1 and gone.name == "former player"


async def test_an_event_belongs_to_the_season_it_ends_in(tmp_path: Any) -> None:
    store = await Store(tmp_path / "t.db").open()
    try:
        table, events, _ = _world(store)
        outside = await _event(events, 2, format="round-robin", rounds=None, name="Before")
        await events.begin(outside.id)
        season = await store.seasons.start(GUILD, CHANNEL, 2)
        inside = await _event(events, 2, format="round-robin", rounds=None, name="During")
        await events.begin(inside.id)
        for event in (outside, inside):  # both end now, in the season
            (board,) = await store.tournaments.pairings(event.id, 1)
            assert board.game_id is not None
            await _end(table, board.game_id, "resign", max(board.players))
            ended = await store.tournaments.get(event.id)
            assert ended is not None and ended.status == "finished"
            assert ended.season_id == season.id  # the season it ended in, not began in
        await store.seasons.end(season.id, store.games.clock())
        after = await _event(events, 2, format="round-robin", rounds=None, name="After")
        await events.begin(after.id)
        (board,) = await store.tournaments.pairings(after.id, 1)
        assert board.game_id is not None
        await _end(table, board.game_id, "resign", max(board.players))
        ended = await store.tournaments.get(after.id)
        assert ended is not None and ended.status == "finished" and ended.season_id is None
    finally:
        await store.close()
