"""The built-in games as plugins: one registration each carries what the platform asks of a
game (engine, adapter, renderer, /play options, the out-of-time policy, series)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import render
from cogs.games import CLAIM, GameAdapter, SkipTurn, plugin_for, plugins
from rules import Event, get_game
from rules.stonehenge import StonehengeState, series_first


def test_the_built_in_games_register_in_the_order_play_lists_them() -> None:
    assert [p.name for p in plugins()][:3] == ["stonehenge", "kahuna", "islas"]
    for plugin in plugins():
        assert get_game(plugin.name) is plugin.engine


def test_every_plugin_renderer_is_the_one_render_uses() -> None:
    for plugin in plugins():
        assert render.RENDERERS[plugin.renderer.view_type] is plugin.renderer.draw
        state = plugin.engine.new(plugin.engine.min_players, 1, {})
        assert render.render(state.view(None)).startswith(b"\x89PNG")


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
    assert islas.adapter.table_move(state.parse(policy.move))  # the move the table plays
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


def test_an_adapter_must_say_what_every_game_says() -> None:
    class Mute(GameAdapter[StonehengeState]):
        title_key = "game-stonehenge"

        def narrate(self, lang: str, events: Sequence[Event], names: Sequence[str]) -> str:
            return ""

    with pytest.raises(TypeError, match="abstract"):
        Mute()  # type: ignore[abstract]
