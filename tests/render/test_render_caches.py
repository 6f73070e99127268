"""What the renderers remember between turns never changes a picture.

Warm renders reuse static layers, sprites, the visible pieces of big sprites and the masks of
drawn texts; never the pixels of a position. Each shortcut is checked against the plain Pillow
call it replaces, and whole boards against a render from a cold start.
"""

from __future__ import annotations

import random
import sys

import pytest
from PIL import Image, ImageDraw, ImageFont

import render.common as common
import render.pieces as pieces
import render.text as render_text
from bench.positions import random_game
from render import render
from render.common import DARK_INK, INK, draw_text, font, paste_sparse
from render.islas import canvas as islas_canvas
from render.kahuna import art as kahuna_art
from render.kahuna import bridges as kahuna_bridges
from render.kahuna.geometry import board as kahuna_board


def clear_caches() -> None:
    """Forget every cached layer, sprite, palette, piece and text mask, as a new process has."""
    for name, module in list(sys.modules.items()):
        if name == "render" or name.startswith("render."):
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()
    render_text._text_cache.clear()
    pieces._cuts.clear()
    pieces._spans.clear()


def _patterned(size: tuple[int, int]) -> Image.Image:
    """A base where every pixel differs from its neighbours, so any blending slip shows."""
    rng = random.Random(size[0] * 7 + size[1])
    return Image.frombytes("RGB", size, rng.randbytes(size[0] * size[1] * 3))


