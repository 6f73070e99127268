"""Kahuna, registered: its engine, words, picker (action, card, line …), board and hand
images, its two rule options, and computer player."""

from __future__ import annotations

from ai.kahuna import PLAYER
from ai.kahuna_review import REVIEWER
from games.kahuna.drawing import KahunaDrawing
from games.kahuna.picker import KahunaPicker
from games.kahuna.words import KahunaWords
from games.plugin import GamePlugin, PlayOption
from render.kahuna import paint_frames
from rules.kahuna import KAHUNA
from rules.public.kahuna import PUBLISHER as PUBLIC

PLUGIN = GamePlugin(
    engine=KAHUNA,
    words=KahunaWords(),
    picker=KahunaPicker(),
    drawing=KahunaDrawing(),
    home="games",
    play_options=(
        PlayOption("first_edition", "cmd-play-first-edition", sets="forbid_build_on_controlled"),
        PlayOption("no_bridges_loses", "cmd-play-no-bridges-loses", sets="no_bridges_ends_game"),
    ),
    computer=PLAYER,
    animation=paint_frames,
    public=PUBLIC,
    review=REVIEWER,
)
