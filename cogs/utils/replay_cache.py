"""Replays drawn once: a finished game's replay never changes, so it is kept, on disk.

A replay is a second of drawing (a 72-tile Islas game); asked again (the same game, format and
language), it is read back instead, in a millisecond. The file's name holds the game's number,
the format, the language and a digest of everything the picture depends on: the stored record
and result, the players' names as shown, and the drawing's version (a digest of the
renderers, the games and the messages, and Pillow's version, which encodes it). A game in
progress is never drawn here (nor kept), and a replay of another language, format, name or
version is another file. Asked again while it is being drawn, a replay is drawn once: every
asker waits for the same drawing.

The files live in a directory of their own (by default beside a SQLite database; the
TABLERO_REPLAY_CACHE setting names another, and without either, for a PostgreSQL database,
the last few are kept in memory); the oldest used go when they take more than ``max_bytes``.
Drawings go to the drawing process as background draws (render/steps.py): each is drawn in a
child of that process (render/paint_forks.py), several at once, while the process itself
draws the live boards, which never wait for a replay.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import json
import logging
import os
import struct
import tempfile
import time
from collections import OrderedDict
from pathlib import Path

import PIL

import games
import locales
import render
from cogs.utils.images import Drawn
from cogs.utils.replays import ending_of
from data import GameRecord
from games.replays import VERSION, replay_steps
from render import painter
from render.animate import default_format

log = logging.getLogger(__name__)

#: How much the replays kept on disk may take, at most (the oldest used go first).
MAX_BYTES = 256 * 2**20
#: Replays kept in memory when there is no directory for them.
IN_MEMORY = 8
#: A kept file: the length of the alt text, the alt text (UTF-8), the animation.
_ALT = struct.Struct("!I")
SUFFIX = ".replay"


@functools.cache
def drawing_version() -> str:
    """A digest of what draws and words a replay (the renderers, the games, the messages) and
    of Pillow's version: a bot whose drawing changed draws its replays again."""
    digest = hashlib.sha256(f"{VERSION} {PIL.__version__}".encode())
    for package in (render, games, locales):
        root = Path(package.__file__).parent
        for path in sorted(root.rglob("*")):
            if path.suffix in (".py", ".ftl", ".ttf", ".otf", ".json", ".png"):
                digest.update(str(path.relative_to(root)).encode() + path.read_bytes())
    return digest.hexdigest()


def replay_key(record: GameRecord, fmt: str, key_turns: tuple[int, ...] = ()) -> str:
    """The name of ``record``'s replay in ``fmt``: its number, format, language, and a digest
    of all the picture depends on (``key_turns``: its review's key moments, marked)."""
    content = {
        "version": drawing_version(),
        "key_turns": list(key_turns),
        "record": record.record.to_json(),
        "result": None if record.result is None else record.result.to_json(),
        "names": list(record.names()),
    }
    digest = hashlib.sha256(json.dumps(content, sort_keys=True).encode("utf-8")).hexdigest()
    return f"{record.id}-{fmt}-{record.lang}-{digest[:32]}"


