"""Checks over the whole source: the arrows between layers, translations, message sizes."""
