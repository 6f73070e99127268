"""The built-in games as plugins: one registration each carries what the platform asks of a
game (engine, words, picker, drawing, /play options, the out-of-time policy, series)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

import render
from games.picker import Picker
from games.plugin import CLAIM, SkipTurn, plugin_for, plugins
from games.words import Words
from loopback.timing import WAIT
from render.animate import painter_for
from render.drawings import drawing_of
from rules import Event, get_game
from rules.public import has_public_records
from rules.registry import GROUP
from rules.stonehenge import StonehengeState, series_first

ROOT = Path(__file__).resolve().parents[2]


def test_the_built_in_games_register_in_the_order_play_lists_them() -> None:
    assert [p.name for p in plugins()][:3] == ["stonehenge", "kahuna", "islas"]
    for plugin in plugins():
        assert get_game(plugin.name) is plugin.engine


def test_every_plugin_drawing_is_the_one_render_uses() -> None:
    for plugin in plugins():
        assert render.renderer_for(plugin.drawing.view_type) is plugin.drawing.draw
        drawing = drawing_of(plugin.name)  # the drawing process's, with the same alt texts
        assert drawing.pictures is plugin.drawing and drawing.words is plugin.words
        state = plugin.engine.new(plugin.engine.min_players, 1, {})
        assert render.render(state.view(None)).startswith(b"\x89PNG")


def test_each_layer_has_what_the_registration_gives_it() -> None:
    built_in = plugins()[:3]
    assert all(p.animation is not None and p.public is not None for p in built_in)
    assert all(p.computer is not None for p in built_in)
    for plugin in plugins():
        if plugin.animation is not None:
            assert painter_for(plugin.drawing.view_type) is plugin.animation
        assert has_public_records(plugin.name) == (plugin.public is not None)


#: In a fresh interpreter, the layers only (no registration imported): each layer's registry
#: is asked for every built-in game, and says what got loaded on the way.
_LAYERS_ALONE = """
import json, sys
import ai.player, render, render.animate, rules, rules.public
names = [game.name for game in rules.games()]
engines = [rules.get_game(n) for n in names]
views = [type(e.new(e.min_players, 1, {}).view(None)) for e in engines]
print(json.dumps({
    "games": names,
    "drawn": [render.renderer_for(v).__module__ for v in views],
    "painted": [render.animate.painter_for(v).__module__ for v in views],
    "public": [rules.public.has_public_records(n) for n in names],
    "computer": list(ai.player.computer_games()),
    "discord": any(m.split(".")[0] == "discord" for m in sys.modules),
}))
"""


def test_the_layers_find_the_installed_games_through_their_entry_point() -> None:
    # rules, render and ai import no registration: the games come from the entry points
    # of pyproject.toml's group, loaded once by the first registry that misses one.
    done = subprocess.run(
        [sys.executable, "-c", _LAYERS_ALONE],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=WAIT,
    )
    found = json.loads(done.stdout)
    names = ["stonehenge", "kahuna", "islas"]
    assert found["games"] == names and found["computer"] == names
    assert found["drawn"] == ["render.stonehenge", "render.kahuna.board", "render.islas.board"]
    assert found["painted"] == ["render.stonehenge", "render.kahuna", "render.islas"]
    assert found["public"] == [True, True, True] and not found["discord"]
    assert GROUP == "tablero.games" and f'[project.entry-points."{GROUP}"]' in (
        ROOT / "pyproject.toml"
    ).read_text(encoding="utf-8")


def test_bench_measures_the_registered_games() -> None:
    from bench.__main__ import GAMES

    assert GAMES[:3] == ("stonehenge", "kahuna", "islas")
    assert set(GAMES) <= {p.name for p in plugins()}


def test_islas_is_claimed_at_two_and_skipped_by_vote_from_three() -> None:
    islas = plugin_for("islas")
    assert islas.out_of_time(2) is CLAIM
    policy = islas.out_of_time(3)
    assert isinstance(policy, SkipTurn) and policy.move == "skip"
    state = islas.engine.new(3, 5, {"first": 2})
    assert islas.picker.table_move(state.parse(policy.move))  # the move the table plays
    for name in ("stonehenge", "kahuna"):
        assert plugin_for(name).out_of_time(2) is CLAIM


def test_only_stonehenge_is_played_in_series_and_it_alternates_the_first_seat() -> None:
    series = plugin_for("stonehenge").series
    assert series is not None and series.first is series_first and series.lengths == (3, 5)
    assert [series.first(i, 1) for i in range(3)] == [1, 0, 1]
    assert plugin_for("kahuna").series is None and plugin_for("islas").series is None


def test_game_options_map_to_engine_options() -> None:
    kahuna = plugin_for("kahuna")
    given = {"first_edition": True, "no_bridges_loses": None, "days": 3}
    assert kahuna.engine_options(given) == {"forbid_build_on_controlled": True}
    assert plugin_for("stonehenge").engine_options({"hidden": False}) == {"hidden": False}


def test_words_and_a_picker_must_say_what_every_game_says() -> None:
    class Mute(Words[StonehengeState]):
        title_key = "game-stonehenge"

        def narrate(self, lang: str, events: Sequence[Event], names: Sequence[str]) -> str:
            return ""

    class Lost(Picker[StonehengeState]):
        def prompt(self, lang: str, state: StonehengeState, path: tuple[str, ...]) -> str:
            return ""

    with pytest.raises(TypeError, match="abstract"):
        Mute()  # type: ignore[abstract]
    with pytest.raises(TypeError, match="abstract"):
        Lost()  # type: ignore[abstract]
