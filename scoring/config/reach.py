"""Which turns a rule edit can rescore differently: a sound filter on raw text.

`reach(base, new)` compares two bundles (as data) and returns None when any turn may
change, or a `Reach` whose `touches(reference, hypothesis)` is False only for a pair whose
score is provably the same under both bundles. "Provably" rests on these facts about the
chain (`scoring/normalize/chain.py`, `steps.py`):

1. A keyed rule (a filler, a contraction, a spelling, a loanword, a spoken symbol, a unit
   symbol) does something only where a token equal to its key, in vocabulary form (lower
   case, then the char folds), reaches its step. Its value is written only there.
2. The steps before it change the letters of the text in a few ways only: NFC, lower
   case, char folds, and splitting off or deleting punctuation and spaces. Every other
   way a letter can appear is a word *written* by a rule or by code: a map's value, an
   abbreviation's expansion, a letter of a spelled code (Zulu Kilo = zk), a word in a
   step's source (`minus`), a regex's template.

So a text is compared on a conservative key (`text_key`): NFC, lower case and the char
folds of one config, then NFKC, lower case and the folds again (a full-width or
compatibility letter), NFKD without combining marks, case folded, and every character
that is not a letter or digit deleted, so neither punctuation nor spaces, split or
joined, can hide a key. Any token the chain builds from the raw text is a substring of
that key, computed with the folds of the config that runs. A second key reads the letter
names of spelled codes as their letters. A pair is touched when the key of a changed rule
(computed the same way, once per config) is a substring of either key of either text.

Where fact 2 needs a word no text holds, the filter gives up and returns None (every
turn): a key with a digit or a symbol (numbers and symbol steps write those); a key any
word of which some rule of either config, or the code of a step, can write; a change
outside the keyed fields (a flag, a regex, a number rule, a profile); a config that runs
rewrites this module does not bound (regex replacements, code-switch rescue, the
language modules of Korean, Japanese, Hindi, Persian and Hausa). A char fold is a key of
its own, matched on the raw text (lower case, NFC and NFKC); when a vocabulary word of
either config holds the folded character, every form of that word changes, so every turn
may change. Changes of companions or of the scoring code are the caller's to catch.

>>> base = {"config": {"language": "xx", "name": "xx", "version": "1.0.0"}, "lexicons": {}}
>>> new = {"config": {**base["config"], "spellings": {"ok": "okay"}}, "lexicons": {}}
>>> found = reach(base, new)
>>> found.touches("It was O.K.", "it was ok"), found.touches("fine", "fine")
(True, False)
>>> reach(base, {"config": {**base["config"], "lowercase": False}, "lexicons": {}}) is None
True
"""

from __future__ import annotations

import ast
import bisect
import itertools
import re
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from ..caches import memo
from ..sourcecache import read_through
from .diff import Change, diff_bundles
from .loader import bundle_from_data

__all__ = ["Reach", "code_words", "reach", "text_key"]

#: Map fields whose keys are matched as tokens of the text, and whose values are written.
KEYED_MAPS = frozenset(
    {"contractions", "spellings", "loanwords", "spoken_symbols", "spoken_symbols_code_only",
     "unit_symbols"}
)  # fmt: skip
#: Fields no score reads: the name and version only change the stamp, which the new
#: version's scores carry anyway; `scripts` is read by the data-quality check only.
NO_SCORE_FIELDS = frozenset({"description", "display_name", "name", "scripts", "version"})
#: Sections whose steps write text this module does not bound.
UNBOUNDED_SECTIONS = ("korean", "japanese", "hindi", "persian", "hausa")
#: Config fields that are sets of keys, never written into a text.
KEY_LISTS = frozenset({"fillers", "code_switch_stoplist"})
_NON_ALNUM = re.compile(r"[\W_]+")
#: What may sit between two characters of a key in a block of texts: what _NON_ALNUM
#: deletes, but a line break, which separates the texts.
_GAP = r"(?:[^\w\n]|_)*"
_BREAK = "\n"


def _one_line(text: str) -> str:
    # a line break in a text is a space to its key (_NON_ALNUM deletes both)
    return text.replace(_BREAK, " ") if _BREAK in text else text


