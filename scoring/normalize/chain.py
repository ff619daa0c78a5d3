"""The chain: the steps of `STEP_ORDER` that a config turns on, applied in that order.

The order is part of the metric (configs/README.md documents it as a numbered list): a
reordering is a new normalizer, and so is any change to a step's code or to the config,
which is why the identity hash covers both (`scoring/stamp.py`: every module of the
package and the versions of the libraries that decide a score).

>>> from scoring.config import bundle_from_data
>>> bundle = bundle_from_data({"config": {"language": "xx", "name": "xx-norm",
...     "version": "1.0.0", "fillers": ["um"]}, "lexicons": {}})
>>> norm = build_normalizer(bundle)
>>> norm("Um, the CAT sat.")
'the cat sat'
>>> [name for name, _ in norm.trace("Um, hi")][:3]
['input', 'unicode', 'annotations']
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from ..caches import keep_memo
from ..config import ConfigBundle
from ..config.models import LanguageConfig, Profile
from ..stamp import code_fingerprint
from . import fa_steps, ha_steps, hi_steps, ja_steps, ko_steps
from .budget import LIMITS, Budget, Limits
from .classes import (
    CLASS_STEPS,
    CODE_STEPS,
    EARLY_CLASS_STEPS,
    LATE_CLASS_STEPS,
    UNIT_STEPS,
)
from .codes import build_number_words
from .steps import CORE_BUILDERS, char_folder, vocabulary_form

__all__ = [
    "STEP_ORDER",
    "NormalizerId",
    "Normalizer",
    "Step",
    "build_normalizer",
    "normalizer_identity",
]

StepFn = Callable[[str], str]
MEMO_SIZE = 50_000
#: Passes of the chain at most (`Normalizer._settle`); the trace's row after the steps.
MAX_PASSES = 4
AGAIN = "again"
# A text a second pass may still change: a digit, or a piece joined by - _ / @ .
_RESTLESS = re.compile(r"[0-9\u0966-\u096f\u06f0-\u06f9]|\w[-_/@.]\w")

_LANGUAGE_MODULES = (ja_steps, ko_steps, hi_steps, fa_steps, ha_steps)


def _slot(name: str) -> list[tuple[str, Callable]]:
    return [step for module in _LANGUAGE_MODULES for step in getattr(module, name)]


#: The canonical order of every step any language may use (configs/README.md lists it).
_ORDERED: list[tuple[str, Callable]] = [
    ("unicode", CORE_BUILDERS["unicode"]),
    ("annotations", CORE_BUILDERS["annotations"]),
    ("apostrophes", CORE_BUILDERS["apostrophes"]),
    *_slot("EARLY_STEPS"),
    ("replacements", CORE_BUILDERS["replacements"]),
    ("abbreviations", CORE_BUILDERS["abbreviations"]),
    *EARLY_CLASS_STEPS,
    ("tokenize", CORE_BUILDERS["tokenize"]),
    ("spoken_symbols", CORE_BUILDERS["spoken_symbols"]),
    ("hyphens", CORE_BUILDERS["hyphens"]),
    ("numbers", CORE_BUILDERS["numbers"]),
    ("number_words", CORE_BUILDERS["number_words"]),
    *_slot("NUMBER_STEPS"),
    *CLASS_STEPS,
    ("spelled_codes", CORE_BUILDERS["spelled_codes"]),
    *UNIT_STEPS,
    ("case", CORE_BUILDERS["case"]),
    ("char_folds", CORE_BUILDERS["char_folds"]),
    ("punctuation", CORE_BUILDERS["punctuation"]),
    ("contractions", CORE_BUILDERS["contractions"]),
    ("spellings", CORE_BUILDERS["spellings"]),
    *_slot("WORD_STEPS"),
    ("fillers", CORE_BUILDERS["fillers"]),
    *_slot("FILLER_STEPS"),
    *CODE_STEPS,
    ("letter_names", CORE_BUILDERS["letter_names"]),
    ("digit_runs", CORE_BUILDERS["digit_runs"]),
    ("emails", CORE_BUILDERS["emails"]),
    ("digit_groups", CORE_BUILDERS["digit_groups"]),
    *LATE_CLASS_STEPS,
    ("whitespace", CORE_BUILDERS["whitespace"]),
]
STEP_ORDER: tuple[str, ...] = tuple(name for name, _ in _ORDERED)
BUILDERS: dict[str, Callable[[LanguageConfig], StepFn | None]] = dict(_ORDERED)
assert len(BUILDERS) == len(STEP_ORDER), "two steps share a name"
#: Steps that run config regexes: they take the text's budget (`budget.py`) as well.
BUDGETED_STEPS = frozenset({"replacements"})


@dataclass(frozen=True)
class Step:
    name: str
    apply: StepFn
    #: `apply(text, budget)`: the step runs config regexes (`BUDGETED_STEPS`)
    budgeted: bool = False


@dataclass(frozen=True)
class NormalizerId:
    """What every score carries: which normalizer, which version, which exact content."""

    name: str
    version: str
    hash: str

    def as_dict(self) -> dict[str, str]:
        return {"name": self.name, "version": self.version, "hash": self.hash}

    def label(self) -> str:
        """`en-norm@1.0.0+3f2a9c`, as the report line prints it."""
        return f"{self.name}@{self.version}+{self.hash[:6]}"


class Normalizer:
    """Apply the same chain to reference and hypothesis; `trace` shows every step."""

    def __init__(
        self,
        config: LanguageConfig,
        steps: tuple[Step, ...],
        profile_steps: dict[str, tuple[Step, ...]],
        identity: NormalizerId,
        limits: Limits = LIMITS,
    ) -> None:
        self.config = config
        self.steps = steps
        self.profile_steps = profile_steps
        self.identity = identity
        self.limits = limits
        # The same text comes back often (one reference scored for every STT model and
        # every run). A normalizer is immutable and built once per config hash, so its
        # results can be kept: a bounded memo, emptied when full.
        self._memo: dict[str, str] = {}
        self._plan = tuple((step.name, step.apply, step.budgeted) for step in steps)
        # From this step on no step takes the budget: a pass may end early there (`_once`)
        # without leaving out a config regex's time.
        self._unbudgeted_from = max((k + 1 for k, s in enumerate(steps) if s.budgeted), default=0)

    def __call__(self, text: str, profile: str | None = None) -> str:
        done = self._memo.get(text)
        if done is None:
            budget = self.limits.start(text)
            given: list[str] = []
            done = self._settle(self._once(text, budget, given), budget, given)
            self.limits.check_output(text, done)
            if len(self._memo) >= MEMO_SIZE:
                self._memo.clear()
            self._memo[text] = done
            self._memo[done] = done
        return done if profile is None else self.apply_profile(done, profile)

    def _once(
        self, text: str, budget: Budget, given: list[str], before: list[str] | None = None
    ) -> str:
        """One pass; `given` gets the text each step was given. `before` is what the last
        pass gave each step, that pass having ended with this pass's input: a step given
        the same text again writes the same text (a step is a function of its text), and
        so does every step after it, so this pass ends with its input, as that one did."""
        for k, (name, apply, budgeted) in enumerate(self._plan):
            if before is not None and k >= self._unbudgeted_from and text == before[k]:
                return before[-1]
            given.append(text)
            text = apply(text, budget) if budgeted else apply(text)
            if len(text) > budget.size_limit:  # one comparison: free on a normal text
                budget.check_size(name, text)
        given.append(text)
        return text

    def _settle(self, done: str, budget: Budget, given: list[str] | None = None) -> str:
        """The chain again, until the text stops changing, where a step may read what a
        later one wrote: the class steps write numbers, times, dates and amounts side by
        side, and the punctuation and fillers between them go late, so a second pass can
        see a reading the first did not ("minus 9:13" is "minus 9 13" after one pass,
        which reads "-9 13"). Only a text with a digit or a joined address or code can
        do that; the rest is final after one pass. The normalizer must give the same text
        twice, and scores must not depend on whether a reference was normalized before.

        `given`: what the last pass gave each step (and its output, last). A pass that
        reaches a step with the text that pass gave it ends there: most second passes
        change nothing, and those of a text the first pass did not change, or changed
        only in its first steps, end early."""
        if not _RESTLESS.search(done):
            return done
        for _ in range(MAX_PASSES - 1):
            this: list[str] = []
            again = self._once(done, budget, this, given)
            if again == done:
                break
            done, given = again, this
        return done

    def clear_memo(self) -> None:
        """Forget remembered results (benchmarks measure the cold path with it)."""
        self._memo.clear()

    def apply_profile(self, normalized: str, profile: str) -> str:
        """Finish a text already through the shared chain with one profile's steps."""
        for step in self.profile_steps[profile]:
            normalized = step.apply(normalized)
        return normalized

    def trace(self, text: str, profile: str | None = None) -> list[tuple[str, str]]:
        """`[("input", text), (step name, text after it), ..., ("again", the chain run
        until it stops changing), (profile steps)]`."""
        source = text
        budget = self.limits.start(text)
        out = [("input", text)]
        for step in self.steps:
            text = step.apply(text, budget) if step.budgeted else step.apply(text)
            budget.check_size(step.name, text)
            out.append((step.name, text))
        text = self._settle(text, budget)
        self.limits.check_output(source, text)
        out.append((AGAIN, text))
        for step in self.profile_steps[profile] if profile else ():
            text = step.apply(text)
            out.append((step.name, text))
        return out

    @property
    def step_names(self) -> list[str]:
        return [step.name for step in self.steps]

    @property
    def profiles(self) -> list[str]:
        return list(self.profile_steps)

    def __repr__(self) -> str:
        return f"<Normalizer {self.identity.label()} steps={self.step_names}>"


