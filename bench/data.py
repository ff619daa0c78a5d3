"""Benchmark inputs: corpora of distinct English pairs, and of distinct pairs per language.

A benchmark must not measure memo hits under a "cold" label, so every corpus here is made
of distinct references unless its name says otherwise, and says what it holds (`Corpus`:
pairs, distinct references, distinct texts, where the sentences come from).

- English references start from the EVA user turns in `../shared/data/eva/` (a benchmark
  may read them; the project never copies them). Without them the sentences are generated
  from templates, and the corpus's description says so in capitals: its figures are then
  not comparable with EVA runs.
- A distinct reference is a seeded variation of those sentences: two of them spliced at the
  same share of their length (by sentence where both have several, by word otherwise),
  with every digit, clock time and booking code replaced by other values of the same
  shape. The mix of words, numbers, times, money and codes stays that of the source.
- Hypotheses are made from references the way an STT errs and formats: lower case, no
  punctuation, digits for number words, a substituted, dropped or inserted word.
- `english_repeated`: the same references transcribed by several models, the repetition
  a corpus scored for several STT models really has (a separate, labelled row).
- Other languages: the demo conversations' pairs, varied the same way (reference and
  hypothesis spliced at the same share, digits replaced alike on both sides).
"""

from __future__ import annotations

import json
import random
import re
import string
import unicodedata
from dataclasses import dataclass
from pathlib import Path

EVA = Path(__file__).resolve().parents[2] / "shared" / "data" / "eva"
DEMO = Path(__file__).resolve().parents[1] / "reviewapp" / "demo" / "demo_conversations.jsonl"
NUMBER_WORDS = {
    "one": "1",
    "two": "2",
    "three": "3",
    "four": "4",
    "five": "5",
    "six": "6",
    "seven": "7",
    "eight": "8",
    "nine": "9",
    "ten": "10",
    "twenty": "20",
}
SUBSTITUTES = ["the", "a", "flight", "fight", "booking", "looking", "seat", "sit", "code"]
# Languages written without spaces are spliced by character.
UNSPACED = {"ja"}

_SUBJECTS = ["I", "We", "My manager", "The customer", "Our team", "She"]
_VERBS = ["need to change", "want to cancel", "would like to check", "can't find", "booked"]
_OBJECTS = [
    "my flight to Denver",
    "the booking for March twenty five",
    "a window seat",
    "the password for my account",
    "ticket number A B C dash one two three",
    "the refund of one hundred twenty dollars",
    "my reservation on Friday",
]
_TAILS = ["", ", please.", " today.", " as soon as possible.", ", um, if that's OK."]

