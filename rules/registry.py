"""Where the games come from: each registers itself, and the installed ones are found by their
entry points.

No layer lists the games. A game's registration (``GamePlugin`` and ``register``) fills each
layer's registry: engines here in ``rules``, renderers and animations in ``render``, public
records in ``rules.public``, computer players in ``ai``. The project declares, under the
entry-point group ``tablero.games`` of its pyproject.toml, the module whose import registers
its games; a game packaged elsewhere declares its own. A registry that is asked for a game it
does not know loads that group once (``load_games``), so a command line, a worker process or
the data layer finds every installed game without importing the registrations itself.
"""

from __future__ import annotations

import threading
from importlib.metadata import entry_points

#: The entry-point group whose entries register games when they are loaded (imported).
GROUP = "tablero.games"

_lock = threading.RLock()  # reentrant: a registration that asks a registry loads nothing again
_loaded = False


def load_games() -> None:
    """Import every registration of the group, once per process (later calls do nothing).

    An entry that fails to import raises: a game that is installed but broken is an error to
    see, not a game to leave out quietly.
    """
    global _loaded
    with _lock:
        if _loaded:
            return
        _loaded = True
        for entry in entry_points(group=GROUP):
            entry.load()
