"""Kahuna's rules."""
