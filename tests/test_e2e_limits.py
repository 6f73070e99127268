"""Over-long input and refused replies, end to end: the user always gets a plain answer."""

from __future__ import annotations

from typing import Any

import pytest

from loopback.records import Interaction
from tests.e2e import World, accept, challenge

LONG_TEXTS = (1_970, 3_000)


async def _answered_after_refusal(world: World, ix: Interaction) -> Interaction:
    """Wait for the bot's answer to ``ix`` once Discord has refused a first one (``done``
    would stop at the refusal)."""

    def check() -> Interaction | None:
        return ix if ix.errors and ix.text else None

    return await world.fake.world.notifier.wait_for(check, 5, "an answer after a refusal")


async def _stonehenge(world: World) -> Any:
    """A game of Stonehenge where Ana moves first; returns its thread."""
    return await accept(
        world, world.luis, await challenge(world, world.ana, world.luis, first="me")
    )


async def test_the_move_option_is_limited_and_the_fake_enforces_it(tablero: World) -> None:
    world = tablero
    (option,) = world.fake.command("move", world.guild)["options"]
    assert option["max_length"] == 100
    place = await _stonehenge(world)
    with pytest.raises(ValueError, match="max_length"):
        await world.fake.slash(world.ana, place, "move", {"move": "x" * 101})


@pytest.mark.parametrize("length", LONG_TEXTS)
async def test_a_very_long_move_text_is_answered_plainly(tablero: World, length: int) -> None:
    # Discord's client stops at max_length, but a command synced before the limit existed
    # (or a client that skips the check) can still send anything: the bot must answer.
    world = tablero
    place = await _stonehenge(world)
    text = "6L" + "x" * (length - 2)
    ix = await (
        await world.fake.slash(world.ana, place, "move", {"move": text}, check=False)
    ).done()
    assert ix.ephemeral and "can’t read “6Lxxx" in ix.text and "…”" in ix.text
    assert len(ix.text) < 200 and "{???}" not in ix.text


async def test_an_echo_in_another_language_is_shortened_too(tablero: World) -> None:
    world = tablero
    place = await accept(
        world, world.ana, await challenge(world, world.luis, world.ana, first="me")
    )
    words = "colocar " * 300
    ix = await (
        await world.fake.slash(world.luis, place, "move", {"move": words}, check=False)
    ).done()
    assert "«colocar colocar" in ix.text and "…»" in ix.text and len(ix.text) < 200


async def test_a_refused_reply_falls_back_to_a_short_one(
    tablero: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A message over Discord's limits is refused with 400; the user must not be left on
    # "thinking…" but get a short note instead.
    from cogs.utils import replies

    world = tablero
    place = await _stonehenge(world)
    real_tr = replies.tr

    def bloated(interaction: Any, key: str, **args: Any) -> str:
        text = real_tr(interaction, key, **args)
        return text * 100 if key == "error-not-your-turn" else text

    monkeypatch.setattr(replies, "tr", bloated)
    ix = await world.fake.slash(world.luis, place, "move", {"move": "6L"})
    await _answered_after_refusal(world, ix)
    assert ix.ephemeral and "/tablero" in ix.text and len(ix.text) < 300
    assert any("2000" in error for error in ix.errors)  # the first reply was refused


async def test_a_refused_reply_after_deferring_falls_back_too(
    tablero: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cogs.utils import items

    world = tablero
    place = await _stonehenge(world)
    real_tr = items.tr

    def bloated(interaction: Any, key: str, **args: Any) -> str:
        text = real_tr(interaction, key, **args)
        return text * 300 if key == "move-done" else text

    await (await world.fake.slash(world.ana, place, "move", {"move": "6L"})).done()
    # A legal move is answered after deferring (its board is stored and posted first).
    monkeypatch.setattr(items, "tr", bloated)
    ix = await world.fake.slash(world.luis, place, "move", {"move": "5D"})
    await _answered_after_refusal(world, ix)
    assert ix.deferred and "/tablero" in ix.text and len(ix.text) < 300
