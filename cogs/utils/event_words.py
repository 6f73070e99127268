"""Events in words: the announcement, standings rows, a round's tables, within Discord's limits.

Pure formatting (no posting): everything a user or a moderator chose (names, the event's
name) is shortened and escaped, and lists are cut or packed at whole lines so that no
message passes 2,000 characters and no embed description 4,096.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from cogs.utils.standings import name as list_name
from cogs.utils.turn_words import control
from data import Entrant, Pairing, Tournament
from games.plugin import plugin_for
from locales import join, t
from render.standings import StandingsRow

if TYPE_CHECKING:
    from table.pairing import Standing

MESSAGE_ROOM = 2000  #: Discord's characters in a message
DESCRIPTION_ROOM = 4000  #: of an embed description's 4,096, with room for "… and N more"
NONCE_ROOM = 25  #: Discord's characters in a message nonce


def points_text(lang: str, value: float) -> str:
    """'3', '2½', '½'; a share of table points not in halves as '2.33' ('2,33' in Spanish)."""
    whole, half = divmod(round(value * 2), 2)
    if abs(value * 2 - round(value * 2)) < 1e-9:
        if not half:
            return str(whole)
        return f"{whole or ''}½"
    text = f"{value:.2f}"
    return text.replace(".", ",") if lang == "es" else text


def rounds_text(lang: str, event: Tournament) -> str:
    """'4 rounds', or for a round robin not yet started, that everyone meets everyone."""
    if event.rounds is None:
        return t(lang, "event-rounds-all")
    return t(lang, "event-rounds", count=event.rounds)


def details(event: Tournament) -> str:
    """'Stonehenge · Swiss · 4 rounds · 3 days per move · rated'."""
    lang = event.lang
    words = plugin_for(event.game).words
    parts = [words.title(lang), t(lang, f"event-format-{event.format}"), rounds_text(lang, event)]
    if chosen := words.option_summary(lang, event.options, 1):
        parts.append(chosen)  # the game's own options: 'hidden druids'
    if clock := control(lang, event.days_per_move, event.control):
        parts.append(clock)  # '3 days per move', '7 days + 1 a move (at most 14), weekends off'

    parts.append(t(lang, "event-rated", rated="yes" if event.rated else "no"))
    if event.undo:
        parts.append(t(lang, "event-undo"))
    return " · ".join(parts)


def whole_lines(lang: str, lines: Sequence[str], room: int) -> str:
    """As many whole lines as fit ``room`` characters, then how many were left out."""
    used = 0
    for count, line in enumerate(lines):
        left = len(lines) - count
        more = len(t(lang, "event-more", count=left - 1)) + 1
        # This line goes in if it fits with the note that would follow it (none after
        # the last line).
        if used + len(line) + (more if left > 1 else 0) > room:
            return "\n".join([*lines[:count], t(lang, "event-more", count=left)])
        used += len(line) + 1
    return "\n".join(lines)


def announcement(event: Tournament, entrants: Sequence[Entrant]) -> discord.Embed:
    """The announcement: what, how, until when, and who has entered."""
    lang = event.lang
    status = {
        "running": t(lang, "event-status-running", round=event.round, rounds=event.rounds or 0),
        "finished": t(lang, "event-status-finished"),
        "cancelled": t(lang, "event-status-cancelled"),
    }.get(event.status)
    if status is None and event.signup_ends is not None:
        status = t(lang, "event-signup-ends", when=f"<t:{int(event.signup_ends)}:R>")
    elif status is None:
        status = t(lang, "event-signup-open")
    head = [
        details(event),
        t(lang, "event-players", min=event.min_players, max=event.max_players),
        status,
        "",
    ]
    rows = []
    for number, entrant in enumerate(entrants, 1):
        shown = list_name(entrant.name)
        if entrant.withdrawn_round is not None:
            shown = t(lang, "event-entrant-withdrawn", name=shown, round=entrant.withdrawn_round)
        rows.append(f"{number}. {shown}")
    still_in = sum(e.withdrawn_round is None for e in entrants)
    if rows:
        head.append(t(lang, "event-entrants", count=still_in))
    else:
        head.append(t(lang, "event-no-entrants"))
    top = "\n".join(head)
    body = whole_lines(lang, rows, DESCRIPTION_ROOM - len(top) - 1) if rows else ""
    embed = discord.Embed(
        title=f"🏆 {list_name(event.name)}"[:256],
        description="\n".join(part for part in (top, body) if part),
        colour=discord.Colour.gold(),
    )
    embed.set_footer(text=t(lang, "event-footer", number=event.id))
    return embed


def standing_rows(
    event: Tournament, standings: Sequence[Standing], names: dict[int, str], lang: str
) -> list[str]:
    """One line a player, in rank order: rank, name, points and tie-breaks, games."""
    rows = []
    for row in standings:
        name = list_name(names.get(row.player, str(row.player)))
        points = points_text(lang, row.points)
        if event.format == "tables":
            score = points_text(lang, row.tiebreaks[0] if row.tiebreaks else 0)
            line = t(
                lang,
                "event-row-tables",
                rank=row.rank,
                name=name,
                points=points,
                score=score,
                played=row.played,
            )
        else:
            buchholz, sb = (*row.tiebreaks, 0.0, 0.0)[:2]
            line = t(
                lang,
                "event-row-pairs",
                rank=row.rank,
                name=name,
                points=points,
                buchholz=points_text(lang, buchholz),
                sb=points_text(lang, sb),
                played=row.played,
            )
        rows.append(line)
    return rows


def table_lines(
    event: Tournament,
    pairings: Sequence[Pairing],
    where: dict[int, str],
    lang: str,
    names: dict[int, str],
) -> list[str]:
    """A round's tables: '**1.** @Ana – @Luis #thread', the bye, or who sits out. A player
    who asked to be forgotten (/forget-me: a stand-in id below zero) is named, not mentioned."""
    lines = []
    for pairing in pairings:
        who = [f"<@{p}>" if p > 0 else list_name(names.get(p, "?")) for p in pairing.players]
        if pairing.game_id is None:
            key = "event-bye" if event.format == "swiss" else "event-sits-out"
            lines.append(t(lang, key, player=join(lang, who)))
            continue
        line = t(lang, "event-board", board=pairing.board, players=" – ".join(who))
        lines.append(f"{line} {where.get(pairing.game_id, f'#{pairing.game_id}')}")
    return lines


def game_ranges(game_ids: Sequence[int]) -> str:
    """'#3–#6, #9': the numbers of an event's games, runs written as ranges."""
    runs: list[list[int]] = []
    for game_id in sorted(set(game_ids)):
        if runs and game_id == runs[-1][1] + 1:
            runs[-1][1] = game_id
        else:
            runs.append([game_id, game_id])
    return ", ".join(f"#{a}" if a == b else f"#{a}–#{b}" for a, b in runs)


