"""``bot.main`` in a process of its own against a loopback Discord, as an operator runs it:

    python -m tests.botprocess API_URL GATEWAY_URL

Settings come from the environment (DISCORD_TOKEN, TABLERO_DB, TABLERO_DEV_GUILD, …); the
exit code is ``main``'s.
"""

from __future__ import annotations

import sys

import discord.gateway
import discord.http
import yarl

import bot

if __name__ == "__main__":
    discord.http.Route.BASE = sys.argv[1]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(sys.argv[2])
    sys.exit(bot.main([]))
