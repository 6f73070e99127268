"""How a turn reads: its post's text (who played what, who is next, how it ended, ratings),
time left in days and hours, a game's time control in a few words."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from data import Ending, GameRecord, TimeControl
from data.ratings import bot, human
from games.plugin import plugin_for
from games.words import Words
from locales import t
from table.turn import StoredTurn

DAY = 86400.0
HOUR = 3600.0
#: characters a name with its clock may take in a board's panel (the narrowest: Islas's),
#: and the fewest of the name kept
PANEL_ROOM = 17
NAME_LEAST = 6


def left(lang: str, seconds: float) -> str:
    """'2d 14h': whole days and hours left (rounded down: never more than there is)."""
    seconds = max(0.0, seconds)
    days, rest = divmod(int(seconds), int(DAY))
    return t(lang, "clock-left", days=days, hours=rest // int(HOUR))


def clocks(lang: str, record: GameRecord, seconds: Sequence[tuple[int, float]]) -> str:
    """'Ana 2d 14h, Luis 2d 0h': each timed seat's name and time left."""
    names = record.names()
    return ", ".join(
        t(lang, "clock-of", name=names[seat], left=left(lang, s)) for seat, s in seconds
    )


def shown(
    record: GameRecord, seconds: Sequence[tuple[int, float]], to_move: int | None
) -> list[tuple[int, float]]:
    """The clocks a post shows: every bank; with days per move, only the mover's."""
    if to_move is None:
        return []
    return [c for c in seconds if record.control.bank is not None or c[0] == to_move]


def board_names(
    record: GameRecord,
    seconds: Sequence[tuple[int, float]],
    to_move: int | None,
    lang: str | None = None,
) -> tuple[str, ...]:
    """The names a board's panels show, each with its bank's time left: 'Ana · 6d 23h' (a
    long name is cut first, so that its clock stays in the panel), in ``lang`` (else the
    game's). Only games with a bank:
    with days per move every turn starts full, as the deadline in the post says."""
    names = list(record.names())
    if record.control.bank is None:
        return tuple(names)
    for seat, s in shown(record, seconds, to_move):
        clock = f" · {left(lang or record.lang, s)}"
        room = max(NAME_LEAST, PANEL_ROOM - len(clock))
        name = names[seat] if len(names[seat]) <= room else names[seat][: room - 1] + "…"
        names[seat] = name + clock
    return tuple(names)


def _n(days: float) -> int | float:
    return int(days) if float(days).is_integer() else days


def control(lang: str, days_per_move: int | None, control: TimeControl) -> str:
    """'7 days + 1 a move (at most 14), weekends off'; '' for a game without a clock."""
    parts = []
    if control.bank is not None and not control.increment:  # never refilled: the cap is moot
        parts.append(t(lang, "option-bank-only", bank=_n(control.bank)))
    elif control.bank is not None:
        cap = control.cap or control.bank
        parts.append(
            t(
                lang,
                "option-bank",
                bank=_n(control.bank),
                increment=_n(control.increment),
                cap=_n(cap),
            )
        )
    elif days_per_move:
        parts.append(t(lang, "option-days", count=days_per_move))
    if control.weekends:
        parts.append(t(lang, "option-weekends"))
    return ", ".join(parts)


def post_text(turn: StoredTurn, note: str | None = None) -> str:
    """The text of ``turn``'s post: intro, what happened, who is next or how it ended."""
    record = turn.record
    words = plugin_for(record.game).words
    lines = [_intro(words, turn)] if record.version == 0 else []
    if lines and record.title:  # a tournament's game says which event, round and table
        lines.insert(0, f"🏆 **{discord.utils.escape_markdown(record.title)}**")
    if note:
        lines.append(note)
    if turn.headline is not None:
        lines.append(turn.headline)
    if turn.events:
        lines.append(words.narrate(record.lang, turn.events, record.names()))
    lines.append(_status_line(words, turn))
    return "\n".join(line for line in lines if line)[:2000]


