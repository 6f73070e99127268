"""`python -m data backup DEST`: a consistent copy of a live SQLite database.

SQLite's online backup API copies every page inside one read transaction, so the copy is the
database as it was at one commit, whatever the bot writes meanwhile: under WAL a reader never
blocks the writer, and the bot never waits for a backup. The copy is written beside DEST
under a temporary name, checked (``PRAGMA integrity_check``), made a single self-contained
file (journal_mode=DELETE: no -wal to carry along), flushed to disk, and only then renamed to
DEST, so DEST is never half a database.

PostgreSQL has its own tool for this: pg_dump (see ``PG_DUMP_HELP``).
"""

from __future__ import annotations

import os
import sqlite3
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import quote

from data.migrations import MIGRATIONS

PG_DUMP_HELP = """\
{url} is a PostgreSQL database: back it up with PostgreSQL's own pg_dump, which takes a \
consistent snapshot while the bot runs:

  pg_dump --format=custom --file=tablero.dump "{url}"

and restore it into an empty database (with the bot stopped) with:

  pg_restore --no-owner --dbname="postgresql://…/tablero_restored" tablero.dump"""


class BackupError(Exception):
    """The backup could not be made; the message says why and what to do."""


@dataclass(frozen=True)
class Backup:
    """What a backup wrote."""

    source: str
    path: Path
    size: int
    games: int
    active: int
    moves: int
    schema: int
    seconds: float

    def summary(self) -> str:
        """One line for the operator."""
        games = f"{self.games} game{'s' if self.games != 1 else ''} ({self.active} active)"
        return (
            f"Backed up {self.source} to {self.path}: {_size(self.size)}, {games},"
            f" {self.moves} moves, schema {self.schema}/{len(MIGRATIONS)}, integrity ok,"
            f" in {self.seconds:.2f} s."
        )


def destination(dest: Path, now: datetime | None = None) -> Path:
    """DEST itself, or inside a folder a file named after the time (for a cron job)."""
    if dest.is_dir():
        stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")
        return dest / f"tablero-{stamp}.sqlite3"
    return dest


def backup(source: str | Path, dest: Path, *, replace: bool = False) -> Backup:
    """Copy the SQLite database ``source`` to ``dest`` (BackupError when it cannot)."""
    started = time.perf_counter()
    source = str(source)
    if not Path(source).is_file():
        raise BackupError(f"There is no database at {source}: nothing to back up.")
    target = destination(dest)
    if target.exists() and not replace:
        raise BackupError(f"{target} exists already: name another file, or add --replace.")
    if not target.parent.is_dir():
        raise BackupError(f"The folder {target.parent} does not exist.")
    partial = target.with_name(f".{target.name}.partial-{os.getpid()}")
    try:
        _copy(source, partial)
        facts = _verify(partial)
        _sync(partial)
        os.replace(partial, target)
        if os.name == "posix":  # the rename is durable once the folder's entry is
            _sync(target.parent)
    except sqlite3.Error as error:
        raise BackupError(f"Could not back up {source}: {error}.") from None
    except OSError as error:
        raise BackupError(f"Could not write {target}: {error.strerror or error}.") from None
    finally:
        partial.unlink(missing_ok=True)
    return Backup(source, target, target.stat().st_size, *facts, time.perf_counter() - started)


def _copy(source: str, partial: Path) -> None:
    # Read-only: a backup must never create, migrate or lock out the bot's file. One step
    # (pages=-1) is one read transaction: the copy is one commit's state. Stepping in parts
    # would let a write by the bot restart the copy from the beginning, again and again.
    uri = f"file:{quote(str(Path(source).resolve()))}?mode=ro"
    src = sqlite3.connect(uri, uri=True, timeout=10)
    try:
        dst = sqlite3.connect(partial)
        try:
            src.backup(dst, pages=-1)
            dst.execute("PRAGMA journal_mode=DELETE")  # one file, nothing to carry beside it
        finally:
            dst.close()
    finally:
        src.close()


def _verify(path: Path) -> tuple[int, int, int, int]:
    """(games, active games, moves, schema) of a finished copy, once SQLite finds it whole."""
    conn = sqlite3.connect(path)
    try:
        found = [row[0] for row in conn.execute("PRAGMA integrity_check(20)")]
        if found != ["ok"]:
            raise BackupError(f"The copy failed SQLite's integrity check: {'; '.join(found)}")
        schema = conn.execute("PRAGMA user_version").fetchone()[0]
        if schema == 0:
            return 0, 0, 0, 0  # not migrated yet: no tables
        games, active = conn.execute(
            "SELECT COUNT(*), COALESCE(SUM(status = 'active'), 0) FROM games"
        ).fetchone()
        moves = conn.execute("SELECT COUNT(*) FROM moves").fetchone()[0]
        return games, active, moves, schema
    finally:
        conn.close()


def _sync(path: Path) -> None:
    """Flush a file (or a folder's entries) to the disk."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _size(size: int) -> str:
    if size < 1024:
        return f"{size} bytes"
    scaled = float(size)
    for unit in ("KB", "MB", "GB"):
        scaled /= 1024
        if scaled < 1024 or unit == "GB":
            break
    return f"{scaled:.1f} {unit}"
