"""Evaluation protocols of the scoring library."""
