"""The bench JSON keeps the shape the issue asks for (figures are not asserted: no timed tests)."""

from __future__ import annotations

import json
import subprocess
import sys

from bot import ROOT


def test_bench_json_has_the_agreed_shape() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench", "--json", "--moves", "3"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout)
    assert set(results) == {"stonehenge", "kahuna", "islas"}
    for figures in results.values():
        assert set(figures) == {"playout_ms", "render_ms", "png_bytes", "move_e2e_ms"}
        stages = {"early", "middle", "final"}
        assert set(figures["render_ms"]) == stages == set(figures["png_bytes"])
        assert set(figures["move_e2e_ms"]) == {"p50", "p99"}
        assert all(0 < size < 300 * 1024 for size in figures["png_bytes"].values())
