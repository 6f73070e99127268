"""What others see, where and in which order boards go, and what survives a crash.

Each test reproduces through the loopback Discord a problem found by new players or an
attack run (issue "What new players and an attacker hit", items 1–6b).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from cogs.utils import places
from games.plugin import plugin_for
from loopback import perms
from loopback.bots import caught_up
from loopback.models import FakeChannel
from loopback.timing import WAIT
from rules import get_game
from rules.ended import ended
from rules.kahuna import KahunaState, Place
from table.handover import STEPS
from tests.e2e import (
    Crash,
    World,
    accept,
    boards,
    button,
    challenge,
    crash_at,
    local_copy,
    move,
    patient_writes,
    resign,
    settled,
    started,
    stored_game,
    wait_boards,
)

KAHUNA = plugin_for("kahuna")


async def _kahuna(world: World) -> tuple[FakeChannel, KahunaState]:
    place = await started(world, "kahuna")
    state = await local_copy(world)
    assert isinstance(state, KahunaState)
    return place, state


async def _board(world: World, user: Any, place: FakeChannel) -> Any:
    ix = await (await world.fake.slash(user, place, "board")).done()
    assert ix.ephemeral and ix.attachments, ix.text
    return ix.attachments[0]


async def test_an_unfinished_kahuna_turn_is_seen_by_its_mover_alone(tablero: World) -> None:
    world = tablero
    place, start = await _kahuna(world)
    names = ("Ana", "Luis")
    action = next(m for m in start.legal_moves() if isinstance(m, Place))
    pending = start.clone()
    pending.apply(action)
    ix = await move(world, world.ana, place, start.format(action))
    assert "turn goes on" in ix.text, ix.text

    # The opponent and a spectator see the position at the start of the turn …
    luis, eve = await _board(world, world.luis, place), await _board(world, world.eve, place)
    assert luis.data == KAHUNA.drawing.render("es", start, 1, names)
    assert luis.description == KAHUNA.words.alt_text("es", start, names)[:1000]
    assert eve.data == KAHUNA.drawing.render("en", start, None, names)
    hand = await (await world.fake.slash(world.luis, place, "hand")).done()
    assert hand.attachments[0].data == KAHUNA.drawing.render_private("es", start, 1, names)
    # … while the mover sees what they did.
    ana = await _board(world, world.ana, place)
    assert ana.data == KAHUNA.drawing.render("en", pending, 0, names)

    # Taking the action back changes nothing that others can see.
    undo = await (await world.fake.slash(world.ana, place, "undo")).done()
    assert undo.ephemeral
    assert (await _board(world, world.luis, place)).data == luis.data
    assert (await _board(world, world.eve, place)).data == eve.data
    assert len(boards(world, place)) == 1


async def test_a_move_right_after_accept_waits_for_the_opening_board(
    tablero: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = tablero
    message = await challenge(world, world.ana, world.luis, first="me")
    opened = asyncio.Event()
    release = asyncio.Event()
    real_open = places.open_place

    async def slow_open(*args: Any) -> Any:
        opened.set()
        await release.wait()  # Discord is slow to create the thread
        return await real_open(*args)

    monkeypatch.setattr(places, "open_place", slow_open)
    # The move waits for the game's lock as long as the accept holds it, drawing and posting
    # the opening board, which on a busy machine may take longer than the 1.5 s a move
    # waits before "try again" (tests of that limit are elsewhere): here it may wait on.
    patient_writes(monkeypatch)
    assert world.bot is not None
    table = world.bot.table
    queued = asyncio.Event()
    real_lock = table.lock

    def lock(game_id: int) -> asyncio.Lock:
        found = real_lock(game_id)
        if found.locked():  # held by the accept, which is opening the game's place
            queued.set()
        return found

    monkeypatch.setattr(table, "lock", lock)
    accepting = await world.fake.click(world.luis, message, button(message, "ch:", ":accept"))
    await asyncio.wait_for(opened.wait(), WAIT)
    # Ana moves at once, from the channel where the challenge was made.
    moving = await world.fake.slash(world.ana, world.channel, "move", {"move": "6L"})
    await asyncio.wait_for(queued.wait(), WAIT)  # the move waits for the game's lock
    release.set()
    await accepting.done()
    ix = await moving.done()
    assert "6L" in ix.text, ix.text
    thread = world.fake.threads(world.channel)[-1]
    posts = await wait_boards(world, thread, 2)
    assert "6 on L" in posts[1].content and world.luis.id in posts[1].pinged_user_ids
    assert world.ana.id in posts[0].pinged_user_ids  # the opening board came first
    assert not boards(world, world.channel)  # nothing went to the challenge's channel
    assert (await stored_game(world)).moves == ("6L",)


@pytest.mark.parametrize("step", STEPS)
async def test_a_crash_at_any_step_posts_each_board_exactly_once(tablero: World, step: str) -> None:
    world = tablero
    message = await challenge(world, world.ana, world.luis, first="me")
    place = await accept(world, world.luis, message)
    await settled(world)
    world.clock.now += 60  # the new turn's timers carry a stamp of their own
    crash_at(world, step)
    await (await world.fake.slash(world.ana, place, "move", {"move": "6L"})).done()
    await world.restart()
    await settled(world)
    posts = boards(world, place)
    assert len(posts) == 2, [p.content for p in posts]
    assert "6 on L" in posts[1].content
    assert world.fake.world.duplicate_nonces == 0  # recovery found the post; no resend
    game = await stored_game(world)
    assert game.posted_version == game.version == 1
    due = await world.bot.store.db.fetchall(
        "SELECT kind FROM timers WHERE ref_id = ? AND turn_stamp = ?",
        (game.id, game.turn_started_at),
    )
    assert sorted(row["kind"] for row in due) == ["deadline", "reminder"]
    await move(world, world.luis, place, "5D")  # the game goes on
    assert len(await wait_boards(world, place, 3)) == 3


async def test_a_resent_board_is_deduplicated_by_its_nonce(tablero: World) -> None:
    world = tablero
    message = await challenge(world, world.ana, world.luis, first="me")
    place = await accept(world, world.luis, message)
    assert world.bot is not None
    table = world.bot.table
    record = await stored_game(world)
    # Recovery of a position whose post was sent but not recorded, when the thread's
    # history cannot be read: the same nonce brings back the same message.
    async with table.lock(record.id):
        await table.store.db.conn.execute(
            "UPDATE games SET posted_version = -1, message_id = NULL WHERE id = ?", (record.id,)
        )
        await world.bot.poster.publish(await table.turn_of(await stored_game(world)))
    assert len(boards(world, place)) == 1
    assert world.fake.world.duplicate_nonces == 1


async def test_a_refused_board_still_counts_the_move_and_is_posted_later(tablero: World) -> None:
    world = tablero
    message = await challenge(world, world.ana, world.luis, first="me")
    place = await accept(world, world.luis, message)
    world.fake.deny_bot(world.channel, perms.SEND_MESSAGES_IN_THREADS)
    await caught_up(world.bot)  # the bot's cache learns the overwrite from the gateway
    ix = await move(world, world.ana, place, "6L")
    assert "counts" in ix.text and "Send Messages in Threads" in ix.text, ix.text
    assert "went wrong" not in ix.text
    assert (await stored_game(world)).moves == ("6L",)
    board = await _board(world, world.luis, place)  # /board keeps working
    assert board.data
    assert len(boards(world, place)) == 1
    assert world.bot is not None
    await world.bot.table.recover()  # still refused: nothing is sent
    assert len(boards(world, place)) == 1
    world.fake.deny_bot(world.channel, 0)
    await caught_up(world.bot)
    await world.bot.table.recover()  # what the retry loop and a restart do
    posts = await wait_boards(world, place, 2)
    assert world.luis.id in posts[-1].pinged_user_ids


async def test_games_sharing_a_channel_take_the_move_where_the_user_is_to_move(
    world: World,
) -> None:
    from loopback.bots import start_bot, stop_bot
    from tests.e2e import make_bot

    world.channel = world.fake.add_channel(world.guild, "no-threads", threads_allowed=False)
    world.bot = make_bot(world)
    await start_bot(world.bot)
    try:
        first = await accept(world, world.luis, await challenge(world, world.ana, world.luis))
        second = await accept(world, world.eve, await challenge(world, world.ana, world.eve))
        assert first.id == second.id == world.channel.id
        await wait_boards(world, world.channel, 2)  # the first game's board came first
        await settled(world)
        records = [await stored_game(world, 1), await stored_game(world, 2)]
        turns = [world.bot.table.state(r).turn for r in records]
        ana_to_move = [r.id for r, turn in zip(records, turns, strict=True) if turn == 0]
        if len(ana_to_move) == 2:
            ix = await move(world, world.ana, world.channel, "6L")
            assert "#1" in ix.text and "#2" in ix.text and "own thread" not in ix.text
            shown = await world.fake.autocomplete(
                world.ana, world.channel, "move", {"move": ""}, focused="move"
            )
            assert {c["value"].split()[0] for c in shown} == {"#1", "#2"}
            ix = await move(world, world.ana, world.channel, "#2 6L")
            assert "6L" in ix.text, ix.text
            assert (await stored_game(world, 2)).moves == ("6L",)
        # Luis has one game here; he is to move in it after Ana (or first).
        game1 = await stored_game(world, 1)
        if world.bot.table.state(game1).turn == 0:
            await move(world, world.ana, world.channel, "#1 6L")
        ix = await move(world, world.luis, world.channel, "5D")
        assert "5D" in ix.text and "hilo" not in ix.text, ix.text
        assert (await stored_game(world, 1)).moves[-1] == "5D"
    finally:
        await stop_bot(world.bot)


async def test_commands_in_a_finished_games_thread_mean_that_game(tablero: World) -> None:
    world = tablero
    old = await accept(world, world.luis, await challenge(world, world.ana, world.luis))
    record = await stored_game(world, 1)
    await resign(world, world.ana, old)
    await settled(world)
    assert not (await stored_game(world, 1)).active
    other = await accept(world, world.eve, await challenge(world, world.ana, world.eve, first="me"))
    ix = await move(world, world.ana, old, "6L")
    assert "over" in ix.text, ix.text
    assert (await stored_game(world, 2)).moves == ()
    # Outside game threads, "your only game" still applies, and the reply says which.
    ix = await move(world, world.ana, world.channel, "6L")
    assert "6L" in ix.text and "Eve" in ix.text and f"<#{other.id}>" in ix.text, ix.text
    assert record.id == 1


@pytest.mark.parametrize("thread_made", [False, True])
async def test_a_game_accepted_before_a_crash_is_opened_once_after_the_restart(
    tablero: World, monkeypatch: pytest.MonkeyPatch, thread_made: bool
) -> None:
    world = tablero
    message = await challenge(world, world.ana, world.luis, first="me")
    real_open = places.open_place

    async def dying_open(*args: Any) -> Any:
        if thread_made:
            await real_open(*args)
        raise Crash("killed right after Accept")

    monkeypatch.setattr(places, "open_place", dying_open)
    await (await world.fake.click(world.luis, message, button(message, "ch:", ":accept"))).done()
    record = await stored_game(world)
    assert record.place_id is None and record.posted_version == -1
    monkeypatch.setattr(places, "open_place", real_open)
    await world.restart()
    await settled(world)
    threads = world.fake.threads(world.channel)
    assert len(threads) == 1
    assert len(boards(world, threads[0])) == 1
    assert not boards(world, world.channel)
    record = await stored_game(world)
    assert record.place_id == threads[0].id
    challenge_message = world.fake.world.messages[message.id]
    assert not challenge_message.custom_ids and threads[0].mention in challenge_message.content
    await world.restart()  # a second start finds nothing left to do
    await settled(world)
    assert len(world.fake.threads(world.channel)) == 1 and len(boards(world, threads[0])) == 1
    ix = await move(world, world.ana, threads[0], "6L")
    assert "6L" in ix.text


async def test_a_resigned_game_shows_its_result_not_a_player_to_move(tablero: World) -> None:
    world = tablero
    message = await challenge(world, world.ana, world.luis, first="me")
    place = await accept(world, world.luis, message)
    await move(world, world.ana, place, "6L")
    await resign(world, world.luis, place)
    final = (await wait_boards(world, place, 3))[-1]
    state = get_game("stonehenge").new(2, 0, {"first": 0})
    state.play("6L")
    sh = plugin_for("stonehenge")
    names = ("Ana", "Luis")
    image = final.attachments[0]
    assert image.data != sh.drawing.render("en", state, None, names)  # no "▶ to move" on Luis
    assert image.data == sh.drawing.render(
        "en", ended(state, [0]), None, names
    )  # "★ winner" on Ana
    assert "to move" not in image.description and "over" in image.description
    assert "resign" in final.content


async def test_a_refused_opening_board_tells_the_accepter_and_is_posted_later(
    tablero: World,
) -> None:
    world = tablero
    message = await challenge(world, world.ana, world.luis, first="me")
    world.fake.deny_bot(world.channel, perms.SEND_MESSAGES_IN_THREADS)
    await caught_up(world.bot)  # the bot's cache learns the overwrite from the gateway
    accept_id = button(message, "ch:", ":accept")
    ix = await (await world.fake.click(world.luis, message, accept_id)).done()
    notes = [m.content for m in await ix.wait_followups(1)]
    # Luis reads Spanish: the game is on, Discord refused its board, and why.
    assert any("en marcha" in n and "Enviar mensajes en hilos" in n for n in notes), notes
    assert len(notes) == 1
    place = world.fake.threads(world.channel)[-1]
    assert boards(world, place) == []
    world.fake.deny_bot(world.channel, 0)
    await caught_up(world.bot)
    await world.bot.table.recover()  # what the retry loop does
    await wait_boards(world, place, 1)
    assert "6L" not in (await stored_game(world)).moves
    assert "✅" in (await move(world, world.ana, place, "6L")).text
