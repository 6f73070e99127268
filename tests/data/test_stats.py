"""Finished games read for profiles, histories, head-to-heads and server statistics; forgetting."""

from __future__ import annotations

import pytest

from data import Ending, PersonSettings, PlayerResult, Result, StillPlaying, Store
from data.db import Step
from data.ratings import FORGOTTEN, GLOBAL, human
from data.stats import result_for
from data.summary import summary_faults

GUILD, OTHER = 10, 11
NAMES = {"en": "former player", "es": "exjugador"}


async def _game(
    store: Store,
    seats: list,
    result: Result | None,
    game: str = "stonehenge",
    guild: int = GUILD,
    lang: str = "en",
) -> int:
    game_id = await store.games.create_game(
        game=game, seats=seats, seed=1, options={}, lang=lang, guild_id=guild, channel_id=20
    )
    if result is not None:
        await store.games.finish(game_id, 0, result)
    return game_id


def _won(seat: int, players: int = 2) -> Result:
    scores = tuple(5 if s == seat else 3 for s in range(players))
    return Result(Ending.RULES, (seat,), scores)


TIE = Result(Ending.RULES, (0, 1), (4, 4))


def test_a_shared_first_place_is_a_draw_but_a_forfeit_wins_for_all_left() -> None:
    assert result_for(_won(0), 0) is PlayerResult.WIN
    assert result_for(_won(0), 1) is PlayerResult.LOSS
    assert result_for(TIE, 1) is PlayerResult.DRAW
    resigned = Result(Ending.RESIGN, (1, 2), (3, 4, 5), loser=0)
    assert [result_for(resigned, s) for s in range(3)] == ["loss", "win", "win"]


async def test_records_count_games_and_streaks(store: Store) -> None:
    ana, luis = (1, "Ana"), (2, "Luis")
    for result in (_won(0), _won(0), TIE, _won(0), _won(0), _won(0), _won(1)):
        await _game(store, [ana, luis], result)
    await _game(store, [ana, luis], _won(0), guild=OTHER)
    await _game(store, [ana, luis], None)  # in progress: not counted
    here = (await store.stats.records(1, guild_id=GUILD))["stonehenge"]
    assert (here.games, here.wins, here.draws, here.losses) == (7, 5, 1, 1)
    assert (here.streak, here.best_streak) == (0, 3)
    everywhere = (await store.stats.records(1))["stonehenge"]
    assert (everywhere.games, everywhere.streak) == (8, 1)
    assert await store.stats.count_finished(1, guild_id=GUILD) == 7
    newest = await store.stats.finished(1, guild_id=GUILD, limit=2)
    assert [g.id for g in newest] == [7, 6] and newest[0].seat_of(2) == 1
    assert [g.id for g in await store.stats.finished(1, offset=1, limit=1)] == [7]
    met = (await store.stats.head_to_head(2, 1, guild_id=GUILD))["stonehenge"]
    assert (met.wins, met.draws, met.losses) == (1, 1, 5)


async def test_server_stats(store: Store) -> None:
    ana, luis, eve = (1, "Ana"), (2, "Luis"), (3, "Eve")
    await _game(store, [ana, luis], _won(0))
    await _game(store, [luis, eve], _won(1))
    await _game(store, [eve, ana], TIE)
    await _game(store, [ana, luis], None)
    await _game(store, [ana, luis], _won(0), guild=OTHER)
    stats = await store.stats.server("stonehenge", GUILD)
    assert (stats.finished, stats.active, stats.first_seat_wins, stats.draws) == (3, 1, 1, 1)
    assert [n for *_, n in stats.most_active] == [2, 2, 2]
    assert {name for _, name, n in stats.most_active} == {"Ana", "Luis", "Eve"}


