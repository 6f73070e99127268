"""The platform around a game, end to end: challenges, threads, series, recovery, secrets."""

from __future__ import annotations

import logging
import random
import re
from typing import Any

import pytest

from render import render
from tests.e2e import (
    World,
    accept,
    boards,
    button,
    challenge,
    mirror,
    move,
    pick,
    play,
    stored_game,
    until,
    wait_boards,
)


async def test_hidden_druids_never_reach_public_text_images_or_logs(
    tablero: World, caplog: pytest.LogCaptureFixture
) -> None:
    world = tablero
    caplog.set_level(logging.DEBUG)
    message = await challenge(world, world.ana, world.luis, first="me", hidden=True)
    assert "hidden druids" in message.content
    place = await accept(world, world.luis, message)
    state, rng = mirror({"first": 0, "hidden": True}), random.Random(11)
    users = (world.ana, world.luis)
    while state.turn is not None:
        notation = pick(state, rng)
        await move(world, users[state.turn], place, notation)
        state.play(notation)
        posted = boards(world, place)[-1]
        # The public image is exactly the public view: no hidden value drawn in it.
        names = ("Ana", "Luis")
        from games.plugin import plugin_for

        expected = plugin_for("stonehenge").drawing.render("en", state, None, names)
        assert posted.attachments[0].data == expected
        assert f"face down on {notation[-1]}" in posted.content
        assert not re.search(r"played \d", posted.content)
        if state.ply == 6:
            mine = await (await world.fake.slash(world.luis, place, "board")).done()
            private = plugin_for("stonehenge").drawing.render("es", state, 1, names)
            assert mine.ephemeral and mine.attachments[0].data == private != expected
            shown = await (await world.fake.click(world.ana, posted, "tg:1:mine")).done()
            assert shown.ephemeral
            assert shown.attachments[0].data == plugin_for("stonehenge").drawing.render(
                "en", state, 0, names
            )
    # Log lines carry no move notation at all (a hidden value would be in it).
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "stored" in logged and not re.search(r"\b[1-6][A-R]\b", logged)
    game = await stored_game(world)
    assert game.status == "finished"


async def test_threads_not_allowed_the_game_is_played_in_the_channel(world: World) -> None:
    from loopback.bots import start_bot, stop_bot
    from tests.e2e import make_bot

    world.channel = world.fake.add_channel(world.guild, "no-threads", threads_allowed=False)
    world.bot = make_bot(world)
    await start_bot(world.bot)
    try:
        message = await challenge(world, world.ana, world.luis, first="opponent")
        place = await accept(world, world.luis, message)
        assert place.id == world.channel.id and world.fake.threads(world.channel) == []
        assert world.luis.id in boards(world, place)[-1].pinged_user_ids
        ix = await move(world, world.luis, place, "6A")
        assert "6A" in ix.text
    finally:
        await stop_bot(world.bot)


async def test_challenge_expires_by_the_stored_clock(tablero: World) -> None:
    world = tablero
    first = await challenge(world, world.ana, world.luis)
    second = await challenge(world, world.ana, world.eve)
    for challenge_id in (1, 2):

        async def noted(challenge_id: int = challenge_id) -> bool:
            return (await world.bot.store.challenges.get(challenge_id)).message_id is not None

        # The bot notes the message id just after posting it.
        await until(noted, f"challenge {challenge_id}'s message id")
    world.clock.now += 25 * 3600
    # A click that arrives after the deadline, before the expiry loop woke up.
    ix = await (await world.fake.click(world.luis, first, button(first, "ch:", ":accept"))).done()
    assert ix.ephemeral and "ya no está abierto" in ix.text
    assert "expired" in first.content and not first.buttons
    # The loop, woken, expires the other one by itself.
    world.bot.get_cog("Timers").wake()
    await world.fake.wait_for_message(world.channel, lambda m: "expired" in second.content)
    assert not second.buttons
    assert await stored_game(world) is None


