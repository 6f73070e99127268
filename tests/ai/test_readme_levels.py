"""The README's table of levels gives each level's measured results in every game."""

from __future__ import annotations

import re
from pathlib import Path

from ai import LEVELS

README = Path(__file__).resolve().parents[2] / "README.md"
GAMES = ("Stonehenge", "Kahuna", "Islas, 2 players")


def _table() -> dict[str, dict[str, str]]:
    """The rows of the table after "How strong is the bot", by level, then by column."""
    text = README.read_text(encoding="utf-8")
    after = text[text.index("**How strong is the bot.**") :]
    lines = [line for line in after.splitlines() if line.startswith("|")]
    header = [cell.strip() for cell in lines[0].strip("|").split("|")]
    rows = {}
    for line in lines[2:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if not cells[0].startswith("`"):
            break
        rows[cells[0].strip("`")] = dict(zip(header, cells, strict=True))
    return rows


def test_the_readme_gives_every_level_a_measured_result_in_every_game() -> None:
    rows = _table()
    assert set(rows) == set(LEVELS)
    for level, row in rows.items():
        for game in GAMES:
            cell = row[game]
            # a win rate, or "every game"; and against whom
            assert re.search(r"\d+(\.\d+)?%|every game", cell), (level, game, cell)
            assert re.search(r"random|normal|reference", cell), (level, game, cell)
    assert re.search(r"\d+(\.\d+)?%", rows["hard"]["Islas, 3 players"])
