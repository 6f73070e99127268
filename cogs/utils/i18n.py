"""Localisation glue between Discord and ``locales``: command names and per-user replies."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from locales import DEFAULT, has, language, t


def L(key: str) -> app_commands.locale_str:
    """A command string: English text from the .ftl files, the key kept for the translator."""
    return app_commands.locale_str(t(DEFAULT, key), key=key)


class FluentTranslator(app_commands.Translator):
    """Gives Discord the Spanish names and descriptions of commands, options and choices."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The translation of ``string`` for ``locale``, or None to keep the default."""
        key = string.extras.get("key")
        lang = language(locale)
        if key is None or lang == DEFAULT or not has(lang, key):
            return None
        return t(lang, key)


def lang_of(interaction: discord.Interaction) -> str:
    """The language of the user who interacted."""
    return language(interaction.locale)


def tr(interaction: discord.Interaction, key: str, **args: Any) -> str:
    """A message in the language of the user who interacted."""
    return t(lang_of(interaction), key, **args)
