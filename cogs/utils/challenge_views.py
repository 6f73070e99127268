"""How a challenge looks on Discord: its text, and its buttons that survive restarts."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from cogs.utils import turn_words
from cogs.utils.host import Host, host_of
from cogs.utils.views import LastingView
from data import Challenge
from games.plugin import plugin_for
from locales import join, t

log = logging.getLogger(__name__)


def challenge_text(challenge: Challenge) -> str:
    """The public text of an open challenge, in the challenger's language."""
    lang = challenge.lang
    words = plugin_for(challenge.game).words
    details = words.option_summary(lang, challenge.options, challenge.series_length)
    days = turn_words.control(lang, challenge.days_per_move, challenge.time_control)
    if days:
        details = f"{details}, {days}" if details else days
    common = {
        "challenger": challenge.challenger_name,
        "game": words.title(lang),
        "details": f" ({details})" if details else "",
        "expires": f"<t:{int(challenge.expires_at)}:R>",
    }
    # Its number, last, small: what /mod cancel asks for.
    number = "\n" + t(lang, "challenge-number", number=challenge.id)
    if challenge.is_open:
        seated = [challenge.challenger_name, *(p.name for p in challenge.accepted)]
        engine = plugin_for(challenge.game).engine
        if engine.max_players == 2:
            return t(lang, "challenge-open", **common) + number
        text = t(
            lang,
            "challenge-open-table",
            **common,
            seated=join(lang, seated),
            least=engine.min_players,
            most=engine.max_players,
        )
        return text + number
    invited = join(lang, [f"<@{p.user_id}>" for p in challenge.players])
    text = t(lang, "challenge-named", **common, opponent=invited)
    if challenge.bot_levels:
        level = t(lang, f"level-{challenge.bot_levels[0]}")
        text += "\n" + t(lang, "challenge-with-bots", count=len(challenge.bot_levels), level=level)
    if challenge.accepted:
        waiting = join(lang, [f"<@{p.user_id}>" for p in challenge.waiting_for])
        text += "\n" + t(lang, "challenge-waiting", waiting=waiting)
    return text + number


async def expire(bot: Host, challenge: Challenge) -> None:
    """Mark a challenge expired and take its buttons away.

    Idempotent, as a timer's action must be: a challenge found expired already (a process
    that expired it died before its timer was marked done) gets the same edit again, which
    changes nothing anyone sees when it was made before.
    """
    resolved = await bot.store.challenges.resolve(challenge.id, "expired")
    if not resolved and challenge.status != "expired":
        return  # accepted, declined or cancelled meanwhile
    challenge = await bot.store.challenges.get(challenge.id) or challenge
    if challenge.message_id is None:
        return
    title = plugin_for(challenge.game).words.title(challenge.lang)
    try:
        channel = bot.get_partial_messageable(challenge.channel_id)
        await channel.get_partial_message(challenge.message_id).edit(
            content=t(challenge.lang, "challenge-expired", game=title), view=None
        )
    except discord.HTTPException:
        log.info("could not edit expired challenge %d", challenge.id)


def challenge_buttons(challenge: Challenge) -> discord.ui.View:
    """Accept/Decline, or Join/Leave/Start for an open table, in the challenger's language."""
    view = LastingView()
    acts = [("accept", discord.ButtonStyle.success), ("decline", discord.ButtonStyle.secondary)]
    if challenge.is_open and challenge.max_players > 2:
        acts.append(("start", discord.ButtonStyle.primary))
    for act, style in acts:
        key = f"button-{act}" if not challenge.is_open else f"button-open-{act}"
        view.add_item(ChallengeButton(challenge.id, act, t(challenge.lang, key), style))
    return view


class ChallengeButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"ch:(?P<cid>\d+):(?P<act>accept|decline|start)",
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
        """Hand the click to whoever owns challenges (the Play cog listens)."""
        host_of(interaction).dispatch("challenge_button", interaction, self.cid, self.act)
