"""Lexicheck scoring library."""
