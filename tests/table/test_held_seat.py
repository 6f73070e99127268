"""The bot holds a missing player's seat, at the table (issue 23, item 6): on both engines,
with the Recorder for a publisher and the bot's turns played by hand (``by_bot``)."""

from __future__ import annotations

import random

import pytest

from data import Store, Timer
from data.ratings import human
from rules.base import InvalidRecord
from rules.record import Record
from table import clocks, endings, holding, timers
from table.clocks import DAY
from table.refusal import Refusal
from table.table import Table
from tests.publisher import Recorder, table_on

NOW = 1_800_000_000.0
ANA, LUIS, EVE = 1, 2, 3


class Turns:
    """The bot's turns in a test: only the games it was asked to take up, noted."""

    def __init__(self) -> None:
        self.taken: list[int] = []

    def take_up(self, game_id: int) -> None:
        self.taken.append(game_id)


async def _islas_of_three(store: Store, now: list[float]) -> tuple[Table, Turns, int]:
    """An Islas table of Ana, Luis and Eve (Ana first, a day a move), its opening out."""
    table = table_on(store, lambda: now[0])
    turns = Turns()
    table.bots = turns  # type: ignore[assignment]
    game_id = await store.games.create_game(
        game="islas",
        seats=[(ANA, "Ana"), (LUIS, "Luis"), (EVE, "Eve")],
        seed=11,
        options={"first": 0},
        lang="en",
        guild_id=10,
        channel_id=20,
        place_id=30,
        days_per_move=1,
    )
    await table.start(await table.game(game_id), _place)
    return table, turns, game_id


async def _place() -> int:
    return 30


def _recorder(table: Table) -> Recorder:
    publisher = table.publisher
    assert isinstance(publisher, Recorder)
    return publisher


async def _any_move(
    table: Table, game_id: int, user: int, rng: random.Random, **kw: object
) -> None:
    record = await table.game(game_id)
    state = table.state(record)
    await table.play(record, user, state.format(rng.choice(state.legal_moves())), **kw)  # type: ignore[arg-type]


async def test_a_held_seat_is_played_without_a_clock_until_its_player_moves(store: Store) -> None:
    now = [NOW]
    table, turns, game_id = await _islas_of_three(store, now)
    with pytest.raises(Refusal) as early:
        await holding.hold_seat(table, await table.game(game_id), LUIS)
    assert early.value.key == "error-claim-too-early"  # only once her time is up
    now[0] += DAY + 60
    with pytest.raises(Refusal) as own:
        await holding.hold_seat(table, await table.game(game_id), ANA)
    assert own.value.key == "error-claim-own-turn"
    with pytest.raises(Refusal) as level:
        await holding.hold_seat(table, await table.game(game_id), LUIS, "grandmaster")
    assert level.value.key == "error-hold-level"

    assert await holding.hold_seat(table, await table.game(game_id), LUIS, "hard") == 0
    recorder = _recorder(table)
    assert recorder.seats_told == [(game_id, 0, True)] and turns.taken == [game_id]
    with pytest.raises(Refusal) as again:
        await holding.hold_seat(table, await table.game(game_id), EVE)
    assert again.value.key == "error-hold-already"
    with pytest.raises(Refusal) as vote:  # nor a skip vote: the bot has the turn
        await timers.vote_skip(table, await table.game(game_id), EVE)
    assert vote.value.key == "error-claim-bot"
    record = await table.game(game_id)
    assert record.seats[0].held_level == "hard" and record.seats[0].held_from == 0

    rng = random.Random(3)
    await _any_move(table, game_id, ANA, rng, seat=0, by_bot=True)  # the bot, for Ana
    await _any_move(table, game_id, LUIS, rng)
    told = list(recorder.told)
    now[0] += 60  # Ana's next turn begins later than Eve's
    await _any_move(table, game_id, EVE, rng)
    # Ana's turn again: the bot's, with no timers and nobody told; she is not "back".
    assert recorder.turns[-1].to_move == 0 and recorder.turns[-1].timers == ()
    assert recorder.told == told and turns.taken == [game_id, game_id]
    rows = await store.db.fetchall(
        "SELECT kind FROM timers WHERE ref_id = ? AND turn_stamp = ?", (game_id, now[0])
    )
    assert rows == []
    # Nor a deadline for /games, the digest or a claim to show: the bot is on it.
    assert await clocks.deadline(store, await table.game(game_id), ANA) is None

    await _any_move(table, game_id, ANA, rng)  # her own move: the seat is hers again
    record = await table.game(game_id)
    assert record.seats[0].held_level is None and record.seats[0].held == (("hard", 0, 3),)
    assert recorder.seats_told[-1] == (game_id, 0, False)
    assert record.holds() == ((0, "hard", 0, 3),)


