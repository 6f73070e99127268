"""The entry point: settings, .env files, and a clear exit without a token."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

from bot import ROOT, Settings, read_dotenv
from loopback.timing import WAIT


def test_without_a_token_the_bot_exits_with_a_clear_message(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["TABLERO_ENV_FILE"] = str(tmp_path / "absent.env")
    done = subprocess.run(
        [sys.executable, str(ROOT / "bot.py")],
        env=env,
        capture_output=True,
        text=True,
        timeout=WAIT,
    )
    assert done.returncode == 2
    assert "DISCORD_TOKEN" in done.stderr and "discord.com/developers" in done.stderr


def test_settings_come_from_a_dotenv_file_with_defaults(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text("# comment\nexport DISCORD_TOKEN='abc'\nTABLERO_DEV_GUILD=42\n\nnoise\n")
    settings = Settings.from_env(read_dotenv(dotenv))
    assert settings.token == "abc" and settings.dev_guild == 42
    assert Path(settings.database).name == "tablero.sqlite3" and settings.log_level == "INFO"
    assert settings.challenge_hours == 24 and not settings.sync
    assert Settings.from_env({"DISCORD_TOKEN": "  "}).token is None


def test_a_dotenv_file_is_read_as_python_dotenv_reads_it(tmp_path: Path) -> None:
    dotenv = tmp_path / ".env"
    dotenv.write_text(
        'TABLERO_DB="/srv/board games #1/tablero.sqlite3"\n'
        "TABLERO_LOG_LEVEL=debug  # more detail\n"
        "TABLERO_CHALLENGE_HOURS = 12\n"
    )
    settings = Settings.from_env(read_dotenv(dotenv))
    assert str(settings.database) == "/srv/board games #1/tablero.sqlite3"
    assert settings.log_level == "DEBUG" and settings.challenge_hours == 12


def test_a_ctrl_c_during_the_start_up_database_check_stops_plainly(tmp_path: Path) -> None:
    """A database server that accepts the connection and never answers keeps the start-up
    check waiting; a Ctrl-C then stops the bot with a line, not a traceback."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        port = silent.getsockname()[1]
        env = {
            **os.environ,
            "DISCORD_TOKEN": "not-a-real-token",
            "TABLERO_DB": f"postgresql://tablero@127.0.0.1:{port}/tablero",
            "TABLERO_ENV_FILE": str(tmp_path / "absent.env"),
        }
        bot = subprocess.Popen(
            [sys.executable, str(ROOT / "bot.py")],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        silent.settimeout(60)
        connection, _ = silent.accept()  # the check is waiting for the server now
        with connection:
            bot.send_signal(signal.SIGINT)
            _, stderr = bot.communicate(timeout=WAIT)
    assert bot.returncode == 130, stderr
    assert "Stopped before connecting to Discord." in stderr
    assert "Traceback" not in stderr
