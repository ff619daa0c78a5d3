"""Japanese steps of the chain. Each slot is a tuple of (step name, builder); a builder takes
the config and returns a `str -> str` function, or None when the config leaves it off.
The slots' places in the chain are fixed by `chain.STEP_ORDER`."""

from __future__ import annotations

__all__ = ["EARLY_STEPS", "NUMBER_STEPS", "WORD_STEPS", "FILLER_STEPS"]

EARLY_STEPS: tuple = ()
NUMBER_STEPS: tuple = ()
WORD_STEPS: tuple = ()
FILLER_STEPS: tuple = ()
