"""Acting as players through the loopback Discord: challenge, accept, move, look.

The helpers every end-to-end test shares (start a game, play the bot, resign, crash at a
step, wait until settled), written once here; the tests of this folder sit beside them."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from bot import Tablero
from loopback.bots import start_bot, stop_bot
from loopback.fake import FakeDiscord
from loopback.models import FakeChannel, FakeGuild, FakeMessage, FakeUser
from loopback.records import Interaction
from loopback.timing import WAIT
from rules import State, get_game
from rules.islas import IslasState

T = TypeVar("T")


class Clock:
    """A clock the test moves by hand (no real sleeping)."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@dataclass
class World:
    """The fake Discord, its server and users, and the bot under test."""

    fake: FakeDiscord
    guild: FakeGuild
    channel: FakeChannel
    ana: FakeUser
    luis: FakeUser
    eve: FakeUser
    database: Path | str  # a SQLite file, or a postgresql:// URL
    clock: Clock = field(default_factory=Clock)
    bot: Tablero | None = None
    #: how the bot plays its own seats (tests keep it quick; a test may change them
    #: before a restart)
    bot_options: dict[str, Any] = field(default_factory=lambda: dict(BOT_OPTIONS))
    #: whether the bot starts its thinking workers as it starts (see ``thinking_when_asked``;
    #: a test marked ``thinking_at_start`` gets them so)
    thinking_at_start: bool = False

    async def restart(self) -> Tablero:
        """Stop the bot and start a new one on the same database (a restart)."""
        from loopback.bots import start_bot, stop_bot

        assert self.bot is not None
        await stop_bot(self.bot)
        self.bot = make_bot(self)
        await start_bot(self.bot)
        return self.bot


#: The bot thinks briefly and replies at once in tests (the real pause is a second or two).
BOT_OPTIONS: dict[str, Any] = {"bot_ms": 50.0, "bot_pause": 0.0}


def make_bot(world: World) -> Tablero:
    """A Tablero bot on the world's database, its commands synced to the world's server."""
    bot = Tablero(
        world.database,
        dev_guild=world.guild.id,
        clock=world.clock,
        guild_ready_timeout=0.05,
        **world.bot_options,
    )
    return bot if world.thinking_at_start else thinking_when_asked(bot)


def thinking_when_asked(bot: Tablero) -> Tablero:
    """``bot`` starting its thinking workers with its first turn, not as it starts.

    A bot starts a worker a core, each a fresh interpreter that imports the ai and searches
    every game once, and stops them as it stops: seconds of both cores for each of the
    suite's hundreds of bots, most of which never play a turn. What the bot's turns do is
    the same either way (the pool starts on demand, as after a worker died); the tests of
    the workers' start and warm-up are marked ``thinking_at_start`` and get the bot as is.
    """
    bot.thinker.start = _not_yet  # type: ignore[method-assign]
    return bot


def _not_yet() -> None:
    """What a bot's ``thinker.start`` does in tests: nothing (its first turn starts it)."""


async def challenge(
    world: World,
    challenger: FakeUser,
    opponent: FakeUser | None,
    game: str = "stonehenge",
    **options: Any,
) -> FakeMessage:
    """/play <game> (Stonehenge unless said); returns the public challenge message."""
    args: dict[str, Any] = dict(options)
    if opponent is not None:
        args["opponent"] = opponent
    ix = await (await play(world, challenger, game, args)).done()
    assert not ix.ephemeral, ix.text
    assert ix.message is not None
    return ix.message


async def play(
    world: World, user: FakeUser, game: str, args: dict[str, Any], **kwargs: Any
) -> Interaction:
    """Run /play <game> with ``args`` in the world's channel (``kwargs`` go to the loopback)."""
    return await world.fake.slash(user, world.channel, "play", args, subcommand=game, **kwargs)


async def accept(world: World, user: FakeUser, message: FakeMessage) -> FakeChannel:
    """Press Accept; returns the game's thread (or channel) once the opening board is posted."""
    ix = await (await world.fake.click(user, message, button(message, "ch:", ":accept"))).done()
    assert not ix.ephemeral, ix.text
    threads = world.fake.threads(world.channel)
    place = threads[-1] if threads else world.channel
    await world.fake.wait_for_message(place, lambda m: bool(m.attachments))
    return place