def _intro(words: Words, turn: StoredTurn) -> str:
    """'Stonehenge, game 2 of 3: Ana – Luis.'"""
    record = turn.record
    players = " – ".join(
        _with_seat(name, words.seat_name(record.lang, seat))
        for seat, name in enumerate(record.names())
    )
    title = words.title(record.lang)
    if turn.series is None:
        return t(record.lang, "game-intro", game=title, players=players)
    return t(
        record.lang,
        "game-intro-series",
        game=title,
        players=players,
        index=record.series_index + 1,
        length=turn.series.length,
    )


def _status_line(words: Words, turn: StoredTurn) -> str:
    record = turn.record
    lang, names = record.lang, record.names()
    if turn.to_move is not None:
        seat = turn.to_move
        seat_name = words.seat_name(lang, seat)
        if record.is_bot(seat):  # no mention, no deadline: the bot is on it
            return t(lang, "turn-next-bot", name=_with_seat(names[seat], seat_name))
        if record.bot_moves(seat):  # a seat the bot holds: no mention, no deadline either
            return t(lang, "turn-next-held", name=_with_seat(names[seat], seat_name))
        mention = f"<@{record.user_of(seat)}>"
        if seat_name is None:
            line = t(lang, "turn-next", mention=mention)
        else:
            line = t(lang, "turn-next-seat", mention=mention, seat=seat_name)
        if turn.away_until is not None:  # their clock stands still until they are back
            line += " " + t(lang, "turn-away", until=f"<t:{int(turn.away_until)}:R>")
        if turn.deadline is not None:
            line += " " + t(lang, "turn-deadline", deadline=f"<t:{int(turn.deadline)}:R>")
        # Time left: every seat's bank; with days per move, the mover's days.
        timed = shown(record, turn.clocks, seat)
        if timed:
            line += "\n" + t(lang, "turn-time-left", clocks=clocks(lang, record, timed))
            if record.control.weekends:
                line += " " + t(lang, "turn-weekends-off")
        return line
    result = record.result
    if result is not None and result.loser is not None:
        line = t(
            lang,
            f"result-{result.ending}",
            loser=names[result.loser],
            winner=" / ".join(names[w] for w in result.winners),
            reason=result.note or "—",  # a moderator's, who scored the game a loss
        )
    elif result is not None and result.ending is Ending.MODERATOR:
        line = t(lang, "result-moderator", reason=result.note or "—")
    elif result is not None and result.ending is Ending.DRAW and result.note is not None:
        line = t(lang, "result-moderator-draw", reason=result.note)
    elif result is not None and result.ending is Ending.DRAW:
        key = "result-draw" if record.players == 2 else "result-agreed"
        line = t(lang, key, winner=" / ".join(names[w] for w in result.winners))
    else:
        line = words.result(lang, turn.history.state, names)
    if turn.series is not None:
        done = list(turn.series.results)
        line += "\n" + words.series_text(lang, done, names, turn.series.length)
    ratings = _rating_changes(turn)
    hint = t(lang, "game-over-hint", number=record.id)  # what a finished game offers
    return "\n".join(part for part in (line, ratings, hint) if part)


def _rating_changes(turn: StoredTurn) -> str:
    """'📈 Ratings here: Ana 1000 → 1107?, Luis 1000 → 893?' ('?': still provisional)."""
    if not turn.ratings:
        return ""
    record = turn.record
    by_player = {(bot(s.level) if s.level else human(s.user_id)): s.name for s in record.seats}
    shown = [
        f"{by_player.get(after.player, '?')} {before} → {after.value}"
        + ("?" if after.provisional else "")
        for after, before in turn.ratings
    ]
    line = t(record.lang, "ratings-changed", changes=", ".join(shown))
    if any(s.level for s in record.seats):  # only the bot's level moved against it
        line += "\n" + t(record.lang, "ratings-bot-note")
    return line


def _with_seat(name: str, seat_name: str | None) -> str:
    return name if seat_name is None else f"{name} ({seat_name})"
