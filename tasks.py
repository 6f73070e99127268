"""One-command set-up: `python3 tasks.py bot`, `python3 tasks.py test` or `python3 tasks.py demo`.

Standard library only, because it runs before anything is installed. It creates `.venv`
beside this file, installs the project (with the test extras) whenever `pyproject.toml`
changed since the last install, then runs the bot or the test suite inside that venv.
`demo` needs no token: it runs the bot against a loopback Discord, has it play one game of
each against itself and writes `demo/index.html` with the whole conversation.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".tablero-installed"


def _venv_python() -> Path:
    sub = "Scripts/python.exe" if os.name == "nt" else "bin/python"
    return VENV / sub


def _wanted_stamp() -> str:
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    return f"{digest} {sys.version_info[:2]}"


def ensure_env() -> Path:
    """Create the venv and install the project when missing or out of date."""
    if sys.version_info < (3, 11):  # noqa: UP036 - this file must run on older Pythons to say so
        major, minor = sys.version_info[:2]
        sys.exit(f"Tablero needs Python 3.11 or newer (this is {major}.{minor}).")
    python = _venv_python()
    if not python.exists():
        print("Creating the virtual environment in .venv …", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    if not STAMP.exists() or STAMP.read_text() != _wanted_stamp():
        print("Installing Tablero and its dependencies …", flush=True)
        pip = [str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
        subprocess.check_call([*pip, "-e", f"{ROOT}[test]"], cwd=ROOT)
        STAMP.write_text(_wanted_stamp())
    return python


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"bot", "test", "lint", "setup", "demo"}:
        print(__doc__)
        print("usage: python3 tasks.py {bot|test|lint|setup|demo} [extra arguments]")
        return 2
    python = str(ensure_env())
    command, extra = argv[0], argv[1:]
    if command == "setup":
        return 0
    if command == "bot":
        return subprocess.call([python, str(ROOT / "bot.py"), *extra], cwd=ROOT)
    if command == "demo":
        return subprocess.call([python, "-m", "demo", *extra], cwd=ROOT)
    if command == "lint":
        return subprocess.call([python, "-m", "ruff", "check", str(ROOT), *extra], cwd=ROOT)
    lint = subprocess.call([python, "-m", "ruff", "check", str(ROOT)], cwd=ROOT)
    # Two test processes, each given the next tests as it gets through its own (the longest
    # come first: tests/conftest.py): a good part of the suite's time is spent waiting (bot
    # processes starting, real leases running out), which the other process fills.
    # ``-n 0`` among the extra arguments runs it in one.
    parallel = ["-n", "2", "--dist", "load"]
    tests = subprocess.call([python, "-m", "pytest", *parallel, *extra], cwd=ROOT)
    return tests or lint


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