def button(message: FakeMessage, prefix: str, suffix: str = "") -> str:
    """The custom_id of the message's button that starts and ends so."""
    for custom_id in message.custom_ids:
        if custom_id.startswith(prefix) and custom_id.endswith(suffix):
            return custom_id
    raise AssertionError(f"no {prefix}…{suffix} button in {message.custom_ids}")


async def move(world: World, user: FakeUser, place: FakeChannel, notation: str) -> Interaction:
    """/move in the game's place; waits until the bot answered the mover."""
    ix = await world.fake.slash(user, place, "move", {"move": notation})
    return await ix.done()


async def command(
    world: World, user: FakeUser, place: FakeChannel, name: str, args: Any = None, **kwargs: Any
) -> Interaction:
    """/``name`` with ``args`` in ``place`` (``kwargs`` go to the loopback), once answered."""
    return await (await world.fake.slash(user, place, name, args or {}, **kwargs)).done()


async def press(world: World, user: FakeUser, offer: FakeMessage, act: str) -> Interaction:
    """Press a challenge's ``act`` button (accept, decline, join, leave…), once answered."""
    return await (await world.fake.click(user, offer, button(offer, "ch:", f":{act}"))).done()


async def resign(world: World, user: FakeUser, place: FakeChannel) -> None:
    """/resign and its confirmation button: ``user`` gives the game here up."""
    asked = await (await world.fake.slash(user, place, "resign")).done()
    assert asked.message is not None, asked.text
    await (await world.fake.click(user, asked.message, button(asked.message, "rs:"))).done()


def boards(world: World, place: FakeChannel) -> list[FakeMessage]:
    """The public board messages of a place, oldest first."""
    return [m for m in world.fake.messages(place) if m.attachments and not m.ephemeral]


async def wait_boards(world: World, place: FakeChannel, count: int) -> list[FakeMessage]:
    """Wait until the place holds ``count`` board messages."""
    await world.fake.wait_for_message(place, lambda _: len(boards(world, place)) >= count)
    return boards(world, place)


async def started(
    world: World, game: str = "stonehenge", first: str = "me", **options: Any
) -> FakeChannel:
    """A game (Stonehenge unless said) Ana challenged Luis to (Ana first unless said),
    accepted, its opening board announced and recorded: its place."""
    message = await challenge(world, world.ana, world.luis, game, first=first, **options)
    place = await accept(world, world.luis, message)
    await settled(world)
    return place


async def local_copy(world: World, game_id: int = 1) -> Any:
    """A local copy of the stored game's starting position: the test knows the seed, so it
    can follow the secret parts the players see privately."""
    game = await stored_game(world, game_id)
    return get_game(game.game).new(len(game.seats), game.seed, game.options)


async def vs_bot(world: World, user: FakeUser, game: str, **options: Any) -> FakeChannel:
    """/play <game> opponent:@Tablero: the game's thread, once its opening board is out."""
    args = {"opponent": world.fake.bot_user, **options}
    ix = await (await play(world, user, game, args)).done()
    assert not ix.ephemeral, ix.text
    before = len(world.fake.threads(world.channel))
    # The game starts at once: its thread comes with the opening board.
    thread = (await world.fake.wait_for_threads(world.channel, before + 1))[-1]
    await world.fake.wait_for_message(thread, lambda m: bool(m.attachments))
    return thread


async def my_turn(world: World, seat: int, game_id: int = 1) -> Any:
    """The game once the bot has played every turn before ``seat``'s (or the game ended)."""
    bot = world.bot
    assert bot is not None

    async def played() -> Any:
        record = await stored_game(world, game_id)
        turn = bot.table.state(record).turn
        if record.posted_version == record.version and (turn == seat or not record.active):
            return record
        return None

    return await until(played, f"the bot to play every turn before seat {seat}'s")


async def play_turn(
    world: World, user: FakeUser, place: FakeChannel, record: Any, rng: Any
) -> None:
    """One whole turn of ``user``'s, random legal moves (several actions in Kahuna)."""
    assert world.bot is not None
    seat = record.seat_of(user.id)
    while True:
        state = world.bot.table.state(record)
        ix = await move(world, user, place, state.format(rng.choice(state.legal_moves())))
        assert ix.ephemeral and "⚠" not in ix.text, ix.text
        record = await stored_game(world, record.id)
        if world.bot.table.state(record).turn != seat:
            return


