"""``python -m rules replay``: output and exit codes of spec/records.md, run as a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from loopback.timing import WAIT
from rules import InvalidRecord
from rules.record import Record
from rules.replay import exit_code, replay

ROOT = Path(__file__).resolve().parents[2]
# Light reaches 9 lines (8 megaliths) with its 6th druid; see test_stonehenge_rules.py.
FINISHED = ["4C", "4Q", "5E", "3M", "2J", "3F", "3A", "5N", "6G", "6R", "2I"]


def record(**changes: Any) -> dict[str, Any]:
    """A valid Stonehenge record with ``changes`` applied (None removes a field)."""
    base = {"game": "stonehenge", "players": 2, "seed": 7, "options": {"first": 0}, "moves": []}
    return {k: v for k, v in {**base, **changes}.items() if v is not None}


def run(tmp_path: Path, content: Any, *, stdin: bool = False) -> tuple[int, dict[str, Any]]:
    """Run the command on ``content`` (JSON-encoded unless a str); exit code and output."""
    text = content if isinstance(content, str) else json.dumps(content)
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "rules", "replay", "-" if stdin else str(path)],
        input=text if stdin else None,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=WAIT,
    )
    assert done.stderr == ""
    assert done.stdout.count("\n") == 1  # one JSON object on one line
    return done.returncode, json.loads(done.stdout)


def test_finished_game(tmp_path: Path) -> None:
    code, out = run(tmp_path, record(moves=FINISHED))
    lines = [0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 1, 0, None, 0]
    assert code == 0
    assert out == {
        "ok": True,
        "game": "stonehenge",
        "ply": 11,
        "finished": True,
        "scores": [8, 5],
        "winners": [0],
        "summary": {"lines": lines, "megaliths": [8, 5]},
    }


def test_unfinished_game_from_stdin(tmp_path: Path) -> None:
    code, out = run(tmp_path, record(moves=["6L", "5d", " a1 "]), stdin=True)
    assert code == 0
    assert out["ok"] and out["ply"] == 3 and not out["finished"]
    assert out["scores"] == [0, 0] and out["winners"] == []
    assert out["summary"] == {"lines": [None] * 15, "megaliths": [0, 0]}


def test_hidden_game_and_seeded_first_player(tmp_path: Path) -> None:
    code, out = run(tmp_path, record(options={"hidden": True}, moves=["1A", "2B"]))
    assert code == 0 and out["summary"]["lines"][0] is not None


@pytest.mark.parametrize(
    ("moves", "ply", "error"),
    [
        (["6L", "5L"], 1, "stonehenge-point-taken(point=L)"),
        (["6L", "5D", "6A"], 2, "stonehenge-no-such-druid(value=6)"),
        (["6L", "what"], 1, "move-unreadable(text=what)"),
        ([*FINISHED, "1O"], 11, "game-over"),
    ],
)
def test_bad_move(tmp_path: Path, moves: list[str], ply: int, error: str) -> None:
    code, out = run(tmp_path, record(moves=moves))
    assert code == 1
    assert out == {"ok": False, "ply": ply, "move": moves[ply], "error": error}


@pytest.mark.parametrize(
    ("content", "error"),
    [
        (record(game="chess"), "record-unknown-game(game=chess)"),
        (record(options={"variant": 1}), "record-unknown-option(option=variant)"),
        (record(options={"first": 2}), "record-bad-option(option=first)"),
        (record(options={"first": "0"}), "record-bad-option(option=first)"),
        (record(options={"hidden": "no"}), "record-bad-option(option=hidden)"),
        (record(players=3), "record-bad-players(game=stonehenge, players=3)"),
        (record(seed=None), "record-missing-field(field=seed)"),
        (record(seed=1.5), "record-bad-field(field=seed)"),
        (record(moves=[6]), "record-bad-field(field=moves)"),
        (record(names=["Ana"]), "record-unknown-field(field=names)"),
        ([], "record-not-object"),
        ("{not json", "record-bad-json(path=-)"),
    ],
)
def test_invalid_record(tmp_path: Path, content: Any, error: str) -> None:
    code, out = run(tmp_path, content, stdin=True)
    assert (code, out) == (2, {"ok": False, "error": error})


def test_unreadable_file(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rules", "replay", str(tmp_path / "missing.json")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=WAIT,
    )
    assert done.returncode == 2 and json.loads(done.stdout)["error"].startswith("record-unreadable")


def test_record_round_trip_and_defaults() -> None:
    full = Record.from_json(record(moves=["6L"]))
    assert Record.from_json(full.to_json()) == full and full.moves == ("6L",)
    bare = Record.from_json(record(options=None, moves=None))
    assert (bare.options, bare.moves) == ({}, ())
    with pytest.raises(InvalidRecord) as caught:
        Record.from_json(record(players=True))
    assert caught.value.key == "record-bad-field" and caught.value.params == {"field": "players"}


def test_exit_codes() -> None:
    assert exit_code(replay(record())) == 0
    assert exit_code(replay(record(moves=["9Z"]))) == 1
    assert exit_code(replay(record(game="islas-de-nada"))) == 2
