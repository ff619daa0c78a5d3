"""Code-switch rescue: re-check error regions with another language's view of the text.

Off unless a config lists `code_switch_languages` (only Hindi does: ``["en"]``); see
`configs/README.md` and `rescue.py` for the rules, `phonetic.py` for the phonetic matcher
(`code_switch_phonetic`), `units.py` for how tokens map back to raw words and `report.py`
for the `code_switch` block.

>>> from scoring import load_scorer
>>> result = load_scorer("hi").score("मेरी फ़्लाइट seven बजे है", "मेरी फ़्लाइट 7 बजे है")
>>> result.strict.errors, result.counts.errors, result.code_switch["rescued_errors"]
(1, 0, 1)
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import ConfigError
from ..normalize.hindi import loanword_lookup
from ..normalize.steps import vocabulary_form
from .phonetic import PhoneticMatcher
from .report import CodeSwitchTotals
from .rescue import Rescuer
from .script import has_latin, has_native

if TYPE_CHECKING:
    from ..normalize import Normalizer

__all__ = ["CodeSwitchTotals", "Rescuer", "build_rescuer", "code_fingerprint"]

_MEMO = 1 << 15  # normalized words and runs kept per rescuer (words repeat a lot)


def build_rescuer(normalizer: Normalizer, companions: Mapping[str, Normalizer]) -> Rescuer | None:
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
    if config.unit != "word":
        raise ConfigError(source, "code_switch_languages", "needs unit 'word'")
    other = config.code_switch_languages[0]
    if other not in companions:
        raise ConfigError(source, "code_switch_languages", f"no normalizer for {other!r}")
    loanwords = loanword_lookup(config)
    loan_forms = frozenset(loanwords.values())
    matcher = None
    if config.code_switch_phonetic:
        stoplist = config.hindi.phonetic_stoplist if config.hindi else []
        matcher = PhoneticMatcher.build(stoplist, vocabulary_form(config))
    return Rescuer(
        language=config.language,
        other=other,
        native_tokens=_tokens(normalizer),
        english_tokens=_tokens(companions[other]),
        is_english_token=functools.lru_cache(maxsize=_MEMO)(
            lambda token: token in loan_forms or has_latin(token)
        ),
        is_native_token=functools.lru_cache(maxsize=_MEMO)(
            lambda token: token not in loan_forms and has_native(token)
        ),
        loanwords=loanwords,
        loan_forms=loan_forms,
        matcher=matcher,
    )


def _tokens(normalizer: Normalizer) -> Callable[[str], tuple[str, ...]]:
    @functools.lru_cache(maxsize=_MEMO)
    def tokens(text: str) -> tuple[str, ...]:
        return tuple(normalizer(text).split())

    return tokens


@functools.cache
def code_fingerprint() -> str:
    """SHA-256 of this package's code: part of the identity of a code-switching scorer."""
    digest = hashlib.sha256()
    for path in sorted(Path(__file__).resolve().parent.glob("*.py")):
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()
