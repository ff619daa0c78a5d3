"""Korean steps of the chain. Each slot is a tuple of (step name, builder); a builder takes
the config and returns a `str -> str` function, or None when the config leaves it off.
The slots' places in the chain are fixed by `chain.STEP_ORDER`.

- `ko_units` (after `numbers`): unit and currency symbols to their words before the
  punctuation step deletes them: 10% -> 10 퍼센트, $5 -> 5 달러 (`unit_symbols`).
- `ko_numbers` (after `fillers`): number words to digits in a numeric context only, see
  `ko_numbers`. It runs last, once punctuation and fillers are gone, so which words are
  neighbours cannot change after it and a second pass gives the same text.

Korean keeps its word spaces (CER counts them); fillers (음, 어) are the core whole-word
`fillers` step, so 음식, 다음 and 영어 stay.
"""

from __future__ import annotations

from collections.abc import Callable

from ..config.models import LanguageConfig
from .ko_numbers import build_korean_numbers, build_unit_symbols

__all__ = ["EARLY_STEPS", "NUMBER_STEPS", "WORD_STEPS", "FILLER_STEPS"]


def units_step(config: LanguageConfig) -> Callable[[str], str] | None:
    if config.korean is None:
        return None
    return build_unit_symbols(config.unit_symbols)


def numbers_step(config: LanguageConfig) -> Callable[[str], str] | None:
    rules = config.korean
    if rules is None or not (rules.counters or rules.digit_strings):
        return None
    return build_korean_numbers(rules)


EARLY_STEPS: tuple = ()
NUMBER_STEPS: tuple = (("ko_units", units_step),)
WORD_STEPS: tuple = ()
FILLER_STEPS: tuple = (("ko_numbers", numbers_step),)