async def test_decline_cancel_and_strangers(tablero: World) -> None:
    world = tablero
    first = await challenge(world, world.ana, world.luis)
    accept_id = button(first, "ch:", ":accept")
    stranger = await (await world.fake.click(world.eve, first, accept_id)).done()
    assert stranger.ephemeral and "not addressed to you" in stranger.text
    own = await (await world.fake.click(world.ana, first, accept_id)).done()
    assert own.ephemeral and "your own challenge" in own.text
    declined = await (
        await world.fake.click(world.luis, first, button(first, "ch:", ":decline"))
    ).done()
    assert "declined" in declined.message.content and not declined.message.buttons
    second = await challenge(world, world.ana, world.luis)
    await (await world.fake.click(world.ana, second, button(second, "ch:", ":decline"))).done()
    assert "withdrew" in world.fake.messages(world.channel)[-1].content
    assert await stored_game(world) is None


async def test_open_challenge_anyone_may_accept(tablero: World) -> None:
    world = tablero
    message = await challenge(world, world.ana, None)
    assert "Anyone may accept" in message.content
    place = await accept(world, world.eve, message)
    game = await stored_game(world)
    assert game.names() == ("Ana", "Eve") and place.is_thread


async def test_autocomplete_offers_legal_moves_matching_the_text(tablero: World) -> None:
    world = tablero
    message = await challenge(world, world.ana, world.luis, first="me")
    place = await accept(world, world.luis, message)
    choices = await world.fake.autocomplete(world.ana, place, "move", {"move": "6"}, focused="move")
    assert 0 < len(choices) <= 25
    assert all("6" in c["value"] for c in choices)
    assert {c["value"] for c in choices} <= {
        f"{v}{p}" for v in range(1, 7) for p in "ABCDEFGHIJKLMNOPQR"
    }
    exact = await world.fake.autocomplete(world.ana, place, "move", {"move": "l 5"}, focused="move")
    assert [c["value"] for c in exact] == ["5L"]
    waiting = await world.fake.autocomplete(world.luis, place, "move", {"move": ""}, focused="move")
    assert len(waiting) == 1 and "le toca a Ana" in waiting[0]["name"]


async def test_games_lists_your_turn_first_with_links(tablero: World) -> None:
    world = tablero
    one = await accept(world, world.luis, await challenge(world, world.ana, world.luis, first="me"))
    two = await accept(
        world, world.eve, await challenge(world, world.ana, world.eve, first="opponent")
    )
    listed = await (await world.fake.slash(world.ana, world.channel, "games")).done()
    assert listed.ephemeral
    text = listed.text
    assert text.index(f"<#{one.id}>") < text.index(f"<#{two.id}>")
    assert "your turn" in text and "Eve's turn" in text
    none = await (await world.fake.slash(world.luis, world.channel, "games")).done()
    assert "Tus partidas" in none.text  # Luis has one game, listed in Spanish


async def test_games_lists_whole_rows_and_says_how_many_more(tablero: World) -> None:
    world = tablero
    store = world.bot.store
    # Islas tables of five with the longest names Discord allows: rows of about 200
    # characters, so the list cannot hold them all.
    names = [("W" * 31) + str(i) for i in range(4)]
    for _ in range(30):
        game_id = await store.games.create_game(
            game="islas",
            seats=[(world.ana.id, "Ana"), *((1000 + i, name) for i, name in enumerate(names))],
            seed=1,
            options={"first": 0},
            lang="en",
            guild_id=world.guild.id,
            channel_id=world.channel.id,
            place_id=world.channel.id,
        )
        assert game_id
    listed = await (await world.fake.slash(world.ana, world.channel, "games")).done()
    rows = listed.text.splitlines()
    shown = [row for row in rows if row.startswith("**Islas**")]
    assert len(listed.text) <= 4096 + 100 and 10 <= len(shown) < 30
    assert all(row.endswith("**your turn**") for row in shown)  # no row cut in the middle
    assert rows[-1] == f"… and {30 - len(shown)} more"


