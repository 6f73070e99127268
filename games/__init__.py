"""The games the bot plays: one ``GamePlugin`` each (plugin.py), by the engine's name.

Importing this package registers the built-in games, each a package of its words, picker and
drawing, in the order /play and /rules list them; any other game registers itself with
``games.plugin.register`` before the bot loads its cogs. Nothing here imports Discord.
"""

from __future__ import annotations

from games import islas, kahuna, stonehenge
from games.plugin import register

for _plugin in (stonehenge.PLUGIN, kahuna.PLUGIN, islas.PLUGIN):
    register(_plugin)
