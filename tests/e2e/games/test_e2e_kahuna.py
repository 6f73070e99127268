"""Kahuna end to end through the loopback Discord: turns of several actions, secrets kept."""

from __future__ import annotations

import logging
import random
import re
from collections import Counter
from typing import Any

import pytest

from games.plugin import plugin_for
from loopback.models import FakeChannel
from rules.kahuna import DECK, Discard, Draw, KahunaState, Place, Remove
from tests.e2e import (
    World,
    boards,
    local_copy,
    move,
    started,
    stored_game,
    wait_boards,
)

KAHUNA = plugin_for("kahuna")


async def _started(world: World, first: str = "me") -> tuple[FakeChannel, KahunaState]:
    place = await started(world, "kahuna", first)
    assert "Kahuna" in world.fake.messages(world.channel)[0].content  # the challenge
    state = await local_copy(world)
    assert isinstance(state, KahunaState)
    return place, state


def _words(values: Any) -> set[str]:
    """Every island named in event parameters (lines split into their ends, lists opened)."""
    words: set[str] = set()
    for value in values:
        if isinstance(value, list):
            words |= _words(value)
        else:
            words |= set(str(value).split("-"))
    return words


def _choose(state: KahunaState, rng: random.Random) -> Any:
    """A plausible player: builds or removes when it can, else draws (discarding when full)."""
    moves = state.legal_moves()
    actions = [m for m in moves if isinstance(m, Place | Remove)]
    if actions and rng.random() < 0.6:
        return rng.choice(actions)
    draws = [m for m in moves if isinstance(m, Draw)]
    return rng.choice(draws) if draws else rng.choice([m for m in moves if isinstance(m, Discard)])


async def test_a_whole_game_keeps_every_secret(
    tablero: World, caplog: pytest.LogCaptureFixture
) -> None:
    world = tablero
    caplog.set_level(logging.DEBUG)
    place, state = await _started(world)
    users, names, rng = (world.ana, world.luis), ("Ana", "Luis"), random.Random(4)
    played: list[str] = []
    secrets_checked = 0
    while state.turn is not None:
        seat = state.turn
        before_boards = len(boards(world, place))
        hidden_now: set[str] = set()
        turn_public: set[str] = set()
        while state.turn == seat:
            chosen = _choose(state, rng)
            notation = state.format(chosen)
            hand_before = list(state.hands[seat])
            events = state.apply(chosen)
            for event in events:
                turn_public |= _words(event.params.values())
            if isinstance(chosen, Discard):
                hidden_now |= set(chosen.cards)
            if isinstance(chosen, Draw) and chosen.source == DECK:
                drawn = set(state.hands[seat]) - set(hand_before) if state.turn != seat else set()
                hidden_now |= drawn
            ix = await move(world, users[seat], place, notation)
            assert ix.ephemeral and "⚠️" not in ix.text, (notation, ix.text)
            played.append(notation)
            if state.turn == seat:  # mid-turn: nothing public yet
                assert len(boards(world, place)) == before_boards
        posted = (await wait_boards(world, place, before_boards + 1))[-1]
        assert posted.attachments[0].data == KAHUNA.drawing.render("en", state, None, names)
        for card in hidden_now - turn_public:
            assert card not in posted.content, (card, posted.content)
            secrets_checked += 1
    game = await stored_game(world)
    assert game.status == "finished" and list(game.moves) == played
    assert game.result.scores == tuple(state.outcome().scores)
    assert "🏆" in posted.content or "🤝" in posted.content
    assert secrets_checked > 0  # the check above really ran
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert not any(notation in logged for notation in played)


async def test_actions_are_private_until_the_draw_and_survive_a_restart(tablero: World) -> None:
    world = tablero
    place, state = await _started(world)
    build = next(m for m in state.legal_moves() if isinstance(m, Place))
    state.apply(build)
    ix = await move(world, world.ana, place, state.format(build))
    assert ix.ephemeral and "Your turn goes on" in ix.text and ix.attachments
    assert len(boards(world, place)) == 1  # the opponent sees nothing yet
    await world.restart()
    await world.bot.recovery
    assert len(boards(world, place)) == 1  # a half-made turn is not announced on restart
    draw = Draw(DECK)
    ix = await move(world, world.ana, place, state.format(draw))
    posted = (await wait_boards(world, place, 2))[-1]
    line = build.line.replace("-", "–")
    assert f"**Ana** built {line}" in posted.content and "drew from the pile" in posted.content
    assert world.luis.id in posted.pinged_user_ids
    game = await stored_game(world)
    assert game.moves == (state.format(build), "draw deck")


async def test_hand_is_shown_only_to_its_owner_in_their_language(tablero: World) -> None:
    world = tablero
    place, state = await _started(world)
    board = boards(world, place)[-1]
    mine = await (await world.fake.click(world.luis, board, "tg:1:mine")).done()
    assert mine.ephemeral and "Solo tú ves esto" in mine.text
    assert mine.attachments[0].data == KAHUNA.drawing.render_private(
        "es", state, 1, ("Ana", "Luis")
    )
    spectator = await (await world.fake.click(world.eve, board, "tg:1:mine")).done()
    assert spectator.ephemeral and "not playing" in spectator.text
    hand = await (await world.fake.slash(world.ana, place, "hand")).done()
    assert hand.ephemeral and hand.attachments


