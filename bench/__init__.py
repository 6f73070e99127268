"""Tablero."""