async def test_server_stats_are_summed_as_each_game_ends_and_the_check_agrees(
    store: Store,
) -> None:
    """/stats reads the server's summaries, which each game's end adds to in its own
    transaction: a game ended by its last move counts its plies, one called off or ended by
    a moderator counts for nothing; the data check sums the games again and agrees."""
    ana, luis = (1, "Ana"), (2, "Luis")
    by_move = await _game(store, [ana, luis], None)
    await store.games.append_move(by_move, 0, seat=0, user_id=1, move="a")
    await store.games.append_move(by_move, 1, seat=1, user_id=2, move="b", result=_won(1))
    await _game(store, [luis, ana], Result(Ending.RESIGN, (1,), (0, 0), loser=0))
    await _game(store, [ana, luis], Result(Ending.ABORT, (), (0, 0)))
    await _game(store, [ana, luis], Result(Ending.MODERATOR, (), (0, 0), note="spam"))
    stats = await store.stats.server("stonehenge", GUILD)
    assert (stats.finished, stats.first_seat_wins, stats.draws) == (2, 0, 0)
    assert stats.average_moves == 1.0  # two plies and none, over two games
    assert sorted((user, n) for user, _, n in stats.most_active) == [(1, 2), (2, 2)]
    assert await summary_faults(store.db, store.db.dialect) == []
    # A summary that lost a game is found out.
    lost = "UPDATE server_endings SET games = games + 1 WHERE reason = 'rules'"
    await store.db.write([Step(lost, ())])
    assert len(await summary_faults(store.db, store.db.dialect)) == 1


async def test_forgetting_keeps_the_games_and_the_others_results(store: Store) -> None:
    ana, luis = (1, "Ana"), (2, "Luis")
    await store.settings.set_public(1, True)
    clocks = PersonSettings(True, "Europe/Madrid", (1380, 420), (24.0, 1.0), 8, True)
    await store.settings.set_person(1, clocks)
    assert await store.settings.person(1) == clocks  # remembered for a while
    first = await _game(store, [ana, luis], _won(1), lang="es")
    await _game(store, [luis, ana], _won(0))
    assert await store.ratings.get("stonehenge", GLOBAL, human(1)) is not None
    before = await store.ratings.get("stonehenge", GUILD, human(2))
    playing = await _game(store, [ana, luis], None)
    with pytest.raises(StillPlaying) as refused:
        await store.privacy.forget(1, NAMES, "former player")
    assert refused.value.places == (20,)
    await store.games.finish(playing, 0, TIE)
    done = await store.privacy.forget(1, NAMES, "former player")
    assert done.games == 3 and done.ratings == 2  # this server's and the global one
    assert not await store.settings.public(1)
    assert await store.settings.person(1) == PersonSettings()
    assert await store.ratings.get("stonehenge", GLOBAL, human(1)) is None
    history = await store.db.fetchall("SELECT * FROM rating_history WHERE player = 'u:1'")
    assert history == []
    game = await store.games.get(first)
    assert game.names() == ("exjugador", "Luis") and game.seats[0].user_id == FORGOTTEN
    assert (await store.games.get(2)).names() == ("Luis", "former player")
    assert await store.stats.count_finished(1) == 0
    assert (await store.stats.records(2))["stonehenge"].wins == 2
    # /stats names nobody forgotten among the most active, and its summaries still agree
    # with the games (their seats anonymous now).
    most = (await store.stats.server("stonehenge", GUILD)).most_active
    assert [(user, name) for user, name, _ in most] == [(2, "Luis")]
    assert await summary_faults(store.db, store.db.dialect) == []
    after = await store.ratings.get("stonehenge", GUILD, human(2))
    assert after is not None and after.games == before.games + 1  # the last game counted


async def test_a_name_from_another_server_stays_there(store: Store) -> None:
    await _game(store, [(1, "Ana"), (2, "Luis")], _won(0))
    await _game(store, [(1, "Ana the Great"), (2, "Luis")], _won(0), guild=OTHER)
    assert await store.stats.names([1]) == {1: "Ana the Great"}
    assert await store.stats.names([1, 2], guild_id=GUILD) == {1: "Ana", 2: "Luis"}
    stats = await store.stats.server("stonehenge", GUILD)
    assert {who for _, who, _ in stats.most_active} == {"Ana", "Luis"}


async def test_a_called_off_game_does_not_count_and_an_agreed_draw_is_a_draw(store: Store) -> None:
    seats = [(1, "Ana"), (2, "Luis")]
    await _game(store, seats, Result(Ending.ABORT, (), (0, 0), loser=0))
    await _game(store, seats, Result(Ending.DRAW, (0, 1), (6, 2)))
    record = (await store.stats.records(1))["stonehenge"]
    assert (record.wins, record.draws, record.losses) == (0, 1, 0)
    assert await store.stats.count_finished(1) == 1
    assert result_for(Result(Ending.DRAW, (1,), (3, 7, 5)), 1) is PlayerResult.WIN
