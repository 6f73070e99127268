"""Text that people wrote (their names), fit to store, show and draw. Pure, as the rules are,
so that every layer may use it: the cogs where names come in, the stores where they are read
back, the renderers where any text is drawn.

A Discord display name or nickname may hold anything: line breaks, control and format
characters, right-to-left overrides, hundreds of combining marks. Pillow's text layout fails
on a line break in a one-line text ("raqm_layout() failed"), and a name with one would leave
its game without a board. Names are cleaned where they come in (``clean_name``), and every
text is made one line before it is drawn (``one_line``), whatever its source.
"""

from __future__ import annotations

import unicodedata

NAME_LIMIT = 32  #: characters of a name: Discord's longest display name or nickname
#: characters of a name read back from storage: a bot's seat adds its level to its name
STORED_LIMIT = 2 * NAME_LIMIT
FALLBACK_NAME = "player"  #: a name with nothing to show left
MAX_MARKS = 4  #: combining marks kept on one character: more climb out of any text box
#: Format characters kept: the joiners that emoji sequences (👨‍👩‍👧) and some scripts need.
_JOINERS = frozenset("\u200c\u200d")
#: Controls, format characters (direction overrides, invisible ones), surrogates, code
#: points not assigned yet (no font draws them), line and paragraph separators.
_DROPPED = frozenset({"Cc", "Cf", "Cs", "Cn", "Zl", "Zp"})


def one_line(text: str) -> str:
    """``text`` as one line any layout engine draws: white space of any kind (line breaks,
    tabs, no-break spaces) as plain spaces, the characters of ``_DROPPED`` left out."""
    if text.isprintable():  # nearly always: nothing to do
        return text
    kept = []
    for char in text:
        if char.isspace():
            kept.append(" ")
        elif char in _JOINERS or unicodedata.category(char) not in _DROPPED:
            kept.append(char)
    return "".join(kept)


def clean_name(text: str, limit: int = NAME_LIMIT, fallback: str = FALLBACK_NAME) -> str:
    """A person's name fit to store, show and draw: one line (``one_line``), at most
    ``MAX_MARKS`` combining marks a character, runs of spaces one space, stripped, at most
    ``limit`` characters; ``fallback`` when nothing visible is left."""
    kept = []
    marks = 0
    for char in one_line(text):
        if unicodedata.category(char).startswith("M"):
            marks += 1
            if marks > MAX_MARKS:
                continue
        else:
            marks = 0
        kept.append(char)
    name = " ".join("".join(kept).split())[:limit].rstrip(" \u200c\u200d")
    return name if any(_visible(char) for char in name) else fallback


def _visible(char: str) -> bool:
    """Whether ``char`` draws something of its own (not a mark, a space or a joiner)."""
    return char not in _JOINERS and unicodedata.category(char)[0] not in "MZ"
