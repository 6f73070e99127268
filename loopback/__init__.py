"""A loopback fake Discord for end-to-end tests of the real discord.py client.

``FakeDiscord`` serves REST under ``/api/v10`` and a gateway websocket on 127.0.0.1 (random
port); tests act as users (slash commands, autocomplete, buttons, selects, modals) and inspect
what the bot posted. Enable the fixtures with::

    pytest_plugins = ["loopback.pytest_plugin"]

Example::

    async def test_move(fake_discord):
        guild = fake_discord.add_guild("Games")
        channel = fake_discord.add_channel(guild, "play")
        alice = fake_discord.add_user("alice", locale="es-ES")
        bot = make_bot()  # a commands.Bot(..., guild_ready_timeout=0.05) that syncs its commands
        await start_bot(bot)
        ix = await fake_discord.slash(alice, channel, "move", {"notation": "6L"})
        await ix.done()
        assert "6L" in ix.text
        await fake_discord.click(alice, ix.message, "game:1:resign")
        await stop_bot(bot)

Shards: ``FakeDiscord(shard_count=2)`` recommends two shards (``GET /gateway/bot``) and
``fake.add_guild(name, shard=1)`` makes a guild whose id falls on shard 1; a session that
identified with ``shard: [id, count]`` gets READY, GUILD_CREATE, events and interactions of
its own guilds only, and shard 0 those of direct messages, as on Discord. Each interaction
records the shard it went to (``ix.shard``). ``without_identify_pause(bot)`` spares a bot
discord.py's 5 s wait before each further shard (the loopback has no identify limit).

Modules: ``fake`` (test API), ``actions`` (acting as users), ``records`` (interaction records),
``world``/``models``/``payloads`` (state and JSON), ``routes_*`` (REST), ``gateway``,
``messaging``/``multipart``/``validation`` (message bodies and Discord's limits).
"""

from __future__ import annotations

from .bots import caught_up, start_bot, stop_bot, without_identify_pause
from .fake import FakeDiscord, served
from .http_util import UnknownRouteWarning
from .models import FakeAttachment, FakeChannel, FakeGuild, FakeMessage, FakeRole, FakeUser
from .records import Interaction

__all__ = [
    "FakeAttachment",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "Interaction",
    "UnknownRouteWarning",
    "caught_up",
    "served",
    "start_bot",
    "stop_bot",
    "without_identify_pause",
]
