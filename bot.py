"""Tablero's entry point: settings from the environment (or .env), logging, the Bot, the cogs.

python3 tasks.py bot            # sets everything up, then runs this
python3 tasks.py bot --sync     # also publishes the slash commands to Discord
"""

from __future__ import annotations

import argparse
import asyncio
import ctypes
import gc
import logging
import os
import signal
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands
from dotenv import dotenv_values

from cogs.metrics import metrics_setting
from cogs.utils.host import Host
from cogs.utils.i18n import FluentTranslator
from cogs.utils.replies import report
from cogs.utils.stopping import Drain
from data import Clock, StorageError, Store
from data.engines import is_postgres
from data.shards import Shards
from render import painter
from table.table import Table
from table.thinker import MAX_MS, Thinker
from table.tournaments import Tournaments

log = logging.getLogger("tablero")

ROOT = Path(__file__).resolve().parent
EXTENSIONS = (
    "cogs.play",
    "cogs.turns",
    "cogs.undo",
    "cogs.timers",
    "cogs.deadlines",
    "cogs.settings",
    "cogs.info",
    "cogs.computer",
    "cogs.agreements",
    "cogs.moderation",
    "cogs.places",
    "cogs.profiles",
    "cogs.seasons",
    "cogs.privacy",
    "cogs.records",
    "cogs.review",
    "cogs.tournaments",
    "cogs.metrics",  # loads nothing unless TABLERO_METRICS_PORT is set
)
RETRY_SECONDS = 300  # how often boards that Discord refused are tried again
TOKEN_HELP = """\
Tablero needs a Discord bot token, and DISCORD_TOKEN is not set.

  1. Open https://discord.com/developers/applications and create an application.
  2. In "Bot", press "Reset Token" and copy the token.
  3. Put it in a file named .env beside bot.py:   DISCORD_TOKEN=your-token
     (or export DISCORD_TOKEN in your shell), then run the bot again.

The README explains how to invite the bot to a server and publish its commands."""
BOT_PAUSE = 1.5  # seconds: the least between a board and the bot's reply, as a person takes
# Seconds a process's claim on a timer holds (renewed while it acts): a process that dies
# holding one delays that timer this long. Well inside the few minutes Discord remembers a
# message's nonce, so that a reminder sent again by the next process shows only once.
TIMER_LEASE = 60.0
EXIT_STORAGE = 4  # beside 2 (token) and 3 (network): the database cannot be used
EXIT_SETTINGS = 2  # like a missing token: the operator must fix the configuration
EXIT_INTERRUPTED = 130  # as shells report a Ctrl-C


class SettingsError(ValueError):
    """A setting the bot cannot run with; the message says which and what it expects."""


def parse_shards(env: Mapping[str, str]) -> tuple[tuple[int, ...] | None, int | None]:
    """TABLERO_SHARDS (``0,1`` or ``0-3``) and TABLERO_SHARD_COUNT: the shards this process
    runs, of how many. Neither: every shard Discord recommends; a count alone: all of them."""
    text = env.get("TABLERO_SHARDS", "").strip()
    count_text = env.get("TABLERO_SHARD_COUNT", "").strip()
    count = None
    if count_text:
        if not count_text.isdigit() or int(count_text) < 1:
            raise SettingsError(
                f"TABLERO_SHARD_COUNT must be a whole number of at least 1 (the shards of all"
                f" the bot's processes together), not {count_text[:40]!r}."
            )
        count = int(count_text)
    if not text:
        return None, count
    ids: set[int] = set()
    for part in text.split(","):
        low, _, high = part.strip().partition("-")
        if not low.isdigit() or not (high.isdigit() or not high) or int(high or low) < int(low):
            raise SettingsError(
                "TABLERO_SHARDS must list shard numbers separated by commas, or ranges, such"
                f" as 0,1 or 0-3, not {text[:40]!r}."
            )
        ids.update(range(int(low), int(high or low) + 1))
    if count is None:
        raise SettingsError(
            "TABLERO_SHARDS needs TABLERO_SHARD_COUNT too: the number of shards of all the"
            " bot's processes together (each process runs some of them)."
        )
    try:
        Shards(frozenset(ids), count)
    except ValueError as error:
        raise SettingsError(f"TABLERO_SHARDS={text[:40]}: {error}.") from None
    return tuple(sorted(ids)), count


