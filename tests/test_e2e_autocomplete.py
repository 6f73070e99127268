"""/move's autocomplete through the loopback Discord: hints that answer what they say."""

from __future__ import annotations

from loopback.models import FakeChannel, FakeUser
from tests.e2e import World, accept, challenge


async def _pick(
    world: World, user: FakeUser, place: FakeChannel, typed: str
) -> list[dict[str, str]]:
    """The autocomplete entries ``user`` sees for ``typed`` in /move."""
    return await world.fake.autocomplete(user, place, "move", {"move": typed}, focused="move")


async def test_choosing_the_not_your_turn_hint_answers_the_hint(tablero: World) -> None:
    world = tablero
    place = await accept(
        world, world.luis, await challenge(world, world.ana, world.luis, first="me")
    )
    for typed in ("", "-", "6L"):
        (hint,) = await _pick(world, world.luis, place, typed)
        assert "le toca a Ana" in hint["name"]
        ix = await (
            await world.fake.slash(world.luis, place, "move", {"move": hint["value"]})
        ).done()
        assert ix.ephemeral and ix.text == "⚠️ " + hint["name"]


async def test_choosing_the_no_game_hint_answers_the_hint(tablero: World) -> None:
    world = tablero
    (hint,) = await _pick(world, world.eve, world.channel, "6L")
    assert "no game in progress here" in hint["name"]
    ix = await (
        await world.fake.slash(world.eve, world.channel, "move", {"move": hint["value"]})
    ).done()
    assert ix.text == "⚠️ " + hint["name"]


async def test_a_hint_chosen_after_the_turn_came_says_what_to_do(tablero: World) -> None:
    world = tablero
    place = await accept(
        world, world.luis, await challenge(world, world.ana, world.luis, first="me")
    )
    (hint,) = await _pick(world, world.luis, place, "")
    ix = await (await world.fake.slash(world.ana, place, "move", {"move": "6L"})).done()
    assert "6L" in ix.text
    # Luis's turn now: the stale hint is not read as a move but explained.
    late = await (await world.fake.slash(world.luis, place, "move", {"move": hint["value"]})).done()
    assert late.ephemeral and "No entiendo" not in late.text and "/tablero" in late.text


async def test_nothing_matching_offers_a_hint_that_answers_itself(tablero: World) -> None:
    world = tablero
    place = await accept(
        world, world.luis, await challenge(world, world.ana, world.luis, first="me")
    )
    (hint,) = await _pick(world, world.ana, place, "8")
    assert "“8”" in hint["name"]
    ix = await (await world.fake.slash(world.ana, place, "move", {"move": hint["value"]})).done()
    assert "/board" in ix.text and "can’t read" not in ix.text
