"""Replays drawn once and kept (cogs/utils/replay_cache.py): the same file a fresh draw gives,
read back for the same game, language and format only, never for a game in progress, and
drawn once when asked many times at once."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

import pytest

from bench.replays import whole_game
from bot import replays_beside, replays_setting
from cogs.utils.replay_cache import SUFFIX, ReplayCache, replay_key
from cogs.utils.replays import draw_replay, public_of
from data import GameRecord, Result
from data.game_record import Seat
from rules import get_game

NAMES = ("Ana", "Luis")


def finished(game: str = "kahuna", seed: int = 3, lang: str = "en") -> GameRecord:
    """A whole random game as the store holds it once finished (seed and all)."""
    record = whole_game(game, seed, {"first": 0})
    state = get_game(game).new(2, record.seed, record.options)
    for text in record.moves:
        state.play(text)
    return GameRecord(
        id=seed,
        record=record,
        lang=lang,
        status="finished",
        version=len(record.moves),
        posted_version=len(record.moves),
        result=Result.by_rules(state.outcome()),
        guild_id=1,
        channel_id=2,
        place_id=2,
        message_id=None,
        series_id=None,
        series_index=0,
        created_at=0.0,
        updated_at=0.0,
        seats=(Seat(0, 10, NAMES[0]), Seat(1, 11, NAMES[1])),
    )


def kept(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.glob(f"*{SUFFIX}")) if directory.exists() else []


async def test_a_kept_replay_is_the_very_file_a_fresh_draw_of_the_public_record_gives(
    tmp_path: Path,
) -> None:
    game = finished("kahuna")  # hands, discards and the pile's order are secrets
    cache = ReplayCache(tmp_path / "replays")
    drawn = await cache.replay(game)
    assert cache.drawn == 1 and len(kept(tmp_path / "replays")) == 1
    # A restarted bot reads it back, the very bytes, without drawing it.
    again = ReplayCache(tmp_path / "replays")
    assert await again.replay(game) == drawn and again.drawn == 0
    fresh = draw_replay(game.record, game.names(), game.lang, game.result)
    assert fresh == drawn
    # Drawn from the public record: what nobody saw has no part in any pixel.
    public = draw_replay(public_of(game.record), game.names(), game.lang, game.result)
    assert public == drawn


async def test_a_game_in_progress_is_never_drawn_nor_kept(tmp_path: Path) -> None:
    game = finished("stonehenge")
    playing = replace(game, status="active", result=None)
    cache = ReplayCache(tmp_path / "replays")
    with pytest.raises(ValueError, match="still being played"):
        await cache.replay(playing)
    assert cache.drawn == 0 and kept(tmp_path / "replays") == []
    # Finished later (more moves, a result): its replay is the finished game's.
    done = await cache.replay(game)
    assert cache.drawn == 1 and done == draw_replay(game.record, NAMES, "en", game.result)


async def test_another_language_format_or_name_is_another_replay(tmp_path: Path) -> None:
    game = finished("stonehenge")
    cache = ReplayCache(tmp_path / "replays")
    english = await cache.replay(game)
    spanish = await cache.replay(replace(game, lang="es"))
    webp = await cache.replay(game, "webp")
    renamed = replace(game, seats=(Seat(0, 10, "Former player"), Seat(1, 11, "Luis")))
    other_name = await cache.replay(renamed)
    assert cache.drawn == 4 and len(kept(tmp_path / "replays")) == 4
    assert len({english.png, spanish.png, webp.png, other_name.png}) == 4
    assert "Stonehenge" in english.alt and webp.png[8:12] == b"WEBP"
    assert await cache.replay(game) == english and cache.drawn == 4
    # Reviewed later: its key moments marked make it another replay (the one before stays).
    marked = await cache.replay(game, key_turns=(2,))
    assert cache.drawn == 5 and marked.png != english.png
    assert marked == draw_replay(game.record, NAMES, "en", game.result, key_turns=(2,))
    keys = {replay_key(game, "gif"), replay_key(replace(game, lang="es"), "gif")}
    assert all(key.startswith(f"{game.id}-gif-") for key in keys) and len(keys) == 2


async def test_asked_many_times_at_once_it_is_drawn_once(tmp_path: Path) -> None:
    game = finished("kahuna", 5)
    cache = ReplayCache(tmp_path / "replays")
    answers = await asyncio.gather(*(cache.replay(game) for _ in range(5)))
    assert cache.drawn == 1 and all(answer == answers[0] for answer in answers)


async def test_the_least_recently_used_go_when_they_take_too_much(tmp_path: Path) -> None:
    directory = tmp_path / "replays"
    cache = ReplayCache(directory)
    await cache.replay(finished("stonehenge", 3))
    (size,) = [p.stat().st_size for p in directory.glob(f"*{SUFFIX}")]
    cache.max_bytes = size * 3 // 2  # room for one such replay, not two
    await cache.replay(finished("stonehenge", 4))
    assert [name.split("-")[0] for name in kept(directory)] == ["4"]
    await cache.clear()
    assert kept(directory) == []


async def test_without_a_directory_the_last_few_are_kept_in_memory() -> None:
    cache = ReplayCache(None)
    game = finished("stonehenge")
    drawn = await cache.replay(game)
    assert await cache.replay(game) == drawn and cache.drawn == 1
    await cache.clear()
    assert await cache.replay(game) == drawn and cache.drawn == 2


def test_replays_are_kept_beside_a_sqlite_file_or_where_the_setting_says() -> None:
    assert replays_beside("/srv/t.sqlite3") == Path("/srv/t.sqlite3.replays")
    assert replays_beside("postgresql://tablero@db/tablero") is None
    assert replays_beside(":memory:") is None
    chosen = {"TABLERO_REPLAY_CACHE": "/var/cache/tablero"}
    assert replays_setting(chosen, "postgresql://db/t") == Path("/var/cache/tablero")
    assert replays_setting({}, "t.sqlite3") == Path("t.sqlite3.replays")


def test_a_bot_whose_drawing_changed_draws_its_replays_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = finished("stonehenge")
    before = replay_key(game, "gif")
    monkeypatch.setattr("cogs.utils.replay_cache.drawing_version", lambda: "another drawing")
    assert replay_key(game, "gif") != before
