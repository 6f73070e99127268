"""What /move's autocomplete offers: legal moves ranked by what was typed, or a hint.

One mechanism for every game: the typed text is matched against each legal move's notation
and its entry in the user's language, and ranked; the game's picker then has its say
(``Picker.rank_choices``: a Stonehenge digit is a druid's value, an Islas letter a spot).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord
from discord import app_commands

from cogs.utils.i18n import tr
from data import StorageBusy
from games.picker import Picker
from locales import t
from rules import IllegalMove, InvalidMove, RulesError, State
from table.refusal import Refusal, shorten

log = logging.getLogger(__name__)

AUTOCOMPLETE_LIMIT = 25
#: The value of an autocomplete entry that is a hint, not a move ("not your turn", "nothing
#: matches"): /move answers it with an explanation instead of reading it as a move.
HINT = "?"
#: Seconds an autocomplete may take before it answers "busy": Discord drops an answer that
#: comes after 3 s and shows "Loading options failed"; a locked or unreachable database
#: would otherwise hold it for a lock's wait per read, or a connection's time-out.
AUTOCOMPLETE_BUDGET = 2.5
_WORD = re.compile(r"[0-9a-zñáéíóúü]+")


def _squash(text: str) -> str:
    """Text reduced to letters and digits, lower case: '6 @ l' and '6L' compare equal."""
    return re.sub(r"[^0-9a-zñáéíóúü]", "", text.lower())


def _rank(typed: tuple[str, ...], texts: tuple[str, str]) -> int | None:
    """How well a move's notation and entry match what was typed (lower is better): the
    text starts one of them, starts one of their words, is in the notation, is in the entry;
    None when it is in neither."""
    squashed = [_squash(text) for text in texts]
    words = [word for text in texts for word in _WORD.findall(text.lower())]
    best = None
    for form in typed:
        if any(s.startswith(form) for s in squashed):
            return 0
        if any(w.startswith(form) for w in words):
            rank = 1
        elif form in squashed[0]:
            rank = 2
        elif form in squashed[1]:
            rank = 3
        else:
            continue
        best = rank if best is None else min(best, rank)
    return best


def _matches(picker: Picker, lang: str, state: State, current: str, moves: list[Any]) -> list[Any]:
    """The moves matching the typed text, best first (all of them when nothing is typed).

    The text counts as typed and with the game's shortcuts spelled out ('A 9' is spot A's
    square, then a rotation starting with 9); the entry is in the user's language, so
    'robar' finds 'draw deck' for a Spanish speaker.
    """
    typed = tuple(dict.fromkeys(_squash(t) for t in (current, _spelled(picker, state, current))))
    if not typed[0]:
        return list(moves)
    ranked = []
    for order, move in enumerate(moves):
        texts = (state.format(move), picker.choice_name(lang, state, move))
        rank = _rank(typed, texts)
        if rank is not None:
            ranked.append((rank, order, move))
    return [move for *_, move in sorted(ranked, key=lambda r: r[:2])]


def move_choices(
    picker: Picker, lang: str, state: State, current: str
) -> list[app_commands.Choice[str]]:
    """Up to 25 legal moves for what was typed: a complete move alone, else the matches as
    the game ranks them, else a hint saying nothing matches."""
    legal = state.legal_moves()
    refused: RulesError | None = None
    try:
        exact = state.parse(_spelled(picker, state, current))
    except RulesError as error:
        exact, refused = None, error
    if exact is not None and exact in legal:
        found = [exact]
    else:
        matches = _matches(picker, lang, state, current, legal)
        found = picker.rank_choices(lang, state, _squash(current), matches)
    if not found:
        if isinstance(refused, IllegalMove):  # a whole move the rules refuse: say why
            why = Refusal.from_rules(refused)
            return [hint(t(lang, why.key, **why.params))]
        return [hint(t(lang, "move-no-match", text=shorten(current)))]
    return [
        app_commands.Choice(name=picker.choice_name(lang, state, m)[:100], value=state.format(m))
        for m in found[:AUTOCOMPLETE_LIMIT]
    ]


def hint(text: str) -> app_commands.Choice[str]:
    """An autocomplete entry that explains; choosing it makes /move explain again."""
    return app_commands.Choice(name=text[:100], value=HINT)


V = TypeVar("V", str, int)
Completer = Callable[[Any, discord.Interaction, str], Awaitable[list[app_commands.Choice[V]]]]


def answers_when_busy(value: V) -> Callable[[Completer[V]], Completer[V]]:
    """An autocomplete that always answers: one entry saying the storage is busy (its value
    ``value``, which the command explains or refuses) when the database cannot be read
    (locked, down) or is too slow to answer in Discord's time."""

    def wrap(fn: Completer[V]) -> Completer[V]:
        @functools.wraps(fn)
        async def answered(
            cog: Any, interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[V]]:
            try:
                async with asyncio.timeout(AUTOCOMPLETE_BUDGET):
                    return await fn(cog, interaction, current)
            except (StorageBusy, TimeoutError):
                command = interaction.command.qualified_name if interaction.command else "?"
                log.warning("database busy: the autocomplete of /%s answered with a hint", command)
                text = tr(interaction, "error-storage-busy")[:100]
                return [app_commands.Choice(name=text, value=value)]

        return answered

    return wrap


def _spelled(picker: Picker, state: State, current: str) -> str:
    """``current`` spelled out by the game's shortcuts where that reads as a move (legal or
    not), else as typed: what the table would read it as."""
    expanded = picker.expand(state, current)
    if expanded == current:
        return current
    try:
        state.parse(expanded)
    except InvalidMove:
        return current
    except RulesError:
        pass
    return expanded
