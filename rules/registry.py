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
from typing import Generic, TypeVar

#: The entry-point group whose entries register games when they are loaded (imported).
GROUP = "tablero.games"

K = TypeVar("K")
V = TypeVar("V")

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


class Registry(Generic[K, V]):
    """One layer's registry of what the games give it (an engine by name, a renderer by view
    type, …): filled by registration, looked up by key, the installed games loaded on a miss.
    Every layer keeps its registries this one way."""

    def __init__(self, what: str) -> None:
        #: what it holds, for errors: "renderer", "computer player", …
        self.what = what
        self._items: dict[K, V] = {}

    def add(self, key: K, item: V) -> V:
        """Register ``item`` under ``key`` (again is fine; another item for it is not)."""
        known = self._items.setdefault(key, item)
        if known is not item:
            raise ValueError(f"{_named(key)} already has another {self.what}")
        return item

    def find(self, key: K) -> V | None:
        """The item of ``key``, the installed games loaded first if it is unknown (None when
        no game gives one)."""
        if key not in self._items:
            load_games()
        return self._items.get(key)

    def __contains__(self, key: object) -> bool:
        return self.find(key) is not None  # type: ignore[arg-type]

    def __getitem__(self, key: K) -> V:
        found = self.find(key)
        if found is None:
            raise KeyError(key)
        return found

    def keys(self) -> tuple[K, ...]:
        """Every key (the installed games loaded first), in the order they registered."""
        load_games()
        return tuple(self._items)

    def values(self) -> tuple[V, ...]:
        """Every item (the installed games loaded first), in the order they registered."""
        load_games()
        return tuple(self._items.values())


def _named(key: object) -> str:
    return key.__name__ if isinstance(key, type) else repr(key)
