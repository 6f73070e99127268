"""An event's round change and the players of other games: its heavy work stays off the bot's
event loop (bench tournament's event figure found it there: `python -m bench tournament`)."""

from __future__ import annotations

from typing import Any

import pytest

from render import painter
from tests.e2e import World
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
