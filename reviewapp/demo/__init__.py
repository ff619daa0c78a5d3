"""The demo dataset: a seeded generator of multilingual STT review conversations."""
