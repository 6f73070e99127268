"""Stonehenge end to end: the real discord.py client against the loopback Discord."""

from __future__ import annotations

import asyncio
import random

from loopback.models import FakeChannel, FakeUser
from tests.e2e import (
    World,
    accept,
    boards,
    button,
    challenge,
    move,
    pick,
    resign,
    stored_game,
    wait_boards,
)


async def _started(world: World, **options: object) -> FakeChannel:
    message = await challenge(world, world.ana, world.luis, first="me", **options)
    assert f"<@{world.luis.id}>" in message.content and "Stonehenge" in message.content
    return await accept(world, world.luis, message)


async def test_challenge_accept_full_game_result_stored(tablero: World) -> None:
    world = tablero
    place = await _started(world)
    assert place.is_thread and place.parent_id == world.channel.id
    opening = boards(world, place)[-1]
    assert world.ana.id in opening.pinged_user_ids  # the first player is called
    assert opening.attachments[0].description.startswith("Stonehenge")  # alt text
    from tests.e2e import mirror

    state, rng = mirror({"first": 0}), random.Random(5)
    users = (world.ana, world.luis)
    while state.turn is not None:
        notation = pick(state, rng)
        mover = users[state.turn]
        ix = await move(world, mover, place, notation)
        assert ix.ephemeral and notation in ix.text
        state.play(notation)
        posted = boards(world, place)[-1]
        assert f"{notation[:-1]} " in posted.content or notation[-1] in posted.content
        if state.turn is not None:
            assert users[state.turn].id in posted.pinged_user_ids
    game = await stored_game(world)
    assert game.status == "finished" and len(game.moves) == state.ply <= 18
    assert game.result.winners == tuple(state.outcome().winners)
    assert game.result.scores == tuple(state.outcome().scores)
    final = boards(world, place)[-1]
    winner = users[state.outcome().winners[0]]
    assert "🏆" in final.content and winner.name in final.content
    assert final.custom_ids == ["rm:1"]  # nothing left to play: only a rematch
    assert len(boards(world, place)) == state.ply + 1  # one new image per turn


async def test_the_next_turn_message_tells_the_move_and_its_lines(tablero: World) -> None:
    world = tablero
    place = await _started(world)
    # The seed's example: light's 6 and dark's 1 on L2 (FGHI); dark ends holding 3, 2, 1.
    opening = ["6F", "1G", "1A", "2C", "2B", "6D", "2E", "5J", "3K", "4L", "3M"]
    for i, notation in enumerate(opening):
        await move(world, (world.ana, world.luis)[i % 2], place, notation)
    await move(world, world.luis, place, "3N")
    text = boards(world, place)[-1].content
    assert "**Luis** played 3 on N" in text
    assert "**Ana** won line L2." in text  # handed to the opponent by dark's own move


async def test_errors_are_ephemeral_and_change_nothing(tablero: World) -> None:
    world = tablero
    place = await _started(world)
    before = len(world.fake.messages(place))
    cases = [
        (world.ana, "hello", "can’t read"),  # unreadable
        (world.ana, "7A", "no druid of value 7"),  # illegal
        (world.luis, "6A", "No es tu turno"),  # out of turn, in Luis's Spanish
        (world.eve, "6A", "not playing in this game"),  # not a player
    ]
    for user, notation, expected in cases:
        ix = await move(world, user, place, notation)
        assert ix.ephemeral and expected in ix.text, ix.text
    game = await stored_game(world)
    assert game.moves == () and game.version == 0
    assert len(world.fake.messages(place)) == before  # nothing public was posted
    ix = await move(world, world.ana, place, "6a")
    assert "6A" in ix.text
    ix = await move(world, world.luis, place, "5a")
    assert ix.ephemeral and "ya está ocupado" in ix.text


async def test_two_moves_at_the_same_moment_apply_exactly_one(tablero: World) -> None:
    world = tablero
    place = await _started(world)
    sent = await asyncio.gather(
        world.fake.slash(world.ana, place, "move", {"move": "6L"}),
        world.fake.slash(world.ana, place, "move", {"move": "5D"}),
    )
    answers = [await ix.done() for ix in sent]
    game = await stored_game(world)
    assert len(game.moves) == 1 and game.moves[0] in {"6L", "5D"}
    refused = [a for a in answers if "⚠️" in a.text]
    assert len(refused) == 1 and all(a.ephemeral for a in answers)
    assert len(boards(world, place)) == 2  # the opening board and one move