async def test_resign_asks_then_ends_the_game(tablero: World) -> None:
    world = tablero
    place = await accept(
        world, world.luis, await challenge(world, world.ana, world.luis, first="me")
    )
    asked = await (await world.fake.slash(world.luis, place, "resign")).done()
    assert asked.ephemeral and "¿Seguro" in asked.text
    assert (await stored_game(world)).active
    await (await world.fake.click(world.luis, asked.message, button(asked.message, "rs:"))).done()
    final = await wait_boards(world, place, 2)
    assert "Luis** resigned" in final[-1].content and "Ana" in final[-1].content
    game = await stored_game(world)
    assert game.status == "finished" and game.result.winners == (0,)
    late = await move(world, world.ana, place, "6A")
    assert late.ephemeral and "⚠️" in late.text


async def test_a_move_stored_but_not_posted_is_announced_after_a_restart(tablero: World) -> None:
    world = tablero
    place = await accept(
        world, world.luis, await challenge(world, world.ana, world.luis, first="me")
    )
    # The bot stops right after storing a move, before posting it (a crash mid-move).
    await world.bot.store.games.append_move(1, 0, seat=0, user_id=world.ana.id, move="6L")
    assert len(boards(world, place)) == 1
    await world.restart()
    await world.bot.recovery
    posted = (await wait_boards(world, place, 2))[-1]
    assert "**Ana** played 6 on L" in posted.content and world.luis.id in posted.pinged_user_ids
    await world.restart()  # announced once, not again
    await world.bot.recovery
    await move(world, world.luis, place, "5A")
    assert len(boards(world, place)) == 3


async def test_a_series_continues_with_the_other_player_starting(tablero: World) -> None:
    world = tablero
    message = await challenge(world, world.ana, world.luis, first="me", series=3)
    assert "series of 3 games" in message.content
    place = await accept(world, world.luis, message)
    users, rng = (world.ana, world.luis), random.Random(2)
    for index in range(3):
        state = mirror({"first": index % 2})
        assert f"game {index + 1} of 3" in boards(world, place)[-1].content
        while state.turn is not None:
            notation = pick(state, rng)
            ix = await move(world, users[state.turn], place, notation)
            assert "⚠️" not in ix.text, ix.text
            state.play(notation)
        result = boards(world, place)[-2 if index < 2 else -1].content
        assert f"after game {index + 1} of 3" in result
    assert ("wins the series" in result) or ("series is tied" in result)
    games = [await stored_game(world, i) for i in (1, 2, 3)]
    assert [g.series_index for g in games] == [0, 1, 2]
    assert all(g.status == "finished" for g in games)


def test_public_renders_of_the_harness_match_the_renderer() -> None:
    # The no-leak test above compares posted bytes with the renderer's; make sure equal
    # views give equal bytes (deterministic) so that comparison means something.
    state = mirror({"first": 0, "hidden": True})
    state.play("6L")
    assert render(state.view(None)) == render(state.view(None))
    assert render(state.view(0)) != render(state.view(None))


def _options(command: dict[str, Any], lang: str | None = None) -> dict[str, list[str]]:
    """Subcommand -> its option names, as Discord shows them (``lang``: "es-ES" or English)."""

    def name(payload: dict[str, Any]) -> str:
        return (payload.get("name_localizations") or {}).get(lang, payload["name"])

    return {
        name(sub): [name(option) for option in sub.get("options", [])] for sub in command["options"]
    }


