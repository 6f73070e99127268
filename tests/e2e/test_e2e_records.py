"""/export and /replay (through the loopback Discord): finished games only, public views only."""

from __future__ import annotations

import asyncio
import io
import json
import random
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from PIL import Image

from cogs.records import _visible
from cogs.utils.replays import draw_replay
from loopback.models import FakeChannel
from render.animate import MAX_WIDTH
from rules import get_game
from rules.kahuna import DECK, Discard, Draw, Place
from rules.record import Record
from rules.replay import replay
from tests.e2e import (
    World,
    accept,
    boards,
    button,
    challenge,
    local_copy,
    mirror,
    move,
    pick,
    play,
    resign,
    started,
    stored_game,
    wait_boards,
)


async def _kahuna(world: World) -> tuple[FakeChannel, Any]:
    """A Kahuna game between Ana (first) and Luis, and a copy of its position (seed known)."""
    return await started(world, "kahuna"), await local_copy(world)


async def _act(world: World, place: FakeChannel, state: Any, user: Any, move_: Any) -> None:
    notation = state.format(move_)
    ix = await move(world, user, place, notation)
    assert ix.ephemeral and "⚠️" not in ix.text, ix.text
    state.apply(move_)


async def test_an_exported_record_replays_to_the_stored_result(tablero: World) -> None:
    world = tablero
    place = await accept(
        world, world.luis, await challenge(world, world.ana, world.luis, first="me")
    )
    state, rng, users = mirror({"first": 0}), random.Random(5), (world.ana, world.luis)
    while state.turn is not None:
        notation = pick(state, rng)
        await move(world, users[state.turn], place, notation)
        state.play(notation)
    await wait_boards(world, place, state.ply + 1)
    game = await stored_game(world)
    assert game.status == "finished"
    # In the game's thread, in Spanish for Luis; only he sees it.
    ix = await (await world.fake.slash(world.luis, place, "export")).done()
    assert ix.ephemeral and "El registro público de Stonehenge #1" in ix.text
    (attachment,) = ix.attachments
    assert attachment.filename == "tablero-stonehenge-1.json"
    record = json.loads(attachment.data)
    # Face up, everything was seen: the moves as stored, without the seed; Luis's own copy.
    full = game.to_record()
    assert record == {
        "public": True,
        "game": "stonehenge",
        "players": 2,
        "seat": 1,
        "options": {**full["options"], "first": 0},
        "moves": full["moves"],
    }
    result = replay(record)
    assert result["ok"] and result["finished"] and result["ply"] == len(game.moves)
    assert tuple(result["winners"]) == game.result.winners
    assert tuple(result["scores"]) == game.result.scores
    # Anyone on the server, by the game's number, from anywhere: no seat.
    again = await (await world.fake.slash(world.eve, world.channel, "export", {"game": 1})).done()
    assert again.ephemeral
    assert json.loads(again.attachments[0].data) == {k: v for k, v in record.items() if k != "seat"}
    missing = await (await world.fake.slash(world.eve, world.channel, "export", {"game": 7})).done()
    assert missing.ephemeral and "#7" in missing.text and not missing.attachments


async def test_an_unfinished_game_is_neither_exported_nor_replayed(tablero: World) -> None:
    world = tablero
    place, state = await _kahuna(world)
    first = next(m for m in state.legal_moves() if isinstance(m, Place))
    await _act(world, place, state, world.ana, first)  # an action of a turn under way
    asked = [
        (world.ana, place, "export", {}, "still being played"),
        (world.luis, world.channel, "export", {"game": 1}, "sigue en juego"),
        (world.eve, place, "replay", {}, "still being played"),
        (world.eve, world.channel, "replay", {"game": 1}, "still being played"),
    ]
    for user, where, command, options, words in asked:
        ix = await (await world.fake.slash(user, where, command, options)).done()
        assert ix.ephemeral and words in ix.text and "#1" in ix.text, ix.text
        assert not ix.attachments
    seed = (await stored_game(world)).seed
    public = world.fake.all_text_public()
    assert str(seed) not in public and '"moves"' not in public
    for message in world.fake.messages(place) + world.fake.messages(world.channel):
        assert not any(a.filename.endswith((".json", ".webp", ".gif")) for a in message.attachments)
    none = await (await world.fake.slash(world.eve, world.channel, "replay")).done()
    assert none.ephemeral and not none.attachments and "No game was played here" in none.text


