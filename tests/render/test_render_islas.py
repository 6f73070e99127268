"""The Islas map image: valid, small, stable, islands that join, and what a player must see."""

from __future__ import annotations

import dataclasses
import io
import json
import random
from pathlib import Path

import pytest
from PIL import Image

from render import render, renderer_for
from render.__main__ import main
from render.common import HIGHLIGHT, INK, PANEL_EDGE, encode_png
from render.islas import LABELS, art, board, geometry, render_islas, render_islas_choices
from render.islas import map as islas_map
from render.islas import raster as islas_raster
from render.islas.features import scored_segments
from rules import get_game
from rules.islas.tiles import SIDES, STEP, TILES, oriented
from rules.islas_view import IslasView, PlacedTile, Scored

ISLAS = get_game("islas")
NAMES = ("Ana", "Luis Fernández", "Bea", "Carmen", "Dan")
SPANISH = {
    "player": "Jugador {n}",
    "to_move": "juega",
    "winner": "gana",
    "tile": "Ficha a colocar",
    "tiles_left": "quedan",
    "tile_left": "queda",
    "game_over": "Fin de la partida",
    "put_out": "Descartadas",
    "spot": "Casilla",
}


def _image(png: bytes, max_width: int = 2000) -> Image.Image:
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG"
    assert image.mode == "P"
    assert 1000 <= image.width <= max_width
    assert len(png) < 1_000_000
    return image


def _play(players: int, seed: int, placed: int | None = None, follow: float = 0.4):
    """A random game that keeps the map compact; stops once ``placed`` tiles are down."""
    state = ISLAS.new(players, seed, {})
    rng = random.Random(seed)
    while state.turn is not None and (placed is None or len(state.view().tiles) < placed):
        moves = state.legal_moves()
        with_follower = [m for m in moves if m.follower is not None]
        pool = with_follower if with_follower and rng.random() < follow else moves
        taken = {(t.x, t.y) for t in state.view().tiles}

        def neighbours(m, taken=taken) -> int:
            return sum((m.x + dx, m.y + dy) in taken for dx, dy in STEP.values())

        most = max(neighbours(m) for m in pool)
        state.apply(rng.choice([m for m in pool if neighbours(m) >= most - 1]))
    return state


@pytest.fixture(scope="module")
def middle() -> IslasView:
    return _play(3, 5, 30).view()


@pytest.fixture(scope="module")
def finished() -> IslasView:
    view = _play(5, 7).view()
    assert view.finished and len(view.tiles) + len(view.put_out) == 72
    return view


def _rgb(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _mapped(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """``colour`` as it comes out of the fixed palette."""
    return _rgb(encode_png(Image.new("RGB", (1, 1), colour), art.palette())).getpixel((0, 0))


def _geo(view: IslasView, show_spots: bool = True) -> board.Layout:
    squares = [(t.x, t.y) for t in view.tiles]
    if show_spots and view.current is not None:
        squares += [(s.x, s.y) for s in view.spots]
    return board.layout(squares)


# --- positions ----------------------------------------------------------------------------------


def test_start_position() -> None:
    view = ISLAS.new(2, 1, {}).view()
    png = render_islas(view)
    image = _image(png, max_width=1200)
    assert image.size == (board.BASE_W, board.BASE_H)
    assert render(view) == png
    assert renderer_for(IslasView) is render_islas
    geo = _geo(view)
    assert geo.tile == board.T_MAX  # a small map gets big tiles


def test_mid_game_with_names_and_spanish_labels(middle: IslasView) -> None:
    english = render_islas(middle, names=NAMES[:3])
    spanish = render_islas(middle, names=NAMES[:3], labels=SPANISH)
    _image(english)
    _image(spanish)
    assert english != spanish
    assert render(middle, names=NAMES[:3]) == english
    assert set(SPANISH) == set(LABELS)
    # Default names come from the "player" label.
    assert board.player_names(middle, None, LABELS) == ["Player 1", "Player 2", "Player 3"]
    assert board.player_names(middle, ["Ana"], SPANISH)[1:] == ["Jugador 2", "Jugador 3"]


def test_long_names_and_five_players() -> None:
    view = _play(5, 3, 20).view()
    _image(render_islas(view, names=("W" * 60, "Ñandú ¿¡áéíóúü!?" * 4, "", "Bea", "Dan")))


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2), (5, 7)])
def test_full_game_fits_the_limits(players: int, seed: int) -> None:
    state = _play(players, seed)
    view = state.view()
    assert view.finished
    png = render_islas(view, names=NAMES[:players])
    image = _image(png)
    assert image.width <= 2000 and len(png) < 1_000_000
    assert _geo(view).tile >= 40  # still readable once zoomed in