async def test_play_has_a_subcommand_per_game_with_only_its_own_options(tablero: World) -> None:
    world = tablero
    command = world.fake.command("play", world.guild)
    assert command is not None and {o["type"] for o in command["options"]} == {1}  # subcommands
    english = _options(command)
    # level: the bot's, where the bot plays the game; bank to weekends: the time control
    common = ["first", "days", "bank", "increment", "cap", "weekends", "level"]
    assert english["stonehenge"] == ["opponent", "series", *common, "hidden"]
    assert english["kahuna"] == ["opponent", *common, "first_edition", "no_bridges_loses"]
    islas = ["opponent", "opponent2", "opponent3", "opponent4", *common, "bots"]
    assert english["islas"] == islas
    spanish = _options(command, "es-ES")
    clock = ["banco", "incremento", "tope", "findes"]
    stonehenge = ["rival", "serie", "empieza", "dias", *clock, "nivel", "ocultos"]
    assert spanish["stonehenge"] == stonehenge
    assert spanish["kahuna"][-2:] == ["primera_edicion", "sin_puentes_pierde"]
    assert spanish["islas"][:2] == ["rival", "rival2"]
    assert command["name_localizations"]["es-ES"] == "jugar"


async def test_a_game_option_reaches_the_engine(tablero: World) -> None:
    world = tablero
    args = {"opponent": world.luis, "first_edition": True, "no_bridges_loses": False}
    ix = await (await play(world, world.ana, "kahuna", args)).done()
    assert not ix.ephemeral, ix.text
    challenge = await world.bot.store.challenges.get(1)
    assert challenge.options == {"forbid_build_on_controlled": True, "no_bridges_ends_game": False}


async def test_an_open_table_of_three_started_by_its_challenger(tablero: World) -> None:
    world = tablero
    ix = await (await play(world, world.ana, "islas", {})).done()
    offer = ix.message
    assert "2 to 5 players" in offer.content and "Seated: Ana." in offer.content
    start = button(offer, "ch:", ":start")
    early = await (await world.fake.click(world.ana, offer, start)).done()
    assert early.ephemeral and "Not enough players" in early.text
    await (await world.fake.click(world.luis, offer, button(offer, "ch:", ":accept"))).done()
    assert "Seated: Ana and Luis." in offer.content
    await (await world.fake.click(world.eve, offer, button(offer, "ch:", ":accept"))).done()
    await (await world.fake.click(world.eve, offer, button(offer, "ch:", ":decline"))).done()
    assert "Seated: Ana and Luis." in offer.content  # Eve left again
    await (await world.fake.click(world.eve, offer, button(offer, "ch:", ":accept"))).done()
    stranger = await (await world.fake.click(world.luis, offer, start)).done()
    assert "Solo quien lanzó el reto" in stranger.text
    await (await world.fake.click(world.ana, offer, start)).done()
    assert "Ana** started the game" in offer.content and not offer.buttons
    game = await stored_game(world)
    assert game.names() == ("Ana", "Luis", "Eve") and game.players == 3


async def test_settings_need_manage_server_even_when_the_command_is_shown(tablero: World) -> None:
    from loopback.perms import MANAGE_GUILD

    world = tablero
    args = {"threads": False}
    refused = await (
        await world.fake.slash(world.eve, world.channel, "settings", args, subcommand="server")
    ).done()
    assert refused.ephemeral and "Manage Server" in refused.text, refused.text
    assert (await world.bot.store.settings.guild(world.guild.id)).threads
    shown = await (
        await world.fake.slash(world.eve, world.channel, "settings", subcommand="server")
    ).done()
    assert shown.ephemeral and "24" in shown.text  # looking changes nothing: anyone may
    admins = world.fake.add_role(world.guild, "admins", MANAGE_GUILD)
    admins.member_ids.add(world.ana.id)
    done = await (
        await world.fake.slash(world.ana, world.channel, "settings", args, subcommand="server")
    ).done()
    assert "Manage Server" not in done.text
    assert not (await world.bot.store.settings.guild(world.guild.id)).threads


async def test_settings_refuse_hours_outside_their_range(tablero: World) -> None:
    world = tablero
    args = {"reminder_hours": 0}
    ix = await world.fake.slash(
        world.ana, world.channel, "settings", args, subcommand="server", check=False
    )
    assert "“0”" in (await ix.done()).text
