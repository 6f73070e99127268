"""What Tablero counts for Prometheus (prometheus-client), defined once for the process.

Counting costs next to nothing, so it always happens; whether anyone can read the figures is
the Metrics cog's business (cogs/metrics.py), which serves them only when the operator sets
a port (TABLERO_METRICS_PORT). Labels are bounded: games, message keys, a few fixed words.
"""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

#: seconds: a move answered within a few hundred milliseconds is the aim, Discord allows 3 s
LATENCY_BUCKETS = (0.025, 0.05, 0.1, 0.175, 0.25, 0.35, 0.5, 0.75, 1.0, 2.0, 3.0, 5.0, 10.0)
RENDER_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1.0, 2.5)

MOVES = Counter("tablero_moves", "Moves stored (people's, the bot's, timers'), by game", ["game"])
MOVE_ERRORS = Counter(
    "tablero_move_errors",
    "Moves not stored, by game and reason (a message key, storage-busy, unexpected)",
    ["game", "reason"],
)
MOVE_SECONDS = Histogram(
    "tablero_move_seconds",
    "/move, from the interaction's arrival to the end of its handling (answer and board)",
    buckets=LATENCY_BUCKETS,
)
RENDER_SECONDS = Histogram(
    "tablero_render_seconds",
    "Drawing a board image, as the cogs wait for it (the worker thread included)",
    ["game", "view"],
    buckets=RENDER_BUCKETS,
)
ACTIVE_GAMES = Gauge("tablero_active_games", "Games being played, by game", ["game"])
TIMERS_DUE = Gauge("tablero_timers_due", "Timers whose time has come and that have not fired")
RATE_LIMITED = Counter(
    "tablero_discord_rate_limited",
    "Answers 429 from Discord (scope: route or global); discord.py waits and retries",
    ["scope"],
)
RATE_LIMIT_WAIT = Counter(
    "tablero_discord_rate_limit_wait_seconds",
    "Seconds discord.py was told to wait after a 429, by scope",
    ["scope"],
)
