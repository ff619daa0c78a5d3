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
from .digit_strings import build_code_acronyms, build_digit_strings, digit_string
from .fractions import build_fractions
from .initialisms import build_initialisms
from .measures import build_measures
from .money import build_money, money_words
from .ordinals import build_ordinals, ordinal_word_reader
from .steps import spoken_symbols_step, vocabulary_form
from .symbol_names import build_symbol_names
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


def symbol_names_step(config: LanguageConfig) -> StepFn | None:
    return build_symbol_names(config.symbol_names) if config.symbol_names else None


def cardinals_step(config: LanguageConfig) -> StepFn | None:
    if config.cardinals is None:
        return None
    space_groups = bool(
        config.numbers and {" ", "\u202f"} & set(config.numbers.thousands_separators)
    )
    codes = config.codes
    runs = codes is not None and codes.join_digit_runs
    form = vocabulary_form(config)
    return build_cardinals(
        config.cardinals, decimal_separator(config), space_groups=space_groups,
        form=form, skip=_fillers(config),
        runs=(digit_string if codes.per_character else lambda d: [d]) if runs else None,
        code_words=word_set(codes.letter_names, form) if codes else frozenset(),
        # a number before a month is a day: minus 11 february is not -11
        not_before=word_set(config.dates.months, form) if config.dates else frozenset(),
        amount_words=frozenset(money_words(config.money)) if config.money else frozenset(),
        currency_codes=frozenset(
            form for form in config.money.currencies if form.isalpha() and form.isupper()
            and len(form) == 3
        ) if config.money else frozenset(),
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
        ordinal_words=_ordinal_words(config),
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
    months = word_set(config.dates.months, vocabulary_form(config)) if config.dates else ()
    plus = config.cardinals.plus_words if config.cardinals else ()
    return build_times(
        config.times,
        vocabulary_form(config),
        _fillers(config),
        not_before=frozenset(months),
        plus_words=word_set(plus, vocabulary_form(config)),
    )


def dates_step(config: LanguageConfig) -> StepFn | None:
    if config.dates is None:
        return None
    return build_dates(
        config.dates,
        ordinal_suffixes=ordinal_suffixes(config),
        decimal=decimal_separator(config),
        form=vocabulary_form(config),
        skip=_fillers(config),
        ordinal_words=_ordinal_words(config),
    )


def ordinals_step(config: LanguageConfig) -> StepFn | None:
    if config.ordinals is None:
        return None
    per_words = config.measures.per_words if config.measures else ()
    return build_ordinals(
        config.ordinals,
        vocabulary_form(config),
        language=_language(config),
        skip=_fillers(config),
        unit_before=word_set(per_words, vocabulary_form(config)),
    )


def _language(config: LanguageConfig) -> str | None:
    return config.numbers.language if config.numbers else None


def _ordinal_words(config: LanguageConfig) -> Callable[[str], str | None] | None:
    """Ordinal words for the fractions and dates steps (un cuadringentésimo = 1/400, mayo
    cuarto = 4 mayo), as the later `ordinals` step reads them."""
    rules = config.ordinals
    if rules is None or not (rules.words or rules.joined):
        return None
    return ordinal_word_reader(rules, _language(config), vocabulary_form(config))


def symbols_again_step(config: LanguageConfig) -> StepFn | None:
    """The spoken symbols once more, on what the class steps wrote: "underscore 9:30" is
    "underscore 9 30" by now, and a second pass, which sees only that, joins it; so must
    the first. Only for a language with class steps."""
    if config.cardinals is None:
        return None
    return spoken_symbols_step(config)


def code_acronyms_step(config: LanguageConfig) -> StepFn | None:
    if config.codes is None or not config.codes.per_character:
        return None
    return build_code_acronyms()


def digit_strings_step(config: LanguageConfig) -> StepFn | None:
    if config.codes is None or not config.codes.per_character:
        return None
    return build_digit_strings()


def year_pairs_step(config: LanguageConfig) -> StepFn | None:
    if not (config.dates and config.dates.year_pairs):
        return None
    signs = (
        word_set(config.cardinals.minus_words, vocabulary_form(config)) if config.cardinals else ()
    )
    # 90 14 july: the 14 is a day; minus 14 19: not -1419 (a second pass would read that)
    return build_year_pairs(frozenset(config.dates.months.values()), frozenset(signs))


#: In chain order, right after the numbers steps.
CLASS_STEPS: list[tuple[str, Callable[[LanguageConfig], StepFn | None]]] = [
    ("cardinals", cardinals_step),
    ("money", money_step),
    ("times", times_step),
    ("dates", dates_step),
    ("fractions", fractions_step),
    ("ordinals", ordinals_step),
    ("code_acronyms", code_acronyms_step),
    ("symbols_again", symbols_again_step),
]
#: After the spelled codes: a code spelled "1 1 L" is 11L by then, and a second pass that
#: sees "11l" reads the same number and unit the first pass did.
UNIT_STEPS = [("measures", measures_step)]
#: After the fillers, before the letter names: they see the digits a second pass sees.
CODE_STEPS = [("digit_strings", digit_strings_step)]
LATE_CLASS_STEPS = [("units_apart", units_apart_step), ("year_pairs", year_pairs_step)]
EARLY_CLASS_STEPS = [("initialisms", initialisms_step), ("symbol_names", symbol_names_step)]
