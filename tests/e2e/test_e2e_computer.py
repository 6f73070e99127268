"""Playing the bot through the loopback Discord: it takes its seats, thinks in worker
processes, and answers like a person would, in every game."""

from __future__ import annotations

import asyncio
import itertools
import random
from typing import Any

import pytest

from loopback.timing import WAIT
from tests.e2e import (
    World,
    boards,
    challenge,
    move,
    my_turn,
    play,
    play_turn,
    resign,
    settled,
    stored_game,
    until,
    vs_bot,
    wait_boards,
)


async def test_a_whole_stonehenge_game_against_the_bot(tablero: World) -> None:
    world = tablero
    place = await vs_bot(world, world.ana, "stonehenge", level="hard", first="me")
    record = await stored_game(world)
    assert [s.is_bot for s in record.seats] == [False, True]
    assert (
        record.seats[1].name == "Tablero · hard"
        and record.seats[1].user_id == world.fake.bot_user.id
    )
    opening_line = world.fake.messages(world.channel)[-1].content
    assert "against the bot" in opening_line and place.mention in opening_line
    rng = random.Random(3)
    while record.active:
        await play_turn(world, world.ana, place, record, rng)
        record = await my_turn(world, 0)
    assert record.status == "finished" and record.result is not None
    assert world.bot is not None
    movers = [ply.seat for ply in world.bot.table.history(record).plies]
    assert movers == [0, 1] * (len(movers) // 2) + [0] * (len(movers) % 2)
    posts = boards(world, place)
    assert len(posts) == len(movers) + 1  # the opening and one board a move, the bot's too
    thinking = [p for p in posts[:-1] if "🤖 Tablero · hard (dark) plays next." in p.content]
    assert len(thinking) == movers.count(1)  # the bot's turns: by name, without a mention
    assert all(world.fake.bot_user.id not in p.pinged_user_ids for p in posts)
    assert all(world.ana.id in p.pinged_user_ids for p in posts[:-1] if p not in thinking)
    timers = await world.bot.store.db.fetchall(
        "SELECT turn_stamp FROM timers WHERE kind != 'challenge'", ()
    )
    assert len(timers) == movers.count(0) * 2  # a reminder and a deadline: Ana's turns only


async def test_the_rating_line_after_a_game_against_the_bot_says_whose_moved(
    tablero: World,
) -> None:
    world = tablero
    for user, game_id, expected in (
        (world.ana, 1, ("📈 Ratings here: Tablero · easy", "do not change people's ratings")),
        (world.luis, 2, ("📈 Puntuación de clasificación aquí: Tablero · fácil", "no cambian")),
    ):
        place = await vs_bot(world, user, "stonehenge", level="easy", first="me")
        await resign(world, user, place)
        await my_turn(world, 0, game_id)
        final = (await wait_boards(world, place, 2))[-1].content
        assert all(part in final for part in expected), final
        assert "Puntuaciones" not in final


async def test_a_level_needs_the_bot_and_other_bots_cannot_play(tablero: World) -> None:
    world = tablero
    ix = await (
        await play(world, world.ana, "stonehenge", {"opponent": world.luis, "level": "hard"})
    ).done()
    assert ix.ephemeral and "choose me as the opponent" in ix.text
    ix = await (await play(world, world.luis, "kahuna", {"level": "easy"})).done()
    assert ix.ephemeral and "elígeme como rival" in ix.text  # Luis reads Spanish
    assert not world.fake.threads(world.channel)


async def test_a_whole_kahuna_game_against_the_bot_one_board_a_turn(tablero: World) -> None:
    world = tablero
    place = await vs_bot(world, world.luis, "kahuna", first="me")
    record = await stored_game(world)
    assert record.seats[1].name == "Tablero · normal"  # the default level, in Luis's Spanish
    rng = random.Random(8)
    while record.active:
        await play_turn(world, world.luis, place, record, rng)
        record = await my_turn(world, 0)
    assert world.bot is not None and record.result is not None
    plies = world.bot.table.history(record).plies
    turns = 1 + sum(1 for a, b in itertools.pairwise(plies) if a.seat != b.seat)
    bot_turns = [i for i, ply in enumerate(plies) if ply.seat == 1 and plies[i - 1].seat == 0]
    assert any(plies[i + 1].seat == 1 for i in bot_turns)  # the bot's turns: several actions
    posts = boards(world, place)
    assert len(posts) == 1 + turns  # one board per turn, whatever the actions in it
    assert "Tablero · normal" in posts[2].content and "Ahora juega" in posts[1].content


async def test_a_whole_islas_game_with_two_bot_seats(tablero: World) -> None:
    world = tablero
    place = await vs_bot(world, world.ana, "islas", bots=1, level="easy", first="me")
    record = await stored_game(world)
    names = [s.name for s in record.seats]
    assert names == ["Ana", "Tablero 1 · easy", "Tablero 2 · easy"]  # @Tablero and bots:1
    rng = random.Random(2)
    while record.active:
        await play_turn(world, world.ana, place, record, rng)
        record = await my_turn(world, 0)
    assert record.result is not None and len(record.result.scores) == 3
    assert len(boards(world, place)) == 1 + len(record.moves)  # each bot turn on its own


async def test_the_bots_option_says_it_adds_seats(tablero: World) -> None:
    world = tablero
    command = world.fake.command("play", world.guild)
    assert command is not None
    islas = next(o for o in command["options"] if o["name"] == "islas")
    bots = next(o for o in islas["options"] if o["name"] == "bots")
    # The seats come on top of the one the bot takes when named as the opponent.
    assert "on top of the one it takes" in bots["description"], bots["description"]
    assert "además del que ocupa" in bots["description_localizations"]["es-ES"]
    choices = [(c["name"], c["name_localizations"]["es-ES"]) for c in bots["choices"]]
    assert choices[:2] == [
        ("1 more bot seat", "1 asiento más para el bot"),
        ("2 more bot seats", "2 asientos más para el bot"),
    ], choices


async def test_people_and_bot_seats_at_one_table(tablero: World) -> None:
    world = tablero
    message = await challenge(world, world.ana, world.luis, "islas", bots=2, level="hard")
    assert "🤖 The bot takes 2 seats (hard)." in message.content
    ix = await (await world.fake.click(world.luis, message, f"ch:{1}:accept")).done()
    assert not ix.ephemeral, ix.text
    await settled(world)
    record = await stored_game(world)
    assert [s.is_bot for s in record.seats] == [False, False, True, True]
    assert {s.user_id for s in record.seats[:2]} == {world.ana.id, world.luis.id}


@pytest.mark.thinking_at_start
async def test_the_bot_s_thinking_workers_are_started_and_warm_once_it_is_ready(
    tablero: World,
) -> None:
    """Its first reply of a game is as quick as the later ones: no worker to start then."""
    world = tablero
    assert world.bot is not None and world.bot.recovery is not None
    await asyncio.wait_for(asyncio.shield(world.bot.recovery), 2 * WAIT)  # ready and warm
    thinker = world.bot.thinker
    workers = thinker.processes()
    assert len(workers) == thinker.workers
    # Each worker searched a position of every game the bot plays, its ai modules loaded.
    assert {pid: thinker.warm.get(pid) for pid in workers} == dict.fromkeys(
        workers, ("stonehenge", "kahuna", "islas")
    )


async def test_the_bot_answers_after_a_restart(tablero: World) -> None:
    world = tablero
    assert world.bot is not None
    assert world.bot.table.bots is not None
    world.bot.table.bots.pause = 60.0  # the bot would wait a minute before answering
    place = await vs_bot(world, world.ana, "stonehenge", first="me")
    await move(world, world.ana, place, "1A")
    await asyncio.sleep(0.3)
    assert len(boards(world, place)) == 2  # the bot has not answered...
    await world.restart()  # ... when the bot stops
    record = await my_turn(world, 0)
    assert len(record.moves) == 2 and record.moves[0] == "1A"
    await asyncio.sleep(0.3)
    posts = boards(world, place)
    assert len(posts) == 3 and "**Tablero · normal** played" in posts[-1].content  # once


async def test_undo_against_the_bot_takes_its_reply_back_without_asking(tablero: World) -> None:
    world = tablero
    place = await vs_bot(world, world.ana, "stonehenge", first="me")
    await move(world, world.ana, place, "1A")
    record = await my_turn(world, 0)
    assert len(record.moves) == 2
    ix = await (await world.fake.slash(world.ana, place, "undo")).done()
    assert ix.ephemeral and "Taken back" in ix.text, ix.text
    await settled(world)
    record = await stored_game(world)
    assert record.moves == () and record.version == 0
    latest = boards(world, place)[-1]
    assert "and the bot's reply were taken back" in latest.content
    assert world.ana.id in latest.pinged_user_ids  # her turn again
    assert not any(  # nobody was asked
        m.custom_ids and m.custom_ids[0].startswith("ud:") for m in world.fake.messages(place)
    )
    await move(world, world.ana, place, "2B")  # and the game goes on
    record = await my_turn(world, 0)
    assert record.moves[0] == "2B" and len(record.moves) == 2


async def test_a_person_out_of_time_loses_to_the_bot(tablero: World) -> None:
    world = tablero
    place = await vs_bot(world, world.ana, "stonehenge", first="me", days=1)
    await settled(world)
    assert world.bot is not None
    world.clock.now += 24 * 3600 + 1
    await world.bot.get_cog("Timers").fire_due()
    await settled(world)
    record = await stored_game(world)
    assert record.status == "finished" and record.result.ending == "timeout"
    assert record.result.winners == (1,) and record.result.loser == 0
    assert "Ana" in boards(world, place)[-1].content
    ix = await (await world.fake.slash(world.ana, place, "claim")).done()
    assert ix.ephemeral  # nothing to claim: the game is over


async def test_a_rematch_against_the_bot_starts_at_once(tablero: World) -> None:
    world = tablero
    place = await vs_bot(world, world.ana, "stonehenge", level="easy", first="me")
    await resign(world, world.ana, place)
    final = (await wait_boards(world, place, 2))[-1]
    assert final.custom_ids == ["rm:1"]
    ix = await (await world.fake.click(world.ana, final, "rm:1")).done()
    assert not ix.ephemeral, ix.text

    async def announced() -> Any:
        second = await stored_game(world, 2)
        return second if second is not None and second.posted_version >= 0 else None

    second = await until(announced, "the rematch's opening board")
    assert second.seats[0].is_bot and second.seats[0].level == "easy"
    assert second.seats[1].user_id == world.ana.id  # the seats turned round


async def test_the_bot_plays_whole_games_against_itself_side_by_side(tablero: World) -> None:
    # Two tables at once, one of three bot seats: every bot turn follows another's board
    # while the other table's reads run. (A stale read once left such a turn waiting, now
    # and then: test_storage's read-after-commit test is the one that catches that.)
    world = tablero
    assert world.bot is not None
    channel = world.bot.get_channel(world.channel.id)
    computer = world.bot.get_cog("Computer")
    duel = await computer.open_table(channel, "stonehenge", ["normal", "hard"])
    assert [s.name for s in duel.seats] == ["Tablero 1 · normal", "Tablero 2 · hard"]
    table = await computer.open_table(channel, "islas", ["easy"] * 3)

    async def over() -> list[Any] | None:
        games = [await stored_game(world, g.id) for g in (duel, table)]
        return games if all(not g.active and g.posted_version == g.version for g in games) else None

    # Whole games, not one event: a limit of several waits (26 s on a busy machine).
    games = await until(over, "both games to end", 5 * WAIT)
    for record, place in zip(games, world.fake.threads(world.channel), strict=True):
        assert record.result is not None and record.result.ending == "rules"
        assert len(boards(world, place)) == len(record.moves) + 1
        assert not any(post.custom_ids for post in boards(world, place))  # nobody to press
    assert "against itself" in world.fake.messages(world.channel)[-1].content


async def test_a_turn_asked_for_while_one_runs_is_looked_at_after_it(tablero: World) -> None:
    world = tablero
    assert world.bot is not None
    computer = world.bot.table.bots
    assert computer is not None
    looked: list[int] = []
    gate = asyncio.Event()

    async def play(game_id: int, began: float) -> bool:
        looked.append(game_id)
        await gate.wait()
        return True

    computer._play = play  # the bookkeeping of take_up, without a game
    computer.take_up(7)
    await asyncio.sleep(0)
    computer.take_up(7)  # the next seat is the bot's too, say
    computer.take_up(7)
    assert looked == [7]
    gate.set()

    async def again() -> bool:
        return len(looked) >= 2

    await until(again, "the turn asked for meanwhile to be looked at")
    for _ in range(50):  # room for a third look, which must not come
        await asyncio.sleep(0.01)
    assert looked == [7, 7]  # once more, not twice more
