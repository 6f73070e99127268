"""Ratings and finished games in words: leaderboard rows, game rows, records, server stats.

Only what was public when a game ended goes in: names as seated (the bot's seat says its
level: 'Tablero · hard'), the result, when, where. Every name is shortened and escaped, and
lists are cut at whole rows to fit an embed.
"""

from __future__ import annotations

import discord

from data import Ending, Finished, PlayerRecord, Rating, ServerStats
from data.stats import result_for
from games.plugin import plugin_for
from locales import join, t
from rules.text import clean_name
from table.refusal import shorten

NAME_LIMIT = 32  #: Discord's longest display name
#: An embed's description holds 4096 characters; what is cut is said in a last line.
DESCRIPTION_ROOM = 3900
FIELD_ROOM = 1024


def name(text: str) -> str:
    """A stored name fit for a list: one line, at most a display name long, no markdown."""
    return discord.utils.escape_markdown(shorten(clean_name(text, 4 * NAME_LIMIT), NAME_LIMIT))


def rating_text(lang: str, rating: Rating) -> str:
    """'1043' or '1043?' while provisional."""
    # A string: a rating is a score, not an amount (no "1,043").
    value = str(rating.value)
    return t(lang, "rating-value", value=value, provisional=_yes(rating.provisional))


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def player_label(lang: str, rating: Rating, names: dict[int, str], bot_name: str) -> str:
    """Who a rating belongs to: a person's latest name, or the bot at a level."""
    if rating.level is not None:
        level = t(lang, f"level-{rating.level}")
        return "🤖 " + name(t(lang, "bot-name", name=bot_name, level=level))
    user_id = rating.user_id or 0
    return name(names.get(user_id, str(user_id)))


def board_row(lang: str, place: int, rating: Rating, label: str, *, me: bool = False) -> str:
    """One line of a leaderboard (the caller's own in bold)."""
    return t(
        lang,
        "leaderboard-row",
        place=place,
        player=label,
        rating=rating_text(lang, rating),
        count=rating.games,
        me=_yes(me),
    )


def link(game: Finished, here: int | None) -> str:
    """Where a game was played: a channel mention on this server, a link elsewhere."""
    if game.guild_id == here:
        return f"<#{game.place_id}>"
    return f"https://discord.com/channels/{game.guild_id or '@me'}/{game.place_id}"


def outcome_key(game: Finished, seat: int) -> str:
    """win, draw, loss, resigned or timeout: how the game ended for ``seat``."""
    result = game.result
    if result.loser == seat and result.ending is Ending.RESIGN:
        return "resigned"
    if result.loser == seat and result.ending is Ending.TIMEOUT:
        return "timeout"
    return result_for(result, seat).value


def game_row(lang: str, game: Finished, user_id: int, here: int | None) -> str:
    """'✅ Won · Stonehenge against Luis · 30 Nov · #thread' from ``user_id``'s seat."""
    seat = game.seat_of(user_id)
    others = [name(s.name) for s in game.seats if s.seat != seat]
    return t(
        lang,
        "history-row",
        result=outcome_key(game, seat) if seat is not None else "loss",
        game=plugin_for(game.game).words.title(lang),
        opponents=join(lang, others),
        date=f"<t:{int(game.finished_at)}:d>",
        link=link(game, here),
    )


def whole_rows(lang: str, rows: list[str], room: int = DESCRIPTION_ROOM) -> str:
    """As many whole rows as fit ``room``, then how many were left out."""
    shown: list[str] = []
    for row in rows:
        if len(row) + 1 > room - 40:  # 40: the "… and N more" line
            break
        shown.append(row)
        room -= len(row) + 1
    if len(shown) < len(rows):
        shown.append(t(lang, "games-more", count=len(rows) - len(shown)))
    return "\n".join(shown)


def record_text(
    lang: str, record: PlayerRecord, rating: Rating | None, trend: list[tuple[float, int]]
) -> str:
    """A game's part of a profile: rating and its trend, games, results, streaks."""
    if rating is None:
        lines = [t(lang, "profile-unrated")]
    else:
        lines = [t(lang, "profile-rating", rating=rating_text(lang, rating))]
        if len(trend) > 1:
            change = trend[-1][1] - trend[0][1]
            arrow = f"▲ {change}" if change > 0 else f"▼ {-change}" if change < 0 else "="
            lines[0] += " " + t(lang, "profile-trend", change=arrow, count=len(trend) - 1)
    lines.append(
        t(
            lang,
            "profile-record",
            count=record.games,
            wins=record.wins,
            draws=record.draws,
            losses=record.losses,
            rate=round(100 * record.win_rate),
        )
    )
    lines.append(t(lang, "profile-streak", streak=record.streak, best=record.best_streak))
    return "\n".join(lines)


def server_text(lang: str, stats: ServerStats) -> str:
    """/stats: games, the first seat's wins, lengths, the most active players."""
    if not stats.finished:
        return t(lang, "stats-no-games", active=stats.active)
    lines = [
        t(lang, "stats-games", count=stats.finished, active=stats.active),
        t(
            lang,
            "stats-first-seat",
            rate=round(100 * stats.first_seat_wins / stats.finished),
            wins=stats.first_seat_wins,
            count=stats.finished,
            draws=stats.draws,
        ),
        _length(lang, stats),
    ]
    if stats.most_active:
        players = [
            t(lang, "stats-player", player=name(who), count=games)
            for _, who, games in stats.most_active
        ]
        lines.append(t(lang, "stats-most-active", players=", ".join(players)))
    return "\n".join(lines)


def _length(lang: str, stats: ServerStats) -> str:
    """Average moves and time of a game: in days, or in hours when under a day."""
    days = stats.average_days
    unit, length = ("days", days) if days >= 1 else ("hours", days * 24)
    moves = round(stats.average_moves)
    return t(lang, "stats-length", moves=moves, unit=unit, length=round(length, 1))