class ReplayCache:
    """Finished games' replays, drawn once each and kept (in ``directory``; None: memory)."""

    def __init__(self, directory: Path | None, max_bytes: int = MAX_BYTES) -> None:
        self.directory = directory
        self.max_bytes = max_bytes
        self._memory: OrderedDict[str, Drawn] = OrderedDict()
        self._drawing: dict[str, asyncio.Future[Drawn]] = {}
        #: how many replays were drawn (not read back): tests and bench count them
        self.drawn = 0

    async def replay(
        self, record: GameRecord, fmt: str | None = None, key_turns: tuple[int, ...] = ()
    ) -> Drawn:
        """The replay of the finished game ``record`` in its language, the turns ``key_turns``
        marked as its review's key moments (ValueError for a game in progress: its replay
        would change with its next move, and is never kept)."""
        if record.active:
            raise ValueError(f"game {record.id} is still being played: it has no replay")
        fmt = fmt or default_format()
        await asyncio.to_thread(drawing_version)  # read once, off the loop (tens of ms)
        key = replay_key(record, fmt, key_turns)
        drawing = self._drawing.get(key)
        if drawing is None:
            drawing = asyncio.ensure_future(self._kept_or_drawn(key, record, fmt, key_turns))
            self._drawing[key] = drawing
            drawing.add_done_callback(lambda _: self._drawing.pop(key, None))
        # One asker giving up (an interaction cancelled) leaves the drawing to the others.
        return await asyncio.shield(drawing)

    async def _kept_or_drawn(
        self, key: str, record: GameRecord, fmt: str, key_turns: tuple[int, ...]
    ) -> Drawn:
        kept = await self._read(key)
        if kept is not None:
            return kept
        ending = ending_of(record.result)
        steps = (record.record, tuple(record.names()), record.lang, ending, fmt, key_turns)
        data, alt = await painter.shared().draw(replay_steps, *steps)
        self.drawn += 1
        drawn = Drawn(data, alt)
        await self._keep(key, drawn)
        return drawn

    async def _read(self, key: str) -> Drawn | None:
        if self.directory is None:
            drawn = self._memory.get(key)
            if drawn is not None:
                self._memory.move_to_end(key)
            return drawn
        return await asyncio.to_thread(_read_file, self.directory / (key + SUFFIX))

    async def _keep(self, key: str, drawn: Drawn) -> None:
        if self.directory is None:
            self._memory[key] = drawn
            while len(self._memory) > IN_MEMORY:
                self._memory.popitem(last=False)
            return
        try:
            await asyncio.to_thread(_write_file, self.directory, key + SUFFIX, drawn)
            await asyncio.to_thread(_evict, self.directory, self.max_bytes)
        except OSError as error:  # a full or read-only disk: the replay is still posted
            log.warning("a replay could not be kept on disk (%s)", error)

    async def kept(self) -> list[bytes]:
        """Every replay kept now, each as its file holds it (in memory: its picture and alt
        text): what /forget-me must leave none of."""
        if self.directory is None:
            return [d.png + d.alt.encode() for d in self._memory.values()]
        return await asyncio.to_thread(_kept_files, self.directory)

    async def clear(self) -> None:
        """Forget every replay kept (someone's name may be in them: /forget-me)."""
        self._memory.clear()
        if self.directory is not None:
            await asyncio.to_thread(_evict, self.directory, 0)


def _kept_files(directory: Path) -> list[bytes]:
    if not directory.is_dir():
        return []
    return [path.read_bytes() for path in directory.iterdir() if path.name.endswith(SUFFIX)]


def _read_file(path: Path) -> Drawn | None:
    try:
        data = path.read_bytes()
    except OSError:  # not kept (yet), or gone meanwhile
        return None
    with contextlib.suppress(OSError):  # the newest used is the last to go
        os.utime(path)
    try:
        (size,) = _ALT.unpack_from(data)
        alt = data[_ALT.size : _ALT.size + size].decode("utf-8")
    except (struct.error, UnicodeDecodeError):  # not one of ours: drawn again, and replaced
        return None
    return Drawn(data[_ALT.size + size :], alt)


def _write_file(directory: Path, name: str, drawn: Drawn) -> None:
    """The file written whole, then renamed into place: a reader never sees part of one."""
    directory.mkdir(parents=True, exist_ok=True)
    alt = drawn.alt.encode("utf-8")
    with tempfile.NamedTemporaryFile(dir=directory, suffix=".part", delete=False) as out:
        out.write(_ALT.pack(len(alt)) + alt + drawn.png)
    os.replace(out.name, directory / name)


def _evict(directory: Path, max_bytes: int) -> None:
    """Remove the least recently used replays until those left take ``max_bytes`` at most."""
    try:
        entries = [(e.stat().st_mtime, e.stat().st_size, e.path) for e in os.scandir(directory)]
    except OSError:
        return
    for modified, _, path in entries:  # a file left half written by a process that died
        if path.endswith(".part") and modified < time.time() - 3600:
            with contextlib.suppress(OSError):
                os.remove(path)
    kept = [entry for entry in entries if entry[2].endswith(SUFFIX)]
    total = sum(size for _, size, _ in kept)
    for _, size, path in sorted(kept):
        if total <= max_bytes:
            break
        with contextlib.suppress(OSError):
            os.remove(path)
        total -= size