# one pass, so a value written by one rule is not varied again by another
_VALUE = re.compile(
    r"(?P<time>\b\d{1,2}:\d{2}\b)"
    r"|(?P<code>\b(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{5,}\b)"
    r"|(?P<digits>\d+)"
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


@dataclass(frozen=True)
class Corpus:
    """Pairs with what they hold; `describe()` is printed beside every figure."""

    name: str
    source: str
    pairs: list[tuple[str, str]]

    @property
    def distinct_references(self) -> int:
        return len({r for r, _ in self.pairs})

    @property
    def distinct_texts(self) -> int:
        return len({t for pair in self.pairs for t in pair})

    def counts(self) -> str:
        return (
            f"{len(self.pairs):,} pairs, {self.distinct_references:,} distinct refs, "
            f"{self.distinct_texts:,} distinct texts of {2 * len(self.pairs):,}"
        )

    def short(self) -> str:
        """The counts in a table's corpus column."""
        return (
            f"{len(self.pairs):,} pairs, {self.distinct_references:,} refs, "
            f"{self.distinct_texts:,} texts"
        )

    def describe(self) -> str:
        return f"{self.name}: {self.counts()}; {self.source}"


# --- sources ------------------------------------------------------------------------------


def eva_available() -> bool:
    return (EVA / "user_turns_en.jsonl").exists()


def english_sentences() -> tuple[list[str], str]:
    """The source sentences and a description of them (loud when EVA is missing)."""
    path = EVA / "user_turns_en.jsonl"
    if path.exists():
        texts = [json.loads(line)["text"] for line in path.read_text("utf-8").splitlines()]
        return texts, f"varied from {len(texts):,} EVA user turns ({path})"
    rng = random.Random(3)
    texts = sorted(
        {
            f"{rng.choice(_SUBJECTS)} {rng.choice(_VERBS)} {rng.choice(_OBJECTS)}"
            f"{rng.choice(_TAILS)}"
            for _ in range(2000)
        }
    )
    return texts, (
        f"WARNING: {EVA} IS MISSING: varied from {len(texts):,} GENERATED TEMPLATE "
        "SENTENCES, not EVA turns; figures are not comparable with EVA runs"
    )


def demo_pairs(language: str) -> list[tuple[str, str]]:
    """The demo conversations' (reference, hypothesis) pairs of one language."""
    pairs = []
    for line in DEMO.read_text("utf-8").splitlines():
        record = json.loads(line)
        if record["language"] == language:
            pairs += [(t["reference"], t["hypothesis"]) for t in record["turns"]]
    return pairs


# --- variation ----------------------------------------------------------------------------


def _other_digit(digit: str, rng: random.Random, first: bool) -> str:
    """A random digit of the same script (ASCII, Devanagari, Persian...); no leading 0."""
    zero = ord(digit) - unicodedata.digit(digit)
    return chr(zero + rng.randrange(1 if first else 0, 10))


def vary_values(text: str, rng: random.Random, mapping: dict[str, str] | None = None) -> str:
    """Clock times, booking codes and digit runs replaced by others of the same shape.
    `mapping` (old -> new) is filled, so the hypothesis can be varied alike."""
    mapping = {} if mapping is None else mapping

    def other(match: re.Match) -> str:
        old = match.group()
        if old not in mapping:
            mapping[old] = _new_value(match.lastgroup or "digits", old, rng)
        return mapping[old]

    return _VALUE.sub(other, text)


def _new_value(kind: str, old: str, rng: random.Random) -> str:
    if kind == "time":
        return f"{rng.randrange(1, 13)}:{rng.choice(['00', '15', '30', '45', '05', '50'])}"
    if kind == "code":
        return "".join(
            rng.choice(string.digits) if c.isdigit() else rng.choice(string.ascii_uppercase)
            for c in old
        )
    if len(old) <= 2 and old.isascii():  # days, hours, small counts: stay plausible
        return str(rng.randrange(1, 29 if len(old) == 2 else 10))
    return "".join(_other_digit(d, rng, i == 0) for i, d in enumerate(old))


def _pieces(text: str, unspaced: bool, by_sentence: bool) -> list[str]:
    if unspaced:
        return list(text)
    return _SENTENCE.split(text) if by_sentence else text.split()


def splice(a: str, b: str, share: float, unspaced: bool = False) -> str:
    """The start of `a` and the rest of `b`, cut at the same share of each (by sentence
    when both have several, else by word; by character for unspaced scripts)."""
    by_sentence = len(_SENTENCE.split(a)) > 1 and len(_SENTENCE.split(b)) > 1
    pa, pb = _pieces(a, unspaced, by_sentence), _pieces(b, unspaced, by_sentence)
    i, j = round(share * len(pa)), round(share * len(pb))
    return ("" if unspaced else " ").join(pa[:i] + pb[j:]).strip()


# --- English ------------------------------------------------------------------------------


def transcript(reference: str, rng: random.Random) -> str:
    words = [w.strip(".,!?;:").lower() for w in reference.split()]
    words = [NUMBER_WORDS.get(w, w) for w in words if w]
    roll = rng.random()
    if words and roll < 0.3:
        words[rng.randrange(len(words))] = rng.choice(SUBSTITUTES)
    elif words and roll < 0.45:
        del words[rng.randrange(len(words))]
    elif roll < 0.55:
        words.insert(rng.randrange(len(words) + 1), rng.choice(SUBSTITUTES))
    return " ".join(words)


def distinct_english_references(n: int, seed: int) -> tuple[list[str], str]:
    """`n` distinct references varied from the source sentences, and the source's name."""
    sentences, source = english_sentences()
    rng = random.Random(seed)
    seen: dict[str, None] = {}
    while len(seen) < n:
        text = rng.choice(sentences)
        if rng.random() < 0.7:
            text = splice(text, rng.choice(sentences), rng.uniform(0.2, 0.8))
        text = vary_values(text, rng)
        if text:
            seen.setdefault(text)
    return list(seen), source


def english_distinct(n: int = 10_000, seed: int = 11) -> Corpus:
    """`n` pairs, every reference distinct and unseen: what a cold row must measure."""
    references, source = distinct_english_references(n, seed)
    rng = random.Random(seed + 1)
    return Corpus(
        "English, distinct references",
        source,
        [(r, transcript(r, rng)) for r in references],
    )


def english_repeated(n: int = 10_000, models: int = 5, seed: int = 13) -> Corpus:
    """`n` pairs: `n / models` distinct references, each transcribed by `models` models
    (the repetition of a corpus scored for several STT models)."""
    references, source = distinct_english_references(n // models, seed)
    rng = random.Random(seed + 1)
    pairs = [(r, transcript(r, rng)) for r in references for _ in range(models)]
    return Corpus(f"English, each reference for {models} models", source, pairs)


# --- other languages ----------------------------------------------------------------------


def language_distinct(language: str, n: int = 2_000, seed: int = 7) -> Corpus:
    """`n` pairs of distinct references varied from the language's demo pairs."""
    base = demo_pairs(language)
    source = f"varied from the {len(base)} {language} demo pairs (reviewapp/demo)"
    if not base:
        return Corpus(f"{language}, no demo pairs", source, [])
    rng = random.Random(seed)
    unspaced = language in UNSPACED
    seen: dict[str, str] = {}
    attempts = 0
    while len(seen) < n and attempts < 50 * n:
        attempts += 1
        (r1, h1), (r2, h2) = rng.choice(base), rng.choice(base)
        share = rng.uniform(0.2, 0.8)
        reference, hypothesis = splice(r1, r2, share, unspaced), splice(h1, h2, share, unspaced)
        mapping: dict[str, str] = {}
        reference = vary_values(reference, rng, mapping)
        hypothesis = _apply(hypothesis, mapping)
        if reference and reference not in seen:
            seen[reference] = hypothesis
    return Corpus(f"{language}, distinct references", source, list(seen.items()))


def _apply(text: str, mapping: dict[str, str]) -> str:
    """Replace the values `vary_values` replaced in the reference, where the hypothesis
    has them too (so a correct digit stays correct)."""
    if not mapping:
        return text
    olds = "|".join(re.escape(old) for old in sorted(mapping, key=len, reverse=True))
    # one pass: a value written for one old value is not replaced again by another
    return re.sub(rf"(?<!\d)(?:{olds})(?!\d)", lambda m: mapping[m.group()], text)


def language_repeated(language: str, n: int = 2_000) -> Corpus:
    """The demo pairs cycled to `n` (how the earlier runs measured; memo hits)."""
    base = demo_pairs(language)
    pairs = [base[i % len(base)] for i in range(n)] if base else []
    return Corpus(f"{language}, demo pairs cycled", "reviewapp/demo", pairs)