def build_normalizer(bundle: ConfigBundle, *, limits: Limits = LIMITS) -> Normalizer:
    """The chain a config turns on; `limits` bound what one text may cost (`budget.py`)."""
    config = bundle.config
    steps = []
    for name in STEP_ORDER if not config.plain else ():
        fn = BUILDERS[name](config)
        if fn is not None:
            steps.append(Step(name, fn, budgeted=name in BUDGETED_STEPS))
    if config.plain:
        steps.append(Step("plain", _plain))
    profiles = {name: _profile_steps(name, p, config) for name, p in config.profiles.items()}
    identity = normalizer_identity(bundle)
    return keep_memo(Normalizer(config, tuple(steps), profiles, identity, limits))


def normalizer_identity(bundle: ConfigBundle) -> NormalizerId:
    """The identity `build_normalizer(bundle)` gives its normalizer, without compiling it:
    the config's name and version, and a hash of the scoring code and the bundle."""
    config = bundle.config
    digest = hashlib.sha256(f"{code_fingerprint()}:{bundle.content_hash}".encode()).hexdigest()
    return NormalizerId(config.name, config.version, digest)


def _plain(text: str) -> str:
    """The `plain` config's one step: NFC, case folded, whitespace split and joined."""
    return " ".join(unicodedata.normalize("NFC", text).casefold().split())


def _profile_steps(name: str, profile: Profile, config: LanguageConfig) -> tuple[Step, ...]:
    steps = []
    fold = char_folder(profile.char_folds) if profile.char_folds else None
    table = str.maketrans(dict.fromkeys(profile.remove_chars, ""))
    if fold is not None:
        steps.append(Step(f"{name}:char_folds", fold))
    if profile.remove_chars:
        steps.append(
            Step(f"{name}:remove_chars", lambda text: " ".join(text.translate(table).split()))
        )
    if config.number_words and steps:
        # The number table once more, in the profile's spelling: folded Hausa reads "daya"
        # as 1 like "ɗaya" (strict keeps daya a word: a hook missing is an error there).
        form = vocabulary_form(config)
        spell = (fold or (lambda word: word), table)

        def profile_form(word: str, spell=spell) -> str:
            return spell[0](form(word)).translate(spell[1])

        steps.append(
            Step(f"{name}:number_words", build_number_words(config.number_words, profile_form))
        )
    return tuple(steps)
