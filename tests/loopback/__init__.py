"""The loopback Discord itself (loopback/): the real discord.py client against it, shards."""
