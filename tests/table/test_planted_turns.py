"""Only the player whose turn it is may move, at a table of three, four and five.

With two players "not your turn" and "the other player's turn" are the same thing, so a
check written as ``1 - seat`` passes every two-player test; at an Islas table of three or
more it would let a player move on someone else's turn. Checked at the service (the move,
the check the buttons and pickers use, the games offered to move in) and end to end.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from data import Store
from locales import t
from rules import get_game
from table.refusal import Refusal
from table.table import Table
from tests.e2e import World, button, move, play, settled, stored_game, wait_boards
from tests.publisher import table_on

PLACE = 30


def _user(seat: int) -> int:
    return 100 + seat


@pytest_asyncio.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    store = await Store(tmp_path / "turns.sqlite3").open()
    try:
        yield table_on(store)
    finally:
        await store.close()


async def _islas(table: Table, players: int) -> int:
    return await table.store.games.create_game(
        game="islas",
        seats=[(_user(seat), f"P{seat}") for seat in range(players)],
        seed=11,
        options={"first": 0},
        lang="en",
        guild_id=10,
        channel_id=20,
        place_id=PLACE,
    )


@pytest.mark.parametrize("players", [3, 4, 5])
async def test_at_a_table_of_more_than_two_only_the_seat_to_move_may_move(
    table: Table, players: int
) -> None:
    game_id = await _islas(table, players)
    rng = random.Random(players)
    seen_turns = set()
    # Two rounds and a bit: every seat is to move at least twice, every other seat waits.
    for _ in range(2 * players + 1):
        record = await table.game(game_id)
        state = table.state(record)
        turn = state.turn
        assert turn is not None
        seen_turns.add(turn)
        notation = state.format(rng.choice(state.legal_moves()))
        for seat in range(players):
            user = _user(seat)
            to_move = [g.id for g in await table.games_to_move(PLACE, user)]
            if seat == turn:
                assert table.check_turn(record, user)[0] == seat
                assert to_move == [game_id]
                continue
            assert to_move == [], (turn, seat)
            with pytest.raises(Refusal) as refused:
                table.check_turn(record, user)
            assert refused.value.key == "error-not-your-turn", (turn, seat)
            assert refused.value.params["player"] == f"P{turn}"
            with pytest.raises(Refusal) as refused:
                await table.play(record, user, notation)
            assert refused.value.key == "error-not-your-turn", (turn, seat)
            assert (await table.game(game_id)).version == record.version  # nothing stored
        await table.store.games.append_move(
            game_id, record.version, seat=turn, user_id=_user(turn), move=notation
        )
    assert seen_turns == set(range(players))


async def test_a_player_at_a_table_of_three_cannot_move_on_another_s_turn(tablero: World) -> None:
    """Through Discord: Ana, Luis and Eve at an Islas table; at each of the first turns the
    two who are not to move are refused, and the one who is moves."""
    world = tablero
    args = {"opponent": world.luis, "opponent2": world.eve, "first": "me"}
    offer = (await (await play(world, world.ana, "islas", args)).done()).message
    assert offer is not None
    accept_id = button(offer, "ch:", ":accept")
    for user in (world.luis, world.eve):
        await (await world.fake.click(user, offer, accept_id)).done()
    place = world.fake.threads(world.channel)[-1]
    await wait_boards(world, place, 1)
    await settled(world)
    game = await stored_game(world)
    state = get_game("islas").new(3, game.seed, game.options)
    users = [world.ana, world.luis, world.eve]
    rng = random.Random(5)
    made: list[str] = []
    for ply in range(4):  # a round and a bit: each seat waits while each other one moves
        turn = state.turn
        assert turn is not None
        chosen = rng.choice(state.legal_moves())
        notation = state.format(chosen)
        for seat, user in enumerate(users):
            if seat == turn:
                continue
            refused = await move(world, user, place, notation)
            lang = "es" if user is world.luis else "en"  # Luis reads Spanish
            not_yours = t(lang, "error-not-your-turn", player=game.names()[turn])
            assert refused.ephemeral and not_yours in refused.text, (turn, seat, refused.text)
        assert (await stored_game(world)).moves == tuple(made)
        ix = await move(world, users[turn], place, notation)
        assert ix.ephemeral and "⚠️" not in ix.text, (notation, ix.text)
        state.apply(chosen)
        made.append(notation)
        await wait_boards(world, place, ply + 2)
    assert (await stored_game(world)).moves == tuple(made)
