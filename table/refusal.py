"""Refusals: what a player is told when the table (or a command) will not do what they asked.

A refusal carries a message key and its arguments, never a sentence: the cogs word it in the
asker's language, as an ephemeral answer.
"""

from __future__ import annotations

from typing import Any

from rules import RulesError
from rules.text import one_line

#: How much of a user's text a reply quotes back: enough to recognise it, never enough to
#: push a message past Discord's 2,000 characters (or a Fluent placeable past its limit).
ECHO_LIMIT = 60


def shorten(text: str, limit: int = ECHO_LIMIT) -> str:
    """User text fit to quote in a reply: one line (no control or format characters either),
    at most ``limit`` characters, '…' if cut."""
    flat = " ".join(one_line(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


class Refusal(Exception):
    """Something the user should be told (a message key and its arguments), not a bug."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        # Texts here may be the user's own words (a move that could not be read): every
        # echo is shortened here, the one place all such replies pass through.
        self.params = {k: shorten(v) if isinstance(v, str) else v for k, v in params.items()}

    @classmethod
    def from_rules(cls, error: RulesError) -> Refusal:
        """Wrap a rules error; its key names a message in locales/."""
        return cls(error.key, **error.params)
