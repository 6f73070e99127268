"""Kahuna in words: a turn told, the result, the hand described, the notation translated.

Nothing here may name a card drawn from the pile or discarded face down: narration works
only from the engine's public events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.words import Words
from locales import join, t
from rules import Event
from rules.kahuna import DECK, KahunaState

#: Picker tokens of the four kinds of action, in the order offered.
ACTIONS = ("place", "remove", "discard", "draw")
#: The words of the canonical notation; each is written as message ``kahuna-notation-{word}``.
NOTATION_WORDS = (*ACTIONS, "with", DECK)


def line_name(line: str) -> str:
    """'Bari–Elai' with an en dash, as the board writes it."""
    return line.replace("-", "–")


def notation_words(lang: str, notation: str) -> str:
    """'place Bari-Elai with Bari' -> 'colocar Bari-Elai con Bari' (what the picker's
    ``expand`` reads)."""
    return " ".join(
        t(lang, f"kahuna-notation-{word}") if word in NOTATION_WORDS else word
        for word in notation.split(" ")
    )


class KahunaWords(Words[KahunaState]):
    """Bridges, islands and secret hands in words."""

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
                return t(lang, "kahuna-act-placed", line=line_name(p["line"]))
            case "kahuna-removed":
                return t(
                    lang, "kahuna-act-removed", line=line_name(p["line"]), owner=names[p["owner"]]
                )
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

    def move_words(self, lang: str, notation: str) -> str:
        """'place Bari-Elai with Bari' -> 'colocar Bari-Elai con Bari' (what expand reads)."""
        return notation_words(lang, notation)


def _lost_by(after: list[Any], seat: int) -> list[str] | None:
    """The islands already told as lost by ``seat`` in this turn's asides, if any."""
    for aside in after:
        if isinstance(aside, tuple) and aside[0] == seat:
            return aside[1]
    return None