@dataclass(frozen=True)
class Settings:
    """What the bot reads from the environment."""

    token: str | None
    database: str  # a SQLite file's path, or a postgresql:// URL
    log_level: str
    sync: bool
    dev_guild: int | None
    challenge_hours: float
    bot_ms: float
    #: the shards this process runs (None: every shard), of ``shard_count`` in all
    shard_ids: tuple[int, ...] | None = None
    shard_count: int | None = None
    #: processes that draw the boards (0: threads of the bot's own process)
    render_processes: int = 1

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> Settings:
        """Read settings, with defaults for everything but the token (SettingsError when
        one cannot be used)."""
        guild = env.get("TABLERO_DEV_GUILD", "").strip()
        shard_ids, shard_count = parse_shards(env)
        try:
            render_processes = painter.processes_setting(env)
        except ValueError as error:
            raise SettingsError(f"{error}.") from None
        return cls(
            token=env.get("DISCORD_TOKEN", "").strip() or None,
            database=env.get("TABLERO_DB", "").strip() or str(ROOT / "tablero.sqlite3"),
            log_level=env.get("TABLERO_LOG_LEVEL", "INFO").upper(),
            sync=env.get("TABLERO_SYNC", "").lower() in {"1", "true", "yes"},
            dev_guild=int(guild) if guild.isdigit() else None,
            challenge_hours=float(env.get("TABLERO_CHALLENGE_HOURS", "24")),
            bot_ms=float(env.get("TABLERO_BOT_MS", str(MAX_MS))),
            shard_ids=shard_ids,
            shard_count=shard_count,
            render_processes=render_processes,
        )


def replays_beside(database: str | Path) -> Path | None:
    """Where finished games' replays are kept once drawn, by default: beside a SQLite
    database's file (None for PostgreSQL, or a database in memory: a few, in memory)."""
    if is_postgres(database) or str(database) in ("", ":memory:"):
        return None
    return Path(f"{database}.replays")


def replays_setting(env: Mapping[str, str], database: str | Path) -> Path | None:
    """TABLERO_REPLAY_CACHE, the directory where replays are kept (for PostgreSQL say one:
    otherwise a few are kept in memory), else the default beside the database."""
    chosen = env.get("TABLERO_REPLAY_CACHE", "").strip()
    return Path(chosen).expanduser() if chosen else replays_beside(database)


def read_dotenv(path: Path) -> dict[str, str]:
    """The settings of a .env file (python-dotenv's syntax: quotes, ``export``, comments)."""
    if not path.is_file():
        return {}
    return {key: value for key, value in dotenv_values(path).items() if value is not None}


#: glibc's mallopt parameter for how many heaps threads may allocate from.
M_ARENA_MAX = -8
#: Heaps for the bot's threads: SQLite (and renders, without a drawing process) run in worker
#: threads, and glibc gives each of them a heap of its own (up to 8 a core), where freed board
#: images leave holes that are never returned; two heaps keep the bot about 50 MB smaller.
MALLOC_ARENAS = 2


def limit_malloc_arenas() -> None:
    """Have glibc's allocator share few heaps among threads (nothing where it is not glibc)."""
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(M_ARENA_MAX, MALLOC_ARENAS)
    except (OSError, AttributeError):  # another C library (musl, macOS): its own ways
        pass


def quiet_chatty_loggers() -> None:
    """Keep libraries that log raw payloads at DEBUG (gateway events, SQL parameters) at INFO.

    Those payloads hold move texts, and a move text in a hidden game is a secret: no log
    level setting may put it in the logs.
    """
    for name in ("discord", "aiosqlite"):
        logger = logging.getLogger(name)
        logger.setLevel(max(logging.INFO, logger.getEffectiveLevel()))


