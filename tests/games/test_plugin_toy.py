"""A game registered from outside the platform (tests/toy, tic-tac-toe) is played end to end
through the loopback Discord: /play gets its subcommand, Spanish name and options, the board
is drawn by its registered drawing, its moves are narrated in its own messages, its stored
record replays through ``rules``, and the bot plays it with the computer player it names."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any, ClassVar

import pytest

import locales
import render
import rules
from ai.player import computer_for, has_computer
from cogs.play import _bot_levels
from games.plugin import GamePlugin, PlayOption, plugin_for, plugins, register
from render.drawings import drawing_of
from rules.replay import replay
from table.refusal import Refusal
from tests.e2e import (
    World,
    accept,
    boards,
    challenge,
    move,
    my_turn,
    play_turn,
    stored_game,
    vs_bot,
    wait_boards,
)
from tests.toy import PLUGIN
from tests.toy.drawing import draw_tictactoe
from tests.toy.game import TICTACTOE, TicTacToe, TicTacToeView


def test_registering_makes_the_game_known_everywhere() -> None:
    assert plugin_for("tictactoe") is PLUGIN and PLUGIN in plugins()
    assert rules.get_game("tictactoe") is TICTACTOE
    assert render.renderer_for(TicTacToeView) is draw_tictactoe
    drawing = drawing_of("tictactoe")  # what the drawing process finds, and where
    assert drawing.pictures is PLUGIN.drawing and drawing.home == "tests.toy"
    assert locales.t("es", "ttt-title") == "Tres en raya"
    assert PLUGIN.computer is not None and computer_for("tictactoe") is PLUGIN.computer
    assert has_computer("tictactoe")
    assert register(PLUGIN) is PLUGIN  # again: nothing changes


def test_another_game_under_a_known_name_is_refused() -> None:
    impostor = _like_the_toy(TICTACTOE)
    with pytest.raises(ValueError, match="tictactoe"):
        register(impostor)


def _like_the_toy(engine: TicTacToe, **given: Any) -> GamePlugin:
    """A plugin of ``engine`` with the toy's words, picker and drawing."""
    parts = {"words": PLUGIN.words, "picker": PLUGIN.picker, "drawing": PLUGIN.drawing}
    return GamePlugin(engine=engine, **{**parts, "home": "tests.toy", **given})


def test_a_game_whose_home_is_not_the_module_registering_it_is_refused() -> None:
    # A drawing process imports the home to find the game: one nothing imported is a typo.
    with pytest.raises(ValueError, match="home"):
        register(_like_the_toy(_NoBotGame(), home="tests.toy.nowhere"))
    with pytest.raises(KeyError):
        plugin_for("nobot")


def test_a_play_option_that_clashes_with_the_common_ones_is_refused() -> None:
    plugin = _like_the_toy(
        TICTACTOE, play_options=(PlayOption("days", "ttt-option-goal", sets="goal"),)
    )
    with pytest.raises(ValueError, match="repeat"):
        plugin.check()


def _subcommand(world: World, name: str) -> dict[str, Any]:
    command = world.fake.command("play", world.guild)
    assert command is not None
    return next(o for o in command["options"] if o["name"] == name)


async def test_play_offers_the_plugin_game_with_its_own_options(tablero: World) -> None:
    world = tablero
    sub = _subcommand(world, "tictactoe")
    assert sub["name_localizations"]["es-ES"] == "tresenraya"
    assert sub["description_localizations"]["es-ES"].startswith("Reta a alguien al tres en raya")
    options = {o["name"]: o for o in sub["options"]}
    # No series, one opponent, the time control, and the bot's level: the plugin names a
    # computer player.
    clock = ["bank", "increment", "cap", "weekends"]
    assert list(options) == ["opponent", "first", "days", *clock, "level", "goal"]
    assert options["opponent"]["type"] == 6 and options["goal"]["type"] == 3  # user, string
    assert options["goal"]["name_localizations"]["es-ES"] == "objetivo"
    goals = options["goal"]["choices"]
    assert [(c["value"], c["name_localizations"]["es-ES"]) for c in goals] == [
        ("win", "Tres en raya gana"),
        ("lose", "Tres en raya pierde"),
    ]
    assert [c["value"] for c in options["days"]["choices"]] == [1, 2, 3, 5, 7, 14]
    rules_command = world.fake.command("rules", world.guild)
    assert "tictactoe" in [c["value"] for c in rules_command["options"][0]["choices"]]


class _NoBotGame(TicTacToe):
    """Another game that names no computer player (never registered: /play is not needed)."""

    name: ClassVar[str] = "nobot"


