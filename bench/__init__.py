"""Benchmarks (not tests): each prints a table measured side by side in one run."""