class Tablero(Host):
    """The bot: a store, the game service and the cogs; only slash commands and components."""

    def __init__(
        self,
        database: str | Path,
        *,
        sync: bool = False,
        dev_guild: int | None = None,
        challenge_hours: float = 24,
        clock: Clock = time.time,
        bot_ms: float = MAX_MS,
        bot_pause: float = BOT_PAUSE,
        shard_ids: list[int] | None = None,
        shard_count: int | None = None,
        timer_lease: float = TIMER_LEASE,
        **options: object,
    ) -> None:
        limit_malloc_arenas()  # before the worker threads start (and allocate heaps)
        # Tablero has no voice: silence discord.py's start-up warnings about voice libraries.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        if shard_ids is not None:  # discord.py's own message for these is less plain
            if shard_count is None:
                raise ValueError("shard_ids needs shard_count (the shards of all processes)")
            Shards(frozenset(shard_ids), shard_count)  # ValueError for a shard not in the count
        # No privileged intents: moves arrive as interactions; guilds keeps channels and threads.
        # Nor does it read messages: discord.py's cache of the last 1,000 messages would only
        # hold what Tablero never looks at (it finds its posts by id when it needs them).
        options.setdefault("max_messages", None)
        # Sharded (AutoShardedBot): shard_ids/shard_count None run every shard Discord
        # recommends, in this one process.
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents(guilds=True),
            shard_ids=None if shard_ids is None else list(shard_ids),
            shard_count=shard_count,
            **options,
        )
        self.store = Store(database, clock)
        self.replays_dir = replays_beside(database)
        if shard_ids is not None:
            # Other processes share the database, and what a person sets (/notify, /away,
            # /privacy) may go through any of them: read it every time. A server's settings
            # stay remembered: only the process of that server's shard changes them.
            self.store.settings.person_ttl = self.store.away.remembered = 0.0
        self.clock = clock
        self.challenge_seconds = challenge_hours * 3600
        self.thinker = Thinker(bot_ms)
        self._bot_pause = bot_pause
        self.timer_lease = timer_lease
        self._sync = sync
        self._dev_guild = dev_guild
        self.recovery: asyncio.Task[None] | None = None
        self.retrying: asyncio.Task[None] | None = None
        quiet_chatty_loggers()

    async def setup_hook(self) -> None:
        """Open the database, load the cogs, register lasting buttons, sync if asked."""
        from cogs.utils.items import DYNAMIC_ITEMS
        from cogs.utils.posting import Poster
        from cogs.utils.tournaments import EventButton, TournamentPublisher

        await self.store.open()
        painter.shared().start()  # it warms up while the bot connects
        self.thinker.start()  # so do the bot's thinking workers: no first reply waits for them
        #: how the table's turns are posted on Discord (the table's publisher)
        self.poster = Poster(self)
        self.table = Table(
            self.store,
            self.poster,
            clock=self.clock,
            is_thread=self.is_thread,
            own_shards=self.own_shards,
            thinker=self.thinker,
            bot_pause=self._bot_pause,
        )
        #: events of several rounds: the table's side (which sets ``table.tournaments``,
        #: so that a finished game's round goes on) with its posts on Discord
        self.tournaments = Tournaments(self.table, TournamentPublisher(self))
        self.drain = Drain(self, self.table.moving)
        await self.tree.set_translator(FluentTranslator())
        self.tree.error(self.on_app_command_error)
        self.add_dynamic_items(*DYNAMIC_ITEMS, EventButton)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        if self._dev_guild is not None:
            guild = discord.Object(self._dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
            log.info("commands synced to guild %d", self._dev_guild)
        elif self._sync:
            await self.tree.sync()
            log.info("commands synced globally (Discord may take a while to show them)")
        self.recovery = asyncio.create_task(self._recover())

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Every failing slash command gets an ephemeral answer in the user's language."""
        await report(interaction, getattr(error, "original", error))

    async def _recover(self) -> None:
        """Once connected, post what a previous run stored but could not announce."""
        await self.wait_until_ready()
        log.info(
            "connected: shard%s %s of %s",
            "s" if len(self.shards) != 1 else "",
            ", ".join(map(str, sorted(self.shards))),
            self.shard_count,
        )
        await self.table.recover()
        if self.table.bots is not None:
            await self.table.bots.resume()  # the bot's turns that were waiting go on
        # Every renderer's cached layers are built now, in the drawing process (or a thread),
        # and the games played last are followed and drawn once, so that the first board a
        # player waits for is as quick as the others; the thinking workers have searched
        # each game once, so that the bot's first reply is as quick as its others.
        await asyncio.gather(painter.shared().warmed(), self.thinker.warmed())
        await self.table.warm_up()
        # What exists now (modules, caches, sprites) lives as long as the process: keep the
        # garbage collector from walking it again on every collection, which would stall
        # a move now and then.
        gc.freeze()
        self.retrying = asyncio.create_task(self._retry())

    async def _retry(self) -> None:
        """Now and then, post again what Discord refused (a permission taken away, say)."""
        while not self.is_closed():
            await asyncio.sleep(RETRY_SECONDS)
            try:
                await self.table.recover()
            except Exception:  # the loop must outlive any one failure
                log.exception("retrying unposted boards failed")

    async def close(self) -> None:
        """Stop the bot and close the database, once the interactions under way are answered
        and the moves being stored are out (new interactions meanwhile hear "restarting")."""
        if self.drain is not None:
            await self.drain.stop()
        for task in (self.recovery, self.retrying):
            if task is not None:
                task.cancel()
        try:
            table = getattr(self, "table", None)  # None: stopped before it was set up
            if table is not None and table.bots is not None:
                table.bots.close()  # the bot's turns under way are cancelled
            if getattr(self, "tournaments", None) is not None:
                self.tournaments.close()  # rounds being paired: recovered at the next start
            await super().close()
        finally:
            self.thinker.close()
            await self.store.close()


async def check_database(path: str | Path) -> None:
    """Open, check and migrate the database once, before connecting to Discord.

    A database Tablero cannot use (from a newer Tablero, read-only, damaged, unreachable)
    raises StorageError here, so the operator reads why without a token being spent on a
    login and without a traceback.
    """
    await (await Store(path).open()).close()


async def serve(bot: Tablero, token: str) -> None:
    """Run the bot until SIGTERM or SIGINT, then stop it cleanly (``Tablero.close``)."""
    loop = asyncio.get_running_loop()
    stopping: list[asyncio.Task[None]] = []

    def stop(signum: signal.Signals) -> None:
        log.info("%s received: stopping", signum.name)
        if not stopping:  # a second signal while stopping changes nothing
            stopping.append(asyncio.create_task(bot.close()))

    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop, signum)
    async with bot:
        await bot.start(token)
    if stopping:  # start() returns once the connection closed: let close() end too
        await stopping[0]


