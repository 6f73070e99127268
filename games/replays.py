"""A finished game's animated replay, in words: what the drawing process draws for /replay.

The animation is drawn by render/animate.py from the game's public record; this module gives it
the words: each turn's header narrated as the bot narrated it then (from the turn's public
events only), the result as it was announced, the players' names and the game's labels. It
is a background draw (render/steps.py): a frame a step, so that live boards are drawn between
its frames, never behind the whole replay.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Generator, Sequence
from dataclasses import dataclass

from games.plugin import plugin_for
from locales import t
from render.animate import Frame, Header, animation_steps, frames_in_steps
from render.steps import background
from rules import State
from rules.public import has_public_records, public_record
from rules.record import Record
from rules.replay import game_of

#: Discord's limit on an attachment's description (the alt text).
ALT_MAX = 1000
#: What turns symbols into emoji (the variation selector, the zero-width joiner).
JOINERS = "\ufe0f\u200d"
#: Changes when a replay drawn from the same record would look different (its drawing, its
#: words, its encoding): the replays kept on disk under an older one are not served.
VERSION = 2


@dataclass(frozen=True)
class Ending:
    """How a finished game ended, as its replay tells it (the stored result, without storage:
    the drawing process loads nothing of it)."""

    #: the stored reason ("rules", "resign", "timeout", ...)
    reason: str
    winners: tuple[int, ...]
    #: the seat whose act ended the game (None: the rules or an agreement did)
    loser: int | None = None
    #: a moderator's reason
    note: str | None = None

    @property
    def by_the_rules(self) -> bool:
        """Whether the position itself is over (not a resignation, a time-out, ...)."""
        return self.reason == "rules"


def shown_record(record: Record) -> Record:
    """What a replay is drawn from: the public record, so that nothing hidden can reach it;
    for a game without one (a plugin's) the record itself, whose frames are public views."""
    if record.public or not has_public_records(record.game):
        return record
    return public_record(record)


@background
def replay_steps(
    record: Record,
    names: Sequence[str],
    lang: str,
    ending: Ending | None,
    fmt: str | None = None,
    key_turns: tuple[int, ...] = (),
) -> Generator[None, None, tuple[bytes, str]]:
    """The animated replay of the finished game ``record`` (the stored one: only its public
    record is drawn) and its alt text, in ``lang``, a frame a step. ``ending`` says how it
    ended (None: by the rules, or not known); ``key_turns``: the turns its public review
    found key, marked in their frames' headers."""
    # Each whole-game replay below is a step of its own (tens of ms for a long game).
    shown = shown_record(record)
    yield
    plugin = plugin_for(shown.game)
    by_table = ending is not None and not ending.by_the_rules
    frames, last = yield from frames_in_steps(shown, ending.winners if by_table else None)
    turns = len(frames) - 1
    outcome = plain(result_text(shown, names, lang, ending, last))
    yield
    words = plugin.words
    headers = [
        _header(words.narrate(lang, f.events, names), f, turns, lang, f.turn in key_turns)
        for f in frames[:-1]
    ]
    headers.append(Header(t(lang, "replay-result"), outcome))
    yield
    labels = plugin.drawing.image_labels(lang)
    data = yield from animation_steps(frames, headers, names, labels, fmt)
    alt = t(
        lang,
        "replay-alt",
        game=words.title(lang),
        players=" – ".join(names),
        count=turns,
        result=outcome,
    )
    return data, alt[:ALT_MAX]


def _header(narration: str, frame: Frame, turns: int, lang: str, key: bool = False) -> Header:
    title = t(lang, "replay-turn", number=frame.turn or 0, count=turns)
    if key:  # a key moment of the game's review
        title = f"{title} · {t(lang, 'replay-key-moment')}"
    return Header(title, plain(narration))


def result_text(
    record: Record,
    names: Sequence[str],
    lang: str,
    ending: Ending | None,
    state: State | None = None,
) -> str:
    """How the game ended, as the bot announced it (``state``: the position after all of
    ``record``'s moves, if known already)."""
    if ending is not None and ending.loser is not None:
        winners = " / ".join(names[w] for w in ending.winners)
        loser, reason = names[ending.loser], ending.note or "—"
        return t(lang, f"result-{ending.reason}", loser=loser, winner=winners, reason=reason)
    if state is None:
        state = game_of(record).replay(record.players, record.seed, record.options, record.moves)
    if not state.outcome().finished:
        return t(lang, "replay-ended")
    return plugin_for(record.game).words.result(lang, state, names)


def plain(text: str) -> str:
    """Chat text as picture text: no Markdown, no emoji (the board font has none), one
    paragraph (lines joined by a middle dot, without their bullets)."""
    for mark in ("**", "__", "`"):
        text = text.replace(mark, "")
    kept = "".join(
        c for c in text if unicodedata.category(c) not in ("So", "Cs", "Co") and c not in JOINERS
    )
    lines = [" ".join(line.split()).lstrip("•·- ") for line in kept.splitlines()]
    return " · ".join(line for line in lines if line)
