"""Islas end to end through the loopback Discord: three players from challenge to result."""

from __future__ import annotations

import random
from typing import Any

from cogs.games import adapter_for
from rules import get_game
from rules.islas import IslasState
from tests.e2e import World, boards, button, move, settled, stored_game, wait_boards
from tests.fakediscord.models import FakeChannel

ISLAS = adapter_for("islas")


async def _three_players(world: World, **extra: Any) -> tuple[FakeChannel, IslasState]:
    args = {"game": "islas", "opponent": world.luis, "opponent2": world.eve, "first": "me", **extra}
    ix = await (await world.fake.slash(world.ana, world.channel, "play", args)).done()
    offer = ix.message
    assert f"<@{world.luis.id}>" in offer.content and f"<@{world.eve.id}>" in offer.content
    accept_id = button(offer, "ch:", ":accept")
    first = await (await world.fake.click(world.eve, offer, accept_id)).done()
    assert (
        "Still waiting for" in first.message.content and str(world.luis.id) in first.message.content
    )
    assert await stored_game(world) is None  # not everyone has accepted yet
    await (await world.fake.click(world.luis, offer, accept_id)).done()
    place = world.fake.threads(world.channel)[-1]
    await wait_boards(world, place, 1)
    await settled(world)
    game = await stored_game(world)
    assert game.names() == ("Ana", "Luis", "Eve")  # seats in the order the challenge named
    state = get_game("islas").new(3, game.seed, game.options)
    assert isinstance(state, IslasState)
    return place, state


async def test_three_players_from_challenge_to_result(tablero: World) -> None:
    world = tablero
    place, state = await _three_players(world)
    users = {0: world.ana, 1: world.luis, 2: world.eve}
    rng = random.Random(3)
    while state.turn is not None:
        seat = state.turn
        chosen = rng.choice(state.legal_moves())
        notation = state.format(chosen)
        ix = await move(world, users[seat], place, notation)
        assert ix.ephemeral and "⚠️" not in ix.text, (notation, ix.text)
        state.apply(chosen)
        if state.turn is not None:
            assert users[state.turn].id in boards(world, place)[-1].pinged_user_ids
    game = await stored_game(world)
    assert game.status == "finished" and game.result["scores"] == list(state.outcome().scores)
    final = boards(world, place)[-1]
    assert "🏆" in final.content
    assert final.attachments[0].data == ISLAS.render("en", state, None, ("Ana", "Luis", "Eve"))
    assert len(final.attachments[0].data) < 1024 * 1024


async def test_the_picker_spot_rotation_follower_confirm(tablero: World) -> None:
    world = tablero
    place, state = await _three_players(world)
    view = state.view(None)
    spot = view.spots[0]
    board = boards(world, place)[-1]
    opened = await (await world.fake.click(world.ana, board, "tg:1:play")).done()
    assert f"Where do you place tile {view.current}" in opened.text
    picker = opened.message
    spots = [b["label"] for b in picker.buttons] + [
        o["label"] for s in picker.selects for o in s["options"]
    ]
    assert spot.label in spots and len(spots) == len(view.spots) + 0
    step = await _choose(world, picker, f"pk:1:0::{spot.label}", "ps:1:0::", spot.label)
    assert "which way round" in step.text and step.message.attachments  # the rotations image
    rotation = spot.rotations[0]
    step = await _choose(world, step.message, f"pk:1:0:{spot.label}:{rotation}")
    assert "put a follower" in step.text and not step.message.attachments
    step = await _choose(world, step.message, f"pk:1:0:{spot.label}.{rotation}:none")
    assert "Confirm?" in step.text
    await _choose(world, step.message, f"pk:1:0:{spot.label}.{rotation}.none:ok")
    await wait_boards(world, place, 2)
    game = await stored_game(world)
    assert game.moves == [f"{spot.x},{spot.y} {rotation}"]


async def _choose(world: World, message: Any, custom_id: str, select_id: str = "", value: str = ""):
    """Click a picker button, or pick from its menu when the choices did not fit on buttons."""
    if custom_id in message.custom_ids:
        return await (await world.fake.click(world.ana, message, custom_id)).done()
    select = next(c for c in message.custom_ids if c.startswith(select_id) and select_id)
    return await (await world.fake.select(world.ana, message, select, [value])).done()


async def test_a_spot_label_can_be_typed(tablero: World) -> None:
    world = tablero
    place, state = await _three_players(world)
    spot = state.view(None).spots[-1]
    ix = await move(world, world.ana, place, f"{spot.label.lower()} {spot.rotations[-1]}")
    assert ix.ephemeral and f"{spot.x},{spot.y} {spot.rotations[-1]}" in ix.text
    wrong = await move(world, world.luis, place, "ZZ 90")
    assert wrong.ephemeral and "⚠️" in wrong.text
