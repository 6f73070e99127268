"""The bench JSON keeps the shape the issue asks for (figures are not asserted: no timed tests).

bench runs from outside the source tree, as from an installed copy: there ``tests`` cannot
be imported, so a bench that leans on the tests' helpers fails here.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from loopback.timing import WAIT

QUICK = ["--moves", "3", "--restarts", "1", "--restart-plies", "2"]
QUICK += ["--playouts", "1", "--render-repeat", "1"]


def _bench(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bench", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=5 * WAIT,  # a safety net: a quick run takes a minute or two on a busy machine
    )


def test_bench_json_has_the_agreed_shape(tmp_path: Path) -> None:
    # Every game by default; two of them here (a game costs bot starts and a bot process, a
    # quarter of a minute): Stonehenge, whose turn every move passes, and Islas, whose turn a
    # move may not pass (see ``timed`` below). Kahuna goes through profile and load below.
    usage = _bench("--help", cwd=tmp_path)
    assert "some of stonehenge, kahuna, islas (default: all)" in usage.stdout, usage.stdout
    done = _bench("--json", *QUICK, "stonehenge", "islas", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout)
    assert set(results) == {"stonehenge", "islas"}
    for game, figures in results.items():
        assert set(figures) == {
            "playout_ms",
            "render_ms",
            "png_bytes",
            "move_e2e_ms",
            "moves_render_ms",
            "bare_ms",
            "moves_png_bytes",
            "overhead_vs_bare",
            "restart_first_move_ms",
            "restart_new_process_ms",
            "replay_ms",
            "replay_bytes",
            "svg_reference_ms",
            "svg_reference_width",
            "times_faster_than_svg",
        }
        # The common way, python-chess's SVG through cairosvg (test extras), at our width.
        assert figures["svg_reference_ms"] > 0 and figures["svg_reference_width"] >= 600
        slowest = max(figures["render_ms"].values())
        assert figures["times_faster_than_svg"] == round(figures["svg_reference_ms"] / slowest, 1)
        assert figures["replay_ms"] > 0 and 0 < figures["replay_bytes"] <= 8 * 1024 * 1024
        stages = {"early", "middle", "final"}
        assert set(figures["render_ms"]) == stages == set(figures["png_bytes"])
        assert all(0 < size < 300 * 1024 for size in figures["png_bytes"].values())
        for key in ("move_e2e_ms", "moves_render_ms", "bare_ms", "overhead_vs_bare"):
            assert set(figures[key]) == {"p50", "p99"}, key
        for key in ("move_e2e_ms", "moves_render_ms", "bare_ms"):
            assert all(ms > 0 for ms in figures[key].values()), key
        assert 0 < figures["moves_png_bytes"]["p50"] <= figures["moves_png_bytes"]["max"]
        for key in ("restart_first_move_ms", "restart_new_process_ms"):
            restart = figures[key]
            assert set(restart) == {
                "first_after_restart_ms",
                "warm_ms",
                "ratio",
                "plies",
                "restarts",
            }
            assert restart["first_after_restart_ms"] > 0 and restart["warm_ms"] > 0
            # The ply timed is the last of at most --restart-plies whose move and the next
            # pass the turn: every Stonehenge move does, but a game's secret seed (random)
            # decides where a Kahuna or Islas turn ends.
            timed = restart["plies"]
            assert timed == 2 if game == "stonehenge" else 0 <= timed <= 2, timed
            assert restart["restarts"] == 1


def test_bench_profile_says_where_the_time_of_a_move_goes(tmp_path: Path) -> None:
    # --top is wide enough that the handler is listed on a busy machine too: there the
    # drawing's own functions can outrank it (CI once listed only render/ in a top 3).
    done = _bench("profile", "kahuna", "--moves", "2", "--top", "12", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    text = done.stdout
    for figure in ("store games.append_move", "sqlite: round trips", "discord POST", "render ("):
        assert figure in text, figure
    assert "cProfile of the event loop's thread" in text and "cogs/turns.py" in text
    assert "Tablero: the /move handler" in text


def test_bench_profile_of_the_first_move_after_a_restart(tmp_path: Path) -> None:
    args = ("profile", "stonehenge", "--after-restart", "1", "--plies", "2", "--top", "12")
    done = _bench(*args, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "store games.append_move" in done.stdout and "render (" in done.stdout
    assert "cogs/turns.py" in done.stdout  # the new process's own profile came back


def test_bench_bots_times_a_move_while_the_bot_thinks(tmp_path: Path) -> None:
    done = _bench("bots", "--json", "--moves", "3", "--tables", "1", "--replies", "2", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["bot_tables"] == 1 and figures["moves"] == 3
    for key in ("move_ms_alone", "move_ms_with_bots"):
        assert 0 < figures[key]["p50"] <= figures[key]["p99"]
    assert figures["ratio_p99"] > 0 and figures["bot_ms"] == 2000
    assert set(figures["bot_turns"]) == {"turns", "think_ms", "queue_wait_ms"}
    # the bot's first reply after its start, beside its later ones
    later = figures["bot_later_replies_ms"]
    assert figures["bot_first_reply_ms"] > 0 and 0 < later["p50"] <= later["p99"]


def test_bench_ai_gives_the_table_of_three_its_own_budget() -> None:
    from bench.ai import BUDGET_MS, ISLAS_THREE, PAIRINGS, budget

    assert budget("islas", ISLAS_THREE, BUDGET_MS, given=False) == 600
    assert budget("islas", PAIRINGS[1], BUDGET_MS, given=False) == BUDGET_MS["islas"]
    assert budget("islas", ISLAS_THREE, {"islas": 20}, given=True) == 20


def test_bench_ai_json_has_every_pairing_and_the_endgame_check(tmp_path: Path) -> None:
    args = ("ai", "--json", "--games", "1", "--ms", "20", "--endgames", "6")
    done = _bench(*args, "stonehenge", "islas", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout)
    assert set(results) == {"stonehenge", "islas", "errors", "elapsed_s"}
    assert results["errors"] == 0
    pairings = {"hard_vs_random", "hard_vs_normal", "normal_vs_random", "easy_vs_random"}
    assert set(results["stonehenge"]) == {"budget_ms", "endgame", "wins_now", *pairings}
    assert set(results["islas"]) == {"budget_ms", "hard_at_three", *pairings}
    for game, figures in results.items():
        if game in ("errors", "elapsed_s"):
            continue
        assert figures["budget_ms"] == 20
        for key in pairings | ({"hard_at_three"} if game == "islas" else set()):
            pairing = figures[key]
            games = 2 if key == "hard_vs_normal" else 1
            assert pairing["games"] == games, (game, key)
            assert pairing["wins"] + pairing["losses"] + pairing["draws"] == games
            assert 0 <= pairing["win_rate"] <= 1 and isinstance(pairing["margin"], float | int)
            assert set(pairing["think_ms"]) == {pairing["a"], pairing["b"]}
            assert pairing["budget_ms"] == 20  # --ms sets every pairing's
            for think in pairing["think_ms"].values():
                assert set(think) == {"p50", "p99"} and think["p50"] <= think["p99"]
    endgame = results["stonehenge"]["endgame"]
    assert {"positions", "forced", "kept", "rate", "max_empty"} <= set(endgame)
    assert endgame["kept"] <= endgame["forced"] <= endgame["positions"] <= 6
    now = results["stonehenge"]["wins_now"]
    assert {"positions", "wins_now", "best_margin", "rate", "ok"} <= set(now)
    assert now["best_margin"] <= now["wins_now"] <= now["positions"] > 0


def test_bench_load_drives_every_game_through_a_bot_process(tmp_path: Path) -> None:
    args = ("load", "--json", "--games", "3", "--rate", "4", "--seconds", "2")
    done = _bench(*args, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["errors"] == 0, figures["error_samples"]
    assert figures["mix"] == {"stonehenge": 1, "kahuna": 1, "islas": 1}
    assert figures["db"] == "sqlite" and figures["processes"] == 1
    # Every move on schedule is sent, or skipped when its game's last move is still being
    # answered (a loaded machine): counted either way, and each one sent is answered.
    sent = figures["moves_sent"]
    assert sent + figures["skipped_no_idle_game"] == 8 and sent == figures["moves_answered"]
    assert sent >= 3 and figures["moves_per_second"] > 0  # each game's first move is sent
    assert 0 < figures["move_ms"]["p50"] <= figures["move_ms"]["p99"]
    (bot,) = figures["bot_processes"]
    assert bot["moves"] == sent and bot["shards"] == [0]
    assert bot["rss_mb"] > 0 and bot["cpu_ms_per_move"] > 0
    assert figures["driver"]["cpu_ms_per_move"] > 0 and len(figures["loadavg"]) == 3


def test_bench_load_splits_the_shards_over_bot_processes(tmp_path: Path) -> None:
    args = ("load", "--json", "--games", "2", "--rate", "4", "--seconds", "1")
    done = _bench(*args, "--processes", "2", "--mix", "stonehenge", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["errors"] == 0, figures["error_samples"]
    sent = figures["moves_sent"]  # as above: a move whose game is busy is skipped, counted
    assert sent + figures["skipped_no_idle_game"] == 4 and figures["moves_answered"] == sent
    assert figures["processes"] == 2
    shards = [(p["shards"], p["moves"]) for p in figures["bot_processes"]]
    # One game on each shard, each played by its own process (its first move always sent).
    assert [s for s, _ in shards] == [[0], [1]] and all(moves >= 1 for _, moves in shards)
    assert sum(moves for _, moves in shards) == sent


def test_bench_load_kills_a_process_and_checks_nothing_was_lost(tmp_path: Path) -> None:
    args = ("load", "--json", "--games", "4", "--rate", "4", "--seconds", "5")
    kills = ("--processes", "2", "--kill-every", "2.5", "--reminder-seconds", "1")
    done = _bench(*args, *kills, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["errors"] == 0, figures["error_samples"]
    check = figures["kills"]
    assert check["kills"] >= 1  # one every 2.5 s of the run, a start (seconds) between
    for key in ("moves_lost", "moves_unexplained", "boards_doubled", "boards_missing"):
        assert check[key] == 0, (key, check)
    assert check["turns_reminded_twice"] == 0 and check["timers_overdue"] == 0
    assert check["reminders"] > 0  # reminders fell due during the run, each once
    assert check["games_continued"] == check["games_to_continue"] == 4


def test_bench_tournament_plays_a_whole_event_through_the_bot(tmp_path: Path) -> None:
    # A tiny event (4 players, 2 rounds, fast): the shape only; the real one is 64 x 6.
    quick = ("--players", "40", "--rounds", "2", "--repeat", "1")
    event = ("--event-players", "4", "--event-rounds", "2", "--event-rate", "20")
    people = ("--human-rate", "10", "--human-moves", "5")
    done = _bench("tournament", "--json", *quick, *event, *people, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["swiss_pair_1000_s"] > 0
    e = figures["event"]
    assert set(e) == {
        "game", "format", "players", "rounds", "ai", "event_rate", "wall_s", "moves",
        "moves_retried_busy", "round_gap_s", "final_post_s", "round_last_move_ms", "bot_cpu_s",
        "bot_cpu_share", "human_rate", "human_moves", "human_move_ms_alone", "human_move_ms_during",
        "human_move_ms_at_round_change", "human_move_ms_in_play", "ratio_p99", "human_errors",
        "loadavg",
    }  # fmt: skip
    assert (e["game"], e["format"], e["players"], e["rounds"]) == ("stonehenge", "swiss", 4, 2)
    # Two games a round, each played to its end (a Stonehenge game is a dozen moves or more).
    assert e["moves"] >= 4 * 10 and e["wall_s"] > 0 and e["bot_cpu_s"] > 0
    assert 0 < e["round_gap_s"]["p50"] <= e["round_gap_s"]["max"] and e["final_post_s"] > 0
    assert 0 < e["round_last_move_ms"]["p50"] <= e["round_last_move_ms"]["max"]
    assert e["human_moves"]["alone"] >= 5 and e["human_moves"]["during"] > 0
    for key in ("human_move_ms_alone", "human_move_ms_during"):
        assert 0 < e[key]["p50"] <= e[key]["p99"]
    assert e["ratio_p99"] > 0 and e["human_errors"] == 0 and e["moves_retried_busy"] >= 0
    assert e["ai"] == {"level": "hard", "ms": 20.0}
    # --no-event: the pairing figure alone, at once.
    alone = _bench("tournament", "--json", *quick, "--no-event", cwd=tmp_path)
    assert alone.returncode == 0, alone.stderr
    assert "event" not in json.loads(alone.stdout)


def test_bench_load_due_games_fire_each_timer_once_beside_a_baseline(tmp_path: Path) -> None:
    args = ("load", "--json", "--games", "2", "--rate", "4", "--seconds", "2")
    due = ("--processes", "2", "--due-games", "6", "--baseline", "--mix", "stonehenge")
    done = _bench(*args, *due, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["errors"] == 0 == figures["baseline"]["errors"], figures["error_samples"]
    timers = figures["due"]
    kinds = {"reminder": 2, "before:60": 2, "deadline": 2}
    assert timers["games"] == 6 and timers["by_kind"] == kinds == timers["fired_by_kind"]
    assert timers["fired"] == 6 and timers["missing"] == 0 and timers["fired_twice"] == 0
    assert timers["fired_per_second"] > 0 and timers["sent_again_same_nonce"] == 0
    assert timers["delay_ms"]["p50"] <= timers["delay_ms"]["p99"] <= timers["delay_ms"]["max"]
    assert timers["move_ms"] == figures["move_ms"] and figures["baseline"]["move_ms"]
    assert timers["move_p99_ratio"] > 0


def test_bench_replays_times_replay_through_the_bot(tmp_path: Path) -> None:
    done = _bench("replays", "--json", "--at-once", "2", "--moves", "2", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert set(figures) == {
        "cold_ms", "cached_ms", "bytes", "at_once", "same_at_once", "memory_mb", "live_move_ms",
        "drawn",
    }  # fmt: skip
    assert figures["cold_ms"] > 0 and figures["cached_ms"] > 0
    assert 0 < figures["bytes"] <= 8 * 1024 * 1024
    at_once = figures["at_once"]
    assert at_once["count"] == 2 and len(at_once["finish_ms"]) == 2
    assert at_once["last_ms"] == max(at_once["finish_ms"]) and at_once["cpu_ms_each"] > 0
    for when in ("before", "after"):
        assert figures["memory_mb"][when]["bot"] > 0 and figures["memory_mb"][when]["drawing"] > 0
    live = figures["live_move_ms"]
    assert live["quiet"]["moves"] == 2 and live["during"]["moves"] >= 1
    assert 0 < live["during"]["p50"] <= live["during"]["max"]
    assert figures["same_at_once"]["count"] == 2 and figures["same_at_once"]["last_ms"] > 0
    # Each game's replay drawn once: asked twice, or twice at once, it was drawn once.
    assert figures["drawn"] == {"games": 1 + 2 + 1 + 2, "kept_files": 1 + 2 + 1 + 2}


def test_bench_data_times_every_command_on_a_big_and_an_empty_database(tmp_path: Path) -> None:
    # A tiny year (one server, a hundred games) kept in its own cache, on SQLite: the shape
    # only (PostgreSQL's figures have the same; its build is tests/ops/test_bench_data.py's).
    args = ("data", "--json", "--scale", "0.0005", "--samples", "3", "--bot-samples", "1")
    done = _bench(*args, "--engine", "sqlite", "--cache", str(tmp_path / "cache"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert {"scale", "rows", "goals", "loadavg", "sqlite"} == set(figures)
    assert figures["rows"]["games"] == 104 and figures["rows"]["moves"] > 0
    commands = {
        "/games", "/board", "/move", "/resign", "/leaderboard server", "/leaderboard global",
        "/leaderboard season", "/profile", "/profile vs", "/history", "/history last page",
        "/stats", "autocomplete /move (game:)", "autocomplete season", "autocomplete event",
        "autocomplete challenge",
    }  # fmt: skip
    through_the_bot = {
        "/games", "/board", "/move", "/leaderboard server", "/leaderboard global",
        "/leaderboard season", "/profile", "/history", "/stats", "autocomplete /move",
    }  # fmt: skip
    e = figures["sqlite"]
    assert set(e) == {
        "build_s", "commands", "bot_commands", "startup_ms", "ready_s", "check",
        "bot_error_samples",
    }  # fmt: skip
    assert e["bot_error_samples"] == []
    assert e["build_s"] > 0  # built here: the cache was empty
    assert set(e["commands"]) == commands
    assert set(e["bot_commands"]) == through_the_bot
    for name, c in [*e["commands"].items(), *e["bot_commands"].items()]:
        assert {"p50", "p99", "empty_p50", "empty_p99", "ratio_p99"} <= set(c), name
        assert 0 < c["p50"] <= c["p99"] and 0 < c["empty_p50"] <= c["empty_p99"], name
    for name, c in e["bot_commands"].items():
        assert c["errors"] == 0 == c["empty_errors"], name
    assert {"store.open", "ratings.unrated", "games.unposted"} <= set(e["startup_ms"])
    assert e["ready_s"]["big"] > 0 and e["ready_s"]["empty"] > 0
    # The check comes last: it replays the games the commands added (resigned) too.
    assert e["check"]["ok"] and e["check"]["games"] >= 104, e["check"]
