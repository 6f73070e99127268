"""The test-facing record of one interaction and of what the bot answered."""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from .models import FakeChannel, FakeMessage, FakeUser, embed_texts
from .notifier import Notifier
from .timing import WAIT, own_clock

TYPE_NAMES = {2: "application command", 3: "component", 4: "autocomplete", 5: "modal submit"}


class Notified(Protocol):
    """What an interaction needs of the fake Discord's world: its notifier, to wait on."""

    notifier: Notifier


class Interaction:
    """One interaction sent to the bot, and everything the bot did in answer to it.

    ``original`` is the message behind ``@original`` (the response message for types 4/5,
    the clicked message for 6/7); ``followups`` are the messages sent through the webhook.
    """

    def __init__(
        self,
        world: Notified,
        *,
        iid: int,
        token: str,
        type: int,
        user: FakeUser,
        channel: FakeChannel,
        payload: dict[str, Any],
        command_name: str | None = None,
        component_message: FakeMessage | None = None,
    ) -> None:
        self.world = world
        self.id = iid
        self.token = token
        self.type = type
        self.user = user
        self.channel = channel
        self.payload = payload
        self.command_name = command_name
        self.component_message = component_message
        self.created_at = asyncio.get_running_loop().time()
        #: when it was sent by :func:`~loopback.timing.own_clock`, for Discord's 3 s limit
        self.created_own = own_clock()
        self.response_type: int | None = None
        self.response_data: dict[str, Any] | None = None
        self.original: FakeMessage | None = None
        self.followups: list[FakeMessage] = []
        self.choices: list[dict[str, Any]] | None = None
        self.modal: dict[str, Any] | None = None
        self.completions = 0
        self.response_version = 0
        self.errors: list[str] = []
        #: the shard of the gateway session the interaction went to (None: unsharded)
        self.shard: int | None = None

    def __repr__(self) -> str:
        kind = TYPE_NAMES.get(self.type, str(self.type))
        return f"<Interaction {kind} {self.command_name or ''} response={self.response_type}>"

    # ----- state ----------------------------------------------------------------------------

    @property
    def responded(self) -> bool:
        """Whether the bot has called back."""
        return self.response_type is not None

    @property
    def original_edited(self) -> bool:
        """Whether ``@original`` was edited (by any route) after the callback."""
        return self.original is not None and len(self.original.history) > self.response_version

    @property
    def deferred(self) -> bool:
        """Whether the bot deferred (callback type 5 or 6)."""
        return self.response_type in (5, 6)

    @property
    def ephemeral(self) -> bool:
        """Whether the response (or the updated message) is ephemeral."""
        return self.original is not None and self.responded and self.original.ephemeral

    @property
    def message(self) -> FakeMessage | None:
        """The response message (``@original``), if any."""
        return self.original

    @property
    def messages(self) -> list[FakeMessage]:
        """The response message (types 4/5/7, or 6 once edited) and followups, not deleted."""
        produced = self.response_type in (4, 5, 7) or self.original_edited
        out = [self.original] if self.original and produced else []
        out += [m for m in self.followups if m is not self.original]
        return [m for m in out if not m.deleted]

    @property
    def text(self) -> str:
        """Content and embed texts of everything this interaction produced."""
        return "\n".join(m.text for m in self.messages if m.text)

    @property
    def attachments(self) -> list[Any]:
        """Every attachment of :attr:`messages`."""
        return [a for m in self.messages for a in m.attachments]

    @property
    def embeds(self) -> list[dict[str, Any]]:
        """Every embed of :attr:`messages`."""
        return [e for m in self.messages for e in m.embeds]

    def embed_text(self) -> str:
        """Only the embed texts."""
        return "\n".join(t for e in self.embeds for t in embed_texts(e))

    # ----- waiting --------------------------------------------------------------------------

    def _what(self) -> str:
        kind = TYPE_NAMES.get(self.type, str(self.type))
        name = f" {self.command_name!r}" if self.command_name else ""
        errors = f" (rejected: {self.errors})" if self.errors else ""
        return f"the bot to answer the {kind} interaction{name}{errors}"

    def _fail_if_rejected(self, finished: bool) -> None:
        if self.errors and not finished:
            raise AssertionError(f"the fake rejected the bot's answer to {self!r}: {self.errors}")

    async def wait_response(self, timeout: float = WAIT) -> Interaction:
        """Wait until the bot has called back (any callback type)."""

        def check() -> Interaction | None:
            self._fail_if_rejected(self.responded)
            return self if self.responded else None

        await self.world.notifier.wait_for(check, timeout, self._what())
        return self

    async def done(self, timeout: float = WAIT) -> Interaction:
        """Wait for the callback and, when deferred, for the first followup or edit after it."""
        await self.wait_response(timeout)

        def check() -> Interaction | None:
            finished = not self.deferred or self.completions > 0 or self.original_edited
            self._fail_if_rejected(finished)
            return self if finished else None

        await self.world.notifier.wait_for(check, timeout, f"{self._what()} after deferring")
        return self

    async def wait_followups(self, count: int = 1, timeout: float = WAIT) -> list[FakeMessage]:
        """Wait until at least ``count`` followups were sent; return them."""
        return await self.world.notifier.wait_for(
            lambda: list(self.followups) if len(self.followups) >= count else None,
            timeout,
            f"{count} followup(s) to {self._what()}",
        )