# --- whole boards -------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["stonehenge", "kahuna", "islas"])
def test_boards_rendered_in_turn_equal_their_cold_renders(game: str) -> None:
    """Positions rendered one after another (warm) equal each one rendered from a cold start."""
    positions = random_game(game, seed=4)
    picks = [positions[2], positions[len(positions) // 2], positions[-1]]
    views = [p.view(None) for p in picks] + [picks[1].view(0), picks[2].view(1)]
    calls = [(view, {}) for view in views]
    calls.append((views[1], {"names": ("Ñandú Ágata", "Zoë"), "labels": {"to_move": "mueve"}}))
    cold = []
    for view, kwargs in calls:
        clear_caches()
        cold.append(render(view, **kwargs))
    clear_caches()
    order = [0, 1, 2, 3, 4, 5, 2, 0, 5, 1]  # back and forth: nothing of one shows in the next
    for i in order:
        view, kwargs = calls[i]
        assert render(view, **kwargs) == cold[i], f"call {i} differs once warm"


def test_a_warm_render_draws_no_text_with_freetype(monkeypatch: pytest.MonkeyPatch) -> None:
    """Texts already drawn once (names, labels, numbers) are blended from remembered masks."""
    view = random_game("kahuna", seed=2)[20].view(None)
    render(view)
    calls = []
    original = ImageFont.FreeTypeFont.getmask2

    def counting(self: ImageFont.FreeTypeFont, *args: object, **kwargs: object) -> object:
        calls.append(args[0] if args else "")
        return original(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ImageFont.FreeTypeFont, "getmask2", counting)
    render(view)
    assert calls == []


# --- the shortcuts, one by one -----------------------------------------------------------------

TEXTS = ("Ñandú ¿¡áéíóúü", "▶ to move", "★ 12", "A", "7/8", " ", "")
# Every fraction of a pixel along x with the same fraction along y, and the other way round.
POINTS = tuple((100 + 61 * i + fx, 60 + 23 * i + fy) for i, (fx, fy) in enumerate(
    [(0, 0), (0.5, 0), (1 / 3, 0), (0.999, 0), (0.75, 0.25), (0, 0.5), (0.25, 0.999), (0, 0.125)]
))  # fmt: skip


@pytest.mark.parametrize("anchor", ["la", "mm", "rm", "lm"])
@pytest.mark.parametrize("outline", [None, DARK_INK, INK])
@pytest.mark.parametrize("bold", [False, True])
def test_drawn_text_matches_pillow(
    anchor: str, outline: tuple[int, int, int] | None, bold: bool
) -> None:
    clear_caches()
    base = _patterned((640, 220))
    for shift in (0, 3, 120):  # the second and third draws reuse the masks of the first
        for text in TEXTS:
            for x, y in POINTS:
                xy = (x + shift, y + shift // 3)
                mine, theirs = base.copy(), base.copy()
                draw_text(ImageDraw.Draw(mine), xy, text, 36, INK, bold=bold, anchor=anchor,
                          outline=outline)  # fmt: skip
                ImageDraw.Draw(theirs).text(
                    xy, text, font=font(36, bold), fill=INK, anchor=anchor,
                    stroke_width=3 if outline else 0, stroke_fill=outline,
                )  # fmt: skip
                assert mine.tobytes() == theirs.tobytes(), (text, xy, anchor, outline)


def test_text_at_the_edges_matches_pillow() -> None:
    """Texts cut by an edge of the picture (drawn by Pillow, or clipped on pasting)."""
    base = _patterned((300, 120))
    for xy, anchor in (
        ((1.5, 0.25), "la"),
        ((10, 10), "mm"),
        ((290.5, 110.5), "la"),
        ((0, 60), "rm"),
    ):
        mine, theirs = base.copy(), base.copy()
        draw_text(ImageDraw.Draw(mine), xy, "Wide text", 40, INK, anchor=anchor, outline=DARK_INK)
        ImageDraw.Draw(theirs).text(
            xy, "Wide text", font=font(40), fill=INK, anchor=anchor, stroke_width=3,
            stroke_fill=DARK_INK,
        )  # fmt: skip
        assert mine.tobytes() == theirs.tobytes(), (xy, anchor)


def _big_sprites() -> list[tuple[Image.Image, tuple[int, int]]]:
    from render.stonehenge import art as stonehenge
    from render.stonehenge import geometry

    sprites = []
    for index in range(len(geometry()[1])):
        sprites.append(stonehenge.line_band(index, stonehenge.GLOW, 30))
        sprites.append(stonehenge.line_band(index, stonehenge.LINE_OWNED[index % 2], 9))
    geo = kahuna_board()
    for i, line in enumerate(sorted(geo.lines)):
        sprites += [kahuna_bridges.plank(line, i % 2), kahuna_bridges.glow(line)]
        sprites.append(kahuna_bridges.ghost(line, i % 2))
    for i, name in enumerate(sorted(geo.islands)):
        sprites += [kahuna_bridges.coast_ring(name, i % 2), kahuna_bridges.taken_ring(name)]
        sprites.append(kahuna_bridges.lost_ring(name, i % 2))
    return sprites


def test_sparse_paste_matches_plain_paste() -> None:
    base = _patterned((1200, 1310))
    for sprite, at in _big_sprites():
        mine, theirs = base.copy(), base.copy()
        paste_sparse(mine, sprite, at)
        theirs.paste(sprite, at, sprite)
        assert mine.tobytes() == theirs.tobytes(), at


@pytest.mark.parametrize(
    "size", [(1200, 912), (1201, 913), (1412, 1272), (1572, 1352), (2000, 1600)]
)
def test_islas_canvas_matches_the_drawn_one(size: tuple[int, int]) -> None:
    assert islas_canvas.canvas(*size).tobytes() == islas_canvas.draw_canvas(*size).tobytes()


def test_a_long_name_shrinks_before_it_is_cut() -> None:
    from render.common import fit_name, text_width

    assert fit_name("Ana", 34, 300) == ("Ana", 34)
    name, size = fit_name("Tablero 1 · normal", 34, 290)
    assert name == "Tablero 1 · normal" and size < 34 and text_width(name, size, True) <= 290
    name, size = fit_name("A name far too long to fit in any panel at all", 34, 290)
    assert name.endswith("…") and size == round(34 * 0.8) and text_width(name, size, True) <= 290


def test_centred_sprites_paste_as_plain_pastes_even_at_the_edges() -> None:
    """Sprites cut into opaque, blended and left-out pieces (render.pieces) paste the very
    pixels of Pillow's masked paste: discs, stones, cards, rings, cut by the picture's edges."""
    from render.stonehenge import art as stonehenge
    from render.stonehenge.layout import DRUID_D

    sprites = [
        stonehenge.druid_disc(0, 5, False),
        stonehenge.druid_disc(1, None, True),
        stonehenge.megalith(1),
        stonehenge.megalith(None, glow=True),
        stonehenge.ring(DRUID_D + 26, 8),
        stonehenge.point_tag("K"),
        kahuna_art.card("Aloa", 136, 150),
        kahuna_art.card(None, 136, 150),
        kahuna_art.stone(1, ghost=True),
    ]
    base = _patterned((300, 260))
    for sprite in sprites:
        for centre in ((150, 130), (5, 7), (296, 255), (-20, 130), (150, 300)):
            mine, theirs = base.copy(), base.copy()
            box = common.paste_centered(mine, sprite, centre)
            theirs.paste(sprite, box[:2], sprite)
            assert mine.tobytes() == theirs.tobytes(), (sprite.size, centre)