def test_every_stage_of_a_game_renders() -> None:
    state = ISLAS.new(3, 4, {})
    rng = random.Random(4)
    sizes = []
    while state.turn is not None:
        state.apply(rng.choice(state.legal_moves()))
        if state.ply % 12 == 0:
            view = state.view()
            image = _image(render_islas(view))
            sizes.append(image.size)
    _image(render_islas(state.view()))
    assert len(sizes) >= 5
    # The panel stays put: the picture only ever grows to the right and downwards.
    assert all(w >= board.BASE_W and h >= board.BASE_H for w, h in sizes)


def test_a_freak_line_of_tiles_still_fits() -> None:
    tiles = tuple(PlacedTile("U", x, 0, 90) for x in range(72))
    view = IslasView(
        viewer=None,
        players=2,
        tiles=tiles,
        followers=(),
        current=None,
        spots=(),
        scores=(0, 0),
        followers_left=(7, 7),
        tiles_left=0,
        turn=None,
        ply=71,
        last=tiles[-1],
        finished=True,
        winners=(0, 1),
    )
    _image(render_islas(view))
    column = dataclasses.replace(view, tiles=tuple(PlacedTile("U", 0, y, 0) for y in range(72)))
    image = _image(render_islas(column))
    assert image.height <= board.MAP_H_MAX + 2 * board.MARGIN


