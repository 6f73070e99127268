"""Kahuna's picker (action, card, line …), its typed words and autocomplete entries."""

from __future__ import annotations

from games.kahuna.words import line_name, notation_words
from games.picker import Picker
from locales import join, t
from rules.kahuna import DECK, Discard, Draw, KahunaMove, KahunaState, Place, Remove

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


class KahunaPicker(Picker[KahunaState]):
    """An action first, then what it takes: card and line, line and cards, cards, a source."""

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
            return f"{line_name(token)} ({t(lang, f'kahuna-seat-{owner}')})"
        if token == DECK:
            return t(lang, "kahuna-pick-pile")
        if "-" in token:
            return line_name(token)
        return token.replace("+", " + ")

    def prompt(self, lang: str, state: KahunaState, path: tuple[str, ...]) -> str:
        """What the picker asks after ``path``."""
        if not path:
            return t(lang, "kahuna-prompt-action")
        if path[0] == "place" and len(path) == 2:
            return t(lang, "kahuna-prompt-place-line", card=path[1])
        if path[0] == "remove" and len(path) == 2:
            return t(lang, "kahuna-prompt-remove-cards", line=line_name(path[1]))
        return t(lang, f"kahuna-prompt-{path[0]}")

    def expand(self, state: KahunaState, text: str) -> str:
        """'poner un puente en Elai-Huna con Elai' -> 'place Elai-Huna with Elai'."""
        words = text.split()
        spelled = [TYPED_WORDS.get(w.lower(), w) for w in words if w.lower() not in FILLER_WORDS]
        if not spelled or spelled == words:
            return text
        # The table reads this, and the text as typed only if this reads as nothing.
        return " ".join(spelled)

    def choice_name(self, lang: str, state: KahunaState, move: KahunaMove) -> str:
        """The notation and, in the user's language, what it does."""
        notation = notation_words(lang, state.format(move))
        match move:
            case Place(line=line, card=card):
                words = t(lang, "kahuna-choice-place", line=line_name(line), card=card)
            case Remove(line=line, cards=cards):
                words = t(
                    lang, "kahuna-choice-remove", line=line_name(line), cards=join(lang, cards)
                )
            case Discard(cards=cards):
                words = t(lang, "kahuna-choice-discard", count=len(cards))
            case Draw(source=source):
                key = "kahuna-choice-draw-pile" if source == DECK else "kahuna-choice-draw-display"
                words = t(lang, key, card=source)
        return f"{notation} — {words}"
