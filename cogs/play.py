"""Challenges: /play <game> posts one with Accept/Decline buttons; acceptance opens the game's
thread. /play has a subcommand for each game registered when the cog loads."""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from cogs.utils import places
from cogs.utils.bot_seats import bot_seats
from cogs.utils.challenge_views import (
    ChallengeButton,
    challenge_buttons,
    challenge_text,
    expire,
)
from cogs.utils.game_commands import DEFAULT_LEVEL, opponent_names, play_group, time_control
from cogs.utils.i18n import lang_of
from cogs.utils.moderation import is_moderator
from cogs.utils.moves import not_posted
from cogs.utils.names import shown_name, stored_name
from cogs.utils.options import check_option_values
from cogs.utils.places import MENTION_USERS
from cogs.utils.replies import guarded, send_private
from data import (
    Challenge,
    ChallengeGone,
    ChallengeLimit,
    GameLimit,
    NewSeat,
    RematchOffered,
)
from data.ratings import FORGOTTEN
from games.plugin import GamePlugin, plugin_for
from locales import t
from rules import RulesError
from table.refusal import Refusal

if TYPE_CHECKING:
    from cogs.utils.host import Host

log = logging.getLogger(__name__)


class Play(commands.Cog):
    """/play and the life of a challenge."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.store = bot.store
        self._play = play_group(self.challenge)

    async def cog_load(self) -> None:
        """Build /play from the games registered by now: one subcommand a game."""
        self.bot.tree.add_command(self._play)

    async def cog_unload(self) -> None:
        """Take /play away with the cog."""
        self.bot.tree.remove_command(self._play.name)

    async def challenge(
        self, interaction: discord.Interaction, plugin: GamePlugin, values: dict[str, Any]
    ) -> None:
        """/play <game>: challenge someone, several people (Islas), or anyone, to a game."""
        check_option_values(interaction)  # days, series, first: as offered, or refused
        opponents = [values.get(name) for name in opponent_names(plugin)]
        invited, bot_named = _invited(interaction.user, opponents, self.bot.user)
        bot_levels = _bot_levels(plugin, bot_named, values)
        engine = plugin.engine
        options = plugin.engine_options(values)
        if values["first"] != "random":
            options["first"] = 0 if values["first"] == "me" else 1
        seats = len(invited) + 1 + len(bot_levels)
        try:
            engine.check_options(max(seats, engine.min_players), options)
        except RulesError as error:
            raise Refusal.from_rules(error) from None
        control = time_control(values)
        challenging = not (bot_levels and not invited)
        limit = await self._within_limits(interaction, challenging=challenging)
        create = functools.partial(
            self.store.challenges.create,
            game=plugin.name,
            options=options,
            series_length=values.get("series", 1),
            lang=lang_of(interaction),
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id or 0,
            challenger_id=interaction.user.id,
            challenger_name=shown_name(interaction.user),
            invited=[(m.id, shown_name(m)) for m in invited],
            max_players=engine.max_players,
            ttl=self.bot.challenge_seconds,
            days_per_move=None if control.bank is not None else values["days"],
            bot_levels=bot_levels,
            limit=limit,
            control=control,
        )
        challenge = await _limited(create)
        if bot_levels and not invited:  # nobody to wait for: the game starts at once
            await self._start_now(interaction, challenge)
        else:
            await self._post(interaction, challenge)

    async def _within_limits(
        self, interaction: discord.Interaction, *, challenging: bool
    ) -> int | None:
        """Refuse a member at the server's limit of games at once (said early: the limit
        itself is kept when a game starts, see ``start_game``); the limit of open challenges
        for ``ChallengeStore.create`` to keep, when ``challenging``."""
        settings = await self.store.settings.guild(interaction.guild_id)
        user, guild = interaction.user.id, interaction.guild_id
        if await self.store.games.active_count(user, guild) >= settings.max_games:
            raise Refusal("error-limit-games", count=settings.max_games)
        return settings.max_challenges if challenging else None

    async def _start_now(self, interaction: discord.Interaction, challenge: Challenge) -> None:
        """Start a game against the bot alone: its message (which gets the game's thread)
        says it is starting, then what starting it gave."""
        await interaction.response.send_message(
            t(challenge.lang, "bot-game-opening", game=_title(challenge))
        )
        message = await interaction.original_response()
        # The message stands for the challenge: recovery after a crash finds its thread.
        await self.store.challenges.set_message(challenge.id, message.id)
        await self.start_game(interaction, challenge, message)

    async def _post(self, interaction: discord.Interaction, challenge: Challenge) -> None:
        """Show a new challenge with its buttons, as the answer to ``interaction``."""
        sent = await interaction.response.send_message(
            challenge_text(challenge),
            view=challenge_buttons(challenge),
            allowed_mentions=MENTION_USERS,
        )
        message_id = sent.message_id if sent is not None else None
        if message_id is None:
            message_id = (await interaction.original_response()).id
        await self.store.challenges.set_message(challenge.id, message_id)
        self.bot.wake_timers()

    async def rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        """Challenge the players of a finished game again, each seat moved one place round."""
        record = await self.bot.table.game(game_id)
        user = interaction.user
        if record.active:
            raise Refusal("error-game-not-over")
        if record.seat_of(user.id) is None:
            raise Refusal("error-not-a-player")
        seats = record.seats
        if any(s.user_id == FORGOTTEN and not s.is_bot for s in seats):
            raise Refusal("error-rematch-forgotten")  # /forget-me: nobody to invite
        invited = [
            (s.user_id, stored_name(s.name)) for s in seats if not s.is_bot and s.user_id != user.id
        ]
        bot_levels = [s.level for s in seats if s.level is not None]
        limit = await self._within_limits(interaction, challenging=bool(invited))
        offer = functools.partial(
            self.store.challenges.create,
            game=record.game,
            options={k: v for k, v in record.options.items() if k != "first"},
            series_length=1,
            lang=record.lang,
            guild_id=record.guild_id,
            channel_id=interaction.channel_id or record.channel_id,
            challenger_id=user.id,
            challenger_name=shown_name(user),
            invited=invited,
            max_players=len(seats),
            ttl=self.bot.challenge_seconds,
            seat_order=[s.user_id for s in (*seats[1:], seats[0])],
            days_per_move=record.days_per_move,
            control=record.control,
            rematch_of=record.id,
            bot_levels=bot_levels,
            limit=limit,
        )
        try:
            challenge = await _limited(offer)
        except RematchOffered as offered:  # a second click, or the other player's
            existing = offered.challenge
            if existing.expires_at > self.bot.clock():
                link, name = _link(existing), existing.challenger_name
                if existing.challenger_id == user.id:
                    raise Refusal("error-rematch-yours", link=link) from None
                raise Refusal("error-rematch-offered", challenger=name, link=link) from None
            await self.expire(existing)  # its time is up; its timer just has not fired yet
            challenge = await _limited(offer)
        if bot_levels and not invited:
            await self._start_now(interaction, challenge)
        else:
            await self._post(interaction, challenge)

    # -- answers to a challenge ---------------------------------------------------------------
    async def answer(self, interaction: discord.Interaction, challenge_id: int, act: str) -> None:
        """Accept (or join), decline (the challenger's Decline cancels), or start an open table."""
        challenge = await self.store.challenges.get(challenge_id)
        if challenge is None or challenge.status != "open":
            raise Refusal("error-challenge-closed")
        if challenge.expires_at <= self.bot.clock():
            await self.expire(challenge)
            raise Refusal("error-challenge-closed")
        user = interaction.user
        if act == "decline":
            await self._decline(interaction, challenge)
        elif act == "start":
            await self._start_open(interaction, challenge)
        elif user.id == challenge.challenger_id:
            raise Refusal("error-challenge-own")
        elif challenge.is_open:
            await self._within_limits(interaction, challenging=False)
            if not await self.store.challenges.join(challenge.id, user.id, shown_name(user)):
                raise Refusal("error-challenge-full-or-joined")
            await self._progress(interaction, challenge.id)
        else:
            if challenge.invitee(user.id) is None:
                raise Refusal("error-not-your-challenge")
            await self._within_limits(interaction, challenging=False)
            if not await self.store.challenges.accept(challenge.id, user.id, shown_name(user)):
                raise Refusal("error-challenge-answered")
            await self._progress(interaction, challenge.id)

    async def _decline(self, interaction: discord.Interaction, challenge: Challenge) -> None:
        """The challenger withdraws; an invitee declines; a seated player leaves an open table
        (its host too: the table goes on with the next player as host)."""
        user = interaction.user
        involved = user.id == challenge.challenger_id or challenge.invitee(user.id) is not None
        if not involved and is_moderator(
            interaction, await self.store.settings.guild(challenge.guild_id)
        ):
            await self._cancel_as_moderator(interaction, challenge)
            return
        if challenge.is_open and user.id == challenge.challenger_id:
            await self._host_leaves(interaction, challenge)
            return
        if challenge.is_open:
            if not await self.store.challenges.leave(challenge.id, user.id):
                raise Refusal("error-not-seated")
            await self._progress(interaction, challenge.id)
            return
        if user.id != challenge.challenger_id and challenge.invitee(user.id) is None:
            raise Refusal("error-not-your-challenge")
        status = "cancelled" if user.id == challenge.challenger_id else "declined"
        if not await self.store.challenges.resolve(challenge.id, status):
            raise Refusal("error-challenge-closed")
        key = "challenge-cancelled" if status == "cancelled" else "challenge-declined"
        await interaction.response.edit_message(
            content=t(challenge.lang, key, name=shown_name(user)), view=None
        )

    async def _cancel_as_moderator(
        self, interaction: discord.Interaction, challenge: Challenge
    ) -> None:
        """A moderator's Decline under someone else's challenge cancels it."""
        if not await self.store.challenges.resolve(challenge.id, "cancelled"):
            raise Refusal("error-challenge-closed")
        text = t(challenge.lang, "challenge-cancelled-mod", game=_title(challenge))
        await interaction.response.edit_message(content=text, view=None)

    async def _host_leaves(self, interaction: discord.Interaction, challenge: Challenge) -> None:
        """Leave means the same for everyone: the host's seat goes, the table stays for those
        seated (the longest seated hosts it now); an empty table closes."""
        name = shown_name(interaction.user)
        try:
            host = await self.store.challenges.hand_over(challenge.id, interaction.user.id)
        except ChallengeGone:
            raise Refusal("error-not-seated") from None
        if host is None:
            await interaction.response.edit_message(
                content=t(challenge.lang, "challenge-cancelled", name=name), view=None
            )
            return
        now = await self.store.challenges.get(challenge.id)
        if now is None:  # challenges are closed, never deleted
            raise Refusal("error-challenge-closed")
        note = t(challenge.lang, "challenge-host-left", name=name, host=stored_name(host.name))
        await interaction.response.edit_message(
            content=f"{challenge_text(now)}\n{note}",
            view=challenge_buttons(now),
            allowed_mentions=MENTION_USERS,
        )

    async def _start_open(self, interaction: discord.Interaction, challenge: Challenge) -> None:
        """The challenger starts an open table with the players seated so far."""
        if interaction.user.id != challenge.challenger_id:
            raise Refusal("error-only-challenger-starts")
        if 1 + len(challenge.accepted) < plugin_for(challenge.game).engine.min_players:
            raise Refusal("error-not-enough-players")
        await interaction.response.defer()
        await self.start_game(interaction, challenge)

    async def _progress(self, interaction: discord.Interaction, challenge_id: int) -> None:
        """After an answer: start when everyone is in, else show who is still awaited."""
        challenge = await self.store.challenges.get(challenge_id)
        if challenge is None:  # challenges are closed, never deleted
            raise Refusal("error-challenge-closed")
        full = len(challenge.accepted) + 1 == challenge.max_players
        if (not challenge.is_open and not challenge.waiting_for) or (challenge.is_open and full):
            await interaction.response.defer()
            await self.start_game(interaction, challenge)
            return
        await interaction.response.edit_message(
            content=challenge_text(challenge),
            view=challenge_buttons(challenge),
            allowed_mentions=MENTION_USERS,
        )

    async def start_game(
        self,
        interaction: discord.Interaction,
        challenge: Challenge,
        message: discord.Message | None = None,
    ) -> None:
        """Create the game (once), open its thread (on ``message``, else the one clicked),
        post the opening board."""
        started_by_challenger = interaction.user.id == challenge.challenger_id
        table = self.bot.table
        seats: list[NewSeat] = [(challenge.challenger_id, challenge.challenger_name)]
        seats += [(p.user_id, p.name) for p in challenge.accepted]
        seats += bot_seats(self.bot.user, challenge.lang, challenge.bot_levels)
        if challenge.seat_order is not None:
            seats.sort(key=lambda seat: challenge.seat_order.index(seat[0]))
        settings = await self.store.settings.guild(challenge.guild_id)
        try:
            record = await table.open_game(
                game=challenge.game,
                seats=seats,
                options=challenge.options,
                lang=challenge.lang,
                guild_id=challenge.guild_id,
                channel_id=challenge.channel_id,
                series_length=challenge.series_length,
                challenge_id=challenge.id,
                days_per_move=challenge.days_per_move,
                control=challenge.time_control,
                max_games=settings.max_games,
            )
        except GameLimit as over:
            await self._take_answer_back(interaction, challenge)
            if over.user_id == interaction.user.id:
                raise Refusal("error-limit-games", count=over.limit) from None
            raise Refusal("error-limit-games-player", name=over.name, count=over.limit) from None
        except ChallengeGone:
            again = await self.store.challenges.get(challenge.id)
            if again is not None and again.status == "accepted":
                return  # the last two answers came together: the other one started the game
            raise Refusal("error-challenge-closed") from None
        title = plugin_for(record.game).words.title(record.lang)
        channel = interaction.channel
        if not isinstance(channel, discord.abc.Messageable):  # a challenge is a message
            raise TypeError(f"challenge answered outside a channel: {channel!r}")

        async def opener() -> int:
            name = places.thread_name(record)
            place = await places.open_place(
                self.bot, interaction.guild_id, channel, message or interaction.message, name
            )
            key = _started_key(challenge, started_by_challenger)
            await interaction.edit_original_response(
                content=t(
                    challenge.lang,
                    key,
                    name=shown_name(interaction.user),
                    game=title,
                    place=getattr(place, "mention", ""),
                ),
                view=None,
            )
            return getattr(place, "id", record.channel_id)

        problem = await self.bot.table.start(record, opener)
        if problem is not None:  # the game is on; Discord refused its first board
            await send_private(interaction, not_posted(interaction, problem, "game-not-posted"))

    async def _take_answer_back(
        self, interaction: discord.Interaction, challenge: Challenge
    ) -> None:
        """The game could not start (a player at the limit of games): the answer that would
        have started it does not count, so the same button starts it once that is over (a
        game against the bot alone, which nobody answers, is called off)."""
        user_id = interaction.user.id
        if challenge.bot_levels and not challenge.players:  # against the bot alone
            await self.store.challenges.resolve(challenge.id, "cancelled")
            return
        if user_id == challenge.challenger_id:
            return  # Start: nothing to take back
        if challenge.is_open:
            await self.store.challenges.leave(challenge.id, user_id)
        else:
            await self.store.challenges.unaccept(challenge.id, user_id)

    @commands.Cog.listener()
    async def on_challenge_button(
        self, interaction: discord.Interaction, challenge_id: int, act: str
    ) -> None:
        """Accept, Decline or Start clicked under a challenge (``ChallengeButton``)."""
        await guarded(interaction, self.answer(interaction, challenge_id, act))

    @commands.Cog.listener()
    async def on_rematch_button(self, interaction: discord.Interaction, game_id: int) -> None:
        """Rematch clicked under a finished game (``RematchButton``)."""
        await guarded(interaction, self.rematch(interaction, game_id))

    async def expire(self, challenge: Challenge) -> None:
        """Mark a challenge whose time is up expired (its timer may not have fired yet)."""
        await expire(self.bot, challenge)


async def _limited(create: Callable[[], Awaitable[Challenge]]) -> Challenge:
    """A new challenge, or the refusal of one over the server's limit of open challenges."""
    try:
        return await create()
    except ChallengeLimit as over:
        raise Refusal("error-limit-challenges", count=over.limit) from None


def _title(challenge: Challenge) -> str:
    return plugin_for(challenge.game).words.title(challenge.lang)


def _started_key(challenge: Challenge, by_challenger: bool) -> str:
    """How the challenge message tells that its game began."""
    if challenge.bot_levels and not challenge.players:
        return "challenge-bot-started"  # against the bot alone: nobody accepted anything
    if by_challenger:
        return "challenge-started"
    if challenge.is_open and challenge.max_players > 2:
        return "challenge-table-full"  # the last seat was taken: nobody pressed Start
    return "challenge-accepted"


def _link(challenge: Challenge) -> str:
    """Where to find a challenge: its message, or its channel while it is being posted."""
    if challenge.message_id is None:
        return f"<#{challenge.channel_id}>"
    guild = challenge.guild_id or "@me"
    return f"https://discord.com/channels/{guild}/{challenge.channel_id}/{challenge.message_id}"


def _invited(
    challenger: discord.abc.User,
    members: Sequence[discord.Member | None],
    me: discord.ClientUser | None,
) -> tuple[list[discord.Member], bool]:
    """The people named, and whether the bot itself was (it takes a seat of its own);
    refusing the challenger, other bots and anyone named twice."""
    invited: list[discord.Member] = []
    bot_named = False
    for member in members:
        if member is None:
            continue
        if member in invited or (bot_named and me is not None and member.id == me.id):
            raise Refusal("error-challenge-twice", name=shown_name(member))
        if member.id == challenger.id:
            raise Refusal("error-challenge-self")
        if me is not None and member.id == me.id:
            bot_named = True
            continue
        if member.bot:
            raise Refusal("error-challenge-bot")
        invited.append(member)
    return invited, bot_named


def _bot_levels(plugin: GamePlugin, bot_named: bool, values: dict[str, Any]) -> list[str]:
    """The levels of the seats the bot takes: the one named as an opponent, and ``bots``."""
    count = int(bot_named) + (values.get("bots") or 0)
    if count and plugin.computer is None:  # its registration names no computer player
        raise Refusal("error-bot-cannot-play")
    if values.get("level") is not None and not count:
        raise Refusal("error-level-without-bot")
    return [values.get("level") or DEFAULT_LEVEL] * count


async def setup(bot: Host) -> None:
    """Load the cog and its lasting buttons."""
    bot.add_dynamic_items(ChallengeButton)
    await bot.add_cog(Play(bot))
