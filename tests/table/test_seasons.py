"""What the table decides of seasons: lengths, one at a time, numbers per server, the end
told once whichever way it comes, and the final ladders."""

from __future__ import annotations

import pytest

from data import Ending, Result, Store, Timer
from data.ratings import human
from table import seasons
from table.refusal import Refusal

GUILD, OTHER = 10, 11


async def _end_timer(store: Store, season_id: int) -> Timer:
    row = await store.db.fetchone(
        "SELECT id FROM timers WHERE kind = 'season-end' AND ref_id = ?", (season_id,)
    )
    return Timer(row["id"], "season-end", season_id, None, 0.0)


async def test_a_season_is_refused_a_length_out_of_bounds_or_a_second_at_once(
    store: Store,
) -> None:
    for weeks in (0, 53):
        with pytest.raises(Refusal) as refused:
            await seasons.start(store, GUILD, 5, weeks)
        assert refused.value.key == "error-season-length"
        assert refused.value.params == {"least": 1, "most": 52}
    season, number = await seasons.start(store, GUILD, 5, 52)
    assert number == 1 and season.weeks == 52
    with pytest.raises(Refusal) as refused:
        await seasons.start(store, GUILD, 5, 1)
    assert refused.value.key == "error-season-running"
    assert refused.value.params["until"] == f"<t:{int(season.ends_at)}:f>"
    assert (await seasons.start(store, OTHER, 5, 1))[1] == 1  # each server numbers its own


async def test_no_season_to_show_end_or_name(store: Store) -> None:
    for ask in (seasons.running(store, GUILD), seasons.end_early(store, GUILD, 1.0)):
        with pytest.raises(Refusal) as refused:
            await ask
        assert refused.value.key == "error-season-none"
    with pytest.raises(Refusal) as refused:
        await seasons.numbered(store, GUILD, 1)
    assert refused.value.key == "error-season-unknown" and refused.value.params == {"number": 1}


async def test_the_end_gives_the_champion_and_ladder_and_is_the_same_twice(
    store: Store,
) -> None:
    season, _ = await seasons.start(store, GUILD, 5, 1)
    game_id = await store.games.create_game(
        game="kahuna",
        seats=[(1, "Ana"), (2, "Luis")],
        seed=1,
        options={},
        lang="en",
        guild_id=GUILD,
        channel_id=20,
    )
    await store.games.finish(game_id, 0, Result(Ending.RULES, (1,), (2, 6)))
    timer = await _end_timer(store, season.id)
    ended = await seasons.conclude(store, timer)
    assert ended is not None and ended.number == 1 and not ended.season.running
    assert ended.season.ended_at == season.ends_at  # by its timer: at its planned end
    [ladder] = ended.ladders
    assert ladder.game == "kahuna" and ladder.players == 2
    assert [r.player for r in ladder.champions] == [human(2)]
    assert await seasons.conclude(store, timer) == ended  # a second process: the same
    assert await seasons.numbered(store, GUILD, 1) == ended.season
    gone = Timer(0, "season-end", season.id + 100, None, 0.0)
    assert await seasons.conclude(store, gone) is None


async def test_an_early_end_ends_it_now_and_its_timer_is_due(store: Store) -> None:
    season, _ = await seasons.start(store, GUILD, 5, 2)
    now = season.started_at + 10
    ended, number = await seasons.end_early(store, GUILD, now)
    assert ended.id == season.id and number == 1
    stored = await store.seasons.get(season.id)
    assert stored is not None and stored.ended_at == now
    timer = await store.db.fetchone("SELECT due_at FROM timers WHERE ref_id = ?", (season.id,))
    assert timer["due_at"] == now
    with pytest.raises(Refusal):
        await seasons.end_early(store, GUILD, now)
