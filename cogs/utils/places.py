"""Where a game lives on Discord: opening its thread, posting into it safely, finding old posts."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from cogs.utils.names import stored_name
from data import GameRecord
from games.plugin import plugin_for
from locales import t

if TYPE_CHECKING:
    from cogs.utils.host import Host

log = logging.getLogger(__name__)
#: Posts mention players, never @everyone or roles (a name could be a role's mention).
MENTION_USERS = discord.AllowedMentions(everyone=False, roles=False, users=True)

THREAD_EXISTS = 160004  # Discord: "A thread has already been created for this message"
#: The permissions a board post needs, by the kind of place (Discord's attribute names).
NEEDED_IN_CHANNEL = ("view_channel", "send_messages", "attach_files", "read_message_history")
NEEDED_IN_THREAD = (
    "view_channel",
    "send_messages_in_threads",
    "attach_files",
    "read_message_history",
)
#: How far back recovery looks for a post that was sent but not recorded.
HISTORY_LOOKBACK = 25


def post_key(record: GameRecord) -> str:
    """What tells one announcement from any other: the game, its version, and the post
    before it (an undo brings a version number back, but a post never comes back)."""
    return f"{record.id}-{record.version}-{(record.message_id or 0) % 10**7}"


def board_name(record: GameRecord) -> str:
    """The file name of a posted board: it says which position it shows, for recovery."""
    return f"game-{post_key(record)}.png"


def nonce(record: GameRecord) -> str:
    """The message nonce of a board post (Discord takes at most 25 characters)."""
    return post_key(record)[-25:]


def missing_permissions(channel: object) -> tuple[str, ...]:
    """The permissions the bot lacks to post a board in ``channel`` (() where unknown)."""
    if not isinstance(channel, discord.abc.GuildChannel | discord.Thread):
        return ()
    me = channel.guild.me
    if me is None:
        return ()
    perms = channel.permissions_for(me)
    needed = NEEDED_IN_THREAD if isinstance(channel, discord.Thread) else NEEDED_IN_CHANNEL
    return tuple(name for name in needed if not getattr(perms, name))


async def find_post(channel: discord.abc.Messageable, record: GameRecord) -> discord.Message | None:
    """The post of ``record``'s position if it is already in the place (sent, not recorded)."""
    wanted = board_name(record)
    try:
        async for message in channel.history(limit=HISTORY_LOOKBACK):
            if any(a.filename == wanted for a in message.attachments):
                return message
    except discord.HTTPException as error:
        log.info("could not read the history of %s (%s)", getattr(channel, "id", "?"), error)
    return None


def thread_name(record: GameRecord) -> str:
    """'Stonehenge: Ana – Luis' (at most 100 characters, Discord's limit); a tournament's
    game goes by the title its event gave it: 'Autumn Cup · 2.1: Ana – Luis'."""
    names = (stored_name(name) for name in record.names())  # no line break in a title
    if record.title:
        return f"{stored_name_line(record.title)}: {' – '.join(names)}"[:100]
    title = plugin_for(record.game).words.title(record.lang)
    return f"{title}: {' – '.join(names)}"[:100]


def stored_name_line(text: str) -> str:
    """A stored title as one line (a thread's name has no line break)."""
    return " ".join(text.split())


async def open_thread(
    bot: Host, guild_id: int | None, channel: discord.abc.Messageable, record: GameRecord
) -> discord.abc.Messageable:
    """A public thread in ``channel`` for a game that has no message to hang it on (a
    tournament's), named ``thread_name``; the channel itself where the server keeps games
    out of threads or a thread is refused."""
    settings = await bot.store.settings.guild(guild_id)
    if not settings.threads or not isinstance(channel, discord.TextChannel):
        return channel
    try:
        return await channel.create_thread(
            name=thread_name(record),
            type=discord.ChannelType.public_thread,
            auto_archive_duration=10080,
        )
    except discord.HTTPException as error:
        log.info("game %d: no thread (%s): playing in the channel", record.id, error.status)
        return channel


