"""Hindi steps of the chain. Each slot is a tuple of (step name, builder); a builder takes
the config and returns a `str -> str` function, or None when the config leaves it off.
The slots' places in the chain are fixed by `chain.STEP_ORDER`.

- `hi_apostrophes` (early): an apostrophe separates words (I'm -> I m), when the config's
  `hindi.apostrophe_splits_words` says so.
- `hi_code_digits` (early): Hindi digit words inside a spelled code become digits, so the
  spoken-symbol step can join them: "A B C डैश एक दो तीन" -> "A B C डैश 1 2 3" -> ABC-123.
  Only a run of digit words next to a spoken symbol word or a capitalized Latin code token
  (A, ABC, M4B) changes; "दो तीन दिन" (a few days) keeps its words.
- `hi_loanwords` (word level): English loanwords written in Latin script take their
  Devanagari spelling (code -> कोड), from the config's `loanwords` lexicon.
- `hi_anusvara` (word level): a nasal consonant with virama before a stop of its own class
  is written as anusvara (सितम्बर -> सितंबर, हिन्दी -> हिंदी), `hindi.anusvara_same_class`.
  Only the five nasal + stop pairs of one class (ङ्क, ञ्ज, ण्ड, न्त, म्ब and their
  aspirated and voiced fellows): न्म (जन्म), म्ह (तुम्हारा), न्य and nasal pairs (सम्मान)
  are other spellings of other sounds and stay.
- `hi_variants` (word level): whole-word spelling variants to one form (वापिस -> वापस,
  गये -> गए), `hindi.spelling_variants`.
- `hi_times` (word level): fractional clock times to H:MM, `hindi.fractional_times`:
  साढ़े तीन -> 3:30, सवा तीन -> 3:15, पौने चार -> 3:45 (also with the digit: साढ़े 3),
  and डेढ़ / ढाई -> 1:30 / 2:30 only before a time word (डेढ़ बजे; डेढ़ घंटा stays). A
  prefix and hour before a number word (साढ़े तीन सौ = 350) stay words.

All of them run only for a config with a `hindi` section. Tokens are matched whole, never with
`\\b` regexes (Devanagari vowel signs are not word characters in every engine).

>>> from scoring.config import bundle_from_data
>>> from scoring.normalize import build_normalizer
>>> hi = build_normalizer(bundle_from_data({"config": {"language": "hi", "name": "t",
...     "version": "1.0.0", "hindi": {"code_digit_words": {"एक": "1", "दो": "2"}},
...     "spoken_symbols": {"डैश": "-"}, "loanwords": {"code": "कोड"}}, "lexicons": {}}))
>>> hi("A B डैश एक दो, code दो दिन")
'ab 12 कोड दो दिन'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..config.models import LanguageConfig
from .codes import is_code_like
from .hi_calendar import build_clock, build_dates
from .hi_numbers import (
    Seen,
    beside,
    build_number_reader,
    build_signs,
    build_unit_symbols,
    substring_probe,
    token_views,
)
from .steps import vocabulary_form, word_map
from .tokens import EDGE_PUNCT

__all__ = [
    "EARLY_STEPS",
    "NUMBER_STEPS",
    "WORD_STEPS",
    "FILLER_STEPS",
    "hindi_word_form",
    "loanword_lookup",
]

StepFn = Callable[[str], str]

_ASCII_LETTER = re.compile("[A-Za-z]")


def apostrophes_step(config: LanguageConfig) -> StepFn | None:
    """I'm -> I m. Runs after the core `apostrophes` step, which wrote every apostrophe
    as the config's `apostrophe`."""
    if config.hindi is None or not config.hindi.apostrophe_splits_words:
        return None
    apostrophe = config.apostrophe
    return lambda text: text.replace(apostrophe, " ") if apostrophe in text else text


