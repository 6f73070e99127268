"""An event's round change and the players of other games: its heavy work stays off the bot's
event loop (bench tournament's event figure found it there: `python -m bench tournament`)."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import pytest

from loopback.timing import WAIT
from render import painter
from table import pairing
from tests.e2e import World, accept, challenge, move, until, wait_boards
from tests.e2e.test_e2e_tournaments import (
    create,
    game_place,
    join,
    make_moderator,
    resigns,
    round_post,
    tables_of,
    tournament,
)

PNG = b"\x89PNG\r\n\x1a\n"


async def test_the_standings_picture_is_drawn_in_the_drawing_process(
    tablero: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four pages of standings are 70-130 ms of Pillow holding the interpreter lock: in a
    thread of the bot they stretched every command meanwhile, as a board would (see
    render/painter.py). They are drawn where the boards are."""
    world = tablero
    drawing = painter.shared()
    monkeypatch.setattr(drawing, "processes", 1)  # the default, whatever the environment says
    sent: list[str] = []
    send = painter._Worker.send

    def recording(self: Any, fn: Any, args: tuple[Any, ...]) -> Any:
        sent.append(getattr(getattr(fn, "func", fn), "__name__", ""))
        return send(self, fn, args)

    monkeypatch.setattr(painter._Worker, "send", recording)
    make_moderator(world, world.ana)
    message = await create(
        world, world.ana, game="stonehenge", format="swiss", name="Quick Cup", rounds=1
    )
    for user in (world.ana, world.luis):
        await join(world, user, message)
    await tournament(world, world.ana, "start")
    (table,) = await tables_of(world, 1)
    record, place = await game_place(world, table.game_id)
    loser = world.ana if record.seats[1].user_id == world.ana.id else world.luis
    await resigns(world, loser, record, place)
    end = await round_post(world, "is over after")
    (picture,) = end.attachments
    assert picture.filename == "standings-1-1.png" and picture.data.startswith(PNG)
    assert "draw_standings_pages" in sent, sent


async def test_a_move_elsewhere_is_answered_while_a_round_is_paired(
    tablero: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pairing a Swiss round is pure Python (networkx's matching): 30-100 ms for 64 players,
    0.6 s for 1,000. It runs beside the bot's event loop, which answers other games meanwhile."""
    world = tablero
    place = await accept(
        world, world.luis, await challenge(world, world.ana, world.luis, first="me")
    )
    await wait_boards(world, place, 1)
    entered, release = threading.Event(), threading.Event()
    answered_meanwhile: list[bool] = []
    real = pairing.swiss

    def slow_swiss(players: Sequence[int], history: Sequence[Any]) -> Any:
        entered.set()
        # Held until the test has seen another game's move answered (the limit only a
        # safety net: a pairing that holds the loop keeps the test from ever releasing it).
        answered_meanwhile.append(release.wait(WAIT))
        return real(players, history)

    monkeypatch.setattr(pairing, "swiss", slow_swiss)
    make_moderator(world, world.eve)
    message = await create(
        world, world.eve, game="stonehenge", format="swiss", name="Big Cup", rounds=1
    )
    for n in (1, 2):
        await join(world, world.fake.add_user(f"Entrant{n}"), message)
    starting = await world.fake.slash(world.eve, world.channel, "tournament", subcommand="start")

    async def pairing_now() -> bool:
        return entered.is_set()

    await until(pairing_now, "the round to be being paired")
    moved = await move(world, world.ana, place, "6L")
    assert "✅" in moved.text, moved.text
    release.set()
    started = await starting.done()
    assert "Round 1 of **Big Cup** is paired" in started.text, started.text
    assert answered_meanwhile == [True]
