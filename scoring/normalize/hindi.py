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

All three run only for a config with a `hindi` section. Tokens are matched whole, never with
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
from .steps import vocabulary_form, word_map
from .tokens import EDGE_PUNCT, is_code_like

__all__ = [
    "EARLY_STEPS",
    "NUMBER_STEPS",
    "WORD_STEPS",
    "FILLER_STEPS",
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
    """The loanword map as the word steps see it: keys and values lowercased and folded."""
    form = vocabulary_form(config)
    return {form(latin): form(native) for latin, native in config.loanwords.items()}


def loanwords_step(config: LanguageConfig) -> StepFn | None:
    if config.hindi is None or not config.loanwords:
        return None
    apply = word_map(config.loanwords, vocabulary_form(config))
    if not all(key.isascii() for key in config.loanwords):
        return apply
    # Keys are ASCII words: a text without an ASCII letter has none of them.
    return lambda text: apply(text) if _ASCII_LETTER.search(text) else text


EARLY_STEPS: tuple = (
    ("hi_apostrophes", apostrophes_step),
    ("hi_code_digits", code_digits_step),
)
NUMBER_STEPS: tuple = ()
WORD_STEPS: tuple = (("hi_loanwords", loanwords_step),)
FILLER_STEPS: tuple = ()
