"""Stonehenge's rules."""
