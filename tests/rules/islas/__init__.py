"""Islas's rules."""