async def test_replay_of_a_resigned_game_shows_its_announced_turns(tablero: World) -> None:
    world = tablero
    place, state = await _kahuna(world)
    while state.turn == 0:  # Ana's whole first turn: it builds, then draws
        legal = state.legal_moves()
        builds = [m for m in legal if isinstance(m, Place)]
        chosen = builds[0] if builds else next(m for m in legal if isinstance(m, Draw))
        await _act(world, place, state, world.ana, chosen)
    build = next(m for m in state.legal_moves() if isinstance(m, Place))
    await _act(world, place, state, world.luis, build)  # Luis's turn, never finished
    await resign(world, world.luis, place)
    await wait_boards(world, place, 3)
    assert (await stored_game(world)).status == "finished"
    ix = await (await world.fake.slash(world.eve, place, "replay")).done()
    assert not ix.ephemeral
    (posted,) = ix.messages
    assert "Replay of Kahuna #1: Ana – Luis" in posted.content
    (attachment,) = posted.attachments
    assert attachment.filename == "tablero-kahuna-1.gif"  # GIF moves on every client
    assert "Kahuna" in attachment.description and "1 turn," in attachment.description
    image = Image.open(io.BytesIO(attachment.data))
    # Ana's turn, then the result: Luis's unfinished turn was never shown, so it is not now.
    assert image.format == "GIF" and image.n_frames == 2 and image.width <= MAX_WIDTH
    assert image.info["loop"] == 0  # it plays on and on
    assert posted in world.fake.messages(place) and boards(world, place)[-1] is posted
    # Spanish for a Spanish user only where the reply is theirs alone: the post is the game's.
    again = await (await world.fake.slash(world.luis, world.channel, "replay", {"game": 1})).done()
    assert not again.ephemeral and "Replay of Kahuna #1" in again.messages[0].content


def test_a_game_of_another_server_is_only_its_players_business() -> None:
    game = SimpleNamespace(guild_id=10, seat_of=lambda user: 0 if user == 1 else None)

    def asked(user: int, guild: int | None) -> Any:
        return SimpleNamespace(user=SimpleNamespace(id=user), guild_id=guild)

    assert _visible(game, asked(1, 99)) and _visible(game, asked(2, 10))  # type: ignore[arg-type]
    assert not _visible(game, asked(2, 99)) and not _visible(game, asked(2, None))  # type: ignore[arg-type]
    dm_game = SimpleNamespace(guild_id=None, seat_of=lambda user: None)
    assert not _visible(dm_game, asked(2, None))  # type: ignore[arg-type]


def test_a_plugin_game_replays_too() -> None:
    from tests import toy  # noqa: F401 (registers the plugin)

    state, moves = get_game("tictactoe").new(2, 1, {}), []
    rng = random.Random(1)
    while state.turn is not None:
        move_ = rng.choice(state.legal_moves())
        moves.append(state.format(move_))
        state.apply(move_)
    record = Record("tictactoe", 2, 1, {}, tuple(moves))
    drawn = draw_replay(record, ("Ana", "Luis"), "en", None)
    image = Image.open(io.BytesIO(drawn.png))
    assert image.n_frames == len(moves) + 1 and "Tic-tac-toe" in drawn.alt


# --- the public record (spec/records.md, "The public record") -------------------------------


async def _exports(world: World, place: FakeChannel) -> dict[str, dict[str, Any]]:
    """What /export gives an outsider (Eve), Ana and Luis, by name."""
    found = {}
    for user in (world.eve, world.ana, world.luis):
        ix = await (await world.fake.slash(user, place, "export")).done()
        assert ix.ephemeral and len(ix.attachments) == 1, ix.text
        found[user.name] = json.loads(ix.attachments[0].data)
    return found


