"""Stonehenge, registered: its engine, words, picker (value, then point), board image, the
hidden druids option, series, and computer player."""

from __future__ import annotations

from ai.stonehenge import PLAYER
from ai.stonehenge_review import REVIEWER
from games.plugin import GamePlugin, PlayOption, Series
from games.stonehenge.drawing import StonehengeDrawing
from games.stonehenge.picker import StonehengePicker
from games.stonehenge.words import StonehengeWords
from render.stonehenge import paint_frames
from rules.public.stonehenge import PUBLISHER as PUBLIC
from rules.stonehenge import STONEHENGE, series_first

PLUGIN = GamePlugin(
    engine=STONEHENGE,
    words=StonehengeWords(),
    picker=StonehengePicker(),
    drawing=StonehengeDrawing(),
    home="games",
    play_options=(PlayOption("hidden", "cmd-play-hidden", sets="hidden"),),
    series=Series(first=series_first),
    computer=PLAYER,
    animation=paint_frames,
    public=PUBLIC,
    review=REVIEWER,
)
