"""The engines say exactly what they said before they were made fast (tests/rules/golden.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.rules.golden import GAMES, PATH, key, playout

GOLDEN: dict[str, list[str]] = json.loads(PATH.read_text(encoding="utf-8"))


@pytest.mark.parametrize("spec", GAMES, ids=lambda spec: key(*spec))
def test_playout_matches_golden(spec: tuple[str, int, int, dict[str, Any]]) -> None:
    expected = GOLDEN[key(*spec)]
    lines = playout(*spec)
    for ply, (got, want) in enumerate(zip(lines, expected, strict=False)):
        assert got == want, f"ply {ply}: legal events outcome summary views = {got}, want {want}"
    assert len(lines) == len(expected)