async def open_place(
    bot: Host,
    guild_id: int | None,
    channel: discord.abc.Messageable,
    message: discord.Message | discord.PartialMessage | None,
    name: str,
) -> discord.abc.Messageable:
    """Where a new game is played: a public thread (on the challenge message, or in the
    server's game channel), or the channel itself where threads are off or refused.

    Safe to run twice for one challenge: a message has at most one thread, whose id is
    the message's, so a second try finds the first thread.
    """
    settings = await bot.store.settings.guild(guild_id)
    home = bot.get_channel(settings.game_channel_id or 0)
    try:
        if isinstance(home, discord.TextChannel):
            if not settings.threads:
                return home
            return await home.create_thread(
                name=name[:100], type=discord.ChannelType.public_thread, auto_archive_duration=10080
            )
        if settings.threads and isinstance(channel, discord.TextChannel) and message is not None:
            try:
                return await message.create_thread(name=name[:100], auto_archive_duration=10080)
            except discord.HTTPException as error:
                if error.code != THREAD_EXISTS:
                    raise
                thread = bot.get_channel(message.id) or await bot.fetch_channel(message.id)
                if not isinstance(thread, discord.abc.Messageable):
                    raise TypeError(f"place {message.id} takes no messages") from None
                return thread
    except discord.HTTPException as error:
        log.info("no thread for a game (%s): playing in the channel", error.status)
    return channel


#: Discord's answers that mean a place is gone for the bot: the channel or thread was
#: deleted, the bot may no longer see it, or a moderator archived and locked the thread.
#: (A permission missing in a place the bot still sees waits instead: it is posted later.)
PLACE_GONE = (10003, 50001, 50083)


async def open_elsewhere(
    bot: Host, record: GameRecord, gone: int
) -> discord.abc.Messageable | None:
    """A new place for a game whose place ``gone`` went away: a thread in the server's game
    channel, else in the channel of the challenge, else in another channel of the server
    (or those channels themselves where threads are off or refused). None when none can be
    reached (the game waits, and moves on when the bot can post again)."""
    settings = await bot.store.settings.guild(record.guild_id)
    guild = bot.get_guild(record.guild_id or 0)
    # Then, with both gone, the server's system channel or its first text channel.
    others = [] if guild is None else [guild.system_channel, *guild.text_channels]
    homes = [bot.get_channel(settings.game_channel_id or 0), bot.get_channel(record.channel_id)]
    for home in (*homes, *others):
        if home is None or home.id == gone or not isinstance(home, discord.TextChannel):
            continue
        if missing_permissions(home):
            continue
        if not settings.threads:
            return home
        try:
            return await home.create_thread(
                name=thread_name(record),
                type=discord.ChannelType.public_thread,
                auto_archive_duration=10080,
            )
        except discord.HTTPException as error:
            log.info("game %d: no new thread (%s): playing in the channel", record.id, error.status)
            return home
    return None


async def place_of(bot: Host, record: GameRecord) -> discord.abc.Messageable:
    """The thread or channel where the game is played."""
    place_id = record.place_id or record.channel_id
    channel = bot.get_channel(place_id)
    if channel is None:
        channel = await bot.fetch_channel(place_id)
    if not isinstance(channel, discord.abc.Messageable):
        raise TypeError(f"game {record.id}: its place {place_id} takes no messages")
    return channel


async def open_for(bot: Host, record: GameRecord) -> discord.abc.Messageable:
    """Open the place of a game accepted before a restart, as acceptance would have."""
    channel = bot.get_channel(record.channel_id) or await bot.fetch_channel(record.channel_id)
    if not isinstance(channel, discord.abc.Messageable):
        raise TypeError(f"game {record.id}: channel {record.channel_id} takes no messages")
    if record.title:  # a tournament's game: its thread opens in the event's channel
        place = await open_thread(bot, record.guild_id, channel, record)
        log.info("game %d: opened its place %d", record.id, getattr(place, "id", 0))
        return place
    found = await bot.store.games.challenge_message(record.id)
    message = None
    if found is not None and found[1] is not None and isinstance(channel, discord.TextChannel):
        message = channel.get_partial_message(found[1])
    place = await open_place(bot, record.guild_id, channel, message, thread_name(record))
    log.info("game %d: opened its place %d after a restart", record.id, getattr(place, "id", 0))
    if message is not None:
        title = plugin_for(record.game).words.title(record.lang)
        mention = getattr(place, "mention", "")
        try:  # the challenge's buttons would only answer "closed" now
            await message.edit(
                content=t(record.lang, "challenge-opened", game=title, place=mention), view=None
            )
        except discord.HTTPException:
            log.info("game %d: could not update its challenge message", record.id)
    return place
