"""Korean steps of the chain. Each slot is a tuple of (step name, builder); a builder takes
the config and returns a `str -> str` function, or None when the config leaves it off.
The slots' places in the chain are fixed by `chain.STEP_ORDER`.

- `ko_written` (early, before tokenize): written forms the punctuation steps would break,
  as the words the later steps read: -5 -> 마이너스5, +82 10... -> 국가번호 82 10...,
  2024/01/30 -> 2024년 1월 30일, 10일(금) -> 10일 금요일, √ -> 루트 (`ko_written`).
- `ko_units` (after `numbers`): unit and currency symbols and codes to their words before
  the punctuation step deletes them: 10% -> 10 퍼센트, $5 -> 5 달러, KRW 5,000 -> 5,000 원
  (`unit_symbols`, `korean.currencies`).
- `ko_phrases` (after `fillers`): numbers whose context is in the words themselves: signs,
  decimals, fractions, a text that is one number, phone numbers, 반, a time of day written
  apart (`ko_phrases`).
- `ko_numbers`: number words to digits in a numeric context only, see `ko_numbers`.
- `ko_reread`: `ko_phrases` once more, on the digits `ko_numbers` wrote (마이너스
  오육칠팔 = 마이너스 5678 = -5678, 오육칠팔 시 반 = 5678시 30분), so a second pass of the
  whole chain finds nothing new.
- `ko_measures`: a unit after a number in its one written form, attached (5 킬로미터 =
  5km), see `ko_measures`.

The three late steps run once punctuation and fillers are gone, so which words are
neighbours cannot change after them and a second pass gives the same text.

Korean keeps its word spaces (CER counts them); fillers (음, 어) are the core whole-word
`fillers` step, so 음식, 다음 and 영어 stay.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..config.korean import KoreanRules
from ..config.models import LanguageConfig
from .ko_measures import UnitReader, build_measures
from .ko_numbers import build_korean_numbers
from .ko_phrases import build_phrases
from .ko_units import build_unit_symbols
from .ko_written import build_written

__all__ = ["EARLY_STEPS", "NUMBER_STEPS", "WORD_STEPS", "FILLER_STEPS", "unit_counters"]

_DIGIT = re.compile(r"\d")


def _is_hangul(text: str) -> bool:
    return any("가" <= ch <= "힣" for ch in text)


def unit_counters(rules: KoreanRules) -> dict[str, str]:
    """The unit and currency words the number reader takes as Sino-Korean counters (5 킬로미터,
    십만 뉴질랜드달러), beside the config's `counters`."""
    words = [key for key in rules.units if _is_hangul(key)]
    words += [key for key in rules.currencies if _is_hangul(key) and " " not in key]
    words += [name for name in rules.currencies.values() if " " not in name]
    return {word: "sino" for word in words if word not in rules.counters_apart}


def _per_endings(rules: KoreanRules) -> list[str]:
    """퍼 + a unit, written after a unit in its word (킬로미터퍼시간)."""
    if not rules.per_word:
        return []
    below = [*rules.per_units, *(key for key in rules.units if _is_hangul(key))]
    return [rules.per_word + unit for unit in below]


def written_step(config: LanguageConfig) -> Callable[[str], str] | None:
    return build_written(config.korean) if config.korean is not None else None


def units_step(config: LanguageConfig) -> Callable[[str], str] | None:
    if config.korean is None:
        return None
    rules = config.korean
    return build_unit_symbols(config.unit_symbols, rules.currencies, rules.negative_words)


def _unit_reader(rules: KoreanRules) -> UnitReader:
    return UnitReader(rules.units, rules.per_word, rules.per_units, rules.particles)


def phrases_step(config: LanguageConfig) -> Callable[[str], str] | None:
    rules = config.korean
    if rules is None:
        return None
    counters = {**unit_counters(rules), **rules.counters, **rules.counters_apart}
    measure_words = [*unit_counters(rules), *rules.counters_apart]
    unit_of = _unit_reader(rules).unit_of
    return build_phrases(rules, list(counters), _per_endings(rules), unit_of, measure_words)


def reread_step(config: LanguageConfig) -> Callable[[str], str] | None:
    read = phrases_step(config)
    if read is None:
        return None
    # only what `ko_numbers` wrote in digits is new to `ko_phrases`
    return lambda text: read(text) if _DIGIT.search(text) else text


def numbers_step(config: LanguageConfig) -> Callable[[str], str] | None:
    rules = config.korean
    if rules is None or not (rules.counters or rules.digit_strings):
        return None
    if rules.per_word:  # 킬로미터퍼시간: the unit over another is an ending of the unit
        rules = rules.model_copy(update={"particles": [*rules.particles, *_per_endings(rules)]})
    return build_korean_numbers(rules, unit_counters(rules))


def measures_step(config: LanguageConfig) -> Callable[[str], str] | None:
    rules = config.korean
    if rules is None:
        return None
    attach = [*unit_counters(rules), *rules.counters_apart]
    country = rules.phones.country_code if rules.phones else ()
    names = config.codes.letter_names if config.codes is not None else {}
    return build_measures(
        _unit_reader(rules),
        attach=attach,
        counters=rules.counters,
        country_code=country,
        letter_names=names,
    )


EARLY_STEPS: tuple = (("ko_written", written_step),)
NUMBER_STEPS: tuple = (("ko_units", units_step),)
WORD_STEPS: tuple = ()
FILLER_STEPS: tuple = (
    ("ko_phrases", phrases_step),
    ("ko_numbers", numbers_step),
    ("ko_reread", reread_step),
    ("ko_measures", measures_step),
)
