"""Seeded random Islas games end exactly as before the engine was made faster
(tests/rules/islas/playout_digests.py): same legal moves in the same order, same events."""

from __future__ import annotations

import json

import pytest

from tests.rules.islas.playout_digests import GAMES, PATH, digest

DIGESTS: dict[str, str] = json.loads(PATH.read_text(encoding="utf-8"))


def test_every_game_has_a_digest() -> None:
    assert sorted(map(int, DIGESTS)) == list(range(GAMES))


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_game_matches_its_digest(seed: int) -> None:
    assert digest(seed) == DIGESTS[str(seed)]
