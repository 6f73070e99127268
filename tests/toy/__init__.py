"""A fourth game that lives in tests/ only: tic-tac-toe, registered as a plugin on import.

Everything it needs from the platform is generic: its engine (game.py) follows the rules
contract, its words and picker (words.py) say only what every game must, its picture
(drawing.py) is drawn by the default drawing, its computer player (computer.py) lets the bot
play it, and its messages (locales/en, locales/es) come with it. No file outside tests/ names it.
"""

from __future__ import annotations

from pathlib import Path

from games.drawing import Drawing
from games.plugin import GamePlugin, PlayOption, register
from tests.toy.computer import PLAYER
from tests.toy.drawing import draw_tictactoe
from tests.toy.game import TICTACTOE, TicTacToeView
from tests.toy.words import TicTacToePicker, TicTacToeWords

PLUGIN = register(
    GamePlugin(
        engine=TICTACTOE,
        words=TicTacToeWords(),
        picker=TicTacToePicker(),
        drawing=Drawing(TicTacToeView, draw_tictactoe),
        home=__name__,
        play_options=(
            PlayOption(
                "goal",
                "ttt-option-goal",
                sets="goal",
                choices=(("ttt-goal-win", "win"), ("ttt-goal-lose", "lose")),
            ),
        ),
        locales=Path(__file__).resolve().parent / "locales",
        computer=PLAYER,
    )
)
