"""Challenges as new players (and a modified client) use them: odd options, open tables."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from loopback.models import FakeMessage
from loopback.records import Interaction
from tests.e2e import World, play, press, stored_game


async def _play(
    world: World, user: Any, game: str, args: dict[str, Any], **kwargs: Any
) -> Interaction:
    return await (await play(world, user, game, args, **kwargs)).done()


@pytest.mark.parametrize(
    ("option", "value", "shown"),
    [
        ("days", 4, "4"),
        ("first", "x" * 500, "x" * 29 + "…"),
        ("series", 2, "2"),
        ("first", "second", "second"),
    ],
)
async def test_play_refuses_a_value_outside_the_offered_choices(
    tablero: World, caplog: pytest.LogCaptureFixture, option: str, value: Any, shown: str
) -> None:
    world = tablero
    caplog.set_level(logging.WARNING)
    args = {"opponent": world.luis, option: value}
    ix = await _play(world, world.ana, "stonehenge", args, check=False)
    assert ix.ephemeral and f"“{shown}" in ix.text and f"of {option}" in ix.text, ix.text
    assert len(ix.text) < 200  # the value is echoed shortened
    assert await world.bot.store.challenges.get(1) is None
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]  # no traceback


async def test_play_refuses_the_same_opponent_named_twice(tablero: World) -> None:
    world = tablero
    args = {"opponent": world.luis, "opponent2": world.luis}
    ix = await _play(world, world.ana, "islas", args)
    assert ix.ephemeral and "Luis" in ix.text and "twice" in ix.text, ix.text
    assert await world.bot.store.challenges.get(1) is None


async def _table(world: World) -> FakeMessage:
    ix = await _play(world, world.ana, "islas", {})
    assert ix.message is not None
    return ix.message


async def test_leaving_an_open_table_twice_says_you_are_not_seated(tablero: World) -> None:
    world = tablero
    offer = await _table(world)
    await press(world, world.eve, offer, "accept")
    await press(world, world.eve, offer, "decline")
    again = await press(world, world.eve, offer, "decline")
    assert again.ephemeral and "not seated" in again.text, again.text
    stranger = await press(world, world.luis, offer, "decline")
    assert "No tienes asiento" in stranger.text, stranger.text


async def test_the_host_leaving_hands_the_table_to_the_next_player(tablero: World) -> None:
    world = tablero
    offer = await _table(world)
    await press(world, world.luis, offer, "accept")
    await press(world, world.eve, offer, "accept")
    left = await press(world, world.ana, offer, "decline")
    assert not left.ephemeral and offer.buttons, left.text
    assert "**Luis** opens a table" in offer.content and "Seated: Luis and Eve." in offer.content
    assert "**Ana** left the table: **Luis** hosts it now" in offer.content
    challenge = await world.bot.store.challenges.get(1)
    assert challenge.status == "open" and challenge.challenger_id == world.luis.id
    gone = await press(world, world.ana, offer, "start")
    assert gone.ephemeral and "Only the challenger" in gone.text
    await press(world, world.ana, offer, "accept")  # Ana may sit down again, as a guest
    await press(world, world.luis, offer, "start")
    game = await stored_game(world)
    assert game.names() == ("Luis", "Eve", "Ana")


async def test_the_last_host_leaving_closes_the_table(tablero: World) -> None:
    world = tablero
    offer = await _table(world)
    await press(world, world.ana, offer, "decline")
    assert "withdrew" in offer.content and not offer.buttons
    assert (await world.bot.store.challenges.get(1)).status == "cancelled"


async def test_a_table_that_fills_up_says_it_is_full_and_started(tablero: World) -> None:
    world = tablero
    others = [world.luis, world.eve] + [world.fake.add_user(n) for n in ("Erin", "Tom")]
    offer = await _table(world)
    for user in others:
        await press(world, user, offer, "accept")
    assert "table is full" in offer.content and "has started" in offer.content, offer.content
    assert "Tom" in offer.content and not offer.buttons
    assert (await stored_game(world)).players == 5


async def test_rules_refuse_a_game_the_bot_does_not_know(tablero: World) -> None:
    world = tablero
    ix = await world.fake.slash(world.ana, world.channel, "rules", {"game": "chess"}, check=False)
    assert "“chess” is not one of the values of game" in (await ix.done()).text