def _public_keys(record: dict[str, Any], seat: int | None) -> None:
    """The shape every public record has: said so, no seed, no hidden order."""
    assert record["public"] is True and "seed" not in record
    assert "deck" not in record["options"] and "reshuffles" not in record["options"]
    assert record.get("seat") == seat
    assert record["options"]["first"] == 0


async def test_a_hidden_stonehenge_export_holds_only_what_its_reader_saw(tablero: World) -> None:
    world = tablero
    place = await started(world, hidden=True)
    # L0 (AB) fills and turns face up; F, G and J stay face down when Luis resigns.
    for i, notation in enumerate(["6A", "5B", "4F", "3G", "1J"]):
        await move(world, (world.ana, world.luis)[i % 2], place, notation)
    await resign(world, world.luis, place)
    await wait_boards(world, place, 6)
    public = world.fake.all_text_public()
    assert "6A 5B" in public  # the reveal was announced to all
    got = await _exports(world, place)
    for name, seat in (("Eve", None), ("Ana", 0), ("Luis", 1)):
        _public_keys(got[name], seat)
        assert got[name]["options"]["hidden"] is True
    assert got["Eve"]["moves"] == ["6A", "5B", "?F", "?G", "?J"]
    assert got["Ana"]["moves"] == ["6A", "5B", "4F", "?G", "1J"]
    assert got["Luis"]["moves"] == ["6A", "5B", "?F", "3G", "?J"]
    stored = await stored_game(world)
    assert stored.to_record()["moves"] == ["6A", "5B", "4F", "3G", "1J"]  # the database's
    assert isinstance(stored.to_record()["seed"], int)
    # A public record replays with its unknowns unknown: the lines everyone saw decided.
    result = replay(got["Eve"])
    assert result["ok"] and result["ply"] == 5 and result["summary"]["lines"][0] == 0


async def test_a_kahuna_export_hides_discards_hands_and_the_pile(tablero: World) -> None:
    world = tablero
    place, state = await _kahuna(world)
    display, pile = list(state.view(None).display), list(state.pile)
    ana_hand, luis_hand = sorted(state.hands[0]), sorted(state.hands[1])
    ana_discard = Discard((ana_hand[0],))
    await _act(world, place, state, world.ana, ana_discard)
    await _act(world, place, state, world.ana, Draw(display[0]))
    luis_discard = Discard(tuple(luis_hand[:2]))
    await _act(world, place, state, world.luis, luis_discard)
    await _act(world, place, state, world.luis, Draw(DECK))
    build = next((m for m in state.legal_moves() if isinstance(m, Place)), None)
    if build is not None:  # an action of Ana's turn, never announced before she resigns
        await _act(world, place, state, world.ana, build)
    await resign(world, world.ana, place)
    await wait_boards(world, place, 3)
    got = await _exports(world, place)
    for name, seat in (("Eve", None), ("Ana", 0), ("Luis", 1)):
        _public_keys(got[name], seat)
        # The display as laid out and refilled in public; no hand, no pile order.
        assert got[name]["shown"] == [*display, pile[0]]
    announced = ["discard ?", f"draw {display[0]}", "discard ? ?", "draw deck"]
    assert got["Eve"]["moves"] == announced
    assert got["Luis"]["moves"] == [
        announced[0],
        announced[1],
        state.format(luis_discard),
        "draw deck",
    ]
    own = [state.format(ana_discard), *announced[1:]]
    assert got["Ana"]["moves"] == own + ([state.format(build)] if build else [])
    assert isinstance((await stored_game(world)).to_record()["seed"], int)
    assert replay(got["Eve"])["ok"] and replay(got["Luis"])["ok"]