def code_digits_step(config: LanguageConfig) -> StepFn | None:
    rules = config.hindi
    if rules is None or not rules.code_digit_words:
        return None
    form = vocabulary_form(config)
    digits = {form(word): digit for word, digit in rules.code_digit_words.items()}
    # A cheap pre-check: a digit word anywhere as a substring (दोबारा passes, the token
    # check below says no). Spellings are the config's and their folded forms.
    spellings = sorted({*rules.code_digit_words, *digits}, key=len, reverse=True)
    probe = re.compile("|".join(re.escape(word) for word in spellings))
    symbols = frozenset(
        form(word)
        for phrase in (*config.spoken_symbols, *config.spoken_symbols_code_only)
        for word in phrase.split()
    )
    fillers = frozenset(form(filler) for filler in config.fillers)

    def skip(token: str) -> bool:
        # Tokens that later steps remove: deciding by them would change on a second pass.
        return _no_letters_or_digits(token) or form(token) in fillers

    def anchors(token: str) -> bool:
        """A spoken symbol word, or a Latin code with a capital letter (A, ABC, M4B). Both
        are gone after one pass (joined, lowercased), so a second pass converts nothing
        new: normalizing twice gives what normalizing once gives."""
        core = token.strip(EDGE_PUNCT)
        if form(core) in symbols:
            return True
        return is_code_like(core) and any("A" <= ch <= "Z" for ch in core)

    def convert(text: str) -> str:
        if probe.search(text) is None:
            return text
        tokens = text.split()
        cores = [form(token.strip(EDGE_PUNCT)) for token in tokens]
        i = 0
        while i < len(tokens):
            if cores[i] not in digits:
                i += 1
                continue
            end = i
            while end < len(tokens) and cores[end] in digits:
                end += 1
            left = _neighbour(tokens, i - 1, -1, skip)
            right = _neighbour(tokens, end, 1, skip)
            if (left and anchors(left)) or (right and anchors(right)):
                for k in range(i, end):
                    tokens[k] = _swap_core(tokens[k], digits[cores[k]])
            i = end
        return " ".join(tokens)

    return convert


def _no_letters_or_digits(token: str) -> bool:
    return not any(ch.isalnum() for ch in token)


def _neighbour(tokens: list[str], start: int, step: int, skip) -> str | None:
    i = start
    while 0 <= i < len(tokens):
        if not skip(tokens[i]):
            return tokens[i]
        i += step
    return None


def _swap_core(token: str, replacement: str) -> str:
    core = token.strip(EDGE_PUNCT)
    lead = token[: len(token) - len(token.lstrip(EDGE_PUNCT))]
    return lead + replacement + token[len(lead) + len(core) :]


def loanword_lookup(config: LanguageConfig) -> dict[str, str]:
    """The loanword map as the word steps see it: keys lowercased and folded, values as the
    tokens look after the whole chain (folds, anusvara, spelling variants)."""
    form = vocabulary_form(config)
    word = hindi_word_form(config)
    return {form(latin): word(native) for latin, native in config.loanwords.items()}


# -- spelling: anusvara and variants ------------------------------------------------------

_VIRAMA = "\u094d"
_ANUSVARA = "\u0902"
# Each class's nasal and its four stops (voiceless, aspirated, voiced, voiced aspirated).
_CLASSES = ("ङकखगघ", "ञचछजझ", "णटठडढ", "नतथदध", "मपफबभ")
_NASAL_BEFORE_STOP = re.compile(
    "|".join(f"{nasal}{_VIRAMA}(?=[{stops}])" for nasal, stops in (
        (group[0], group[1:]) for group in _CLASSES
    ))
)  # fmt: skip


def anusvara(text: str) -> str:
    """सितम्बर -> सितंबर: a nasal + virama before a stop of its own class."""
    return _NASAL_BEFORE_STOP.sub(_ANUSVARA, text) if _VIRAMA in text else text


def anusvara_step(config: LanguageConfig) -> StepFn | None:
    if config.hindi is None or not config.hindi.anusvara_same_class:
        return None
    return anusvara


def _spelling_form(config: LanguageConfig) -> StepFn:
    """How a config word looks once folded and, if on, through the anusvara rule."""
    form = vocabulary_form(config)
    if config.hindi is None or not config.hindi.anusvara_same_class:
        return form
    return lambda word: anusvara(form(word))


