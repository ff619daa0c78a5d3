"""Code-switch rescue: re-check error regions with another language's view of the text.

Off unless a config lists `code_switch_languages` (``["en"]``); see `configs/README.md`.
Three kinds, by the config:

- a language in its own script (Hindi): `rescue.py`, English views of each error region,
  the phonetic matcher `phonetic.py` (`code_switch_phonetic`), romanized Hindi
  `romanized.py` (`hindi.romanized_hindi`);
- a language in Latin script (`code_switch_same_script`: fr, de, es, it, nl): the same
  rescue, English words told by the English rules (`english.py`);
- a language scored by characters (ja, ko): English names in katakana or Hangul against
  Latin, `chars.py` and `names.py`; needs `code_switch_phonetic`.

`units.py` maps tokens back to raw words and `report.py` builds the `code_switch` block.

>>> from scoring import load_scorer
>>> result = load_scorer("hi").score("मेरी फ़्लाइट seven बजे है", "मेरी फ़्लाइट 7 बजे है")
>>> result.strict.errors, result.counts.errors, result.code_switch["rescued_errors"]
(1, 0, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ..caches import memo
from ..errors import ConfigError
from ..normalize.hi_steps import hindi_word_form, loanword_lookup
from ..normalize.steps import vocabulary_form
from .chars import CharRescuer
from .english import EnglishWords
from .names import NameMatcher
from .phonetic import PhoneticMatcher
from .report import CodeSwitchTotals
from .rescue import Rescuer
from .romanized import RomanizedHindi
from .script import has_latin, has_native

if TYPE_CHECKING:
    from ..normalize import Normalizer

__all__ = ["CharRescuer", "CodeSwitchTotals", "Rescuer", "build_rescuer"]

_MEMO = 1 << 15  # normalized words and runs kept per rescuer (words repeat a lot)
# The script a language scored by characters writes English names in.
_NAME_SCRIPTS = {"ja": "kana", "ko": "hangul"}


def build_rescuer(
    normalizer: Normalizer, companions: Mapping[str, Normalizer]
) -> Rescuer | CharRescuer | None:
    """The rescuer of a config that lists `code_switch_languages`, else None. A rescuer is
    called as `rescuer(reference, hypothesis, alignment)` after the native alignment and
    returns `(counts after rescue, code_switch block)`; it keeps its own memo of
    normalized words, so build one per scorer."""
    config = normalizer.config
    if not config.code_switch_languages:
        return None
    source = f"{config.language}.json"
    if len(config.code_switch_languages) != 1:
        raise ConfigError(source, "code_switch_languages", "exactly one language is supported")
    other = config.code_switch_languages[0]
    if other not in companions:
        raise ConfigError(source, "code_switch_languages", f"no normalizer for {other!r}")
    if config.unit == "char":
        return _char_rescuer(config, other, source)
    native_tokens = _tokens(normalizer)
    english_tokens = _tokens(companions[other])
    loanwords = loanword_lookup(config)
    loan_forms = frozenset(loanwords.values())
    matcher = None
    if config.code_switch_phonetic:
        stoplist = [*(config.hindi.phonetic_stoplist if config.hindi else [])]
        stoplist += config.code_switch_stoplist
        matcher = PhoneticMatcher.build(stoplist, hindi_word_form(config))
    romanizer, accept = None, False
    if config.hindi is not None and config.hindi.romanized_hindi != "off":
        romanizer, accept = RomanizedHindi(), config.hindi.romanized_hindi == "accept"
    english_words = None
    if config.code_switch_same_script:
        english_words = EnglishWords.build(
            normalizer, companions[other], config.code_switch_stoplist, native_tokens,
            english_tokens,
        )  # fmt: skip
        is_english = english_words.by_rules
        is_native = memo(_MEMO)(lambda token: has_latin(token) and not english_words.english(token))
    else:
        is_english = memo(_MEMO)(lambda token: token in loan_forms or has_latin(token))
        is_native = memo(_MEMO)(lambda token: token not in loan_forms and has_native(token))
    return Rescuer(
        language=config.language,
        other=other,
        native_tokens=native_tokens,
        english_tokens=english_tokens,
        is_english_token=is_english,
        is_native_token=is_native,
        loanwords=loanwords,
        loan_forms=loan_forms,
        matcher=matcher,
        english_words=english_words,
        romanizer=romanizer,
        accept_romanized=accept,
    )


def _char_rescuer(config, other: str, source: str) -> CharRescuer:
    script = _NAME_SCRIPTS.get(config.language.split("-")[0])
    if script is None:
        raise ConfigError(
            source, "code_switch_languages", "scored by characters: only ja and ko have a name "
            "matcher",
        )  # fmt: skip
    if not config.code_switch_phonetic:
        raise ConfigError(
            source, "code_switch_phonetic", "a language scored by characters code-switches by "
            "the name matcher only: set it to true",
        )  # fmt: skip
    form = vocabulary_form(config)
    return CharRescuer(
        config.language, other, NameMatcher(script, map(form, config.code_switch_stoplist))
    )


def _tokens(normalizer: Normalizer) -> Callable[[str], tuple[str, ...]]:
    @memo(_MEMO)
    def tokens(text: str) -> tuple[str, ...]:
        return tuple(normalizer(text).split())

    return tokens