async def test_takeback_on_her_turn_starts_her_clock_again_and_the_bot_s_move_is_refused(
    store: Store,
) -> None:
    now = [NOW]
    table, _, game_id = await _islas_of_three(store, now)
    now[0] += DAY + 60
    await holding.hold_seat(table, await table.game(game_id), EVE)
    stale = await table.game(game_id)  # as the bot read it before it thought
    now[0] += 60
    with pytest.raises(Refusal) as not_hers:
        await holding.take_back_seat(table, await table.game(game_id), LUIS)
    assert not_hers.value.key == "error-takeback-not-held"
    record = await holding.take_back_seat(table, await table.game(game_id), ANA)
    assert record.turn_started_at == now[0] and record.seats[0].held == (("normal", 0, 0),)
    rows = await store.db.fetchall(
        "SELECT kind, due_at FROM timers WHERE ref_id = ? AND turn_stamp = ?", (game_id, now[0])
    )
    assert {row["kind"]: row["due_at"] for row in rows}["deadline"] == now[0] + DAY
    state = table.state(stale)
    with pytest.raises(Refusal):  # the hold ended: the bot's move is not stored
        await table.play(stale, ANA, state.format(state.legal_moves()[0]), seat=0, by_bot=True)
    assert (await table.game(game_id)).moves == ()
    with pytest.raises(Refusal) as twice:
        await holding.take_back_seat(table, record, ANA)
    assert twice.value.key == "error-takeback-not-held"


async def test_a_seat_held_to_the_end_is_not_rated_and_the_others_are(store: Store) -> None:
    now = [NOW]
    table, _, game_id = await _islas_of_three(store, now)
    now[0] += DAY + 60
    await holding.hold_seat(table, await table.game(game_id), LUIS)
    await _any_move(table, game_id, ANA, random.Random(1), seat=0, by_bot=True)
    record = await table.game(game_id)
    await endings.resign(table, record, LUIS, record.version)
    over = await table.game(game_id)
    assert over.holds() == ((0, "normal", 0, 1),)  # held to the end: its one move
    ratings = store.ratings
    assert await ratings.get("islas", 10, human(ANA)) is None
    assert await ratings.get("islas", 10, human(EVE)) is not None
    luis = await ratings.get("islas", 10, human(LUIS))
    eve = await ratings.get("islas", 10, human(EVE))
    assert luis is not None and eve is not None and luis.mu < eve.mu  # as a game of two


async def test_the_bot_holds_seats_only_where_a_turn_is_skipped_by_vote(store: Store) -> None:
    now = [NOW]
    table = table_on(store, lambda: now[0])
    table.bots = Turns()  # type: ignore[assignment]
    game_id = await store.games.create_game(
        game="islas",
        seats=[(ANA, "Ana"), (LUIS, "Luis")],
        seed=11,
        options={"first": 0},
        lang="en",
        guild_id=10,
        channel_id=20,
        place_id=30,
        days_per_move=1,
    )
    await table.start(await table.game(game_id), _place)
    now[0] += DAY + 60
    with pytest.raises(Refusal) as two:  # two players: a claim, no hold
        await holding.hold_seat(table, await table.game(game_id), LUIS)
    assert two.value.key == "error-hold-not-here"


async def test_a_turn_s_timer_left_over_when_the_bot_takes_the_seat_says_nothing(
    store: Store,
) -> None:
    now = [NOW]
    table, _, game_id = await _islas_of_three(store, now)
    now[0] += DAY + 60
    record = await table.game(game_id)
    await holding.hold_seat(table, record, LUIS)
    # A reminder of her turn still due (put off while she was away, say): not sent.
    stamp = record.turn_started_at
    for kind in ("reminder", "deadline"):
        timer = Timer(0, kind, game_id, stamp, now[0])
        assert await timers.due_now(table, timer) is None


class Crash(Exception):
    """The process 'dies' as it posts the news of a hold."""


async def test_the_news_of_a_hold_a_crash_left_untold_is_told_once_after_a_restart(
    store: Store,
) -> None:
    now = [NOW]
    table, turns, game_id = await _islas_of_three(store, now)
    now[0] += DAY + 60

    async def dies(*args: object) -> None:
        raise Crash

    table.publisher.tell_seat = dies  # type: ignore[method-assign]
    with pytest.raises(Crash):
        await holding.hold_seat(table, await table.game(game_id), LUIS)
    assert turns.taken == [game_id]  # the game waits for no post: its turn goes on
    restarted = table_on(store, lambda: now[0])
    await restarted.recover()
    await restarted.recover()
    assert _recorder(restarted).seats_told == [(game_id, 0, True)]  # once
    assert await store.holds.untold_seats() == []


def test_a_record_says_which_seats_the_bot_held() -> None:
    held = {"seat": 1, "level": "easy", "from": 3, "to": None}
    obj = {"game": "islas", "players": 3, "seed": 1, "moves": [], "held": [held]}
    record = Record.from_json(obj)
    assert record.held == ((1, "easy", 3, None),)
    assert record.to_json()["held"] == [held]
    assert "held" not in Record.from_json({**obj, "held": []}).to_json()
    with pytest.raises(InvalidRecord):
        Record.from_json({**obj, "held": [{"seat": "1", "level": "easy", "from": 3, "to": 4}]})