def variants_step(config: LanguageConfig) -> StepFn | None:
    if config.hindi is None or not config.hindi.spelling_variants:
        return None
    return word_map(config.hindi.spelling_variants, _spelling_form(config))


def hindi_word_form(config: LanguageConfig) -> StepFn:
    """How a Devanagari word of a config vocabulary looks after the word steps: folded,
    anusvara, spelling variant. For lexicon values and stoplists compared with tokens."""
    form = _spelling_form(config)
    if config.hindi is None or not config.hindi.spelling_variants:
        return form
    variants = {form(k): form(v) for k, v in config.hindi.spelling_variants.items()}
    return lambda word: " ".join(variants.get(token, token) for token in form(word).split())


# -- fractional times -----------------------------------------------------------------


def times_step(config: LanguageConfig) -> StepFn | None:
    """साढ़े तीन -> 3:30. It runs before the number reader (which would read a quantity,
    3.5) on tokens not yet folded, so it compares their final spelling, and looks through
    punctuation and fillers, as a second pass does when they are gone. A prefix and hour
    before a scale, a unit or a currency (साढ़े तीन सौ, साढ़े तीन साल) stay a quantity."""
    rules = config.hindi.fractional_times if config.hindi is not None else None
    if rules is None:
        return None
    form = hindi_word_form(config)
    prefixes = {form(word): minutes for word, minutes in rules.prefixes.items()}
    hours = {form(word): hour for word, hour in rules.hours.items()}
    hours.update({str(hour): hour for hour in range(1, 13)})
    whole = {form(word): clock for word, clock in rules.whole.items()}
    time_words = frozenset(form(word) for word in rules.time_words)
    not_before = frozenset(form(word) for word in [*rules.not_before, *_quantity_words(config)])
    fillers = frozenset(form(filler) for filler in config.fillers)
    triggers = frozenset(prefixes) | frozenset(whole)
    symbols = frozenset(form(word) for word in _symbol_words(config))

    def clock(minutes: int, hour: int) -> str:
        if minutes == 45:  # a quarter to: पौने चार = 3:45, पौने एक = 12:45
            return f"{(hour - 2) % 12 + 1}:45"
        return f"{hour}:{minutes:02d}"

    may_hold = substring_probe([*rules.prefixes, *rules.whole], form)

    def convert(text: str) -> str:
        if not may_hold(text):
            return text
        tokens = text.split()
        views = token_views(text, tokens, form)
        if triggers.isdisjoint(views):
            return text
        seen = Seen.of(text, form, fillers, views)
        ahead = [*seen.views, None, None]
        for k in beside(seen.views, symbols) if symbols else ():
            ahead[k] = None  # left to the code steps, as the number reader leaves it
        spans: list[tuple[int, int, str | None]] = []
        i = 0
        while i < len(seen.views):
            view, following, after = ahead[i], ahead[i + 1], ahead[i + 2]
            if view in prefixes and following in hours and after not in not_before:
                spans.append((i, i + 2, clock(prefixes[view], hours[following])))
                i += 2
                continue
            if view in whole and following in time_words:
                spans.append((i, i + 1, whole[view]))
            else:
                spans.append((i, i + 1, None))
            i += 1
        return seen.rebuild(spans)

    return convert


def _quantity_words(config: LanguageConfig) -> list[str]:
    """Currency names and units: a prefix and hour before one is a quantity (साढ़े तीन
    किलो = 3.5 kg)."""
    words = []
    for section, field in (("money", "currencies"), ("measures", "units")):
        rules = getattr(config, section, None)
        if rules is not None:
            words.extend(key.split()[0] for key in getattr(rules, field))
    return words


def loanwords_step(config: LanguageConfig) -> StepFn | None:
    if config.hindi is None or not config.loanwords:
        return None
    apply = word_map(config.loanwords, vocabulary_form(config))
    if not all(key.isascii() for key in config.loanwords):
        return apply
    # Keys are ASCII words: a text without an ASCII letter has none of them.
    return lambda text: apply(text) if _ASCII_LETTER.search(text) else text


