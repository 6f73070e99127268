"""/review through the loopback Discord: a finished game's review for everyone (its chart and
key moments, with alt text, nothing hidden), a player's own for them only, the same figures
as the command line, and the review posted by itself on a server that asked for it."""

from __future__ import annotations

import asyncio
import io
import json
import os
import random
from contextlib import redirect_stdout
from pathlib import Path

from ai.__main__ import main
from ai.review import ReviewBudget
from games.replays import _header
from loopback.perms import MANAGE_GUILD
from render.animate import Frame
from rules import get_game
from table.reviews import SEED
from table.thinker import NICENESS, REVIEW_NICENESS, Thinker
from tests.e2e import (
    World,
    accept,
    challenge,
    command,
    local_copy,
    move,
    pick,
    resign,
    settled,
    started,
    stored_game,
    until,
    wait_boards,
)

TINY = ReviewBudget(worlds=2, search=6)


def _tiny(world: World) -> None:
    """Tiny budgets, and the review worker at the bot workers' priority: in the idle class,
    on a machine busy with other tests, it could wait minutes for a free moment."""
    assert world.bot is not None and world.bot.table.reviews is not None
    world.bot.table.reviews.budget = TINY
    world.bot.thinker.review_niceness, world.bot.thinker.review_idle = NICENESS, False


def _said(ix: object) -> str:
    """Everything a review's post says: its text and every picture's alt text."""
    parts = [ix.text]  # type: ignore[attr-defined]
    parts += [a.description or "" for a in ix.attachments]  # type: ignore[attr-defined]
    return "\n".join(parts)


async def test_a_hidden_stonehenge_review_for_all_and_for_one(
    tablero_on: World, tmp_path: Path
) -> None:
    world = tablero_on
    _tiny(world)
    offer = await challenge(world, world.ana, world.luis, first="me", hidden=True)
    place = await accept(world, world.luis, offer)
    state = get_game("stonehenge").new(2, 0, {"first": 0, "hidden": True})
    rng, users = random.Random(8), (world.ana, world.luis)
    while state.turn is not None:
        notation = pick(state, rng)
        await move(world, users[state.turn], place, notation)
        state.play(notation)
    await wait_boards(world, place, state.ply + 1)
    game = await stored_game(world)
    full = game.to_record()
    final = get_game("stonehenge").replay(2, full["seed"], full["options"], full["moves"])
    never_shown = [m for m in full["moves"] if m[-1] not in final.revealed]
    # For everyone: the chart, then a board for each key moment, each with its alt text.
    ix = await command(world, world.eve, place, "review")
    assert not ix.ephemeral and "Review of Stonehenge #1" in ix.text, ix.text
    chart, *moments = ix.attachments
    assert chart.filename.endswith("chart.png") and "chance" in (chart.description or "")
    stored = await world.bot.store.reviews.get(game.id)
    assert stored is not None and len(moments) == min(9, len(stored["moments"]))
    assert all(a.description for a in ix.attachments)
    said = _said(ix)
    assert all(druid not in said for druid in never_shown), (never_shown, said)
    # The command line prints the figures the bot stored, from the same record.
    path = tmp_path / "record.json"
    path.write_text(json.dumps(full))
    out = io.StringIO()
    with redirect_stdout(out):
        main(["review", str(path), "--worlds", "2", "--search", "6", "--seed", str(SEED)])
    printed = json.loads(out.getvalue())
    assert printed.pop("ok") and printed == stored
    # Luis's own review, for him only, in Spanish; Eve played no seat.
    mine = await command(world, world.luis, place, "review", {"mine": True})
    assert mine.ephemeral and "Tu análisis de Stonehenge #1" in mine.text, mine.text
    assert mine.attachments and (await world.bot.store.reviews.get(game.id, 1)) is not None
    refused = await command(world, world.eve, place, "review", {"mine": True})
    assert refused.ephemeral and "You did not play game #1" in refused.text
    # Asked again: answered from the stored figures, the same.
    again = await command(world, world.ana, place, "review")
    assert _said(again).splitlines()[1:] == said.splitlines()[1:]
    # The game option offers the caller's finished games; Eve played none.
    offered = await world.fake.autocomplete(
        world.luis, world.channel, "review", {"game": ""}, focused="game"
    )
    assert [(c["value"], c["name"]) for c in offered] == [(1, "#1 · Stonehenge · Ana – Luis")]
    assert (
        await world.fake.autocomplete(
            world.eve, world.channel, "review", {"game": "1"}, focused="game"
        )
        == []
    )
    # /replay marks the key moments (its frames read the stored review).
    assert await world.bot.table.reviews.key_turns(game.id) == tuple(
        sorted({m["turn"] for m in stored["moments"]})
    )
    replayed = await command(world, world.eve, place, "replay")
    assert replayed.attachments and not replayed.ephemeral, replayed.text