async def test_double_click_on_a_picker_point_plays_once(tablero: World) -> None:
    world = tablero
    place = await _started(world)
    board = boards(world, place)[-1]
    opened = await (await world.fake.click(world.ana, board, "tg:1:play")).done()
    assert opened.ephemeral and "Choose the druid" in opened.text
    picker = opened.message
    assert picker is not None and {b["label"] for b in picker.buttons} == {
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
    }
    step = await (await world.fake.click(world.ana, picker, "pk:1:0::6")).done()
    assert "Where do you place your 6" in step.text
    points = step.message
    assert points is not None
    clicks = await asyncio.gather(
        world.fake.click(world.ana, points, "pk:1:0:6:L"),
        world.fake.click(world.ana, points, "pk:1:0:6:L"),
    )
    for click in clicks:
        await click.done()
    await wait_boards(world, place, 2)
    game = await stored_game(world)
    assert game.moves == ("6L",)
    assert len(boards(world, place)) == 2
    assert not any("went wrong" in c.text for c in clicks)


async def test_a_restart_keeps_the_game_and_its_buttons_work(tablero: World) -> None:
    world = tablero
    place = await _started(world)
    await move(world, world.ana, place, "6L")
    old_board = boards(world, place)[-1]
    await world.restart()
    # The Play button of a message posted by the previous bot process still works.
    opened = await (await world.fake.click(world.luis, old_board, "tg:1:play")).done()
    assert opened.ephemeral and "Elige el druida" in opened.text
    await (await world.fake.click(world.luis, opened.message, "pk:1:1::5")).done()
    final = await (
        await world.fake.click(world.luis, world.fake.messages(place, world.luis)[-1], "pk:1:1:5:D")
    ).done()
    assert "Jugaste 5D" in final.text
    await move(world, world.ana, place, "4A")
    game = await stored_game(world)
    assert game.moves == ("6L", "5D", "4A")


async def test_a_game_looked_at_undone_and_ended_across_a_restart(tablero: World) -> None:
    """The commands that look up the game of a place, in its thread, before and after a
    restart (the new process knows no place yet and asks the database), to its end: run
    on both engines (test_e2e_postgres.py)."""
    world = tablero

    async def look(user: FakeUser) -> None:
        board = await (await world.fake.slash(user, place, "board")).done()
        assert board.ephemeral and board.attachments, board.text
        listed = await (await world.fake.slash(user, world.channel, "games")).done()
        assert f"<#{place.id}>" in listed.text, listed.text

    place = await _started(world)
    await move(world, world.ana, place, "6L")
    await look(world.luis)
    await world.restart()
    await look(world.ana)
    await look(world.luis)
    await move(world, world.luis, place, "5D")
    asked = await (await world.fake.slash(world.luis, place, "undo")).done()
    assert asked.ephemeral, asked.text
    request = world.fake.messages(place)[-1]
    await (await world.fake.click(world.ana, request, button(request, "ud:", ":yes"))).done()
    await wait_boards(world, place, 4)
    assert (await stored_game(world)).moves == ("6L",)
    await world.restart()
    await move(world, world.luis, place, "5A")
    await resign(world, world.ana, place)
    await wait_boards(world, place, 5)
    game = await stored_game(world)
    assert not game.active and game.moves == ("6L", "5A")
    board = await (await world.fake.slash(world.eve, place, "board")).done()
    assert board.ephemeral and "went wrong" not in board.text, board.text
    listed = await (await world.fake.slash(world.ana, world.channel, "games")).done()
    assert "no game in progress" in listed.text


async def test_accept_buttons_work_after_a_restart(tablero: World) -> None:
    world = tablero
    message = await challenge(world, world.ana, world.luis)
    await world.restart()
    place = await accept(world, world.luis, message)
    assert boards(world, place)


async def test_spanish_user_gets_spanish_text(tablero: World) -> None:
    world = tablero
    place = await _started(world)
    ix = await move(world, world.luis, place, "6A")
    assert "No es tu turno: le toca a Ana." in ix.text
    board = await (await world.fake.slash(world.luis, place, "board")).done()
    assert board.ephemeral and board.attachments and board.text == "El tablero actual:"
    mine = await (await world.fake.slash(world.luis, place, "hand")).done()
    assert mine.ephemeral and mine.attachments and "Solo tú ves esto" in mine.text
    outsider = await (await world.fake.slash(world.eve, place, "hand")).done()
    assert outsider.ephemeral and "not playing" in outsider.text
    rules = await (
        await world.fake.slash(world.luis, place, "rules", {"game": "stonehenge"})
    ).done()
    assert "Objetivo" in rules.text
    commands = world.fake.commands(world.guild)
    move_command = next(c for c in commands if c["name"] == "move")
    assert move_command["name_localizations"]["es-ES"] == "mover"


async def test_board_names_the_private_part_only_with_hidden_druids(tablero: World) -> None:
    world = tablero
    place = await _started(world, hidden=True)
    await move(world, world.ana, place, "6L")
    board = await (await world.fake.slash(world.ana, place, "board")).done()
    assert "your face-down druids showing their values" in board.text
    board = await (await world.fake.slash(world.luis, place, "board")).done()
    assert "tus druidas boca abajo" in board.text
    board = await (await world.fake.slash(world.eve, place, "board")).done()
    assert board.text == "The current board:"
