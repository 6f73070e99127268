"""The animated replay: one frame per announced turn and the result held, public views only."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from PIL import Image

from render import animate as animation
from render.__main__ import main
from render.animate import MAX_WIDTH, RESULT_MS, Header, animate, replay_frames
from rules import get_game
from rules.ended import ended
from rules.history import History
from rules.record import Record


def _played(game: str, seed: int, players: int = 2, moves: int | None = None) -> Record:
    """A record of random legal moves: the whole game, or its first ``moves``."""
    rng = random.Random(seed)
    history = History(get_game(game), players, seed, {})
    while history.state.turn is not None and (moves is None or len(history.plies) < moves):
        history.apply(rng.choice(history.state.legal_moves()))
    return Record(game, players, seed, {}, tuple(history.moves))


def _turns(record: Record) -> int:
    """Announced turns, counted the plain way: a move after which another seat is to move."""
    history = History.replay(get_game(record.game), record.players, record.seed, record.options, ())
    turns = 0
    for text in record.moves:
        seat = history.state.turn
        history.push(text)
        turns += history.state.turn != seat
    return turns


def _headers(frames: list[animation.Frame]) -> list[Header]:
    return [Header(f"Turn {f.turn}", " ".join(f.moves)) for f in frames]


def _frames(data: bytes) -> list[tuple[Image.Image, int]]:
    image = Image.open(io.BytesIO(data))
    out = []
    for index in range(image.n_frames):
        image.seek(index)
        out.append((image.convert("RGB"), image.info["duration"]))
    return out


@pytest.mark.parametrize(("game", "seed", "players"), [("stonehenge", 3, 2), ("kahuna", 3, 2)])
def test_one_frame_per_announced_turn_then_the_result_held(
    game: str, seed: int, players: int
) -> None:
    record = _played(game, seed, players)
    frames = replay_frames(record)
    turns = _turns(record)
    assert len(frames) == turns + 1
    assert [f.turn for f in frames] == [*range(1, turns + 1), None]
    assert sum(len(f.moves) for f in frames) == len(record.moves)
    if game == "kahuna":  # turns of several actions are one frame each
        assert turns < len(record.moves) and max(len(f.moves) for f in frames) >= 3
    shown = _frames(animate(frames, _headers(frames), ("Ana", "Luis")))
    assert len(shown) == turns + 1
    assert all(image.width <= MAX_WIDTH for image, _ in shown)
    assert len({image.size for image, _ in shown}) == 1
    durations = [ms for _, ms in shown]
    assert durations[-1] == RESULT_MS and max(durations[:-1]) < RESULT_MS
    assert frames[-1].view.turn is None  # over


def test_a_72_tile_islas_game_and_a_skipped_turn() -> None:
    record = _played("islas", 5, players=3, moves=6)
    record = Record("islas", 3, 5, {}, ("skip", *record.moves[:5]))
    frames = replay_frames(record)
    assert len(frames) == 6 + 1 and frames[0].moves == ("skip",)
    assert [e.key for e in frames[0].events] == ["islas-skipped", "islas-drew"]
    whole = _played("islas", 3)
    assert len(get_game("islas").replay(2, 3, {}, whole.moves).view(None).tiles) == 72
    frames = replay_frames(whole)
    assert len(frames) == len(whole.moves) + 1  # a tile a turn
    data = animate(frames, _headers(frames))
    # A GIF (Discord plays it on every client, phones included), well within the budget.
    assert Image.open(io.BytesIO(data)).format == "GIF" and len(data) <= 8 * 1024 * 1024
    shown = _frames(data)
    assert len(shown) == len(frames) and shown[0][0].width <= MAX_WIDTH


def test_the_frames_are_the_public_positions_after_each_turn() -> None:
    record = _played("kahuna", 8)
    game = get_game("kahuna")
    played = 0
    for frame in replay_frames(record)[:-1]:
        played += len(frame.moves)
        state = game.replay(2, 8, {}, record.moves[:played])
        assert frame.view == state.view(None) and frame.view.hand is None


def test_a_game_resigned_in_the_middle_of_a_turn_ends_where_it_was_announced() -> None:
    record = _played("kahuna", 3)
    frames = replay_frames(record)
    # Cut the record after the first action of a turn of several.
    played = 0
    for frame in frames:
        if len(frame.moves) >= 2:
            break
        played += len(frame.moves)
    cut = Record("kahuna", 2, 3, {}, record.moves[: played + 1])
    resigned = replay_frames(cut, winners=[1])
    assert len(resigned) == _turns(cut) + 1 == frames.index(frame) + 1
    before = get_game("kahuna").replay(2, 3, {}, record.moves[:played])
    assert resigned[-1].view == ended(before, [1]).view(None)
    assert resigned[-1].view.winners == (1,) and resigned[-1].view.turn is None


def test_a_long_header_is_cut_to_its_lines() -> None:
    record = _played("stonehenge", 4, moves=2)
    frames = replay_frames(record)
    long = "Ñandú ¿¡áéíóúü!? " * 60
    data = animate(frames, [Header("Turn 1", long), Header("W" * 80, long), Header("", "")])
    assert len(_frames(data)) == 3


def test_gif_by_default_webp_when_asked() -> None:
    frames = replay_frames(_played("stonehenge", 4, moves=4))
    data = animate(frames, _headers(frames))
    image = Image.open(io.BytesIO(data))
    assert image.format == "GIF" and image.n_frames == len(frames)
    webp = Image.open(io.BytesIO(animate(frames, _headers(frames), fmt="webp")))
    assert webp.format == "WEBP" and webp.n_frames == len(frames)
    # The same pictures either way: both are lossless over the same palette frames.
    for index in range(len(frames)):
        image.seek(index)
        webp.seek(index)
        assert image.convert("RGB").tobytes() == webp.convert("RGB").tobytes()


def test_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = _played("kahuna", 5, moves=30)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record.to_json()))
    out = tmp_path / "game.webp"
    assert main([str(path), "--animate", "-o", str(out)]) == 0
    image = Image.open(out)
    assert image.format == "WEBP" and image.n_frames == _turns(record) + 1
    assert "frames" in capsys.readouterr().out
    gif = tmp_path / "game.gif"
    assert main([str(path), "--animate", "-o", str(gif)]) == 0
    assert Image.open(gif).format == "GIF"
    other = tmp_path / "game.anim"  # any other name: GIF, as the bot sends
    assert main([str(path), "--animate", "-o", str(other)]) == 0
    assert Image.open(other).format == "GIF"
    with pytest.raises(SystemExit):
        main([str(path), "--animate", "--seat", "0", "-o", str(out)])


@pytest.mark.parametrize("game", ["stonehenge", "kahuna", "islas"])
def test_a_game_resigned_before_any_move_is_its_result_alone(game: str) -> None:
    frames = replay_frames(Record(game, 2, 1, {}, ()), winners=[1])
    assert len(frames) == 1 and frames[0].turn is None and frames[0].view.turn is None
    image = Image.open(io.BytesIO(animate(frames, [Header("Result", "Luis resigned")])))
    assert image.format == "GIF" and image.width <= MAX_WIDTH