async def test_an_islas_export_has_no_seed_and_no_pile(tablero: World) -> None:
    world = tablero
    args = {"opponent": world.luis, "first": "me"}
    offer = (await (await play(world, world.ana, "islas", args)).done()).message
    place = await accept(world, world.luis, offer)
    game = await stored_game(world)
    state = get_game("islas").new(2, game.seed, game.options)
    rng = random.Random(2)
    for user in (world.ana, world.luis, world.ana):
        chosen = rng.choice(state.legal_moves())
        ix = await move(world, user, place, state.format(chosen))
        assert "⚠️" not in ix.text, ix.text
        state.apply(chosen)
    await resign(world, world.luis, place)
    await wait_boards(world, place, 4)
    got = await _exports(world, place)
    stored = (await stored_game(world)).to_record()
    for name, seat in (("Eve", None), ("Ana", 0), ("Luis", 1)):
        _public_keys(got[name], seat)
        assert got[name]["moves"] == stored["moves"]
        # The tiles drawn in public (the one on top included); the rest of the pile stays put.
        assert got[name]["shown"] == list(state.pile[: state.next + 1])
    assert replay(got["Eve"])["ok"]


async def test_after_a_rematch_the_thread_replays_its_finished_game(tablero: World) -> None:
    world = tablero
    place = await started(world)
    await move(world, world.ana, place, "6L")
    await resign(world, world.luis, place)
    final = (await wait_boards(world, place, 3))[-1]
    # The end post names the game, so that its command still finds it later.
    assert "/replay game:1" in final.content and "/export game:1" in final.content
    ix = await (await world.fake.click(world.luis, final, "rm:1")).done()
    offer = ix.message
    await (await world.fake.click(world.ana, offer, button(offer, "ch:", ":accept"))).done()
    await world.fake.wait_for_message(place, lambda m: len(boards(world, place)) >= 4)
    assert (await stored_game(world, 2)).active and world.fake.threads(world.channel) == [place]
    # Game #2 is under way in the same thread: the commands mean the finished game #1.
    exported = await (await world.fake.slash(world.eve, place, "export")).done()
    assert exported.attachments and exported.attachments[0].filename == "tablero-stonehenge-1.json"
    assert json.loads(exported.attachments[0].data)["moves"] == ["6L"]
    replayed = await (await world.fake.slash(world.eve, place, "replay")).done()
    assert not replayed.ephemeral and "Stonehenge #1" in replayed.messages[0].content
    # By its number, the game under way is still refused.
    asked = await (await world.fake.slash(world.eve, place, "export", {"game": 2})).done()
    assert asked.ephemeral and "still being played" in asked.text and not asked.attachments


async def test_a_replay_is_drawn_once_kept_beside_the_database_and_posted_again(
    tablero: World,
) -> None:
    world = tablero
    place = await started(world)
    await move(world, world.ana, place, "6L")
    await resign(world, world.luis, place)
    await wait_boards(world, place, 3)
    asked = [world.fake.slash(user, place, "replay") for user in (world.eve, world.ana)]
    first, second = [await ix.done() for ix in await asyncio.gather(*asked)]
    again = await (await world.fake.slash(world.luis, world.channel, "replay", {"game": 1})).done()
    files = [ix.messages[0].attachments[0] for ix in (first, second, again)]
    assert len({f.data for f in files}) == 1 and {f.filename for f in files} == {
        "tablero-stonehenge-1.gif"
    }
    assert world.bot is not None
    cache = world.bot.get_cog("Records").replays  # type: ignore[union-attr]
    assert cache.drawn == 1  # asked twice at once, then once more: drawn once
    if not str(world.database).startswith("postgres"):  # beside the SQLite file
        (kept,) = Path(f"{world.database}.replays").iterdir()
        assert kept.name.startswith("1-gif-en-") and kept.read_bytes().endswith(files[0].data)
    # A restarted bot posts the kept file.
    await world.restart()
    restarted = await (await world.fake.slash(world.eve, place, "replay")).done()
    assert restarted.messages[0].attachments[0].data == files[0].data
