"""/privacy (be seen beyond one's servers, or not) and /forget-me (be forgotten)."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.timers import TRANSIENT, process_name
from cogs.utils.host import host_of
from cogs.utils.i18n import L, tr
from cogs.utils.names import stored_name
from cogs.utils.renames import rename_thread
from cogs.utils.replies import guarded
from cogs.utils.views import LastingView
from data import Forgotten, StillPlaying, StorageBusy
from locales import DEFAULT, LANGUAGES, t
from table.refusal import Refusal

if TYPE_CHECKING:
    from cogs.utils.host import Host

log = logging.getLogger(__name__)
LISTED_PLACES = 10  #: games in progress (or threads left as they were) named at most


class ForgetButton(discord.ui.DynamicItem[discord.ui.Button], template=r"fm:(?P<uid>\d+)"):
    """The confirmation of /forget-me: only the person it forgets may press it."""

    def __init__(self, user_id: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "forget me",
                style=discord.ButtonStyle.danger,
                custom_id=f"fm:{user_id}",
            )
        )
        self.user_id = user_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ForgetButton:
        """Rebuild from a clicked custom_id."""
        return cls(int(match["uid"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        """Forget the person, or say why not."""
        await guarded(interaction, self._run(interaction))

    async def _run(self, interaction: discord.Interaction) -> None:
        if interaction.user.id != self.user_id:
            raise Refusal("error-forget-not-yours")
        # Stored as the seats' names: cleaned as every name is (a translation is text too).
        names = {lang: stored_name(t(lang, "former-player")) for lang in LANGUAGES}
        bot = host_of(interaction)
        try:
            done = await bot.store.privacy.forget(self.user_id, names, names[DEFAULT])
        except StillPlaying as playing:
            raise still_playing(playing) from None
        # Their name is in the replays kept of their games: drawn again, with the new one.
        bot.dispatch("replays_stale")
        await interaction.response.defer()  # renaming threads takes a request or two each
        left = await rename_threads(bot, done)
        content = tr(interaction, "forget-done", count=done.games)
        if left:
            content += "\n" + tr(
                interaction, "forget-threads-left", count=len(left), places=listed(left)
            )
        await interaction.edit_original_response(content=content, view=None)


async def rename_threads(bot: Host, done: Forgotten) -> list[int]:
    """Rename at once the threads whose renaming ``forget`` stored as timers; the threads
    Discord would not let the bot see or rename (deleted, hidden, locked by a moderator),
    which keep their names.

    Each timer is claimed first (the timer loop may be at it: then it is the loop's) and
    marked done once its thread is renamed or refused. One that Discord did not answer
    (or that met a busy database) stays, claimed: the timer loop tries it again once the
    claim runs out, as it does after a crash that left the renaming undone.
    """
    owner = process_name()
    left: list[int] = []
    waiting = False
    for timer_id, game_id in done.renames:
        try:
            if not await bot.store.timers.claim(timer_id, owner, bot.timer_lease):
                continue
            record = await bot.store.games.get(game_id)
            if record is not None and not await rename_thread(bot, record):
                left.append(record.place_id or record.channel_id)
            await bot.store.timers.done(timer_id)
        except (*TRANSIENT, StorageBusy) as error:
            log.info("game %d: its thread is renamed later (%s)", game_id, type(error).__name__)
            waiting = True
    if waiting:  # the loop may sleep past this claim's end otherwise
        bot.wake_timers(bot.clock() + bot.timer_lease)
    return left


def listed(places: list[int]) -> str:
    """Places as mentions, at most LISTED_PLACES of them, then how many more."""
    shown = [f"<#{place}>" for place in places[:LISTED_PLACES]]
    more = len(places) - len(shown)
    return ", ".join(shown) + (f" (+{more})" if more else "")


def still_playing(playing: StillPlaying) -> Refusal:
    """Why a person cannot be forgotten yet: their games in progress, their challenges."""
    if playing.places:
        places = listed(list(playing.places))
        return Refusal("error-forget-playing", count=len(playing.places), places=places)
    return Refusal("error-forget-challenges", count=playing.challenges)


class Privacy(commands.Cog):
    """What others see of a player, and forgetting them."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.store = bot.store

    @app_commands.command(name=L("cmd-privacy"), description=L("cmd-privacy-desc"))
    @app_commands.rename(public=L("cmd-privacy-public"))
    @app_commands.describe(public=L("cmd-privacy-public-desc"))
    async def privacy(self, interaction: discord.Interaction, public: bool) -> None:
        """Show your ratings and games on every server (True) or only where you played."""
        await self.store.settings.set_public(interaction.user.id, public)
        key = "privacy-public" if public else "privacy-private"
        await interaction.response.send_message(tr(interaction, key), ephemeral=True)

    @app_commands.command(name=L("cmd-forget-me"), description=L("cmd-forget-me-desc"))
    async def forget_me(self, interaction: discord.Interaction) -> None:
        """Ask to be forgotten: what it does, and a button to confirm it."""
        uid = interaction.user.id
        try:
            await self.store.privacy.check(uid)
        except StillPlaying as playing:
            raise still_playing(playing) from None
        view = LastingView()
        view.add_item(ForgetButton(uid, tr(interaction, "button-forget-me")))
        await interaction.response.send_message(
            tr(interaction, "forget-confirm"), view=view, ephemeral=True
        )


async def setup(bot: Host) -> None:
    """Load the cog and its lasting button."""
    bot.add_dynamic_items(ForgetButton)
    await bot.add_cog(Privacy(bot))