async def three_players(world: World, **extra: Any) -> tuple[FakeChannel, IslasState]:
    """An Islas table of three (Ana first, then Luis and Eve), every seat accepted and the
    opening board announced: its place, and a local copy of the game to follow it with."""
    args = {"opponent": world.luis, "opponent2": world.eve, "first": "me", **extra}
    ix = await (await play(world, world.ana, "islas", args)).done()
    offer = ix.message
    assert f"<@{world.luis.id}>" in offer.content and f"<@{world.eve.id}>" in offer.content
    accept_id = button(offer, "ch:", ":accept")
    first = await (await world.fake.click(world.eve, offer, accept_id)).done()
    assert (
        "Still waiting for" in first.message.content and str(world.luis.id) in first.message.content
    )
    assert await stored_game(world) is None  # not everyone has accepted yet
    await (await world.fake.click(world.luis, offer, accept_id)).done()
    place = world.fake.threads(world.channel)[-1]
    await wait_boards(world, place, 1)
    await settled(world)
    game = await stored_game(world)
    assert game.names() == ("Ana", "Luis", "Eve")  # seats in the order the challenge named
    state = get_game("islas").new(3, game.seed, game.options)
    assert isinstance(state, IslasState)
    return place, state


def reminder_posts(world: World, place: FakeChannel) -> list[str]:
    """The turn reminders posted in ``place`` (⏰), oldest first."""
    return [m.content for m in world.fake.messages(place) if m.content.startswith("⏰")]


class Crash(Exception):
    """A simulated crash inside the bot (see ``crash_at``)."""


def crash_at(world: World, step: str) -> None:
    """From now on, the bot "crashes" at ``step`` of handing a turn over (table.handover.STEPS):
    the process would stop there, leaving what it stored unannounced."""

    async def crash(at: str) -> None:
        if at == step:
            raise Crash(at)

    assert world.bot is not None
    world.bot.table.fault = crash


async def until(check: Callable[[], Awaitable[T | None]], what: str, timeout: float = WAIT) -> T:
    """Poll ``check`` (e.g. a query of the bot's database, which tells nobody when it
    changes) until it returns something but ``None`` or ``False``; return that. The limit
    is only a safety net (see ``loopback.timing.WAIT``)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        found = await check()
        if found is not None and found is not False:
            return found
        if loop.time() > deadline:
            raise AssertionError(f"waited {timeout}s for {what}")
        await asyncio.sleep(0.01)


async def settled(world: World) -> None:
    """Wait until the bot has finished announcing every stored change (timers included)."""
    assert world.bot is not None
    store = world.bot.store

    async def announced() -> bool:
        return not await store.games.unposted()

    await until(announced, "the bot to announce every stored change")


async def timers_asleep(world: World) -> None:
    """Have the bot's timer loop look at the timers now and wait until it sleeps again: a
    test that moves the clock after this decides itself when due timers fire."""
    assert world.bot is not None
    timers = world.bot.get_cog("Timers")
    timers.wake()

    async def asleep() -> bool:  # woken, it clears the wake, looks, and notes when it wakes
        return timers._wakes_at is not None and not timers._wake.is_set()

    await until(asleep, "the timer loop to sleep again")


def patient_writes(monkeypatch: Any) -> None:
    """Bots started from now on let a move wait for a lock (the game's, or the database's
    held by another program) up to ``WAIT``, not 1.5 s: for a test whose point is what
    happens while a move waits, which on a busy machine may outlast the usual limit (the
    tests of the limit itself are elsewhere)."""
    import data
    import table.table

    open_database = data.open_database
    monkeypatch.setattr(table.table, "WRITE_WAIT", WAIT)
    monkeypatch.setattr(data, "open_database", lambda target: open_database(target, WAIT))


async def stored_game(world: World, game_id: int = 1) -> Any:
    """The game as stored in the database."""
    assert world.bot is not None
    return await world.bot.store.games.get(game_id)


def mirror(options: dict[str, Any]) -> State:
    """A local Stonehenge position to choose moves from (seed irrelevant when first is fixed)."""
    return get_game("stonehenge").new(2, 0, options)


def pick(state: State, rng: random.Random) -> str:
    """A random legal move in notation."""
    return state.format(rng.choice(state.legal_moves()))


@contextlib.asynccontextmanager
async def running(world: World, database: str | Path | None = None) -> AsyncIterator[World]:
    """``world`` with a running bot (``world.bot``) until the block ends; on ``database``
    (a SQLite file or a PostgreSQL URL) when given."""
    if database is not None:
        world.database = database
    world.bot = make_bot(world)
    await start_bot(world.bot)
    try:
        yield world
    finally:
        await stop_bot(world.bot)
