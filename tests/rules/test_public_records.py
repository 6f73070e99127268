"""Public records (spec/records.md, "The public record"): written from a full record, read
back and replayed with what was never revealed left unknown; never a guess."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from loopback.timing import WAIT
from render.__main__ import main as render_main
from render.animate import replay_frames
from rules import InvalidRecord, get_game
from rules.public import public_record
from rules.record import Record
from rules.replay import exit_code, replay

ROOT = Path(__file__).resolve().parents[2]
GAMES = [("stonehenge", 2, {"hidden": True}), ("kahuna", 2, {}), ("islas", 3, {})]


def _played(name: str, players: int, options: dict, seed: int, most: int) -> Record:
    """A record of up to ``most`` random legal moves."""
    state, moves, rng = get_game(name).new(players, seed, options), [], random.Random(seed)
    while state.turn is not None and len(moves) < most:
        move = rng.choice(state.legal_moves())
        moves.append(state.format(move))
        state.apply(move)
    return Record(name, players, seed, options, tuple(moves))


@pytest.mark.parametrize(("name", "players", "options"), GAMES)
def test_a_public_record_replays_to_the_same_public_views(
    name: str, players: int, options: dict
) -> None:
    for seed in range(6):
        full = _played(name, players, options, seed, random.Random(seed).randrange(1, 300))
        for seat in (None, 0, 1):
            public = public_record(full, seat)
            text = json.dumps(public.to_json())
            assert '"seed"' not in text and '"deck"' not in text and "reshuffles" not in text
            read = Record.from_json(json.loads(text))
            assert read == public
            # Every picture of the replay is the one the full record gives, turn by turn.
            frames, again = replay_frames(full, [0]), replay_frames(read, [0])
            assert [f.view for f in frames] == [f.view for f in again]
            assert [f.events for f in frames] == [f.events for f in again]
            if len(public.moves) == len(full.moves):
                mine, theirs = replay(read), replay(full)
                assert mine["summary"] == theirs["summary"] and mine["ok"]
                assert mine["scores"] == theirs["scores"]


def test_what_was_never_revealed_is_unknown_to_everyone_but_its_owner() -> None:
    full = Record("stonehenge", 2, 3, {"hidden": True, "first": 1}, ("6A", "5B", "4F", "3G"))
    assert public_record(full).moves == ("6A", "5B", "?F", "?G")
    assert public_record(full, 1).moves == ("6A", "5B", "4F", "?G")
    assert public_record(full, 0).moves == ("6A", "5B", "?F", "3G")
    assert public_record(full).options == {"hidden": True, "first": 1}
    # Face up, nothing was hidden.
    shown = Record("stonehenge", 2, 3, {}, ("6A", "5B", "4F"))
    assert public_record(shown).moves == ("6A", "5B", "4F")


def test_a_public_record_that_needs_a_guess_is_refused(tmp_path: Path) -> None:
    base = {"public": True, "game": "stonehenge", "players": 2}
    # L0 (AB) filled and turned face up: its druids cannot be unknown.
    bad = {**base, "options": {"hidden": True, "first": 0}, "moves": ["?A", "5B"]}
    assert not replay(bad)["ok"] and exit_code(replay(bad)) == 2
    # No seed to draw the first player from, nor any hidden order.
    assert "first" in replay({**base, "options": {}, "moves": []})["error"]
    kahuna = {"public": True, "game": "kahuna", "players": 2, "options": {"first": 0}}
    assert exit_code(replay({**kahuna, "options": {"first": 0, "deck": []}})) == 2
    assert exit_code(replay(kahuna)) == 2  # nothing shown: the display is unknown
    with pytest.raises(InvalidRecord):
        Record.from_json({**base, "seed": 4, "options": {}})
    # An Islas tile nobody saw cannot be placed.
    islas = public_record(_played("islas", 2, {}, 1, 3)).to_json()
    islas["moves"].append(islas["moves"][-1])
    assert exit_code(replay(islas)) in (1, 2)
    done = subprocess.run(
        [sys.executable, "-m", "rules", "replay", "-"],
        input=json.dumps(bad),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=WAIT,
    )
    assert done.returncode == 2 and not json.loads(done.stdout)["ok"]


def test_the_command_lines_read_a_public_record(tmp_path: Path) -> None:
    record = public_record(_played("kahuna", 2, {}, 4, 40))
    path = tmp_path / "public.json"
    path.write_text(json.dumps(record.to_json()), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "rules", "replay", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=WAIT,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["ply"] == len(record.moves)
    out = tmp_path / "game.gif"
    assert render_main([str(path), "--animate", "-o", str(out)]) == 0
    assert Image.open(io.BytesIO(out.read_bytes())).n_frames >= 2
    with pytest.raises(SystemExit):  # no hands in a public record
        render_main([str(path), "--seat", "0", "-o", str(tmp_path / "board.png")])
