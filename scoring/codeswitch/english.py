"""Which words of a Latin-script language are English (`code_switch_same_script`).

French, German, Spanish, Italian and Dutch write English words in the same script as their
own, so script cannot tell them apart. A word counts as English here only when

- the English rules *read* it: an English number word (`NUMBER_WORDS`, those the English
  config turns into digits) the language's own rules leave alone (seven -> 7, two thirty
  -> 2 30), or an English contraction (I'm, can't, it's); or
- it is one of the words those contractions expand to (i, am, will, not, ...), the
  "listed" words, which only count inside a region the English rules explain;

and it is not on the language's `code_switch_stoplist` (nl ten, fr four and second: native
words that the English rules would read as numbers). Digits are never English: an intended
7 may have been said in the language itself (sept), so 7 / seven stays an error.

Spelling maps (centre -> center), fillers (de um) and hyphen rules of the English config do
not make a word English: they change native words too.

>>> from scoring import load_scorer
>>> en, fr = load_scorer("en").normalizer, load_scorer("fr").normalizer
>>> words = EnglishWords.build(fr, en, stoplist=["four"])
>>> [words.by_rules(w) for w in ("seven", "I'm", "sept", "7", "four", "centre", "am")]
[True, True, False, False, False, False, False]
>>> words.english("am"), words.english("sorry")
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..caches import memo
from ..normalize.steps import vocabulary_form

if TYPE_CHECKING:
    from ..normalize import Normalizer

__all__ = ["NUMBER_WORDS", "EnglishWords"]

_MEMO = 1 << 15
Tokens = Callable[[str], tuple[str, ...]]

_UNITS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy "
    "eighty ninety hundred thousand million billion"
)
_ORDINALS = (
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
    "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth "
    "thirtieth fortieth fiftieth sixtieth seventieth eightieth ninetieth hundredth"
)
#: The English number words a word must be (one of its tokens) to be read as a number.
NUMBER_WORDS = frozenset((_UNITS + " " + _ORDINALS).split())


def _has_digit(tokens: Iterable[str]) -> bool:
    return any(ch.isdigit() for token in tokens for ch in token)


def _has_letter(text: str) -> bool:
    return any(ch.isalpha() for ch in text)


@dataclass(frozen=True, eq=False)
class EnglishWords:
    """Tests on one raw word (or one normalized token); every test is memoized."""

    native_tokens: Tokens
    english_tokens: Tokens
    contractions: frozenset[str]  # English contraction keys, as normalized tokens
    listed: frozenset[str]  # the words the contractions expand to
    stoplist: frozenset[str]
    numbers: frozenset[str] = NUMBER_WORDS
    #: The raw word or token is read by the English rules (a number word, a contraction).
    by_rules: Callable[[str], bool] = field(init=False, repr=False)
    #: English by the rules, or a listed word (i, am, will).
    english: Callable[[str], bool] = field(init=False, repr=False)
    #: Every token that can be English: a token outside it never is (a fast test).
    vocabulary: frozenset[str] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_rules", memo(_MEMO)(self._read_by_rules))
        object.__setattr__(self, "english", memo(_MEMO)(self._read_english))
        vocabulary = (self.contractions | self.listed | self.numbers) - self.stoplist
        object.__setattr__(self, "vocabulary", vocabulary)

    @classmethod
    def build(
        cls,
        native: Normalizer,
        english: Normalizer,
        stoplist: Iterable[str] = (),
        native_tokens: Tokens | None = None,
        english_tokens: Tokens | None = None,
    ) -> EnglishWords:
        en_form = vocabulary_form(english.config)
        contractions = frozenset(en_form(key) for key in english.config.contractions)
        listed = frozenset(
            word
            for value in english.config.contractions.values()
            for word in en_form(value).split()
            if word.isalpha()
        )
        native_form = vocabulary_form(native.config)
        english_tokens = english_tokens or (lambda text: tuple(english(text).split()))
        numbers = frozenset(
            word for word in NUMBER_WORDS if _has_digit(english_tokens(word))
        )  # those the English config reads
        return cls(
            native_tokens or (lambda text: tuple(native(text).split())),
            english_tokens,
            contractions,
            listed,
            frozenset(native_form(word) for word in stoplist),
            numbers,
        )

    def _read_by_rules(self, word: str) -> bool:
        native = self.native_tokens(word)
        if not native or not self.stoplist.isdisjoint(native):
            return False
        if len(native) == 1 and native[0] in self.contractions:
            return True
        if self.numbers.isdisjoint(native) or _has_digit(native) or not _has_letter(word):
            return False
        english = self.english_tokens(word)
        return english != native and _has_digit(english)

    def _read_english(self, word: str) -> bool:
        if self.by_rules(word):
            return True
        native = self.native_tokens(word)
        return bool(native) and all(t in self.listed and t not in self.stoplist for t in native)
