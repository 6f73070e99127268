"""Kill the bot with SIGKILL in the middle of moves, many times, and count what players would see.

    python -m bench.crashes [--kills 200] [--json]

The bot runs as a real separate process against the loopback Discord (served by this
process); it is killed at a random moment after a /move or an Accept is sent, then started
again on the same database. After each restart, once recovery is done, every game's place is
checked: each position appears exactly once (no duplicate board) and none is missing. The
figures are printed as JSON: kills, duplicates, missing, stuck (recovery that never finished).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from loopback.fake import FakeDiscord
from rules import get_game

SETTLE_SECONDS = 15.0


def child(api: str, gateway: str, database: str, guild: int) -> None:
    """The bot process: pointed at the loopback Discord, run until killed."""
    import discord.gateway
    import discord.http
    import yarl

    from bot import Tablero

    discord.http.Route.BASE = api
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    bot = Tablero(database, dev_guild=guild, guild_ready_timeout=0.05)
    asyncio.run(bot.start("bench-token"))


class Run:
    """One crash run: the fake Discord, the bot process, and what was counted."""

    def __init__(self, fake: FakeDiscord, database: Path, rng: random.Random) -> None:
        self.fake, self.database, self.rng = fake, database, rng
        guild = fake.add_guild("crashes")
        self.guild = guild
        self.channel = fake.add_channel(guild, "games")
        self.users = [fake.add_user("Ana"), fake.add_user("Luis")]
        self.process: subprocess.Popen[bytes] | None = None
        self.counts = Counter(kills=0, duplicates=0, missing=0, stuck=0, moves=0, games=0)

    # -- the bot process -------------------------------------------------------------------
    async def start(self) -> None:
        syncs = len(self.fake.sync_log)
        command = [
            sys.executable,
            "-m",
            "bench.crashes",
            "--child",
            self.fake.api_url,
            self.fake.gateway_url,
            str(self.database),
            str(self.guild.id),
        ]
        env = {**os.environ, "TABLERO_LOG_LEVEL": "WARNING"}
        self.process = subprocess.Popen(command, env=env, stderr=subprocess.DEVNULL)
        await self._until(lambda: len(self.fake.sync_log) > syncs, 30, "the bot to start")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self.counts["kills"] += 1

    async def _until(self, check: Any, timeout: float, what: str) -> bool:
        deadline = time.monotonic() + timeout
        while not check():
            if time.monotonic() > deadline:
                print(f"gave up waiting for {what}", file=sys.stderr)
                return False
            await asyncio.sleep(0.02)
        return True

    # -- the database, read as an operator would ------------------------------------------
    def _rows(self, sql: str, params: tuple = ()) -> list[sqlite3.Row]:
        if not self.database.exists():
            return []
        with sqlite3.connect(self.database, timeout=5) as conn:
            conn.row_factory = sqlite3.Row
            try:
                return list(conn.execute(sql, params))
            except sqlite3.OperationalError:
                return []  # not migrated yet

    def _unsettled(self) -> bool:
        return bool(
            self._rows(
                "SELECT id FROM games WHERE posted_version < version"
                " OR (status = 'active' AND (posted_version < 0 OR place_id IS NULL))"
            )
        )

    # -- checking what players see ----------------------------------------------------------
    def check(self) -> tuple[int, int]:
        """(duplicate boards, missing boards) over every game: Stonehenge announces each ply."""
        duplicates = missing = 0
        for game in self._rows("SELECT id, version, place_id FROM games"):
            if game["place_id"] is None:
                continue
            posted = Counter(
                int(a.filename.split("-")[2])
                for m in self.fake.world.channel_messages(game["place_id"])
                for a in m.attachments
                if a.filename.startswith(f"game-{game['id']}-")
            )
            duplicates += sum(n - 1 for n in posted.values() if n > 1)
            missing += sum(1 for v in range(game["version"] + 1) if v not in posted)
        return duplicates, missing

    # -- playing ----------------------------------------------------------------------------
    async def act(self) -> None:
        """Send the next action (a move, or a new challenge and its Accept) without waiting."""
        active = self._rows("SELECT * FROM games WHERE status = 'active' ORDER BY id DESC")
        if not active:
            await self._new_game()
            return
        game = active[0]
        query = "SELECT move FROM moves WHERE game_id = ? ORDER BY ply"
        moves = [r["move"] for r in self._rows(query, (game["id"],))]
        state = get_game("stonehenge").new(2, game["seed"], json.loads(game["options"]))
        for text in moves:
            state.play(text)
        query = "SELECT user_id FROM seats WHERE game_id = ? ORDER BY seat"
        seats = self._rows(query, (game["id"],))
        user = next(u for u in self.users if u.id == seats[state.turn or 0]["user_id"])
        place = self.fake.world.channels[game["place_id"]]
        notation = state.format(self.rng.choice(state.legal_moves()))
        await self.fake.slash(user, place, "move", {"move": notation})
        self.counts["moves"] += 1

    async def _new_game(self) -> None:
        ana, luis = self.users
        args = {"opponent": luis, "first": "me"}
        play = await self.fake.slash(ana, self.channel, "play", args, subcommand="stonehenge")
        ix = await play.done(timeout=10)
        assert ix.message is not None
        accept = next(c for c in ix.message.custom_ids if c.endswith(":accept"))
        await self.fake.click(luis, ix.message, accept)
        self.counts["games"] += 1


async def crash_run(kills: int, seed: int) -> dict[str, Any]:
    """Kill the bot ``kills`` times during play; the counts of what went wrong."""
    rng = random.Random(seed)
    fake = FakeDiscord(interaction_deadline=None)
    await fake.start()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        run = Run(fake, Path(tmp) / "crashes.sqlite3", rng)
        try:
            await run.start()
            while run.counts["kills"] < kills:
                await run.act()
                await asyncio.sleep(rng.uniform(0.0, 0.25))  # somewhere inside the pipeline
                run.kill()
                await run.start()
                if not await run._until(lambda: not run._unsettled(), SETTLE_SECONDS, "recovery"):
                    run.counts["stuck"] += 1
                await asyncio.sleep(0.1)  # posts in flight reach the fake
                duplicates, missing = run.check()
                run.counts["duplicates"] = max(run.counts["duplicates"], duplicates)
                run.counts["missing"] = max(run.counts["missing"], missing)
        finally:
            if run.process is not None and run.process.poll() is None:
                run.process.kill()
                run.process.wait()
            await fake.close()
    return {**dict(run.counts), "seconds": round(time.perf_counter() - started, 1)}


def main() -> None:
    """Parse the arguments and run (or be the bot process of a run)."""
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    figures = asyncio.run(crash_run(args.kills, args.seed))
    print(json.dumps(figures) if args.json else figures)


if __name__ == "__main__":
    main()
