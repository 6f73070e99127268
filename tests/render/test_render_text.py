"""Any text, drawn: every renderer takes any name or label (line breaks, control and format
characters, surrogates, unassigned code points, right-to-left, emoji, combining marks, very
long) and draws it without raising."""

from __future__ import annotations

import io
import random
import unicodedata
from collections.abc import Mapping

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from render import render
from render.animate import Header, animate, notation_headers, replay_frames
from render.charts import Line, rating_chart
from render.common import draw_text, fit_name, fit_text, text_width
from render.islas import LABELS as ISLAS_LABELS
from render.islas import render_islas_choices
from render.kahuna import LABELS as KAHUNA_LABELS
from render.kahuna import render_kahuna_hand
from render.review import ChanceLine, Panel, chance_chart, moment_image
from render.stonehenge import LABELS as STONEHENGE_LABELS
from rules import get_game
from rules.history import History
from rules.record import Record
from rules.text import FALLBACK_NAME, MAX_MARKS, NAME_LIMIT, clean_name

#: What names really hold, and what breaks text layout.
TRICKY = [
    "\n", "\r", "\r\n", "\t", "\x00", "\x07", "\x1b[31m", "\x7f", "\x85", "\u2028", "\u2029",
    "\u200b", "\u200d", "\u200e", "\u200f", "\u202e", "\u2066", "\ufeff", "\U000e0041",
    "\ud800", "\udfff", "\U0010ffff", "\ufff0", "\u0301" * 30, "\u0e49" * 8,
    "مرحبا", "שלום", "👨‍👩‍👧‍👦", "🏳️‍🌈", "🇪🇸", "Ω", "ß", "ﷺ", "𒐫", "꧅", "\u3000", "\xa0",
]  # fmt: skip
PIECES = st.one_of(st.characters(exclude_categories=()), st.sampled_from(TRICKY))
SHORT = st.lists(PIECES, max_size=30).map("".join)
LONG = st.lists(PIECES, min_size=200, max_size=600).map(lambda s: "".join(s) * 8)
TEXT = st.one_of(SHORT, SHORT, LONG, st.sampled_from(["", " ", "\n", "a\nb", "\r"]))
#: Labels are translations, not people's words, but are drawn the same way: any text but
#: the braces of a placeholder.
LABEL = TEXT.map(lambda s: s.replace("{", "(").replace("}", ")"))

FUZZ = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def _played(game: str, players: int, moves: int, seed: int = 5) -> History:
    rng = random.Random(seed)
    history = History(get_game(game), players, seed, {})
    while history.state.turn is not None and len(history.plies) < moves:
        history.apply(rng.choice(history.state.legal_moves()))
    return history


def _labels(defaults: Mapping[str, str], text: str) -> dict[str, str]:
    """Every label of a renderer as ``text`` (the placeholder of a numbered one kept)."""
    return {key: text + ("{n}" if "{n}" in value else "") for key, value in defaults.items()}


@FUZZ
@given(TEXT, SHORT)
def test_the_text_helpers_take_any_text(text: str, other: str) -> None:
    image = Image.new("RGB", (400, 120))
    draw = ImageDraw.Draw(image)
    assert text_width(text, 20) >= 0
    cut = fit_text(text, 20, 300)
    assert text_width(cut, 20) <= 300 or len(cut) <= 1
    name, size = fit_name(text, 30, 200)
    assert 0 < size <= 30 and "\n" not in name
    for anchor in ("la", "lm", "mm", "rm", "ls"):
        draw_text(draw, (50, 60), text + other, 24, (255, 255, 255), anchor=anchor)
        draw_text(draw, (0, 0), other, 24, (255, 255, 255), anchor=anchor, outline=(0, 0, 0))


@FUZZ
@given(TEXT, TEXT, LABEL)
def test_the_stonehenge_and_kahuna_boards_draw_any_names(a: str, b: str, label: str) -> None:
    for game, defaults in (("stonehenge", STONEHENGE_LABELS), ("kahuna", KAHUNA_LABELS)):
        state = _played(game, 2, 6).state
        _png(render(state.view(None), names=(a, b)))
        _png(render(state.view(0), names=(b, a), labels=_labels(defaults, label)))


@FUZZ
@given(st.lists(TEXT, min_size=3, max_size=5), LABEL)
def test_the_islas_board_and_its_picker_draw_any_names(names: list[str], label: str) -> None:
    state = _played("islas", len(names), 5).state
    labels = _labels(ISLAS_LABELS, label)
    _png(render(state.view(None), names=names))
    _png(render(state.view(0), names=names, labels=labels))
    view = state.view(state.turn)
    spot = view.spots[0].label
    _png(render_islas_choices(view, spot, labels=labels))


@FUZZ
@given(LABEL)
def test_the_kahuna_hand_draws_any_labels(label: str) -> None:
    state = _played("kahuna", 2, 4).state
    _png(render_kahuna_hand(state.view(0), labels=_labels(KAHUNA_LABELS, label)))


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXT, TEXT, TEXT)
def test_the_replay_animation_draws_any_names_and_headers(a: str, b: str, said: str) -> None:
    history = _played("stonehenge", 2, 4)
    record = Record("stonehenge", 2, 5, {}, tuple(history.moves))
    frames = replay_frames(record)
    headers = notation_headers(frames, (a, b), said)
    headers[0] = Header(said, a + "\n" + b)
    assert animate(frames, headers, (a, b), fmt="gif")[:3] == b"GIF"


@FUZZ
@given(st.lists(LABEL, min_size=1, max_size=3))
def test_the_profile_chart_draws_any_labels(labels: list[str]) -> None:
    points = [(1_800_000_000.0 + n * 86400, 1000 + 7 * n) for n in range(12)]
    lines = [Line(label, points, i) for i, label in enumerate(labels)]
    _png(rating_chart(lines))


@FUZZ
@given(st.lists(LABEL, min_size=1, max_size=5), LABEL, TEXT)
def test_a_reviews_pictures_draw_any_names_and_words(
    names: list[str], axis: str, said: str
) -> None:
    lines = [
        ChanceLine(name, seat, [0.5, 0.2 + 0.1 * seat, 0.9], [1]) for seat, name in enumerate(names)
    ]
    _png(chance_chart(lines, axis))
    board = chance_chart(lines[:1], "")
    _png(moment_image(said, [Panel(said, board), Panel(axis, board)]))


@settings(max_examples=300, deadline=None)
@given(TEXT)
def test_a_cleaned_name_is_one_short_visible_line_and_stays_so(text: str) -> None:
    name = clean_name(text)
    assert name and name == name.strip() and "  " not in name
    assert len(name) <= NAME_LIMIT
    assert all(unicodedata.category(c) not in ("Cc", "Cs", "Cn", "Zl", "Zp") for c in name)
    assert all(unicodedata.category(c) != "Cf" or c in "\u200c\u200d" for c in name)
    assert clean_name(name) == name


def test_names_keep_what_people_mean() -> None:
    assert clean_name("Ana\nMaría\t\x00López") == "Ana María López"
    assert clean_name("  \u202eevil\u202c  ") == "evil"
    assert clean_name("👨\u200d👩\u200d👧 family") == "👨\u200d👩\u200d👧 family"
    assert clean_name("שלום عليكم") == "שלום عليكم"
    assert clean_name("e" + "\u0301" * 40) == "e" + "\u0301" * MAX_MARKS
    assert clean_name("x" * 100) == "x" * NAME_LIMIT
    assert clean_name("\n\u200b\u200d \x1b") == FALLBACK_NAME
    assert clean_name("", fallback="luis_99") == "luis_99"