@dataclass(frozen=True)
class _View:
    """The keys of the changed rules as one config's chain sees them."""

    folds: tuple[tuple[str, str], ...]
    letter_names: tuple[tuple[str, str], ...]
    keys: frozenset[str]

    def touches(self, text: str) -> bool:
        """A key in the text's key, or in it with letter names read as letters. The text
        is split into its words once: joined, they are the text's key, and the spelled
        form differs from it only when one of them is a letter name (a planned rescore
        runs this on every turn of a language)."""
        words = _NON_ALNUM.split(_prepared(text, self.folds))
        plain = "".join(words)
        if any(key in plain for key in self.keys):
            return True
        names = self._names
        if names.keys().isdisjoint(words):
            return False
        spelled = "".join(names.get(word, word) for word in words)
        return any(key in spelled for key in self.keys)

    def touching(self, texts: Sequence[str]) -> set[int]:
        """The indexes of the texts `touches` is True for, found over all of them at once.
        The texts are prepared as one block, one line each (ASCII texts apart from the
        others, as `_prepared` takes a shorter way for them), and the keys searched in it
        by one regex that lets punctuation and spaces (not a line break) sit between a
        key's characters: "key in the text's key". The few texts holding a letter name,
        and every text when a fold reads or writes a line break, are checked alone."""
        if not texts:
            return set()
        if any(_BREAK in part for fold in self.folds for part in fold):
            return {i for i, text in enumerate(texts) if self.touches(text)}
        groups: tuple[list[int], list[int]] = ([], [])  # ASCII, other
        for i, text in enumerate(texts):
            groups[not text.isascii()].append(i)
        found = set()
        for group in filter(None, groups):
            found |= {group[i] for i in self._touching_block([texts[i] for i in group])}
        return found

    def _touching_block(self, texts: Sequence[str]) -> set[int]:
        prepared = _prepared(_BREAK.join(_one_line(text) for text in texts), self.folds)
        lengths = [len(line) + 1 for line in prepared.split(_BREAK)]
        if len(lengths) != len(texts):  # not expected: no normalization form writes one
            return {i for i, text in enumerate(texts) if self.touches(text)}
        starts = list(itertools.accumulate(lengths[:-1], initial=0))
        found = {
            bisect.bisect_right(starts, m.start()) - 1 for m in self._key_pattern.finditer(prepared)
        }
        # a text holding a letter name as a word may hold a key once it is read as a letter:
        # those few are checked alone (str.find is much faster than a regex of names)
        for at in _words_at(prepared, self._names_of_key_letters):
            i = bisect.bisect_right(starts, at) - 1
            if i not in found and self.touches(texts[i]):
                found.add(i)
        return found

    @cached_property
    def _names(self) -> dict[str, str]:
        return dict(self.letter_names)

    @cached_property
    def _names_of_key_letters(self) -> tuple[str, ...]:
        """The letter names whose letter is in some key. Reading any other name as its
        letter cannot make a key appear: a key found in the spelled form then lies between
        such letters, in words that are the same in the plain form (`touches`)."""
        letters = set().union(*self.keys)
        return tuple(name for name, letter in self.letter_names if letters & set(letter))

    @cached_property
    def _key_pattern(self) -> re.Pattern:
        # a key's characters with any run of what _NON_ALNUM deletes between them, except
        # a line break: a match never spans two texts
        keys = sorted(self.keys, key=len, reverse=True)
        return re.compile("|".join(_GAP.join(map(re.escape, key)) for key in keys))


def _words_at(block: str, words: Iterable[str]) -> Iterator[int]:
    """Where each of `words` stands in `block` as a whole word (a maximal run of letters
    and digits, what _NON_ALNUM keeps)."""
    for word in filter(None, words):
        at = block.find(word)
        while at >= 0:
            end = at + len(word)
            if (at == 0 or not block[at - 1].isalnum()) and (
                end == len(block) or not block[end].isalnum()
            ):
                yield at
            at = block.find(word, at + 1)


@dataclass(frozen=True)
class Reach:
    """What a rule edit can touch: keys matched in each config's view of a text, and
    char-fold keys matched on the raw text."""

    views: tuple[_View, ...]
    raw_keys: frozenset[str]

    def touches(self, reference: str, hypothesis: str) -> bool:
        """False only when no changed rule can fire on this pair under either config."""
        return any(self._touches_text(text) for text in (reference, hypothesis))

    def touching(self, texts: Sequence[str]) -> set[int]:
        """The indexes of the texts a changed rule can fire on: the same answer as
        `touches` for each text, found over many texts at once (a planned rescore looks at
        every turn of a language)."""
        if self.raw_keys:  # a fold changed: rare, and checked on each raw form
            return {i for i, text in enumerate(texts) if self._touches_text(text)}
        found: set[int] = set()
        for view in self.views:
            if view.keys:
                found |= view.touching(texts)
        return found

    def _touches_text(self, text: str) -> bool:
        if self.raw_keys:
            raws = _raw_forms(text)
            if any(key in raw for key in self.raw_keys for raw in raws):
                return True
        for view in self.views:
            if not view.keys:
                continue
            if view.touches(text):
                return True
        return False

    @property
    def touches_nothing(self) -> bool:
        return not self.raw_keys and not any(view.keys for view in self.views)


