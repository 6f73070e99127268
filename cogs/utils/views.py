"""Views made of lasting buttons only, which discord.py need not keep in memory."""

from __future__ import annotations

import discord


class LastingView(discord.ui.View):
    """Buttons and menus that are all ``DynamicItem``s (registered once at start-up, found
    again by their custom_id), so the view itself is never needed after it is sent.

    discord.py would otherwise keep every view it sends, and an ephemeral one with a
    15-minute timer of its own (a task, a future, its items): with a picker in many
    answers to /move, thousands of views alive at once for nothing.
    """

    def __init__(self) -> None:
        super().__init__(timeout=None)

    def is_finished(self) -> bool:
        """Done as soon as it is built: discord.py stores no finished view. A view holding
        anything but DynamicItems is tracked as usual (its items need the view to work)."""
        return all(isinstance(item, discord.ui.DynamicItem) for item in self.children)
