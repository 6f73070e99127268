"""How long tests wait on the fake, and a clock that stands still while this process waits
for a CPU (so that Discord's time limits are checked against the bot, not against the load
of the machine the tests run on)."""

from __future__ import annotations

import os
import time
from pathlib import Path

#: The safety net of every wait on the fake (seconds). A wait ends as soon as what it waits
#: for happens, so this only bounds how long a test hangs when it never does: generous,
#: because a machine busy with other jobs may take many times longer than a quiet one.
#: ``LOOPBACK_WAIT=5`` makes such a hang fail quickly while debugging.
WAIT = float(os.environ.get("LOOPBACK_WAIT") or 60)


class CpuWait:
    """The run-queue delay of one process's threads (Linux's schedstat), summed: the time
    they were ready to run but waited for a CPU that other jobs held."""

    def __init__(self, pid: int | None = None) -> None:
        self._tasks = Path(f"/proc/{'self' if pid is None else pid}/task")
        self._seen: dict[str, int] = {}  # thread id -> its delay at the last reading (ns)
        self._gone = 0  # the delay of threads whose id now names another thread (ns)

    def seconds(self) -> float:
        """The delay so far; it never goes back (ended threads keep their last reading), and
        stays where it was once the process has ended (or is 0 where it is not kept)."""
        try:
            tasks = list(self._tasks.iterdir())
        except OSError:
            tasks = []  # not Linux, or the process is gone
        for task in tasks:
            try:
                delay = int((task / "schedstat").read_text().split()[1])
            except (OSError, IndexError, ValueError):
                continue  # the thread ended meanwhile, or schedstat is not kept
            before = self._seen.get(task.name, 0)
            if delay < before:  # a new thread with an old thread's id
                self._gone += before
            self._seen[task.name] = delay
        return (self._gone + sum(self._seen.values())) / 1e9


#: The calling thread's own figures (Linux 3.17 and later).
_THREAD_SELF = Path("/proc/thread-self/schedstat")


def waited_for_cpu() -> float:
    """Seconds the calling thread has spent ready to run but waiting for a CPU that other
    jobs held (0 where the system does not say).

    The calling thread's alone, not its process's summed: threads of one process wait at
    the same time, and their sum could pass the time that went by (a clock that subtracts
    it would then stand still through a sleep).
    """
    try:
        return int(_THREAD_SELF.read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


def own_clock() -> float:
    """Monotonic seconds that do not count the time the calling thread waited for a CPU: how
    long something took on its own account, whatever else the machine was doing (read it
    from one thread: the loopback's event loop, a test's own).

    A wait on a timer, a socket or a lock still counts (the process was not ready to run),
    so a bot that sleeps or blocks past a limit is still late by this clock.
    """
    return time.monotonic() - waited_for_cpu()