def test_the_bot_does_not_play_a_game_without_a_computer_player() -> None:
    plugin = _like_the_toy(_NoBotGame())
    assert plugin.computer is None and not has_computer(plugin.name)
    with pytest.raises(Refusal) as refused:
        _bot_levels(plugin, True, {})
    assert refused.value.key == "error-bot-cannot-play"


@pytest.mark.thinking_at_start  # it looks at what the workers searched as they warmed up
async def test_the_bot_plays_the_plugin_game_with_the_player_its_registration_names(
    tablero: World,
) -> None:
    world = tablero
    assert world.bot is not None
    place = await vs_bot(world, world.ana, "tictactoe", first="me")
    record = await stored_game(world)
    assert [s.is_bot for s in record.seats] == [False, True]
    rng = random.Random(4)
    while record.active:
        await play_turn(world, world.ana, place, record, rng)
        record = await my_turn(world, 0)
    assert record.status == "finished" and record.result is not None
    movers = [ply.seat for ply in world.bot.table.history(record).plies]
    assert movers[:2] == [0, 1] and movers.count(1) >= 2  # the bot played its turns
    assert len(boards(world, place)) == len(movers) + 1  # the opening and one board a move
    # Its thinking workers knew the built-in games only: the plugin's player came with the
    # turn (the worker imported the module that registers it).
    assert world.bot.thinker.warm and all(
        "tictactoe" not in games for games in world.bot.thinker.warm.values()
    )


async def test_a_plugin_game_is_played_to_the_end(tablero: World) -> None:
    world = tablero
    message = await challenge(world, world.ana, world.luis, "tictactoe", first="me", goal="lose")
    assert "Tic-tac-toe" in message.content and f"<@{world.luis.id}>" in message.content
    place = await accept(world, world.luis, message)
    opening = boards(world, place)[-1]
    assert world.ana.id in opening.pinged_user_ids
    assert opening.attachments[0].description == "Tic-tac-toe, 0 marks. Ana to move."
    refused = await move(world, world.luis, place, "5")  # not Luis's turn
    assert refused.ephemeral and "Ana" in refused.text
    await move(world, world.ana, place, "1")
    taken = await move(world, world.luis, place, "1")
    assert taken.ephemeral and "La casilla 1 está ocupada" in taken.text  # Luis reads Spanish
    for user, square in [(world.luis, "4"), (world.ana, "2"), (world.luis, "5")]:
        ix = await move(world, user, place, square)
        assert ix.ephemeral and square in ix.text
    # Ana's last mark by clicking: the picker offers the empty squares in the plugin's words.
    await wait_boards(world, place, 5)
    opened = await (await world.fake.click(world.ana, boards(world, place)[-1], "tg:1:play")).done()
    assert "Which square?" in opened.text
    assert [b["label"] for b in opened.message.buttons][:5] == ["3", "6", "7", "8", "9"]
    await (await world.fake.click(world.ana, opened.message, "pk:1:4::3")).done()  # 1-2-3
    posted = await wait_boards(world, place, 6)  # the opening and one board a move
    final = posted[-1]
    assert "Ana marked square 3." in final.content and "**Luis** wins." in final.content
    assert final.attachments[0].data == PLUGIN.drawing.render("en", _final(), None, ("Ana", "Luis"))
    assert final.attachments[0].description == "Tic-tac-toe, 5 marks. The game is over."
    game = await stored_game(world)
    assert game.options["goal"] == "lose"  # the game's own /play option reached its engine
    assert game.status == "finished" and game.result.winners == (1,)
    assert game.moves == ("1", "4", "2", "5", "3")
    again = replay(
        {
            "game": "tictactoe",
            "players": 2,
            "seed": game.seed,
            "options": game.options,
            "moves": list(game.moves),
        }
    )
    assert again["ok"] and again["winners"] == [1] and again["finished"]


def _final() -> Any:
    state = TICTACTOE.new(2, 0, {"first": 0, "goal": "lose"})
    for square in "14253":
        state.play(square)
    return state


async def test_rules_of_the_plugin_game_in_the_reader_s_language(tablero: World) -> None:
    world = tablero
    ix = await world.fake.slash(world.luis, world.channel, "rules", {"game": "tictactoe"})
    answer = await ix.done()
    assert answer.ephemeral and "Tres en raya gana" in answer.embeds[0]["description"]


def test_no_file_outside_tests_names_the_plugin_game() -> None:
    root = Path(__file__).resolve().parents[2]
    tops = [p for p in root.iterdir() if not p.name.startswith((".", "tests"))]
    files = [f for top in tops for f in ([top] if top.is_file() else top.rglob("*"))]
    named = [
        path.relative_to(root)
        for path in files
        if path.suffix in {".py", ".ftl", ".toml", ".md"}
        and re.search(r"tictactoe|tic-tac-toe|ttt-", path.read_text(encoding="utf-8"), re.I)
    ]
    assert len(files) > 50 and named == []
