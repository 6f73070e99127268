"""What the bot keeps in memory per game or per move stays within a bound, however many
games and moves go through it (bench load runs thousands; these check each bound)."""

from __future__ import annotations

import asyncio
from typing import Any

from render.islas import art, board
from rules import get_game
from rules.history import History
from rules.islas.tiles import ROTATIONS, TILES
from rules.kahuna import Place
from table.histories import CACHED_GAMES, Histories
from tests.e2e import (
    World,
    boards,
    button,
    local_copy,
    move,
    started,
)


def _views_alive(world: World) -> list[Any]:
    """Views discord.py is keeping: those it tracks, and those whose timer runs."""
    assert world.bot is not None
    store = world.bot._connection._view_store
    timers = [
        task
        for task in asyncio.all_tasks()
        if "timeout_task_impl" in getattr(task.get_coro(), "__qualname__", "")
    ]
    return [*store._synced_message_views.values(), *store._modals.values(), *timers]


async def test_pickers_sent_to_players_are_not_kept_in_memory(tablero: World) -> None:
    """An ephemeral answer with the picker (mid-turn) and the picker opened from the Play
    button are not held by discord.py for 15 minutes each, and they still work."""
    world = tablero
    place = await started(world, "kahuna")
    opening = boards(world, place)[-1]
    state = await local_copy(world)
    build = next(m for m in state.legal_moves() if isinstance(m, Place))
    answer = await move(world, world.ana, place, state.format(build))
    assert answer.ephemeral and answer.message is not None and answer.message.custom_ids
    picker = await (await world.fake.click(world.ana, opening, button(opening, "tg:"))).done()
    assert picker.ephemeral and picker.message is not None
    assert _views_alive(world) == []
    # The buttons of both still answer (they are found by their custom_id alone).
    for message in (answer.message, picker.message):
        step = await (await world.fake.click(world.ana, message, message.custom_ids[0])).done()
        assert step.responded and "⚠️" not in step.text, step.text
    assert _views_alive(world) == []


def test_islas_sprites_of_every_size_stay_within_their_bytes() -> None:
    """Tiles and their masks shrunk to every size a map takes (up to 80 MB of sprites)
    are kept within a budget, least recently used out first, and equal fresh drawings."""
    art.tile_sprite.cache_clear()
    art.segment_mask.cache_clear()
    names = sorted(TILES)[:8]
    for size in board.LADDER:
        for name in names:
            for rotation in ROTATIONS:
                art.tile_sprite(name, rotation, size)
                art.segment_mask(name, rotation, "tile", 0, size)
        assert art.tile_sprite.cache_bytes() <= art.TILE_SPRITE_BYTES
        assert art.segment_mask.cache_bytes() <= art.SEGMENT_MASK_BYTES
    assert art.tile_sprite.cache_bytes() > art.TILE_SPRITE_BYTES // 2  # it does keep some
    name, rotation, size = names[0], ROTATIONS[1], board.LADDER[2]
    kept = art.tile_sprite(name, rotation, size)
    assert kept is art.tile_sprite(name, rotation, size)  # now the newest: a hit
    fresh = art.tile_sprite.__wrapped__(name, rotation, size)
    assert kept.tobytes() == fresh.tobytes()


async def test_discord_keeps_no_message_cache(tablero: World) -> None:
    """Tablero reads no messages: discord.py's cache of the last 1,000 is off, and stays
    empty through a game."""
    world = tablero
    assert world.bot is not None
    assert world.bot._connection.max_messages is None
    place = await started(world)
    state = await local_copy(world)
    await move(world, world.ana, place, state.format(state.legal_moves()[0]))
    assert list(world.bot.cached_messages) == []


def test_the_games_followed_in_memory_are_bounded() -> None:
    """The table keeps the histories (and public positions) of the games played lately
    only, however many games there are: the least recently used go first."""
    histories = Histories()
    history = History.replay(get_game("stonehenge"), 2, 1, {}, [])
    state = history.state
    for game_id in range(CACHED_GAMES + 50):
        histories.remember(game_id, 0, history)
        histories.remember_public(game_id, (), state)
    assert len(histories._histories) == CACHED_GAMES == len(histories._public)
    assert min(histories._histories) == 50 and min(histories._public) == 50


def test_a_finished_games_history_goes_first() -> None:
    """Games that end do not push out the histories of those still played."""
    histories = Histories()
    engine = get_game("stonehenge")
    playing = History.replay(engine, 2, 1, {}, [])
    over = History.replay(engine, 2, 1, {}, [])
    while over.state.turn is not None:
        over.apply(over.state.legal_moves()[0])
    for game_id in range(CACHED_GAMES):
        histories.remember(game_id, 0, over if game_id % 2 else playing)
    for game_id in range(CACHED_GAMES, CACHED_GAMES + CACHED_GAMES // 2):
        histories.remember(game_id, 0, playing)  # new games: the finished ones make room
    assert len(histories._histories) == CACHED_GAMES
    assert all(game_id % 2 == 0 for game_id in histories._histories if game_id < CACHED_GAMES)
    assert len([g for g in histories._histories if g < CACHED_GAMES]) == CACHED_GAMES // 2
