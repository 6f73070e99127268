"""The games the bot plays: one ``GamePlugin`` each (plugin.py), by the engine's name.

Importing this package registers the built-in games, each declared in its own module, in
the order /play and /rules list them; any other game registers itself with ``register``
before the bot loads its cogs.
"""

from __future__ import annotations

from cogs.games import islas, kahuna, stonehenge
from cogs.games.base import GameAdapter
from cogs.games.plugin import (
    CLAIM,
    Claim,
    GamePlugin,
    OutOfTime,
    PlayOption,
    Renderer,
    Series,
    SkipTurn,
    adapter_for,
    plugin_for,
    plugins,
    register,
)

for _plugin in (stonehenge.PLUGIN, kahuna.PLUGIN, islas.PLUGIN):
    register(_plugin)

__all__ = [
    "CLAIM",
    "Claim",
    "GameAdapter",
    "GamePlugin",
    "OutOfTime",
    "PlayOption",
    "Renderer",
    "Series",
    "SkipTurn",
    "adapter_for",
    "plugin_for",
    "plugins",
    "register",
]
