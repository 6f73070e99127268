"""Errors that end an interaction with an ephemeral, localised answer."""

from __future__ import annotations

from typing import Any

from rules import RulesError


class UserError(Exception):
    """Something the user should be told (a message key and its arguments), not a bug."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    @classmethod
    def from_rules(cls, error: RulesError) -> UserError:
        """Wrap a rules error; its key names a message in locales/."""
        return cls(error.key, **error.params)
