"""/leaderboard, /profile, /history and /stats: ratings and games as a server may see them.

What a server sees of a player stays in that server: a profile or a history shows the games
of the server it is asked in, unless the player opted in with /privacy (then every server's,
with the rating across servers). Paged lists turn pages with buttons that carry everything
in their custom_id, so they work after a restart; whoever did not ask gets their own copy.
"""

from __future__ import annotations

import asyncio
import io
import math
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.utils.choices import answers_when_busy
from cogs.utils.host import guild_of, host_of
from cogs.utils.i18n import L, lang_of, tr
from cogs.utils.names import shown_name
from cogs.utils.options import check_option_values
from cogs.utils.replies import guarded
from cogs.utils.standings import (
    FIELD_ROOM,
    board_row,
    game_row,
    name,
    player_label,
    record_text,
    server_text,
    whole_rows,
)
from cogs.utils.views import LastingView
from data import PlayerRecord, Store
from data.ratings import GLOBAL, human
from games.plugin import plugin_for, plugins
from locales import join, t
from render.charts import Line, rating_chart
from rules.text import clean_name
from table import seasons
from table.refusal import Refusal

if TYPE_CHECKING:
    from cogs.utils.host import Host

PAGE = 10  #: rows a page of a leaderboard or a history
OFFERED = 25  #: Discord shows at most 25 autocomplete choices
LAST_GAMES = 5  #: finished games a profile lists
TREND_GAMES = 10  #: a profile's trend is the change over this many rated games
CHART_GAMES = 100  #: rated games a profile's chart goes back
COLOUR = discord.Colour.from_str("#E69F00")
GAME_CHOICES = [app_commands.Choice(name=L(p.words.title_key), value=p.name) for p in plugins()]
GAMES = {p.name for p in plugins()}
SCOPE_CHOICES = [
    app_commands.Choice(name=L(f"choice-scope-{scope}"), value=scope)
    for scope in ("server", "global")
]


class PageButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"pg:(?P<kind>lb|hi):(?P<page>\d+):(?P<owner>\d+):(?P<who>-?\d+):(?P<game>[\w-]*)",
):
    """A page of a leaderboard (``who``: its scope, a season's negative) or of a history
    (``who``: whose)."""

    def __init__(
        self, kind: str, page: int, owner: int, who: int, game: str, label: str = "?"
    ) -> None:
        custom_id = f"pg:{kind}:{page}:{owner}:{who}:{game}"
        super().__init__(discord.ui.Button(label=label, custom_id=custom_id))
        self.kind, self.page, self.owner, self.who, self.game = kind, page, owner, who, game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PageButton:
        """Rebuild from a clicked custom_id."""
        return cls(
            match["kind"], int(match["page"]), int(match["owner"]), int(match["who"]), match["game"]
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        """Turn the page for whoever asked; anyone else gets that page for themselves."""
        await guarded(interaction, self._run(interaction))

    async def _run(self, interaction: discord.Interaction) -> None:
        if self.game and self.game not in GAMES:
            raise Refusal("error-page-gone")  # a game no longer installed
        if self.kind == "lb" and self.who not in (GLOBAL, interaction.guild_id):
            season = await host_of(interaction).store.seasons.get(-self.who)
            if season is None or season.guild_id != interaction.guild_id:
                raise Refusal("error-page-gone")  # another server's board is not this one's
        if self.kind == "lb":
            embed, view = await leaderboard_page(interaction, self.game, self.who, self.page)
        else:
            embed, view = await history_page(interaction, self.who, self.game or None, self.page)
        if interaction.user.id == self.owner:
            await interaction.response.edit_message(embed=embed, view=view)
        else:
            await interaction.response.send_message(
                embed=embed, view=view or discord.utils.MISSING, ephemeral=True
            )


def _pages(
    interaction: discord.Interaction, kind: str, who: int, game: str, page: int, pages: int
) -> discord.ui.View | None:
    """◀ and ▶ under a list of more than one page."""
    if pages <= 1:
        return None
    view = LastingView()
    owner = interaction.user.id
    for to, key in ((page - 1, "button-page-previous"), (page + 1, "button-page-next")):
        button = PageButton(
            kind, max(0, min(to, pages - 1)), owner, who, game, tr(interaction, key)
        )
        button.item.disabled = not 0 <= to < pages
        view.add_item(button)
    return view


async def visible_guild(interaction: discord.Interaction, user_id: int) -> int | None:
    """The server whose games of ``user_id`` may be shown here (None: every server's)."""
    if await host_of(interaction).store.settings.public(user_id):
        return None
    if interaction.guild_id is not None:
        return interaction.guild_id
    if user_id == interaction.user.id:  # one's own games, in a private conversation
        return None
    raise Refusal("error-profile-private")


async def leaderboard_page(
    interaction: discord.Interaction, game: str, scope: int, page: int
) -> tuple[discord.Embed, discord.ui.View | None]:
    """A page of a game's ranking, and the caller's own place when it is not on it."""
    store = host_of(interaction).store
    lang = lang_of(interaction)
    total = await store.ratings.count(game, scope)
    pages = max(1, math.ceil(total / PAGE))
    page = min(page, pages - 1)
    rows = await store.ratings.leaderboard(game, scope, page * PAGE, PAGE)
    me = human(interaction.user.id)
    mine = await store.ratings.place_of(game, scope, me)
    ids = [r.user_id for _, r in rows if r.user_id] + [interaction.user.id]
    season = await store.seasons.get(-scope) if scope < 0 else None
    guild = season.guild_id if season else scope  # a season's ladder: its server's names
    names = await store.stats.names(ids, guild_id=None if scope == GLOBAL else guild)
    bot = interaction.client.user
    bot_name = clean_name(bot.name, fallback="Tablero") if bot else "Tablero"
    lines = [
        board_row(lang, place, r, player_label(lang, r, names, bot_name), me=r.player == me)
        for place, r in rows
    ]
    if not rows:
        lines.append(t(lang, await _empty_reason(store, game, scope)))
    if mine is not None and all(r.player != me for _, r in rows):
        place, rating = mine
        label = player_label(lang, rating, names, bot_name)
        lines += ["…", board_row(lang, place, rating, label, me=True)]
    elif mine is None and scope == GLOBAL and not await store.settings.public(interaction.user.id):
        lines.append(t(lang, "leaderboard-you-hidden"))
    elif mine is None and rows:
        lines.append(t(lang, "leaderboard-you-unrated"))
    scope_key = "global" if scope == GLOBAL else "season" if season else "server"
    number = await seasons.number_of(store, season) if season else 0
    title = plugin_for(game).words.title(lang)
    embed = discord.Embed(
        title=t(lang, "leaderboard-title", game=title, scope=scope_key, number=number),
        description=whole_rows(lang, lines),
        colour=COLOUR,
    )
    embed.set_footer(text=t(lang, "leaderboard-footer", page=page + 1, pages=pages))
    return embed, _pages(interaction, "lb", scope, game, page, pages)


async def _empty_reason(store: Store, game: str, scope: int) -> str:
    """Why a leaderboard lists nobody: nobody is rated, or (across servers) nobody rated
    made their rating public."""
    if scope < 0:
        return "leaderboard-empty-season"
    if scope != GLOBAL:
        return "leaderboard-empty"
    if await store.ratings.count(game, scope, listed=False):
        return "leaderboard-empty-hidden"
    return "leaderboard-empty-global"


async def history_page(
    interaction: discord.Interaction,
    user_id: int,
    game: str | None,
    page: int,
    user: discord.abc.User | None = None,
) -> tuple[discord.Embed, discord.ui.View | None]:
    """A page of a person's finished games, newest first (``user``: the person, when the
    command names them: their name titles a history without a game to take it from)."""
    store = host_of(interaction).store
    lang = lang_of(interaction)
    guild = await visible_guild(interaction, user_id)
    total = await store.stats.count_finished(user_id, game=game, guild_id=guild)
    pages = max(1, math.ceil(total / PAGE))
    page = min(page, pages - 1)
    games = await store.stats.finished(
        user_id, game=game, guild_id=guild, offset=page * PAGE, limit=PAGE
    )
    here = interaction.guild_id
    rows = [game_row(lang, g, user_id, here) for g in games] or [t(lang, "history-none")]
    who = (await store.stats.names([user_id], guild_id=guild)).get(user_id)
    title = t(
        lang,
        "history-title",
        player=name(who or _user_name(interaction, user_id, user)),
        game=plugin_for(game).words.title(lang) if game else "all",
    )
    embed = discord.Embed(title=title, description=whole_rows(lang, rows), colour=COLOUR)
    where = "everywhere" if guild is None else "server"
    embed.set_footer(
        text=t(lang, "history-footer", page=page + 1, pages=pages, count=total, where=where)
    )
    return embed, _pages(interaction, "hi", user_id, game or "", page, pages)


def _user_name(
    interaction: discord.Interaction, user_id: int, user: discord.abc.User | None
) -> str:
    """A person's name as Discord knows it now (their games have none to give)."""
    if user is None and user_id == interaction.user.id:
        user = interaction.user
    if user is None:
        user = interaction.client.get_user(user_id)
    return shown_name(user) if user is not None else str(user_id)


class Profiles(commands.Cog):
    """Ratings, profiles, histories and statistics (read only)."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.store = bot.store

    @app_commands.command(name=L("cmd-leaderboard"), description=L("cmd-leaderboard-desc"))
    @app_commands.guild_only()
    @app_commands.rename(
        game=L("cmd-leaderboard-game"),
        scope=L("cmd-leaderboard-scope"),
        season=L("cmd-leaderboard-season"),
    )
    @app_commands.describe(
        game=L("cmd-leaderboard-game-desc"),
        scope=L("cmd-leaderboard-scope-desc"),
        season=L("cmd-leaderboard-season-desc"),
    )
    @app_commands.choices(game=GAME_CHOICES, scope=SCOPE_CHOICES)
    async def leaderboard(
        self,
        interaction: discord.Interaction,
        game: str,
        scope: str = "server",
        season: app_commands.Range[int, 1] | None = None,
    ) -> None:
        """A game's ranking on this server (or across servers, or in one of this server's
        seasons: its own ladder), ten a page."""
        check_option_values(interaction)
        guild = guild_of(interaction)  # a server-only command
        number = GLOBAL if scope == "global" else guild
        if season is not None:
            number = (await seasons.numbered(self.store, guild, season)).scope
        embed, view = await leaderboard_page(interaction, game, number, 0)
        await interaction.response.send_message(embed=embed, view=view or discord.utils.MISSING)

    @leaderboard.autocomplete("season")
    @answers_when_busy(0)  # no season has number 0: choosing it is answered "no season 0"
    async def season_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """This server's seasons, newest first: their number, running or over."""
        found = await self.store.seasons.of_guild(guild_of(interaction))
        typed = current.strip()
        lang = lang_of(interaction)
        choices = []
        for number, season in reversed(list(enumerate(found, start=1))):
            if typed.isdigit() and not str(number).startswith(typed):
                continue
            running = "yes" if season.running else "no"
            label = t(lang, "choice-season", number=number, running=running)
            choices.append(app_commands.Choice(name=label[:100], value=number))
        return choices[:OFFERED]

    @app_commands.command(name=L("cmd-profile"), description=L("cmd-profile-desc"))
    @app_commands.rename(user=L("cmd-profile-user"), vs=L("cmd-profile-vs"))
    @app_commands.describe(user=L("cmd-profile-user-desc"), vs=L("cmd-profile-vs-desc"))
    async def profile(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        vs: discord.User | None = None,
    ) -> None:
        """Per game: rating and trend, results, streaks; the last games; a chart."""
        target = user or interaction.user
        if target.bot or (vs is not None and vs.bot):
            raise Refusal("error-profile-bot")
        if vs is not None and vs.id == target.id:
            raise Refusal("error-profile-vs-self")
        guild = await visible_guild(interaction, target.id)
        both = guild if guild is not None or vs is None else await visible_guild(interaction, vs.id)
        await interaction.response.defer(thinking=True)
        lang = lang_of(interaction)
        player = name(shown_name(target))
        embed = discord.Embed(title=t(lang, "profile-title", player=player), colour=COLOUR)
        lines = await self._games(embed, lang, target.id, guild)
        last = await self.store.stats.finished(target.id, guild_id=guild, limit=LAST_GAMES)
        parts = [t(lang, "profile-scope", where="everywhere" if guild is None else "server")]
        if last:
            rows = [game_row(lang, g, target.id, interaction.guild_id) for g in last]
            parts.append(t(lang, "profile-last-games") + "\n" + "\n".join(rows))
        elif not embed.fields:
            parts.append(t(lang, "profile-no-games"))
        embed.description = whole_rows(lang, ["\n\n".join(parts)])
        if vs is not None:
            await self._head_to_head(embed, lang, target.id, vs, both)
        file = discord.utils.MISSING
        if lines:
            png = await asyncio.to_thread(rating_chart, [line for line, _ in lines])
            alt = t(
                lang, "profile-chart-alt", player=player, series=join(lang, [a for _, a in lines])
            )
            file = discord.File(io.BytesIO(png), "rating.png", description=alt[:1024])
            embed.set_image(url="attachment://rating.png")
        await interaction.followup.send(embed=embed, file=file)

    async def _games(
        self, embed: discord.Embed, lang: str, user_id: int, guild: int | None
    ) -> list[tuple[Line, str]]:
        """A field per game played (rating, trend, record); the chart's lines and their alt
        texts. Ratings are the server's, or those across servers where every game shows."""
        scope = GLOBAL if guild is None else guild
        player = human(user_id)
        records = await self.store.stats.records(user_id, guild_id=guild)
        lines: list[tuple[Line, str]] = []
        for index, plugin in enumerate(plugins()):
            rating = await self.store.ratings.get(plugin.name, scope, player)
            record = records.get(plugin.name)
            if record is None and rating is None:
                continue
            title = plugin.words.title(lang)
            trend = await self.store.ratings.trend(plugin.name, scope, player, TREND_GAMES + 1)
            text = record_text(lang, record or PlayerRecord(), rating, trend)
            embed.add_field(name=title, value=text[:FIELD_ROOM], inline=False)
            points = await self.store.ratings.trend(plugin.name, scope, player, CHART_GAMES)
            if points:
                first, last = points[0][1], points[-1][1]
                alt = t(lang, "profile-chart-line", game=title, start=str(first),
                        now=str(last), count=len(points))  # fmt: skip
                lines.append((Line(title, points, index), alt))
        return lines

    async def _head_to_head(
        self,
        embed: discord.Embed,
        lang: str,
        user_id: int,
        other: discord.User | discord.Member,
        guild: int | None,
    ) -> None:
        """A field with the two players' results against each other, per game."""
        met = await self.store.stats.head_to_head(user_id, other.id, guild_id=guild)
        rows = [
            t(
                lang,
                "profile-vs-row",
                game=plugin_for(game).words.title(lang),
                wins=m.wins,
                draws=m.draws,
                losses=m.losses,
            )
            for game, m in met.items()
        ]
        embed.add_field(
            name=t(lang, "profile-vs-title", player=name(shown_name(other))),
            value="\n".join(rows)[:FIELD_ROOM] or t(lang, "profile-vs-none"),
            inline=False,
        )

    @app_commands.command(name=L("cmd-history"), description=L("cmd-history-desc"))
    @app_commands.rename(user=L("cmd-history-user"), game=L("cmd-history-game"))
    @app_commands.describe(user=L("cmd-history-user-desc"), game=L("cmd-history-game-desc"))
    @app_commands.choices(game=GAME_CHOICES)
    async def history(
        self,
        interaction: discord.Interaction,
        user: discord.User | None = None,
        game: str | None = None,
    ) -> None:
        """Finished games, newest first, ten a page (only to you)."""
        check_option_values(interaction)
        target = user or interaction.user
        if target.bot:
            raise Refusal("error-profile-bot")
        embed, view = await history_page(interaction, target.id, game, 0, target)
        await interaction.response.send_message(
            embed=embed, view=view or discord.utils.MISSING, ephemeral=True
        )

    @app_commands.command(name=L("cmd-stats"), description=L("cmd-stats-desc"))
    @app_commands.guild_only()
    @app_commands.rename(game=L("cmd-stats-game"))
    @app_commands.describe(game=L("cmd-stats-game-desc"))
    @app_commands.choices(game=GAME_CHOICES)
    async def stats(self, interaction: discord.Interaction, game: str) -> None:
        """How a game is played on this server."""
        check_option_values(interaction)
        guild_of(interaction)  # a server-only command
        lang = lang_of(interaction)
        found = await self.store.stats.server(game, interaction.guild_id)
        embed = discord.Embed(
            title=t(lang, "stats-title", game=plugin_for(game).words.title(lang)),
            description=server_text(lang, found),
            colour=COLOUR,
        )
        await interaction.response.send_message(embed=embed)


async def setup(bot: Host) -> None:
    """Load the cog and its lasting page buttons."""
    bot.add_dynamic_items(PageButton)
    await bot.add_cog(Profiles(bot))
