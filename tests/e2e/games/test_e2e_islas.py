"""Islas end to end through the loopback Discord: three players from challenge to result."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import pytest

from games.plugin import plugin_for
from locales import t
from table import openings
from tests.e2e import (
    World,
    boards,
    move,
    stored_game,
    three_players,
    wait_boards,
)

ISLAS = plugin_for("islas")


async def test_three_players_from_challenge_to_result(tablero: World) -> None:
    world = tablero
    place, state = await three_players(world)
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
    assert game.status == "finished" and game.result.scores == tuple(state.outcome().scores)
    final = boards(world, place)[-1]
    assert "🏆" in final.content
    assert final.attachments[0].data == ISLAS.drawing.render(
        "en", state, None, ("Ana", "Luis", "Eve")
    )
    assert len(final.attachments[0].data) < 1024 * 1024


async def test_the_picker_spot_rotation_follower_confirm(
    tablero: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = tablero
    _seeded(monkeypatch, 41)
    place, state = await three_players(world)
    view = state.view(None)
    spot = view.spots[1]  # south of the start tile: the island edge fits three ways
    assert spot.rotations == (90, 180, 270)
    board = boards(world, place)[-1]
    opened = await (await world.fake.click(world.ana, board, "tg:1:play")).done()
    assert "Where do you place an island edge?" in opened.text
    picker = opened.message
    spots = [b["label"] for b in picker.buttons] + [
        o["label"] for s in picker.selects for o in s["options"]
    ]
    assert spots == [s.label for s in view.spots]
    step = await _choose(world, picker, f"pk:1:0::{spot.label}", "ps:1:0::", spot.label)
    assert "which way round" in step.text and step.message.attachments  # the rotations image
    assert [b["label"] for b in step.message.buttons][:3] == ["90°", "180°", "270°"]
    rotation = spot.rotations[0]
    step = await _choose(world, step.message, f"pk:1:0:{spot.label}:{rotation}")
    assert "put a follower" in step.text and not step.message.attachments
    step = await _choose(world, step.message, f"pk:1:0:{spot.label}.{rotation}:none")
    assert "Confirm?" in step.text
    await _choose(world, step.message, f"pk:1:0:{spot.label}.{rotation}.none:ok")
    await wait_boards(world, place, 2)
    game = await stored_game(world)
    assert game.moves == (f"{spot.x},{spot.y} {rotation}",)


async def _choose(world: World, message: Any, custom_id: str, select_id: str = "", value: str = ""):
    """Click a picker button, or pick from its menu when the choices did not fit on buttons."""
    if custom_id in message.custom_ids:
        return await (await world.fake.click(world.ana, message, custom_id)).done()
    select = next(c for c in message.custom_ids if c.startswith(select_id) and select_id)
    return await (await world.fake.select(world.ana, message, select, [value])).done()


def _seeded(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """The next game stored gets ``seed`` (3 players, Ana first: seed 41 draws an island edge
    first, which fits only one way north of the start tile and three ways south of it)."""
    fixed = SimpleNamespace(randrange=lambda *_: seed)
    monkeypatch.setattr(openings, "random", SimpleNamespace(SystemRandom=lambda: fixed))


async def test_images_have_alt_text_with_plurals(
    tablero: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = tablero
    _seeded(monkeypatch, 41)
    place, _ = await three_players(world)
    opening = boards(world, place)[-1].attachments[0].description
    assert opening.startswith("Islas map: 1 tile placed, 71 left.")
    assert "Ana 0 points, 7 followers left" in opening
    assert "Ana to place an island edge: 2 spots fit, labelled A to B" in opening
    picker = (
        await (await world.fake.click(world.ana, boards(world, place)[-1], "tg:1:play")).done()
    ).message
    step = await _choose(world, picker, "pk:1:0::B")  # the island edge fits 3 ways south
    (image,) = step.message.attachments
    assert image.description == (
        "Spot B (0,-1) with an island edge turned each of the 3 ways it fits: "
        "90°: north water, east island, south water, west water; "
        "180°: north water, east water, south island, west water; "
        "270°: north water, east water, south water, west island."
    )


async def test_the_picker_skips_the_rotation_when_the_tile_fits_one_way(
    tablero: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = tablero
    _seeded(monkeypatch, 41)
    place, state = await three_players(world)
    assert state.current == "E" and state.view(None).spots[0].rotations == (180,)
    board = boards(world, place)[-1]
    opened = await (await world.fake.click(world.ana, board, "tg:1:play")).done()
    assert "Where do you place an island edge?" in opened.text
    assert " E" not in opened.text.split("?")[0]  # not called by its type letter
    step = await _choose(world, opened.message, "pk:1:0::A")
    assert "fits only one way, 180° (shown). Put a follower on it?" in step.text
    assert step.message.attachments[0].description.startswith("Spot A (0,1) with an island")
    labels = [b["label"] for b in step.message.buttons]
    assert labels[:2] == ["no follower", "island S"]
    step = await _choose(world, step.message, "pk:1:0:A:island-S")
    assert "Spot A, 180°, island S. Confirm?" in step.text
    done = await _choose(world, step.message, "pk:1:0:A.island-S:ok")
    # Confirmed in the picker's words; the record keeps the coordinates.
    assert "✅ You played Spot A, 180°, island S." in done.text and "0,1" not in done.text, (
        done.text
    )
    await wait_boards(world, place, 2)
    assert (await stored_game(world)).moves == ("0,1 180 island S",)


async def test_a_turn_message_tells_the_whole_move(
    tablero: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = tablero
    _seeded(monkeypatch, 41)
    place, state = await three_players(world)
    ix = await move(world, world.ana, place, "0,1 180 island S")
    assert "⚠️" not in ix.text
    state.apply(state.parse("0,1 180 island S"))
    await wait_boards(world, place, 2)
    text = boards(world, place)[-1].content
    assert (
        "**Ana** placed an island edge on spot A (0,1), turned 180°, "
        "with a follower on the island (S)."
    ) in text
    assert f"Next tile: {t('en', f'islas-tile-{state.current}')}." in text


async def test_a_spanish_player_writes_and_reads_spanish_notation(
    tablero: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = tablero
    _seeded(monkeypatch, 41)
    place, state = await three_players(world)
    await move(world, world.ana, place, "0,1 180")
    state.apply(state.parse("0,1 180"))
    await wait_boards(world, place, 2)
    assert state.turn == 1  # Luis, whose Discord speaks Spanish
    choices = await world.fake.autocomplete(
        world.luis, place, "move", {"move": "agua"}, focused="move"
    )
    names = [c["name"] for c in choices]
    assert names and all(" agua " in n for n in names), names
    assert not any("water" in n or "W " in n or n.endswith("W") for n in names), names
    water = next(
        m for m in state.legal_moves() if m.follower and m.follower[1] in ("WNW", "WSW", "NNW")
    )
    spot = next(s for s in state.view(None).spots if (s.x, s.y) == (water.x, water.y))
    spanish_half = {"WNW": "ONO", "WSW": "OSO", "NNW": "NNO"}[water.follower[1]]
    typed = f"{spot.label} {water.rotation} agua {spanish_half}"
    assert any(c["value"] == state.format(water) for c in choices if typed in c["name"])
    wrong = await move(world, world.luis, place, f"{spot.label} {water.rotation} isla O")
    assert wrong.ephemeral and "Esta ficha no tiene isla en O." in wrong.text
    done = await move(world, world.luis, place, typed.lower())
    assert "⚠️" not in done.text
    await wait_boards(world, place, 3)
    assert (await stored_game(world)).moves[-1] == state.format(water)  # canonical record


async def test_a_spot_label_can_be_typed(tablero: World) -> None:
    world = tablero
    place, state = await three_players(world)
    spot = state.view(None).spots[-1]
    ix = await move(world, world.ana, place, f"{spot.label.lower()} {spot.rotations[-1]}")
    assert ix.ephemeral and f"{spot.x},{spot.y} {spot.rotations[-1]}" in ix.text
    wrong = await move(world, world.luis, place, "ZZ 90")
    assert wrong.ephemeral and "⚠️" in wrong.text
