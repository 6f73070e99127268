"""Kahuna on Discord: a turn in words, the picker (action, card, line …) and the images.

Nothing here may name a card drawn from the pile or discarded face down: narration works
only from the engine's public events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ai.kahuna import PLAYER as KAHUNA_PLAYER
from cogs.games.base import GameAdapter
from cogs.games.plugin import GamePlugin, PlayOption, Renderer
from locales import join, t
from render.kahuna import LABELS, paint_frames, render_kahuna, render_kahuna_hand
from render.kahuna.art import warm as warm_sprites
from rules import Event, InvalidMove, RulesError
from rules.kahuna import DECK, KAHUNA, Discard, Draw, KahunaMove, KahunaState, Place, Remove
from rules.kahuna_view import KahunaView
from rules.public.kahuna import PUBLISHER as KAHUNA_PUBLIC

#: Picker tokens of the four kinds of action, in the order offered.
ACTIONS = ("place", "remove", "discard", "draw")
#: The words of the canonical notation; each is written as message ``kahuna-notation-{word}``.
NOTATION_WORDS = (*ACTIONS, "with", DECK)
#: Words a Spanish player may type, read whatever their language: the verbs they would guess,
#: "con", "y" between two cards, and the pile.
TYPED_WORDS: dict[str, str] = {
    "colocar": "place",
    "poner": "place",
    "construir": "place",
    "quitar": "remove",
    "retirar": "remove",
    "eliminar": "remove",
    "descartar": "discard",
    "robar": "draw",
    "coger": "draw",
    "tomar": "draw",
    "con": "with",
    "y": "+",
    "mazo": DECK,
    "montón": DECK,
    "pila": DECK,
}
#: Words around the notation, skipped: "poner un puente en …", "robar del mazo".
FILLER_WORDS = frozenset({"un", "una", "el", "la", "del", "de", "en", "puente", "carta"})


def _line(line: str) -> str:
    """'Bari–Elai' with an en dash, as the board writes it."""
    return line.replace("-", "–")


class KahunaAdapter(GameAdapter[KahunaState]):
    """Bridges, islands and secret hands in words and pictures."""

    title_key = "game-kahuna"
    private_button_key = "kahuna-button-hand"
    board_private_key = "kahuna-board-private"

    def seat_name(self, lang: str, seat: int) -> str | None:
        """'orange' or 'blue', the colours of the image."""
        return t(lang, f"kahuna-seat-{seat}")

    def option_summary(self, lang: str, options: dict[str, Any], series: int) -> str:
        """'first edition (no bridge towards controlled islands)' and the like."""
        parts = []
        if options.get("forbid_build_on_controlled"):
            parts.append(t(lang, "kahuna-option-first-edition"))
        if options.get("no_bridges_ends_game") is False:
            parts.append(t(lang, "kahuna-option-no-bridges-off"))
        if series > 1:
            parts.append(t(lang, "option-series", count=series))
        return ", ".join(parts)

    def has_private_view(self, options: dict[str, Any]) -> bool:
        """Every player has a secret hand."""
        return True

    # -- narration -------------------------------------------------------------------------
    def narrate(self, lang: str, events: Sequence[Event], names: Sequence[str]) -> str:
        """'Ana built Bari–Elai, took Elai and removed 2 of Luis's bridges; drew from the pile.'"""
        actor: int | None = None
        actions: list[str] = []
        after: list[Any] = []
        for event in events:
            p = event.params
            if "seat" in p and event.key != "kahuna-lost-control":
                actor = p["seat"] if actor is None else actor
            text = self._action(lang, event, names)
            if text is not None:
                actions.append(text)
            elif event.key == "kahuna-took":
                actions[-1] += self._took(lang, p, names)
            elif event.key == "kahuna-lost-control" and _lost_by(after, p["seat"]):
                _lost_by(after, p["seat"]).append(p["island"])  # one sentence a player
            else:
                after.append(self._aside(lang, event, names))
        sentences = []
        if actor is not None and actions:
            sentences.append(
                t(lang, "kahuna-turn", player=names[actor], actions="; ".join(actions))
            )
        sentences += [self._losses(lang, s, names) if isinstance(s, tuple) else s for s in after]
        return " ".join(s for s in sentences if s)

    def _action(self, lang: str, event: Event, names: Sequence[str]) -> str | None:
        """The words of one action, or None for events that are not actions."""
        p = event.params
        match event.key:
            case "kahuna-placed":
                return t(lang, "kahuna-act-placed", line=_line(p["line"]))
            case "kahuna-removed":
                return t(lang, "kahuna-act-removed", line=_line(p["line"]), owner=names[p["owner"]])
            case "kahuna-discarded":
                return t(lang, "kahuna-act-discarded", count=p["count"])
            case "kahuna-drew-display":
                return t(lang, "kahuna-act-drew-display", card=p["card"])
            case "kahuna-drew-pile":
                return t(lang, "kahuna-act-drew-pile")
        return None

    def _took(self, lang: str, p: Any, names: Sequence[str]) -> str:
        """', took Elai and removed 2 of Luis's bridges' after a placement."""
        text = t(lang, "kahuna-act-took", island=p["island"])
        cleared = len(p["cleared"])
        if cleared:
            text += t(lang, "kahuna-act-cleared", count=cleared, owner=names[1 - p["seat"]])
        return text

    def _losses(self, lang: str, lost: tuple[int, list[str]], names: Sequence[str]) -> str:
        """'Luis lost control of Aloa and Lale.'"""
        seat, islands = lost
        return t(lang, "kahuna-lost", player=names[seat], island=join(lang, islands))

    def _aside(self, lang: str, event: Event, names: Sequence[str]) -> Any:
        """Sentences about consequences: rounds scored and begun, and (seat, islands) for
        controls lost, which become one sentence a player."""
        p = event.params
        match event.key:
            case "kahuna-lost-control":  # islands added while the turn is read
                return (p["seat"], [p["island"]])
            case "kahuna-round-scored":
                islands, points = p["islands"], p["points"]
                if not any(points):
                    return t(lang, "kahuna-round-tie", round=p["round"], count=islands[0])
                scorer = 0 if points[0] else 1
                return t(
                    lang,
                    "kahuna-round-won",
                    round=p["round"],
                    player=names[scorer],
                    mine=islands[scorer],
                    theirs=islands[1 - scorer],
                    points=points[scorer],
                )
            case "kahuna-round-started":
                return t(lang, "kahuna-round-started", round=p["round"])
        return ""  # kahuna-game-over: the result line says it

    def result(self, lang: str, state: KahunaState, names: Sequence[str]) -> str:
        """Who won, by how much, and why."""
        outcome = state.outcome()
        scores = outcome.scores
        if state.reason == "no-bridges":
            if len(outcome.winners) == 2:
                return t(lang, "kahuna-result-no-bridges-draw")
            winner = outcome.winners[0]
            return t(
                lang, "kahuna-result-no-bridges", winner=names[winner], loser=names[1 - winner]
            )
        if len(outcome.winners) == 2:
            return t(lang, "kahuna-result-draw", points=scores[0])
        winner = outcome.winners[0]
        return t(
            lang,
            "kahuna-result-win",
            winner=names[winner],
            mine=scores[winner],
            theirs=scores[1 - winner],
        )

    def alt_text(self, lang: str, state: KahunaState, names: Sequence[str]) -> str:
        """'Kahuna, round 2. Ana (orange) 4 islands, 1 point; Luis (blue) …. Luis to move.'"""
        islands = state.islands_controlled()
        turn = state.turn
        return t(
            lang,
            "kahuna-alt",
            round=state.round,
            p0=names[0],
            p1=names[1],
            islands0=islands[0],
            islands1=islands[1],
            score0=state.scores[0],
            score1=state.scores[1],
            next=names[turn] if turn is not None else "",
            finished="yes" if turn is None else "no",
        )

    def private_alt_text(
        self, lang: str, state: KahunaState, seat: int, names: Sequence[str]
    ) -> str:
        """'Your Kahuna hand, 2 cards: Bari (can build towards Aloa and Coco); Lale (…).'

        Only its owner sees the hand image, so its description may name the cards.
        """
        view = state.view(seat)
        hand = view.hand or ()
        cards = "; ".join(
            self._card_words(lang, card, view.buildable.get(card, ())) for card in hand
        )
        return t(lang, "kahuna-hand-alt", count=len(hand), cards=cards)

    def _card_words(self, lang: str, card: str, lines: Sequence[str]) -> str:
        """A card of the hand and the islands it could bridge to now, as the image lists them."""
        ends = [next((e for e in line.split("-") if e != card), card) for line in lines]
        return t(lang, "kahuna-hand-alt-card", card=card, count=len(ends), ends=join(lang, ends))

    def private_after_turn(self, lang: str, state: KahunaState, seat: int) -> str | None:
        """The card ``seat`` just drew from the pile (the others hear only "from the pile")."""
        if state.last_turn.seat != seat or state.last_turn.drew_from != "pile":
            return None
        # The draw adds the card at the end of the hand and ends the turn: nothing follows it.
        return t(lang, "kahuna-drew-from-pile", card=state.hands[seat][-1])

    # -- the picker ------------------------------------------------------------------------
    def move_path(self, state: KahunaState, move: KahunaMove) -> tuple[str, ...]:
        """Action first; then card and line, line and cards, the cards, or the source."""
        match move:
            case Place(line=line, card=card):
                return ("place", card, line)
            case Remove(line=line, cards=cards):
                return ("remove", line, "+".join(cards))
            case Discard(cards=cards):
                return ("discard", "+".join(cards))
            case Draw(source=source):
                return ("draw", source)
        raise TypeError(move)

    def token_label(self, lang: str, state: KahunaState, path: tuple[str, ...], token: str) -> str:
        """Words for a choice: the action, a card, a line (with its owner), cards, a source."""
        if not path:
            return t(lang, f"kahuna-pick-{token}")
        if path[0] == "remove" and len(path) == 1:
            owner = state.bridges[token]
            return f"{_line(token)} ({t(lang, f'kahuna-seat-{owner}')})"
        if token == DECK:
            return t(lang, "kahuna-pick-pile")
        if "-" in token:
            return _line(token)
        return token.replace("+", " + ")

    def prompt(self, lang: str, state: KahunaState, path: tuple[str, ...]) -> str:
        """What the picker asks after ``path``."""
        if not path:
            return t(lang, "kahuna-prompt-action")
        if path[0] == "place" and len(path) == 2:
            return t(lang, "kahuna-prompt-place-line", card=path[1])
        if path[0] == "remove" and len(path) == 2:
            return t(lang, "kahuna-prompt-remove-cards", line=_line(path[1]))
        return t(lang, f"kahuna-prompt-{path[0]}")

    def expand(self, state: KahunaState, text: str) -> str:
        """'poner un puente en Elai-Huna con Elai' -> 'place Elai-Huna with Elai'."""
        words = text.split()
        spelled = [TYPED_WORDS.get(w.lower(), w) for w in words if w.lower() not in FILLER_WORDS]
        if not spelled or spelled == words:
            return text
        try:
            state.parse(" ".join(spelled))
        except InvalidMove:
            return text  # unreadable either way: the error quotes the player's own words
        except RulesError:
            pass  # readable; the rules will say what is wrong with it
        return " ".join(spelled)

    def choice_name(self, lang: str, state: KahunaState, move: KahunaMove) -> str:
        """The notation and, in the user's language, what it does."""
        notation = self.move_words(lang, state.format(move))
        match move:
            case Place(line=line, card=card):
                words = t(lang, "kahuna-choice-place", line=_line(line), card=card)
            case Remove(line=line, cards=cards):
                words = t(lang, "kahuna-choice-remove", line=_line(line), cards=join(lang, cards))
            case Discard(cards=cards):
                words = t(lang, "kahuna-choice-discard", count=len(cards))
            case Draw(source=source):
                key = "kahuna-choice-draw-pile" if source == DECK else "kahuna-choice-draw-display"
                words = t(lang, key, card=source)
        return f"{notation} — {words}"

    def move_words(self, lang: str, notation: str) -> str:
        """'place Bari-Elai with Bari' -> 'colocar Bari-Elai con Bari' (what expand reads)."""
        return " ".join(
            t(lang, f"kahuna-notation-{word}") if word in NOTATION_WORDS else word
            for word in notation.split(" ")
        )

    # -- images ----------------------------------------------------------------------------
    def image_labels(self, lang: str) -> dict[str, str]:
        """The board's and the hand's words in ``lang``."""
        return self.image_words(lang, "kahuna-label", LABELS)

    def render(
        self, lang: str, state: KahunaState, seat: int | None, names: Sequence[str]
    ) -> bytes:
        """The board as ``seat`` sees it (the public board for None)."""
        return render_kahuna(state.view(seat), (names[0], names[1]), self.image_labels(lang))

    def render_private(
        self, lang: str, state: KahunaState, seat: int, names: Sequence[str]
    ) -> bytes:
        """The player's hand: each card and the lines it could build on now."""
        return render_kahuna_hand(state.view(seat), self.image_labels(lang))


PLUGIN = GamePlugin(
    engine=KAHUNA,
    adapter=KahunaAdapter(),
    renderer=Renderer(KahunaView, render_kahuna, warm=warm_sprites, frames=paint_frames),
    play_options=(
        PlayOption("first_edition", "cmd-play-first-edition", sets="forbid_build_on_controlled"),
        PlayOption("no_bridges_loses", "cmd-play-no-bridges-loses", sets="no_bridges_ends_game"),
    ),
    computer=KAHUNA_PLAYER,
    public=KAHUNA_PUBLIC,
)


def _lost_by(after: list[Any], seat: int) -> list[str] | None:
    """The islands already told as lost by ``seat`` in this turn's asides, if any."""
    for aside in after:
        if isinstance(aside, tuple) and aside[0] == seat:
            return aside[1]
    return None
