"""A review drawn and worded: what the bot's review worker computes for /review.

``review_job`` runs in the review worker (``table.thinker``): it computes the figures of a
game's review (``ai.review``) unless they are stored already, then draws them through the
game's registration (its board drawing) and words them in the asker's language. Every board
and word of a public review comes from the game's public record (``ai.review.shown_of``), and
of a seat's own review from that seat's public record: nothing else is read for them.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ai.player import has_computer
from ai.review import Moment, Review, ReviewBudget, announced_turns, public_review, seat_review
from ai.review import shown_of as review_record
from games.plugin import plugin_for
from locales import t
from render.review import ChanceLine, Panel, chance_chart, colour_of, moment_image
from rules.base import RulesError
from rules.record import Record

#: Discord's limit on an attachment's description (the alt text).
ALT_MAX = 1000


@dataclass(frozen=True)
class Picture:
    """One image of a review, its file name and its alt text."""

    name: str
    png: bytes
    alt: str


@dataclass(frozen=True)
class ReviewDrawn:
    """A review's figures (to store), its pictures, and its key moments in words."""

    figures: dict[str, Any]
    pictures: tuple[Picture, ...]
    lines: tuple[str, ...]
    story: str
    #: the processor time the worker spent on it, in seconds (computing and drawing)
    cpu_seconds: float = 0.0


def review_job(
    record: dict[str, Any],
    seat: int | None,
    figures: dict[str, Any] | None,
    budget: dict[str, int],
    seed: int,
    lang: str,
    names: Sequence[str],
    home: str | None = None,
) -> ReviewDrawn:
    """The review of the full ``record`` for ``seat`` (None: the public one), computed unless
    ``figures`` holds it, drawn and worded in ``lang``. ``home``: the module that registers
    the game, for a worker that knows the installed games only."""
    started = time.process_time()
    full = Record.from_json(record)
    if home is not None and not has_computer(full.game):
        importlib.import_module(home)
    if figures is not None:
        review = Review.from_json(figures)
    elif seat is None:
        review = public_review(full, ReviewBudget(**budget), seed)
    else:
        review = seat_review(full, seat, ReviewBudget(**budget), seed)
    drawn = draw_review(full, review, lang, names)
    return replace(drawn, cpu_seconds=round(time.process_time() - started, 2))


def percent(chance: float | None) -> int:
    """A chance as a whole percentage."""
    return round((chance or 0.0) * 100)


def draw_review(record: Record, review: Review, lang: str, names: Sequence[str]) -> ReviewDrawn:
    """The chart and key moments of ``review`` of ``record`` (slow: a worker's job)."""
    plugin = plugin_for(record.game)
    chances = review.chances()
    lines = [
        ChanceLine(
            names[seat],
            seat,
            [c[seat] for c in chances],
            [m.turn for m in review.moments if m.seat == seat],
        )
        for seat in range(review.players)
    ]
    story = tell(review, lang, names)
    chart = Picture(
        f"review-{record.game}-chart.png",
        chance_chart(lines, t(lang, "review-axis")),
        t(lang, "review-chart-alt", story=story)[:ALT_MAX],
    )
    shown = review_record(record, review.seat)
    boundaries = announced_turns(shown)
    pictures, words = [chart], []
    for index, moment in enumerate(review.moments, 1):
        boundary = boundaries[moment.turn - 1]
        panels = [
            Panel(
                t(
                    lang,
                    "review-played",
                    move=", ".join(moment.played),
                    chance=percent(moment.played_chance),
                ),
                plugin.drawing.render(lang, boundary.after, review.seat, names),
                colour_of(moment.seat),
            )
        ]
        if moment.preferred is not None:
            try:
                position = boundary.before.clone()
                position.play(moment.preferred)
                board = plugin.drawing.render(lang, position, review.seat, names)
                bot = t(
                    lang,
                    "review-preferred",
                    move=moment.preferred,
                    chance=percent(moment.preferred_chance),
                )
                panels.append(Panel(bot, board))
            except RulesError:  # a move that needs a part nobody saw to be drawn
                pass
        title = t(
            lang,
            "review-moment-title",
            turn=moment.turn,
            name=names[moment.seat],
            before=percent(moment.before),
            after=percent(moment.after),
        )
        alt = _moment_words(moment, lang, names)
        pictures.append(
            Picture(
                f"review-{record.game}-moment-{index}.png",
                moment_image(title, panels),
                alt[:ALT_MAX],
            )
        )
        words.append(alt)
    return ReviewDrawn(review.to_json(), tuple(pictures), tuple(words), story)


def _moment_words(moment: Moment, lang: str, names: Sequence[str]) -> str:
    """A key moment in a sentence or two (its picture's alt text, and a line of the post)."""
    text = t(
        lang,
        "review-moment",
        turn=moment.turn,
        name=names[moment.seat],
        move=", ".join(moment.played),
        before=percent(moment.before),
        after=percent(moment.after),
    )
    if moment.preferred is None:
        return f"{text} {t(lang, 'review-moment-no-better')}"
    better = t(
        lang,
        "review-moment-better",
        move=moment.preferred,
        chance=percent(moment.preferred_chance),
        played=percent(moment.played_chance),
    )
    return f"{text} {better}"


def tell(review: Review, lang: str, names: Sequence[str]) -> str:
    """The story of the chart in words: who led, when the lead changed, the costliest move,
    and how it stood at the end."""
    chances = review.chances()
    said: list[str] = []
    leader = None
    changes = 0
    for number, row in enumerate(chances[1:], 1):
        best = max(range(len(row)), key=lambda s: (row[s], -s))
        if row.count(row[best]) > 1 or best == leader:
            continue
        if leader is None:
            said.append(t(lang, "review-story-lead", name=names[best], turn=number))
        elif changes < 4:
            said.append(t(lang, "review-story-change", name=names[best], turn=number))
        changes += leader is not None
        leader = best
    if review.moments:
        worst = max(review.moments, key=lambda m: (m.before - m.after, -m.turn))
        said.append(
            t(
                lang,
                "review-story-drop",
                name=names[worst.seat],
                turn=worst.turn,
                move=", ".join(worst.played),
                before=percent(worst.before),
                after=percent(worst.after),
            )
        )
    final = chances[-1]
    standing = ", ".join(
        t(lang, "review-standing", name=names[s], chance=percent(final[s]))
        for s in range(len(final))
    )
    said.append(t(lang, "review-story-end", standing=standing))
    return " ".join(said)
