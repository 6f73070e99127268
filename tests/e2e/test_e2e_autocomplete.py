"""/move's autocomplete through the loopback Discord: hints that answer what they say."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

from data import StorageBusy
from loopback.models import FakeChannel, FakeUser
from loopback.perms import MANAGE_GUILD
from tests.e2e import World, accept, challenge, settled
from tests.lockholder import TableLock


@contextlib.asynccontextmanager
async def unreadable(world: World) -> AsyncIterator[None]:
    """Reads of the bot's database fail as busy: on PostgreSQL an operator locks the games
    table; SQLite's reader (WAL) waits for no writer, so there its reads fail as they do
    when another program holds the file exclusively."""
    assert world.bot is not None
    db = world.bot.store.db
    if db.engine != "sqlite":
        async with TableLock(str(world.database), ("games", "challenges")):
            yield
        return

    async def busy(*_: Any, **__: Any) -> Any:
        raise StorageBusy(db.path)

    read = db.fetchall
    db.fetchall = busy  # type: ignore[method-assign]
    try:
        yield
    finally:
        db.fetchall = read  # type: ignore[method-assign]


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


async def test_a_database_nobody_may_read_answers_with_a_hint_on_both_engines(
    tablero_on: World,
) -> None:
    world = tablero_on
    place = await accept(
        world, world.luis, await challenge(world, world.ana, world.luis, first="me")
    )
    await settled(world)
    async with unreadable(world):
        # To move, waiting, not playing here, and a move that names its game.
        for user, typed, said in (
            (world.ana, "6", "storage is busy"),
            (world.luis, "", "almacén de partidas está ocupado"),
            (world.eve, "6L", "storage is busy"),
            (world.ana, "#1 6", "storage is busy"),
        ):
            (hint,) = await _pick(world, user, place, typed)
            assert said in hint["name"] and hint["value"] == "?", hint
    # The lock is gone: the moves are offered again.
    choices = await _pick(world, world.ana, place, "6")
    assert choices and all("6" in c["value"] for c in choices)


async def test_a_moderator_s_autocomplete_answers_with_a_hint_when_nobody_may_read(
    tablero_on: World,
) -> None:
    world = tablero_on
    await challenge(world, world.ana, world.luis)
    admins = world.fake.add_role(world.guild, "admins", MANAGE_GUILD)
    admins.member_ids.add(world.eve.id)

    async def offered() -> list[dict[str, Any]]:
        return await world.fake.autocomplete(
            world.eve,
            world.channel,
            "mod",
            {"challenge": ""},
            focused="challenge",
            subcommand="cancel",
        )

    assert [c["value"] for c in await offered()] == [1]
    async with unreadable(world):
        (busy,) = await offered()
        assert "storage is busy" in busy["name"] and busy["value"] == 0, busy
    assert [c["value"] for c in await offered()] == [1]  # readable again