def reach(base: dict, new: dict) -> Reach | None:
    """The turns the edit from `base` to `new` (bundles as data) can change, or None when
    that may be any turn. Both bundles must be valid."""
    configs = [bundle_from_data(data).config.model_dump() for data in (base, new)]
    if any(_unbounded(config) for config in configs):
        return None
    keys: set[str] = set()
    fold_keys: set[str] = set()
    for change in diff_bundles(base, new):
        kind = _rule_of(change, base, new)
        if kind is None:
            return None
        if kind == "fold":
            fold_keys.add(change.path[-1])
        elif kind == "key":
            keys.add(change.new if change.item and change.kind == "added" else _key_of(change))
    if not _folds_bounded(fold_keys, configs):
        return None
    views = []
    written = _written_words(configs)
    for config in configs:
        folds = tuple(sorted(config["char_folds"].items()))
        names = _letter_names(config, folds)
        view_keys = set()
        for key in keys:
            found = _key_form(key, folds, written)
            if found is None:
                return None
            view_keys.add(found)
        views.append(_View(folds, names, frozenset(view_keys)))
    unique = tuple(dict.fromkeys(views))
    return Reach(unique, frozenset(_lower_forms(key) for key in fold_keys))


def text_key(text: str, folds: Iterable[tuple[str, str]] = ()) -> str:
    """The conservative key of a text: its letters and digits, case- and mark-free, after
    the char folds (`folds`), with every other character deleted.

    >>> text_key("Don't, O.K.?  Ｃａｆé")
    'dontokcafe'
    """
    return _NON_ALNUM.sub("", _prepared(text, tuple(folds)))


def _prepared(text: str, folds: tuple[tuple[str, str], ...]) -> str:
    if not folds and text.isascii():
        return text.lower()  # what every step below does to ASCII text, in one
    text = _fold(unicodedata.normalize("NFC", text).lower(), folds)
    text = _fold(unicodedata.normalize("NFKC", text).lower(), folds)
    return _bare(text).casefold()


def _bare(text: str) -> str:
    """The text's NFKD with every combining mark (nonzero combining class) deleted. Each
    distinct character is tested once and the marks found replaced away: a text holds
    few distinct marks, and a planned rescore prepares every turn of a language."""
    decomposed = unicodedata.normalize("NFKD", text)
    if decomposed.isascii():
        return decomposed
    for char in set(decomposed):
        if char > "\x7f" and unicodedata.combining(char):
            decomposed = decomposed.replace(char, "")
    return decomposed


def _fold(text: str, folds: tuple[tuple[str, str], ...]) -> str:
    if not folds:
        return text
    return _folder(folds)(text)


@memo(maxsize=64)
def _folder(folds: tuple[tuple[str, str], ...]):
    table = dict(folds)
    if all(len(key) == 1 for key in table):
        translation = str.maketrans(table)
        return lambda text: text.translate(translation)
    pattern = re.compile("|".join(re.escape(k) for k in sorted(table, key=len, reverse=True)))
    return lambda text: pattern.sub(lambda m: table[m.group(0)], text)


def _raw_forms(text: str) -> tuple[str, ...]:
    nfc = unicodedata.normalize("NFC", text)
    return (nfc.lower(), unicodedata.normalize("NFKC", nfc).lower(), nfc)


def _lower_forms(key: str) -> str:
    return unicodedata.normalize("NFC", key).lower()


def _unbounded(config: dict) -> bool:
    return bool(
        config["plain"]
        or config["replacements"]
        or config["code_switch_languages"]
        or any(config.get(name) is not None for name in UNBOUNDED_SECTIONS)
    )