def main(argv: list[str] | None = None) -> int:
    """Run the bot until SIGTERM or SIGINT (a clean stop: exit code 0)."""
    parser = argparse.ArgumentParser(description="Run the Tablero Discord bot.")
    parser.add_argument("--sync", action="store_true", help="publish slash commands on start")
    args = parser.parse_args(argv)
    env_file = Path(os.environ.get("TABLERO_ENV_FILE", ROOT / ".env"))
    env = {**read_dotenv(env_file), **os.environ}
    try:
        settings = Settings.from_env(env)
    except SettingsError as error:
        print(error, file=sys.stderr)
        return EXIT_SETTINGS
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    if settings.token is None:
        print(TOKEN_HELP, file=sys.stderr)
        return 2
    painter.configure(settings.render_processes)
    try:
        asyncio.run(check_database(settings.database))
    except StorageError as error:
        print(error, file=sys.stderr)
        return EXIT_STORAGE
    except KeyboardInterrupt:  # Ctrl-C while a slow database answers: nothing had started
        print("Stopped before connecting to Discord.", file=sys.stderr)
        return EXIT_INTERRUPTED
    bot = Tablero(
        settings.database,
        sync=settings.sync or args.sync,
        dev_guild=settings.dev_guild,
        challenge_hours=settings.challenge_hours,
        bot_ms=settings.bot_ms,
        shard_ids=None if settings.shard_ids is None else list(settings.shard_ids),
        shard_count=settings.shard_count,
    )
    bot.metrics_port, bot.metrics_host = metrics_setting(env)
    bot.replays_dir = replays_setting(env, settings.database)
    try:
        asyncio.run(serve(bot, settings.token))
    except discord.LoginFailure:
        print(
            "Discord refused the token in DISCORD_TOKEN: check it (see the README).",
            file=sys.stderr,
        )
        return 2
    except StorageError as error:  # changed between the check and the start: say it the same way
        print(error, file=sys.stderr)
        return EXIT_STORAGE
    except (aiohttp.ClientError, OSError) as error:
        print(f"Could not reach Discord ({error}): check the network.", file=sys.stderr)
        return 3
    return 0


if __name__ == "__main__":
    sys.exit(main())
