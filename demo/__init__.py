"""python3 tasks.py demo: see Tablero play on a loopback Discord, no token needed."""