def _rule_of(change: Change, base: dict, new: dict) -> str | None:
    """ "key", "fold", "none" (no score reads it), or None (it may touch any turn)."""
    path = change.path
    if path[0] == "lexicons":
        if len(path) != 3:
            return None
        fields = _fields_naming(path[1], base) | _fields_naming(path[1], new)
        if fields and fields <= KEYED_MAPS:
            return "key"
        return "fold" if fields == {"char_folds"} else None
    if path[0] != "config" or len(path) < 2:
        return None
    field = path[1]
    if field in NO_SCORE_FIELDS and len(path) == 2:
        return "none"
    if field == "fillers" and change.item:
        return "key"
    if len(path) == 3 and isinstance(change.old or change.new, str):
        if field in KEYED_MAPS:
            return "key"
        if field == "char_folds":
            return "fold"
    return None


def _fields_naming(lexicon: str, bundle: dict) -> set[str]:
    """The config fields whose value is this lexicon file's name."""
    return {field for field, value in bundle["config"].items() if value == lexicon}


def _key_of(change: Change) -> str:
    return change.old if change.item else change.path[-1]


def _key_form(key: str, folds, written: frozenset[str]) -> str | None:
    """The key as matched in a text's key, or None when it cannot be bounded: a digit
    or a symbol in it, or a word of it that a rule or step may write."""
    nfkc = unicodedata.normalize("NFKC", key)
    if any(ch.isdigit() or ch.isnumeric() or unicodedata.category(ch)[0] == "S" for ch in nfkc):
        return None
    words = [w for w in _NON_ALNUM.split(_prepared(key, folds)) if w]
    found = "".join(words)
    if not found or any(word in written for word in words):
        return None
    return found


def _folds_bounded(fold_keys: set[str], configs: list[dict]) -> bool:
    """A changed fold changes only texts holding its character, unless a vocabulary word
    (any string of either config) or a step's source holds it too: that word's form
    changes, and so does every text the word's rule reads."""
    if not fold_keys:
        return True
    strings = [s for config in configs for s in _strings(config, skip=frozenset({"char_folds"}))]
    strings += sorted(code_words())
    for key in fold_keys:
        lowered = _lower_forms(key)
        if any(ch.isdigit() or unicodedata.category(ch)[0] in "SZ" for ch in lowered):
            return False
        if any(lowered in _lower_forms(s) for s in strings):
            return False
    return True


def _letter_names(config: dict, folds) -> tuple[tuple[str, str], ...]:
    codes = config.get("codes") or {}
    names = codes.get("letter_names") or {}
    return tuple(
        sorted((_prepared(name, folds), _prepared(letter, folds)) for name, letter in names.items())
    )


def _written_words(configs: list[dict]) -> frozenset[str]:
    """Every word a rule of either config or a step's code may write, in every config's
    view: the values of maps, list items (not the keys of keyed maps, nor fillers), and
    the words in the source of the normalization steps."""
    words: set[str] = set()
    sources = [*(s for config in configs for s in _written_strings(config)), *code_words()]
    fold_sets = {tuple(sorted(config["char_folds"].items())) for config in configs}
    for folds in fold_sets:
        for source in sources:
            words.update(w for w in _NON_ALNUM.split(_prepared(source, folds)) if w)
    return frozenset(words)


def _written_strings(config: dict) -> Iterator[str]:
    for field, value in config.items():
        if field in KEY_LISTS or field in NO_SCORE_FIELDS or field == "char_folds":
            continue
        if field in KEYED_MAPS:
            yield from (v for v in value.values() if isinstance(v, str))
            continue
        yield from _strings(value)


def _strings(value: Any, skip: frozenset[str] = frozenset()) -> Iterator[str]:
    """Every string in a value, dict keys included (a table of a class step may be read
    either way)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key in skip:
                continue
            yield str(key)
            yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)


@memo(maxsize=1, of_the_code=True)
def code_words() -> frozenset[str]:
    """The string constants in the source of the normalization steps (not docstrings):
    every word a step writes that no config holds is among them. Parsing the steps takes
    about half a second, so a worker computes this before its pool forks, and the result
    is kept on disk for the same source text (`sourcecache`)."""
    folder = Path(__file__).resolve().parent.parent / "normalize"
    paths = sorted(folder.glob("*.py"))
    return frozenset(read_through("code-words", folder, paths, lambda: _string_constants(paths)))


def _string_constants(paths: list[Path]) -> list[str]:
    found: set[str] = set()
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if id(node) not in docstrings:
                    found.add(node.value)
    return sorted(found)
