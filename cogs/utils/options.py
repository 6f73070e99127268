"""Slash command options re-checked on the bot's side.

Discord's own clients offer only an option's declared choices and range, but nothing stops a
modified client from sending any value: a command checks what actually arrived.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from cogs.utils.i18n import tr
from table.refusal import Refusal

ECHO = 30  # characters of a refused value repeated back to the user


def check_option_values(interaction: discord.Interaction) -> None:
    """Raise Refusal when an option of the running command holds a value it does not offer."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return
    for param in command.parameters:
        value = getattr(interaction.namespace, param.display_name, None)
        if value is None or _allowed(param, value):
            continue
        key = param.locale_name.extras.get("key") if param.locale_name else None
        option = tr(interaction, key) if key else param.display_name
        raise Refusal("error-option-value", option=option, value=_echo(value))


def _allowed(param: app_commands.Parameter, value: Any) -> bool:
    choices = param.choices
    if choices and value not in [choice.value for choice in choices]:
        return False
    low, high = param.min_value, param.max_value
    if low is None and high is None:
        return True
    if param.type == discord.AppCommandOptionType.string:
        value = len(str(value))  # a string's range bounds its length
    elif isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return (low is None or value >= low) and (high is None or value <= high)


def _echo(value: Any) -> str:
    text = str(value)
    return text if len(text) <= ECHO else text[: ECHO - 1] + "…"