async def test_a_kahuna_review_names_no_hidden_card(tablero: World) -> None:
    world = tablero
    _tiny(world)
    place = await started(world, "kahuna")
    state, rng, users = await local_copy(world), random.Random(3), (world.ana, world.luis)
    discards = []
    while state.ply < 24 and state.turn is not None:
        notation = pick(state, rng)
        if notation.startswith("discard "):
            discards.append(notation)
        await move(world, users[state.turn], place, notation)
        state.play(notation)
    await resign(world, world.ana, place)
    await settled(world)
    ix = await command(world, world.luis, place, "review")
    assert not ix.ephemeral and ix.attachments, ix.text
    said = _said(ix)
    assert all(d not in said for d in discards)
    # The hands were never shown: a public key moment names no move that would need them.
    stored = await world.bot.store.reviews.get(1)
    assert stored is not None
    assert all("?" not in (m["preferred"] or "") for m in stored["moments"])


async def test_a_server_that_asked_gets_each_islas_game_reviewed(tablero: World) -> None:
    world = tablero
    _tiny(world)
    admins = world.fake.add_role(world.guild, "admins", MANAGE_GUILD)
    admins.member_ids.add(world.ana.id)
    done = await command(
        world, world.ana, world.channel, "settings", {"reviews": True}, subcommand="server"
    )
    assert "posted in each game's thread" in done.text, done.text
    assert (await world.bot.store.settings.guild(world.guild.id)).review_games
    place = await started(world, "islas")
    state, rng, users = await local_copy(world), random.Random(2), (world.ana, world.luis)
    for _ in range(8):
        notation = pick(state, rng)
        await move(world, users[state.turn], place, notation)
        state.play(notation)
    await resign(world, world.luis, place)
    posted = await world.fake.wait_for_message(
        place, lambda m: m.content.startswith("🔎") and bool(m.attachments)
    )
    assert "Review of Islas #1" in posted.content
    assert posted.attachments[0].description
    await until(lambda: world.bot.store.reviews.get(1), "the review stored")


def test_a_replay_marks_the_key_moments_of_the_review() -> None:
    frame = Frame(view=None, turn=3, seat=0)
    assert _header("x", frame, 9, "en", True).title == "Turn 3/9 · key moment"
    assert _header("x", frame, 9, "es", True).title.endswith("momento clave")
    assert "key" not in _header("x", frame, 9, "en").title


async def test_reviews_run_one_at_a_time_below_everything_else() -> None:
    thinker = Thinker(50, workers=1)
    try:
        niceness, policy = await asyncio.gather(
            thinker.review(os.nice, 0), thinker.review(os.sched_getscheduler, 0)
        )
        assert niceness == min(19, os.nice(0) + REVIEW_NICENESS)
        assert policy == os.SCHED_IDLE
        assert thinker._reviews is not None and len(thinker._reviews._processes) == 1
    finally:
        thinker.close()
