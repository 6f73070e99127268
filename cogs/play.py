"""Challenges: /play posts one with Accept/Decline buttons; acceptance opens the game's thread."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.games import ADAPTERS, adapter_for
from cogs.utils.errors import UserError
from cogs.utils.i18n import L, lang_of, tr
from cogs.utils.replies import guarded
from cogs.utils.service import MENTION_USERS
from data import Challenge, ChallengeGone
from locales import t
from rules import RulesError

if TYPE_CHECKING:
    from bot import Tablero

log = logging.getLogger(__name__)

MAX_SLEEP = 3600.0  # re-read the next expiry at least hourly


class Play(commands.Cog):
    """/play and the life of a challenge."""

    def __init__(self, bot: Tablero) -> None:
        self.bot = bot
        self.store = bot.store
        self._wake = asyncio.Event()
        self._expiry_task: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        """Start the one loop that expires challenges (timers live in the database)."""
        self._expiry_task = asyncio.create_task(self._expire_loop())

    async def cog_unload(self) -> None:
        """Stop the expiry loop."""
        if self._expiry_task is not None:
            self._expiry_task.cancel()

    @app_commands.command(name=L("cmd-play"), description=L("cmd-play-desc"))
    @app_commands.guild_only()
    @app_commands.rename(
        game=L("cmd-play-game"),
        opponent=L("cmd-play-opponent"),
        series=L("cmd-play-series"),
        first=L("cmd-play-first"),
        hidden=L("cmd-play-hidden"),
        first_edition=L("cmd-play-first-edition"),
        no_bridges_loses=L("cmd-play-no-bridges-loses"),
    )
    @app_commands.describe(
        game=L("cmd-play-game-desc"),
        opponent=L("cmd-play-opponent-desc"),
        series=L("cmd-play-series-desc"),
        first=L("cmd-play-first-desc"),
        hidden=L("cmd-play-hidden-desc"),
        first_edition=L("cmd-play-first-edition-desc"),
        no_bridges_loses=L("cmd-play-no-bridges-loses-desc"),
    )
    @app_commands.choices(
        game=[app_commands.Choice(name=L(a.title_key), value=a.name) for a in ADAPTERS.values()],
        series=[
            app_commands.Choice(name=L("choice-series-1"), value=1),
            app_commands.Choice(name=L("choice-series-3"), value=3),
            app_commands.Choice(name=L("choice-series-5"), value=5),
        ],
        first=[
            app_commands.Choice(name=L("choice-first-random"), value="random"),
            app_commands.Choice(name=L("choice-first-me"), value="me"),
            app_commands.Choice(name=L("choice-first-opponent"), value="opponent"),
        ],
    )
    async def play(
        self,
        interaction: discord.Interaction,
        game: str,
        opponent: discord.Member | None = None,
        series: int = 1,
        first: str = "random",
        hidden: bool | None = None,
        first_edition: bool | None = None,
        no_bridges_loses: bool | None = None,
    ) -> None:
        """Challenge someone (or anyone, with no opponent) to a game."""
        if opponent is not None and opponent.id == interaction.user.id:
            raise UserError("error-challenge-self")
        if opponent is not None and opponent.bot:
            raise UserError("error-challenge-bot")
        adapter = adapter_for(game)
        given = {
            "hidden": hidden,
            "first_edition": first_edition,
            "no_bridges_loses": no_bridges_loses,
        }
        options = adapter.challenge_options(
            lang_of(interaction), {k: v for k, v in given.items() if v is not None}
        )
        if series > 1 and not adapter.supports_series:
            raise UserError(
                "error-option-not-for-game",
                option=tr(interaction, "cmd-play-series"),
                game=adapter.title(lang_of(interaction)),
            )
        if first != "random":
            options["first"] = 0 if first == "me" else 1
        try:
            adapter.engine.check_options(2, options)
        except RulesError as error:
            raise UserError.from_rules(error) from None
        challenge = await self.store.challenges.create(
            game=game,
            options=options,
            series_length=series,
            lang=lang_of(interaction),
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id or 0,
            challenger_id=interaction.user.id,
            challenger_name=interaction.user.display_name,
            opponent_id=opponent.id if opponent else None,
            ttl=self.bot.challenge_seconds,
        )
        sent = await interaction.response.send_message(
            challenge_text(challenge),
            view=challenge_buttons(challenge),
            allowed_mentions=MENTION_USERS,
        )
        message_id = sent.message_id if sent is not None else None
        if message_id is None:
            message_id = (await interaction.original_response()).id
        await self.store.challenges.set_message(challenge.id, message_id)
        self._wake.set()

    # -- answers to a challenge ---------------------------------------------------------------
    async def answer(self, interaction: discord.Interaction, challenge_id: int, act: str) -> None:
        """Accept or decline (the challenger's Decline cancels)."""
        challenge = await self.store.challenges.get(challenge_id)
        if challenge is None or challenge.status != "open":
            raise UserError("error-challenge-closed")
        if challenge.expires_at <= self.bot.clock():
            await self.expire(challenge)
            raise UserError("error-challenge-closed")
        user = interaction.user
        is_challenger = user.id == challenge.challenger_id
        is_named = challenge.opponent_id == user.id
        if act == "decline":
            if not (is_challenger or is_named):
                raise UserError("error-not-your-challenge")
            status = "cancelled" if is_challenger else "declined"
            if not await self.store.challenges.resolve(challenge.id, status):
                raise UserError("error-challenge-closed")
            key = "challenge-cancelled" if is_challenger else "challenge-declined"
            await interaction.response.edit_message(
                content=t(challenge.lang, key, name=user.display_name), view=None
            )
            return
        if is_challenger:
            raise UserError("error-challenge-own")
        if challenge.opponent_id is not None and not is_named:
            raise UserError("error-not-your-challenge")
        await interaction.response.defer()
        await self.start_game(interaction, challenge)

    async def start_game(self, interaction: discord.Interaction, challenge: Challenge) -> None:
        """Create the game (once), open its thread, post the opening board."""
        service = self.bot.service
        series_id = None
        if challenge.series_length > 1:
            series_id = await self.store.games.create_series(
                challenge.game, challenge.series_length
            )
        seats = [
            (challenge.challenger_id, challenge.challenger_name),
            (interaction.user.id, interaction.user.display_name),
        ]
        try:
            record = await service.open_game(
                game=challenge.game,
                seats=seats,
                options=challenge.options,
                lang=challenge.lang,
                guild_id=challenge.guild_id,
                channel_id=challenge.channel_id,
                series_id=series_id,
                challenge_id=challenge.id,
            )
        except ChallengeGone:
            raise UserError("error-challenge-closed") from None
        title = adapter_for(record.game).title(record.lang)
        place = await self._open_place(interaction, f"{title}: {seats[0][1]} – {seats[1][1]}")
        await self.store.games.set_place(record.id, place.id)
        record.place_id = place.id
        await interaction.edit_original_response(
            content=t(
                challenge.lang,
                "challenge-accepted",
                name=interaction.user.display_name,
                game=title,
                place=place.mention,
            ),
            view=None,
        )
        await service.announce(record)

    async def _open_place(
        self, interaction: discord.Interaction, name: str
    ) -> discord.abc.GuildChannel | discord.Thread:
        """A public thread on the challenge message, or the channel where threads are refused."""
        channel = interaction.channel
        message = interaction.message
        if isinstance(channel, discord.TextChannel) and message is not None:
            try:
                return await message.create_thread(name=name[:100], auto_archive_duration=10080)
            except discord.HTTPException as error:
                log.info(
                    "no thread in channel %s (%s): playing in the channel", channel.id, error.status
                )
        assert isinstance(channel, discord.abc.GuildChannel | discord.Thread)
        return channel

    # -- expiry ----------------------------------------------------------------------------
    def wake(self) -> None:
        """Make the expiry loop look again (a new challenge, or a test moving the clock)."""
        self._wake.set()

    async def _expire_loop(self) -> None:
        await self.bot.wait_until_ready()
        while not self.bot.is_closed():
            try:
                for challenge in await self.store.challenges.due():
                    await self.expire(challenge)
            except Exception:
                log.exception("expiring challenges failed; trying again later")
            due = await self.store.challenges.next_expiry()
            delay = MAX_SLEEP if due is None else min(MAX_SLEEP, max(0.0, due - self.bot.clock()))
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=delay)

    async def expire(self, challenge: Challenge) -> None:
        """Mark a challenge expired and take its buttons away."""
        if not await self.store.challenges.resolve(challenge.id, "expired"):
            return
        challenge = await self.store.challenges.get(challenge.id) or challenge
        if challenge.message_id is None:
            return
        try:
            channel = self.bot.get_partial_messageable(challenge.channel_id)
            await channel.get_partial_message(challenge.message_id).edit(
                content=t(challenge.lang, "challenge-expired", game=_title(challenge)), view=None
            )
        except discord.HTTPException:
            log.info("could not edit expired challenge %d", challenge.id)


