"""Storage (data/): both engines, migrations and upgrades, ratings, statistics, copies, timers."""