def test_finished_game_marks_the_winners(finished: IslasView) -> None:
    png = render_islas(finished, names=NAMES)
    image = _rgb(png)
    assert finished.current is None and finished.turn is None
    for seat in range(finished.players):
        top = board.ROWS_Y + seat * (board.ROW_H + board.ROW_GAP)
        edge = image.getpixel((board.MARGIN + board.PANEL_W // 2, top + 1))
        assert edge == _mapped(HIGHLIGHT if seat in finished.winners else PANEL_EDGE)
    # A shared win marks every winner.
    shared = dataclasses.replace(finished, winners=(0, 3))
    image = _rgb(render_islas(shared, names=NAMES))
    row = board.ROWS_Y + 3 * (board.ROW_H + board.ROW_GAP)
    assert image.getpixel((board.MARGIN + 100, row + 1)) == _mapped(HIGHLIGHT)


def test_player_to_move_and_last_tile_are_marked(middle: IslasView) -> None:
    image = _rgb(render_islas(middle))
    for seat in range(middle.players):
        top = board.ROWS_Y + seat * (board.ROW_H + board.ROW_GAP)
        edge = image.getpixel((board.MARGIN + board.PANEL_W // 2, top + 1))
        assert edge == _mapped(HIGHLIGHT if seat == middle.turn else PANEL_EDGE)
    geo = _geo(middle)
    assert middle.last is not None
    x, y = geo.corner(middle.last.x, middle.last.y)
    w = max(4, round(geo.tile * 0.06))
    assert image.getpixel((x + geo.tile // 2, y + w // 2)) == _mapped(HIGHLIGHT)


def test_one_tile_left_is_said_in_the_singular(middle: IslasView) -> None:
    last = dataclasses.replace(middle, tiles_left=1)
    shown = render_islas(last)
    assert render_islas(last, labels={"tiles_left": "many tiles left"}) == shown
    assert render_islas(last, labels={"tile_left": "the last tile"}) != shown


@pytest.mark.parametrize("labels", [LABELS, SPANISH])
def test_the_to_move_badge_leaves_every_follower_in_sight(labels: dict[str, str]) -> None:
    """Five players with all seven followers: the last row's badge must not touch its pieces."""
    start = ISLAS.new(5, 1, {"first": 4}).view()
    assert start.turn == 4 and start.followers_left == (7,) * 5
    waiting = dataclasses.replace(start, turn=0)  # row 4 without its badge
    with_badge = _rgb(render_islas(start, names=NAMES, labels=labels))
    without = _rgb(render_islas(waiting, names=NAMES, labels=labels))
    top = board.ROWS_Y + 4 * (board.ROW_H + board.ROW_GAP)
    band = (board.MARGIN + 8, top + 48, board.MARGIN + board.PANEL_W - 8, top + board.ROW_H - 8)
    plain = without.crop(band)
    background = plain.getpixel((2, 2))
    inked = [
        x
        for x in range(plain.width)
        for y in range(plain.height)
        if plain.getpixel((x, y)) != background
    ]
    assert inked, "no followers drawn"
    clear = (band[0], band[1], band[0] + max(inked) + 12, band[3])  # the pieces and a gap
    assert with_badge.crop(clear).tobytes() == without.crop(clear).tobytes()
    # ... and the badge is there, right of them.
    assert with_badge.crop(band).tobytes() != plain.tobytes()


def test_spots_are_drawn_and_labelled(middle: IslasView) -> None:
    shown = render_islas(middle)
    hidden = render_islas(middle, show_spots=False)
    assert shown != hidden
    assert middle.spots
    image = _rgb(shown)
    geo = _geo(middle)
    for spot in middle.spots:
        x, y = geo.corner(spot.x, spot.y)
        square = image.crop((x, y, x + geo.tile, y + geo.tile))
        colours = dict((c, n) for n, c in square.getcolors(geo.tile * geo.tile))
        assert colours.get(_mapped(art.SPOT), 0) > geo.tile**2 // 4  # the free square
        assert colours.get(_mapped(INK), 0) > 40  # its label
        assert colours.get(_mapped(art.SPOT_EDGE), 0) > 40  # its dashes
    assert islas_map.spot_font(geo.tile, "A") >= 30


def test_followers_stand_on_their_segments(middle: IslasView) -> None:
    assert middle.followers
    seen = 0
    for name in TILES:
        for rotation in (0, 90, 180, 270):
            tile = oriented(name, rotation)
            cells = islas_raster.tile_cells(name, rotation)
            for i, sides in enumerate(tile.islands):
                for side in sides:
                    u, v = geometry.follower_spot(name, rotation, "island", side)
                    assert (
                        cells[int(v * geometry.GRID) * geometry.GRID + int(u * geometry.GRID)]
                        == 10 + i
                    )
                    seen += 1
            for w, water in enumerate(tile.water):
                area = geometry.water_areas(name, rotation)[w]
                assert area
                for half in water.halves:
                    u, v = geometry.follower_spot(name, rotation, "water", half)
                    assert int(v * geometry.GRID) * geometry.GRID + int(u * geometry.GRID) in area
                    seen += 1
            for sides in tile.bridges:
                for side in sides:
                    u, v = geometry.follower_spot(name, rotation, "bridge", side)
                    assert 0 < u < 1 and 0 < v < 1
    assert seen > 300


def test_water_areas_match_the_tile_data() -> None:
    for name in TILES:
        for rotation in (0, 90, 180, 270):
            areas = geometry.water_areas(name, rotation)
            assert len(areas) == len(oriented(name, rotation).water)
            for a in range(len(areas)):
                for b in range(a + 1, len(areas)):
                    assert not areas[a] & areas[b], (name, rotation)


def test_scored_features_are_highlighted() -> None:
    state = ISLAS.new(3, 1, {})
    rng = random.Random(1)
    found = None
    while state.turn is not None and found is None:
        moves = state.legal_moves()
        with_follower = [m for m in moves if m.follower]
        state.apply(rng.choice(with_follower if with_follower and rng.random() < 0.5 else moves))
        view = state.view()
        if any(s.kind == "island" and not s.final for s in view.scored):
            found = view
    assert found is not None
    lit = render_islas(found)
    plain = render_islas(dataclasses.replace(found, scored=()))
    assert lit != plain
    assert _mapped(art.GLOW) in {c for _, c in _rgb(lit).getcolors(1 << 22)}
    island = next(s for s in found.scored if s.kind == "island")
    segments = scored_segments(found.tiles, island)
    assert {square for square, _, _ in segments} == set(island.tiles)
    assert all(kind == "island" for _, kind, _ in segments)
    # The final count is left to the panel: it would light up the whole map.
    final = dataclasses.replace(island, final=True)
    assert render_islas(dataclasses.replace(found, scored=(final,))) == plain


def test_lighthouse_and_unknown_features_fall_back_to_squares(middle: IslasView) -> None:
    squares = tuple((t.x, t.y) for t in middle.tiles[:3])
    for kind in ("lighthouse", "island", "bridge", "water"):
        scored = Scored(kind, squares, (0,), 3)
        segments = scored_segments(middle.tiles, scored)
        assert {square for square, _, _ in segments} <= set(squares)
        view = dataclasses.replace(middle, scored=(scored,))
        _image(render_islas(view))


def test_rendering_is_deterministic(middle: IslasView) -> None:
    first = render_islas(middle, names=NAMES[:3])
    assert render_islas(middle, names=NAMES[:3]) == first
    # Rebuilding every cached sprite (a fresh process) gives the same bytes.
    for cached in (
        art.master,
        art.tile_sprite,
        art.segment_mask,
        art.piece,
        art.spot_square,
        art.palette,
        geometry.shape,
        geometry.follower_spot,
        geometry.water_areas,
    ):
        cached.cache_clear()
    assert render_islas(middle, names=NAMES[:3]) == first


# --- tiles ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(TILES))
def test_every_tile_sprite_renders(name: str) -> None:
    for rotation in (0, 90, 180, 270):
        for size in (art.MASTER, 96, 40):
            sprite = art.tile_sprite(name, rotation, size)
            assert sprite.size == (size, size) and sprite.mode == "RGB"
        assert art.segment_mask(name, rotation, "tile", 0, 50).getextrema() == (255, 255)
        tile = oriented(name, rotation)
        for kind, count in (
            ("island", len(tile.islands)),
            ("bridge", len(tile.bridges)),
            ("water", len(tile.water)),
        ):
            for index in range(count):
                _, high = art.segment_mask(name, rotation, kind, index, 64).getextrema()
                assert high == 255, (name, rotation, kind, index)


def _edge(sprite: Image.Image, side: str) -> list[tuple[int, int, int]]:
    """The outermost row or column of pixels on ``side``, from 10% to 90% along it."""
    n = sprite.width
    lo, hi = n // 10, n - n // 10
    if side == "N":
        return [sprite.getpixel((i, 0)) for i in range(lo, hi)]
    if side == "S":
        return [sprite.getpixel((i, n - 1)) for i in range(lo, hi)]
    if side == "W":
        return [sprite.getpixel((0, i)) for i in range(lo, hi)]
    return [sprite.getpixel((n - 1, i)) for i in range(lo, hi)]


def _land(colour: tuple[int, int, int]) -> bool:
    r, _, b = colour
    return r >= b  # sand, grass, forest and wood are warm; every water is blue


@pytest.mark.parametrize("name", sorted(TILES))
def test_tile_edges_show_what_the_data_says(name: str) -> None:
    """Island sides are land all along, water sides water, bridge sides a plank in the middle:
    so any two tiles that may touch meet edge to edge."""
    for rotation in (0, 90, 180, 270):
        tile = oriented(name, rotation)
        sprite = art.tile_sprite(name, rotation, 96)
        for side in SIDES:
            pixels = _edge(sprite, side)
            kinds = [_land(p) for p in pixels]
            if tile.edge(side) == "i":
                assert all(kinds), (name, rotation, side)
            elif tile.edge(side) == "w":
                assert not any(kinds), (name, rotation, side)
            else:
                middle = len(kinds) // 2
                assert kinds[middle] and not kinds[0] and not kinds[-1], (name, rotation, side)


def test_matching_edges_have_the_same_pixels() -> None:
    """Across a shared edge the two tiles show the same colours (a cap meeting a cap makes one
    island; a bridge runs on)."""
    pairs = [
        (("E", 0), ("E", 180)),
        (("H", 0), ("H", 0)),
        (("U", 90), ("D", 0)),
        (("V", 0), ("U", 90)),
    ]
    for (a, ra), (b, rb) in pairs:
        first, second = oriented(a, ra), oriented(b, rb)
        vertical = first.edge("N") == second.edge("S") and a == "E"
        sa = art.tile_sprite(a, ra, 96)
        sb = art.tile_sprite(b, rb, 96)
        if vertical:  # b above a
            one, two = _edge(sa, "N"), _edge(sb, "S")
        else:  # b left of a
            one, two = _edge(sa, "W"), _edge(sb, "E")
        diff = sum(
            abs(p - q) for x, y in zip(one, two, strict=True) for p, q in zip(x, y, strict=True)
        )
        assert diff / (3 * len(one)) < 12, (a, ra, b, rb)


def test_islands_join_across_tiles_on_the_map(finished: IslasView) -> None:
    """In a whole rendered game, wherever two tiles share an island edge, both sides of the
    seam are land (followers and marks left out)."""
    bare = dataclasses.replace(finished, followers=(), last=None, scored=())
    image = _rgb(render_islas(bare, show_spots=False))
    geo = _geo(bare, show_spots=False)
    placed = {(t.x, t.y): oriented(t.name, t.rotation) for t in bare.tiles}
    checked = 0
    for (x, y), tile in placed.items():
        for side in ("E", "S"):
            dx, dy = STEP[side]
            other = placed.get((x + dx, y + dy))
            if other is None or tile.edge(side) != "i":
                continue
            left, top = geo.corner(x, y)
            t = geo.tile
            for i in range(t // 10, t - t // 10):
                if side == "E":
                    a, b = (left + t - 1, top + i), (left + t, top + i)
                else:
                    a, b = (left + i, top + t - 1), (left + i, top + t)
                assert _land(image.getpixel(a)) and _land(image.getpixel(b)), ((x, y), side, i)
            checked += 1
    assert checked > 10


# --- the rotation picker ------------------------------------------------------------------------


def test_choices_show_each_fitting_rotation(middle: IslasView) -> None:
    for spot in middle.spots:
        png = render_islas_choices(middle, spot.label, labels=SPANISH)
        image = _image(png, max_width=1200)
        assert image.width == 1200
    with pytest.raises(ValueError):
        render_islas_choices(middle, "ZZZ")
    over = dataclasses.replace(middle, current=None)
    with pytest.raises(ValueError):
        render_islas_choices(over, middle.spots[0].label)


# --- the command line ---------------------------------------------------------------------------


def test_command_line_renders_a_record(tmp_path: Path) -> None:
    state = ISLAS.new(3, 9, {})
    rng = random.Random(9)
    moves = []
    for _ in range(25):
        move = rng.choice(state.legal_moves())
        moves.append(state.format(move))
        state.apply(move)
    record = {"game": "islas", "players": 3, "seed": 9, "options": {}, "moves": moves}
    path = tmp_path / "islas.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    out = tmp_path / "islas.png"
    assert main([str(path), "-o", str(out)]) == 0
    assert out.read_bytes() == render_islas(state.view())
