"""What the storage tests share: a stored game to work on."""

from __future__ import annotations

from typing import Any

from data import Store


async def new_game(store: Store, guild_id: int | None = 10, **kw: Any) -> int:
    """A Stonehenge game between Ana (1) and Luis (2) on server ``guild_id``; its id."""
    return await store.games.create_game(
        game="stonehenge",
        seats=[(1, "Ana"), (2, "Luis")],
        seed=7,
        options={"first": 0},
        lang="en",
        guild_id=guild_id,
        channel_id=20,
        place_id=30,
        **kw,
    )