async def test_the_picker_builds_a_bridge_card_then_line(tablero: World) -> None:
    world = tablero
    place, state = await _started(world)
    board = boards(world, place)[-1]
    opened = await (await world.fake.click(world.ana, board, "tg:1:play")).done()
    assert "What do you do?" in opened.text
    card = sorted(set(state.hands[0]))[0]
    cards = await (await world.fake.click(world.ana, opened.message, "pk:1:0::place")).done()
    assert "Which card" in cards.text
    lines = await (await world.fake.click(world.ana, cards.message, f"pk:1:0:place:{card}")).done()
    assert f"Where do you build with {card}" in lines.text
    line = state.buildable(0, card)[0]
    done = await (
        await world.fake.click(world.ana, lines.message, f"pk:1:0:place.{card}:{line}")
    ).done()
    await done.wait_followups(0)
    game = await stored_game(world)
    assert game.moves == (f"place {line} with {card}",)
    assert len(boards(world, place)) == 1


async def test_autocomplete_lists_this_turns_moves(tablero: World) -> None:
    world = tablero
    place, state = await _started(world)
    choices = await world.fake.autocomplete(
        world.ana, place, "move", {"move": "draw"}, focused="move"
    )
    assert choices and all(c["value"].startswith("draw ") for c in choices)
    assert {c["value"] for c in choices} == {
        state.format(m) for m in state.legal_moves() if isinstance(m, Draw)
    }


async def test_an_unseen_action_is_taken_back_at_once_but_a_pile_draw_never(
    tablero: World,
) -> None:
    world = tablero
    place, state = await _started(world)
    build = next(m for m in state.legal_moves() if isinstance(m, Place))
    await move(world, world.ana, place, state.format(build))
    ix = await (await world.fake.slash(world.ana, place, "undo")).done()
    assert ix.ephemeral and "taken back" in ix.text
    assert (await stored_game(world)).moves == ()
    assert len(boards(world, place)) == 1  # nothing was ever public
    await move(world, world.ana, place, "draw deck")
    ix = await (await world.fake.slash(world.ana, place, "undo")).done()
    assert ix.ephemeral and "revealed something" in ix.text
    assert (await stored_game(world)).moves == ("draw deck",)


async def test_the_hand_image_describes_the_cards_to_its_owner(tablero: World) -> None:
    world = tablero
    place, state = await _started(world)
    mine = await (await world.fake.click(world.luis, boards(world, place)[-1], "tg:1:mine")).done()
    alt = mine.attachments[0].description
    assert alt.startswith("Tu mano de Kahuna, 3 cartas:"), alt
    for card in state.hands[1]:
        assert card in alt
    hand = await (await world.fake.slash(world.ana, place, "hand")).done()
    assert hand.attachments[0].description.startswith("Your Kahuna hand, 3 cards:")


async def test_spanish_verbs_are_read_and_moves_confirmed_in_spanish(tablero: World) -> None:
    world = tablero
    place, state = await _started(world, first="opponent")
    assert state.turn == 1  # Luis, who writes Spanish
    build = next(m for m in state.legal_moves() if isinstance(m, Place))
    state.apply(build)
    ix = await move(world, world.luis, place, f"poner un puente en {build.line} con {build.card}")
    assert f"Jugaste colocar {build.line} con {build.card}." in ix.text, ix.text
    hand_before = list(state.hands[1])
    events = state.apply(Draw(DECK))
    (drawn,) = (Counter(state.hands[1]) - Counter(hand_before)).elements()
    ix = await move(world, world.luis, place, "robar del mazo")
    assert "Jugaste robar mazo." in ix.text, ix.text
    game = await stored_game(world)
    assert game.moves == (state.format(build), "draw deck")  # the record stays canonical
    # Only the mover hears which card came off the pile, with their hand to see it in.
    assert ix.ephemeral and f"Del mazo robaste **{drawn}**." in ix.text
    (hand,) = ix.attachments
    assert hand.data == KAHUNA.drawing.render_private("es", state, 1, ("Ana", "Luis"))
    posted = (await wait_boards(world, place, 2))[-1]
    assert "drew from the pile" in posted.content
    if drawn not in _words(p for e in events for p in e.params.values()) | set(
        build.line.split("-")
    ):
        assert drawn not in posted.content


async def test_board_wording_says_what_is_private_in_each_game(tablero: World) -> None:
    world = tablero
    place, _ = await _started(world)
    board = await (await world.fake.slash(world.ana, place, "board")).done()
    assert "your hand" in board.text and "hidden pieces" not in board.text
    board = await (await world.fake.slash(world.luis, place, "board")).done()
    assert "tu mano" in board.text
    board = await (await world.fake.slash(world.eve, place, "board")).done()
    assert "The current board:" in board.text


async def test_the_picker_tells_the_drawer_their_pile_card(tablero: World) -> None:
    world = tablero
    place, state = await _started(world)
    top = state.pile[0]
    opened = await (await world.fake.click(world.ana, boards(world, place)[-1], "tg:1:play")).done()
    sources = await (await world.fake.click(world.ana, opened.message, "pk:1:0::draw")).done()
    drawn = await (await world.fake.click(world.ana, sources.message, f"pk:1:0:draw:{DECK}")).done()
    assert f"You played draw deck.\nFrom the pile you drew **{top}**." in drawn.text
    assert drawn.ephemeral and drawn.attachments[0].description.startswith("Your Kahuna hand")
    posted = (await wait_boards(world, place, 2))[-1]
    assert "drew from the pile" in posted.content and not posted.ephemeral
    # As a word: the card Kahu is inside the game's name, Kahuna.
    card = re.compile(rf"\b{top}\b")
    assert not card.search(posted.content)
    assert not card.search(posted.attachments[0].description or "")