# -- numbers, clock times, dates (hi_numbers.py, hi_calendar.py) ------------------------


def dates_step(config: LanguageConfig) -> StepFn | None:
    rules = config.hindi.dates if config.hindi is not None else None
    return build_dates(rules) if rules is not None else None


def signs_step(config: LanguageConfig) -> StepFn | None:
    rules = config.hindi.numbers if config.hindi is not None else None
    if rules is None:
        return None
    form = hindi_word_form(config)
    words = frozenset(form(word) for word in [*rules.words, *rules.scales, *rules.quantities])
    return build_signs(rules.signs, words, form)


def symbols_step(config: LanguageConfig) -> StepFn | None:
    """Unit symbols beside a number as words: the core `numbers` step does it for the
    languages text2num reads, this one for Hindi."""
    if config.hindi is None or config.numbers is not None:
        return None
    rules = config.hindi.numbers
    if rules is None and not config.unit_symbols:
        return None
    dimension = rules.dimension_word if rules is not None else None
    return build_unit_symbols(config.unit_symbols, dimension)


def numbers_step(config: LanguageConfig) -> StepFn | None:
    rules = config.hindi.numbers if config.hindi is not None else None
    if rules is None:
        return None
    form = hindi_word_form(config)
    fillers = frozenset(form(filler) for filler in config.fillers)
    clock = config.hindi.clock_times
    units = [*_quantity_words(config), *(clock.second_words if clock else ())]
    return build_number_reader(rules, form, fillers, frozenset(units), _symbol_words(config))


def _symbol_words(config: LanguageConfig) -> frozenset[str]:
    """Every word of a spoken symbol phrase (डैश, फ़ॉरवर्ड स्लैश, slash)."""
    symbols = {*config.spoken_symbols, *config.spoken_symbols_code_only}
    return frozenset(word for phrase in symbols for word in phrase.split())


def clock_step(config: LanguageConfig) -> StepFn | None:
    """Clock times to `H MM`. The minutes it writes are a number a second pass reads like
    any other (7:30 अरब is 7 30 अरब, then 7 30000000000): what it changed is read again."""
    rules = config.hindi.clock_times if config.hindi is not None else None
    if rules is None:
        return None
    form = hindi_word_form(config)
    clock = build_clock(rules, form, frozenset(form(filler) for filler in config.fillers))
    reread = numbers_step(config)
    if reread is None:
        return clock

    def convert(text: str) -> str:
        done = clock(text)
        return reread(done) if done != text else done

    return convert


def web_words_step(config: LanguageConfig) -> StepFn | None:
    """डॉट कॉम -> डॉट com: a word after a dot word takes its Latin spelling, so the letter
    names and emails steps after it write the address (के यू डॉट कॉम = ku.com)."""
    if config.hindi is None or not config.hindi.web_words or config.emails is None:
        return None
    form = hindi_word_form(config)
    latin = {form(word): spelled for word, spelled in config.hindi.web_words.items()}
    dots = frozenset(form(word) for word in config.emails.dot_words)

    def convert(text: str) -> str:
        tokens = text.split()
        if dots.isdisjoint(tokens):
            return text
        for k in range(1, len(tokens)):
            if tokens[k - 1] in dots and tokens[k] in latin:
                tokens[k] = latin[tokens[k]]
        return " ".join(tokens)

    return convert


EARLY_STEPS: tuple = (
    ("hi_apostrophes", apostrophes_step),
    ("hi_code_digits", code_digits_step),
    ("hi_dates", dates_step),
    ("hi_signs", signs_step),
)
# Before the money and measure steps, which read digits.
NUMBER_STEPS: tuple = (
    ("hi_symbols", symbols_step),
    ("hi_times", times_step),
    ("hi_numbers", numbers_step),
    ("hi_clock", clock_step),
)
WORD_STEPS: tuple = (
    ("hi_loanwords", loanwords_step),
    ("hi_anusvara", anusvara_step),
    ("hi_variants", variants_step),
)
FILLER_STEPS: tuple = (("hi_web_words", web_words_step),)
