"""Answering interactions: ephemeral notes and errors, whatever stage the interaction is at."""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import Any

import discord

from cogs.utils.i18n import tr
from data import StorageBusy, StorageFull
from data.errors import worth_logging
from table.refusal import Refusal

log = logging.getLogger(__name__)


async def send_private(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    """An ephemeral message, as the response or as a followup when already answered.

    Should Discord refuse it (400: too long, a label too big…), a short note goes instead:
    otherwise a deferred command would stay on "thinking…" for good.
    """
    try:
        await _send(interaction, content, **kwargs)
    except discord.HTTPException as error:
        if error.status != 400:
            raise
        # The code says which limit; the content stays out of the logs (it may hold a secret).
        log.warning("Discord refused a reply in %s (code %s)", _where(interaction), error.code)
        await _send(interaction, "⚠️ " + tr(interaction, "error-reply-refused"))


async def _send(interaction: discord.Interaction, content: str, **kwargs: Any) -> None:
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=True, **kwargs)


async def report(interaction: discord.Interaction, error: BaseException) -> None:
    """Tell the user what went wrong: a Refusal in words, anything else as a generic failure."""
    if isinstance(error, Refusal):
        text = tr(interaction, error.key, **error.params)
    elif isinstance(error, StorageFull):
        # No room on the database's disk: the write was rolled back whole. One line, no
        # traceback: the operator's fix is space, not code.
        log.error(
            "database %s is full (no room on its disk): nothing was written in %s",
            error,
            _where(interaction),
        )
        text = tr(interaction, "error-storage-full")
    elif isinstance(error, StorageBusy):
        # Another program holds the database's write lock (or its server is away, which
        # the database logged once); the write was rolled back whole.
        if worth_logging(error):
            log.warning("database busy in %s: nothing was written", _where(interaction))
        text = tr(interaction, "error-storage-busy")
    else:
        # Logged with the traceback but without the interaction's payload: a move text in a
        # hidden game is a secret, and errors must not carry it into the logs.
        log.error("unexpected error in %s", _where(interaction), exc_info=error)
        text = tr(interaction, "error-unexpected")
    try:
        await send_private(interaction, "⚠️ " + text)
    except discord.HTTPException:
        log.warning("could not report an error in %s", _where(interaction))


async def guarded(interaction: discord.Interaction, work: Awaitable[None]) -> None:
    """Run a component callback, turning its failures into ephemeral answers."""
    try:
        await work
    except Exception as error:
        await report(interaction, error)


def _where(interaction: discord.Interaction) -> str:
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    data = interaction.data or {}
    return f"component {str(data.get('custom_id', '?')).split(':')[0]}"