def pack(lines: Sequence[str], room: int = MESSAGE_ROOM) -> list[str]:
    """``lines`` packed into as few messages as hold them whole (a line too long for one
    message is cut: only a name repeated could make one so)."""
    messages: list[str] = []
    current = ""
    for line in lines:
        line = line[:room]
        if current and len(current) + 1 + len(line) > room:
            messages.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        messages.append(current)
    return messages


def part_nonce(nonce: str, part: int) -> str:
    """The nonce of the ``part``-th message of one post (Discord keeps 25 characters)."""
    if part == 0:
        return nonce[:NONCE_ROOM]
    tail = f"/{part}"
    return nonce[: NONCE_ROOM - len(tail)] + tail


def picture_rows(
    event: Tournament, standings: Sequence[Standing], names: dict[int, str]
) -> list[StandingsRow]:
    """The standings as the picture shows them (every value written as in the text)."""
    lang = event.lang
    return [
        StandingsRow(
            rank=row.rank,
            name=names.get(row.player, str(row.player)),
            points=points_text(lang, row.points),
            tiebreaks=tuple(points_text(lang, value) for value in row.tiebreaks),
            played=row.played,
        )
        for row in standings
    ]


def picture_headers(event: Tournament) -> list[str]:
    """The columns' headings in the event's language."""
    lang = event.lang
    breaks = ("score",) if event.format == "tables" else ("buchholz", "sb")
    keys = ("rank", "name", "points", *breaks, "played")
    return [t(lang, f"event-col-{key}") for key in keys]
