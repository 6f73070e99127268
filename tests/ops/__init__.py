"""What an operator runs: the entry point, shards and processes, backups, the bench, the demo."""