def _title(challenge: Challenge) -> str:
    return adapter_for(challenge.game).title(challenge.lang)


def challenge_text(challenge: Challenge) -> str:
    """The public text of an open challenge, in the challenger's language."""
    lang = challenge.lang
    adapter = adapter_for(challenge.game)
    details = adapter.option_summary(lang, challenge.options, challenge.series_length)
    key = "challenge-open" if challenge.opponent_id is None else "challenge-named"
    return t(
        lang,
        key,
        challenger=challenge.challenger_name,
        opponent=f"<@{challenge.opponent_id}>",
        game=adapter.title(lang),
        details=f" ({details})" if details else "",
        expires=f"<t:{int(challenge.expires_at)}:R>",
    )


def challenge_buttons(challenge: Challenge) -> discord.ui.View:
    """Accept and Decline, labelled in the challenger's language."""
    view = discord.ui.View(timeout=None)
    for act, style in (
        ("accept", discord.ButtonStyle.success),
        ("decline", discord.ButtonStyle.secondary),
    ):
        view.add_item(ChallengeButton(challenge.id, act, t(challenge.lang, f"button-{act}"), style))
    return view


class ChallengeButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"ch:(?P<cid>\d+):(?P<act>accept|decline)"
):
    """Accept or Decline on a challenge; works after restarts."""

    def __init__(
        self,
        cid: int,
        act: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        super().__init__(
            discord.ui.Button(label=label or act, style=style, custom_id=f"ch:{cid}:{act}")
        )
        self.cid, self.act = cid, act

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ChallengeButton:
        """Rebuild from a clicked custom_id."""
        return cls(int(match["cid"]), match["act"])

    async def callback(self, interaction: discord.Interaction) -> None:
        """Hand the click to the Play cog."""
        cog = interaction.client.get_cog("Play")  # type: ignore[attr-defined]
        assert isinstance(cog, Play)
        await guarded(interaction, cog.answer(interaction, self.cid, self.act))


async def setup(bot: Tablero) -> None:
    """Load the cog and its lasting buttons."""
    bot.add_dynamic_items(ChallengeButton)
    await bot.add_cog(Play(bot))
