"""The semiotic-class steps, built from a config: each returns a `str -> str` function, or
None when the config leaves the class off (an off rule is not in the chain at all).

The grammars are in one module per class (`cardinals.py`, `fractions.py`, `money.py`,
`measures.py`, `times.py`, `dates.py`, `ordinals.py`, `initialisms.py`,
`digit_strings.py`); this module only reads the config and wires them. `chain.STEP_ORDER`
places them: `initialisms` before tokenizing, the classes after the numbers step (numbers
are digits, case and punctuation still there), `measures` after the spelled codes,
`digit_strings` after the fillers and `year_pairs` last.
"""

from __future__ import annotations

from collections.abc import Callable

from ..config.models import LanguageConfig
from .cardinals import build_cardinals
from .dates import build_dates, build_year_pairs
from .digit_strings import build_code_acronyms, build_digit_strings
from .fractions import build_fractions
from .initialisms import build_initialisms
from .measures import build_measures
from .money import build_money
from .ordinals import build_ordinals
from .steps import vocabulary_form
from .tables import word_set
from .times import build_times

__all__ = [
    "CLASS_STEPS",
    "CODE_STEPS",
    "EARLY_CLASS_STEPS",
    "LATE_CLASS_STEPS",
    "UNIT_STEPS",
    "decimal_separator",
    "ordinal_suffixes",
]

StepFn = Callable[[str], str]


def decimal_separator(config: LanguageConfig) -> str:
    return config.numbers.decimal_separator if config.numbers else "."


def ordinal_suffixes(config: LanguageConfig) -> list[str]:
    """Every written ordinal suffix of the language (en st nd rd th; fr er ème ...)."""
    return list(config.ordinals.suffixes) if config.ordinals else []


def _fillers(config: LanguageConfig) -> frozenset[str]:
    """Fillers, skipped by the class readers as punctuation is: a later step removes them."""
    return word_set(config.fillers, vocabulary_form(config))


def initialisms_step(config: LanguageConfig) -> StepFn | None:
    return build_initialisms() if config.initialisms else None


def cardinals_step(config: LanguageConfig) -> StepFn | None:
    if config.cardinals is None:
        return None
    space_groups = bool(
        config.numbers and {" ", "\u202f"} & set(config.numbers.thousands_separators)
    )
    return build_cardinals(
        config.cardinals, decimal_separator(config), space_groups=space_groups,
        form=vocabulary_form(config), skip=_fillers(config),
    )  # fmt: skip


def fractions_step(config: LanguageConfig) -> StepFn | None:
    if config.fractions is None:
        return None
    return build_fractions(
        config.fractions,
        ordinal_suffixes=ordinal_suffixes(config),
        one_words=config.cardinals.one_words if config.cardinals else (),
        number_language=config.numbers.language if config.numbers else None,
        form=vocabulary_form(config),
        skip=_fillers(config),
    )


def money_step(config: LanguageConfig) -> StepFn | None:
    if config.money is None:
        return None
    form = vocabulary_form(config)
    return build_money(config.money, decimal_separator(config), form, _fillers(config))


def measures_step(config: LanguageConfig) -> StepFn | None:
    if config.measures is None:
        return None
    return build_measures(config.measures, vocabulary_form(config), _fillers(config))


def units_apart_step(config: LanguageConfig) -> StepFn | None:
    if config.measures is None:
        return None
    return build_measures(config.measures, vocabulary_form(config), apart_only=True)


def times_step(config: LanguageConfig) -> StepFn | None:
    if config.times is None:
        return None
    return build_times(config.times, vocabulary_form(config), _fillers(config))


def dates_step(config: LanguageConfig) -> StepFn | None:
    if config.dates is None:
        return None
    return build_dates(
        config.dates,
        ordinal_suffixes=ordinal_suffixes(config),
        decimal=decimal_separator(config),
        form=vocabulary_form(config),
        skip=_fillers(config),
    )


def ordinals_step(config: LanguageConfig) -> StepFn | None:
    return build_ordinals(config.ordinals, vocabulary_form(config)) if config.ordinals else None


def code_acronyms_step(config: LanguageConfig) -> StepFn | None:
    if config.codes is None or not config.codes.per_character:
        return None
    return build_code_acronyms()


def digit_strings_step(config: LanguageConfig) -> StepFn | None:
    if config.codes is None or not config.codes.per_character:
        return None
    return build_digit_strings()


def year_pairs_step(config: LanguageConfig) -> StepFn | None:
    return build_year_pairs() if config.dates and config.dates.year_pairs else None


#: In chain order, right after the numbers steps.
CLASS_STEPS: list[tuple[str, Callable[[LanguageConfig], StepFn | None]]] = [
    ("cardinals", cardinals_step),
    ("money", money_step),
    ("times", times_step),
    ("dates", dates_step),
    ("fractions", fractions_step),
    ("ordinals", ordinals_step),
    ("code_acronyms", code_acronyms_step),
]
#: After the spelled codes: a code spelled "1 1 L" is 11L by then, and a second pass that
#: sees "11l" reads the same number and unit the first pass did.
UNIT_STEPS = [("measures", measures_step)]
#: After the fillers, before the letter names: they see the digits a second pass sees.
CODE_STEPS = [("digit_strings", digit_strings_step)]
LATE_CLASS_STEPS = [("units_apart", units_apart_step), ("year_pairs", year_pairs_step)]
EARLY_CLASS_STEPS = [("initialisms", initialisms_step)]
