"""The bot end to end on PostgreSQL: a choice of the SQLite end-to-end tests, run unchanged
with the bot's database on the test session's PostgreSQL server."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest
import pytest_asyncio

from loopback.bots import start_bot, stop_bot
from tests.e2e import (
    World,
    accept,
    challenge,
    make_bot,
    running,
    settled,
    test_e2e_agreements,
    test_e2e_computer,
    test_e2e_integrity,
    test_e2e_limits,
    test_e2e_profiles,
    test_e2e_time,
    test_e2e_tournaments,
    test_e2e_undo_rematch,
)
from tests.e2e.games import test_e2e_islas, test_e2e_kahuna, test_e2e_stonehenge
from tests.postgres import PostgresServer

CASES: list[Callable[[World], Awaitable[None]]] = [
    test_e2e_stonehenge.test_challenge_accept_full_game_result_stored,
    test_e2e_stonehenge.test_a_game_looked_at_undone_and_ended_across_a_restart,
    test_e2e_stonehenge.test_a_restart_keeps_the_game_and_its_buttons_work,
    test_e2e_stonehenge.test_spanish_user_gets_spanish_text,
    test_e2e_kahuna.test_actions_are_private_until_the_draw_and_survive_a_restart,
    test_e2e_islas.test_three_players_from_challenge_to_result,
    test_e2e_undo_rematch.test_undo_accepted_restores_the_exact_previous_state,
    test_e2e_undo_rematch.test_two_rematch_clicks_at_once_make_one_challenge,
    test_e2e_time.test_a_reminder_due_while_the_bot_was_down_fires_after_the_restart,
    test_e2e_time.test_a_table_of_three_votes_a_timed_out_turn_away,
    test_e2e_integrity.test_an_unfinished_kahuna_turn_is_seen_by_its_mover_alone,
    test_e2e_integrity.test_a_refused_board_still_counts_the_move_and_is_posted_later,
    test_e2e_computer.test_the_bot_answers_after_a_restart,
    test_e2e_profiles.test_a_profile_and_a_leaderboard_after_a_few_games,
    test_e2e_profiles.test_forget_me_leaves_neither_the_id_nor_the_name_anywhere,
    test_e2e_profiles.test_forget_me_renames_the_threads_after_a_crash_right_after_forgetting,
    test_e2e_agreements.test_an_accepted_draw_ends_the_game_level_for_the_ratings,
    test_e2e_limits.test_eight_challenges_at_once_make_three_under_a_limit_of_three,
    test_e2e_limits.test_a_challenger_at_the_game_limit_starts_no_second_game,
    test_e2e_limits.test_a_member_at_the_game_limit_cannot_join_an_open_table,
    test_e2e_tournaments.test_a_swiss_of_four_from_announcement_to_winner,
    test_e2e_tournaments.test_islas_tables_of_seven_sit_at_a_table_of_four_and_one_of_three,
]


@pytest_asyncio.fixture
async def tablero_on_postgres(world: World, postgres: PostgresServer) -> AsyncIterator[World]:
    """The world with a running bot whose database is a fresh PostgreSQL database."""
    async with running(world, postgres.new_database()):
        yield world


@pytest.mark.parametrize(
    "case", CASES, ids=lambda case: f"{case.__module__.rsplit('.test_', 1)[-1]}.{case.__name__}"
)
async def test_on_postgresql(
    tablero_on_postgres: World, case: Callable[[World], Awaitable[None]]
) -> None:
    await case(tablero_on_postgres)


async def test_a_server_that_goes_away_is_logged_once_down_and_once_back(
    world: World, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # A server of its own, stopped and started again mid-run (the session's is shared).
    server = PostgresServer(tmp_path / "own")
    try:
        world.database = server.new_database()
        world.bot = make_bot(world)
        await start_bot(world.bot)
        try:
            place = await accept(world, world.luis, await challenge(world, world.ana, world.luis))
            await settled(world)
            caplog.set_level(logging.INFO)
            caplog.clear()
            await asyncio.to_thread(server.halt)
            # Everything that reads or writes fails meanwhile, each with a plain "try again".
            for user, name, options in (
                (world.ana, "board", {}),
                (world.luis, "move", {"move": "6L"}),
                (world.ana, "move", {"move": "6L"}),
                (world.luis, "games", {}),
                (world.ana, "board", {}),
            ):
                world.bot.wake_timers()
                ix = await (await world.fake.slash(user, place, name, options)).done()
                assert "busy" in ix.text or "ocupado" in ix.text, ix.text
            await asyncio.to_thread(server.resume)
            for _ in range(3):  # a connection that died with the server may cost one more
                ix = await (await world.fake.slash(world.ana, place, "board")).done()
                if ix.attachments:
                    break
            assert ix.attachments, ix.text
        finally:
            await stop_bot(world.bot)
    finally:
        server.stop()
    said = [
        r
        for r in caplog.records
        if r.levelno >= logging.WARNING and not r.name.startswith(("discord", "pgserver"))
    ]
    lines = [f"{r.name}: {r.getMessage()}" for r in said]
    assert not [r for r in said if r.exc_info], lines  # no traceback
    down = [line for line in lines if "cannot be reached" in line]
    back = [line for line in lines if "reachable again" in line]
    assert len(down) == 1 and len(back) == 1 and len(lines) == 2, lines
