"""Over-long input and refused replies, end to end: the user always gets a plain answer."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from data import GuildSettings
from loopback.records import Interaction
from loopback.timing import WAIT
from tests.e2e import World, accept, challenge, play, press, resign, settled

LONG_TEXTS = (1_970, 3_000)


async def _answered_after_refusal(world: World, ix: Interaction) -> Interaction:
    """Wait for the bot's answer to ``ix`` once Discord has refused a first one (``done``
    would stop at the refusal)."""

    def check() -> Interaction | None:
        return ix if ix.errors and ix.text else None

    return await world.fake.world.notifier.wait_for(check, WAIT, "an answer after a refusal")


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
    from cogs.utils import moves

    world = tablero
    place = await _stonehenge(world)
    real_tr = moves.tr

    def bloated(interaction: Any, key: str, **args: Any) -> str:
        text = real_tr(interaction, key, **args)
        return text * 300 if key == "move-done" else text

    await (await world.fake.slash(world.ana, place, "move", {"move": "6L"})).done()
    # A legal move is answered after deferring (its board is stored and posted first).
    monkeypatch.setattr(moves, "tr", bloated)
    ix = await world.fake.slash(world.luis, place, "move", {"move": "5D"})
    await _answered_after_refusal(world, ix)
    assert ix.deferred and "/tablero" in ix.text and len(ix.text) < 300


# -- the server's limits on open challenges and games at once --------------------------------
async def _limit_games(world: World, count: int) -> None:
    assert world.bot is not None
    await world.bot.store.settings.set_guild(world.guild.id, GuildSettings(max_games=count))


def _private(ix: Interaction) -> bool:
    """Whether everything the interaction produced only its user sees (and there is some)."""
    return bool(ix.messages) and all(m.ephemeral for m in ix.messages)


async def test_eight_challenges_at_once_make_three_under_a_limit_of_three(tablero: World) -> None:
    world = tablero
    sent = [await play(world, world.ana, "stonehenge", {"opponent": world.luis}) for _ in range(8)]
    answers = await asyncio.gather(*(ix.done() for ix in sent))
    made = [ix for ix in answers if not ix.ephemeral]
    refused = [ix for ix in answers if ix.ephemeral]
    assert len(made) == 3 and len(refused) == 5, [ix.text for ix in answers]
    for ix in refused:
        assert "3 open challenges on this server already" in ix.text, ix.text
        assert "withdraw one with the Decline button" in ix.text, ix.text
    assert await world.bot.store.challenges.open_by(world.ana.id, world.guild.id) == 3
    # In Spanish too.
    again = await (
        await play(world, world.ana, "kahuna", {"opponent": world.luis}, locale="es-ES")
    ).done()
    assert "con el botón Rechazar" in again.text, again.text


async def test_a_challenger_at_the_game_limit_starts_no_second_game(tablero: World) -> None:
    # Ana's challenges are accepted one after the other: the first game puts her at the
    # limit of one, and the others cannot start (the one who accepts is told why).
    world = tablero
    await _limit_games(world, 1)
    tom = world.fake.add_user("Tom", locale="es-ES")
    offers = [
        await challenge(world, world.ana, world.luis),
        await challenge(world, world.ana, world.eve),
        await challenge(world, world.ana, tom, "kahuna"),
    ]
    await accept(world, world.luis, offers[0])
    await settled(world)
    for user, offer in ((world.eve, offers[1]), (tom, offers[2])):
        before = offer.content
        refused = await press(world, user, offer, "accept")
        assert _private(refused) and "Ana" in refused.text, refused.text
        assert offer.content == before and offer.buttons  # still waiting for that answer
    refused = await press(world, world.eve, offers[1], "accept")
    assert "Ana already plays one game on this server" in refused.text, refused.text
    assert len(await world.bot.store.games.active_for_user(world.ana.id)) == 1
    # Nothing was half done: once Ana's game is over, Eve's answer starts hers.
    await resign(world, world.luis, world.fake.threads(world.channel)[0])
    await settled(world)
    started = await press(world, world.eve, offers[1], "accept")
    assert "accepted" in offers[1].content and not offers[1].buttons, started.text
    assert len(await world.bot.store.games.active_for_user(world.ana.id)) == 1


async def test_a_member_at_the_game_limit_cannot_join_an_open_table(tablero: World) -> None:
    # Refused when taking the seat, not only once the table starts: without the check on
    # the join path Luis would sit at a table he may not play at.
    world = tablero
    await _limit_games(world, 1)
    await accept(world, world.luis, await challenge(world, world.ana, world.luis))
    table = await (await play(world, world.eve, "islas", {})).done()
    assert table.message is not None
    joined = await press(world, world.luis, table.message, "accept")
    assert joined.ephemeral and "Ya juegas una partida en este servidor" in joined.text
    offer = await world.bot.store.challenges.get(2)
    assert offer is not None and offer.players == ()  # not seated
