"""Benchmark inputs: realistic English pairs, and samples for the other languages.

English references are the EVA user turns when `../shared/data/eva/` is present (a
benchmark may read them; the project never copies them), generated sentences otherwise.
Hypotheses are made from references the way an STT errs and formats: lower case, no
punctuation, digits for number words, a substituted, dropped or inserted word.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

EVA = Path(__file__).resolve().parents[2] / "shared" / "data" / "eva"
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


def english_references(limit: int) -> list[str]:
    path = EVA / "user_turns_en.jsonl"
    if path.exists():
        texts = [json.loads(line)["text"] for line in path.read_text("utf-8").splitlines()]
    else:
        rng = random.Random(3)
        texts = [
            f"{rng.choice(_SUBJECTS)} {rng.choice(_VERBS)} {rng.choice(_OBJECTS)}"
            f"{rng.choice(_TAILS)}"
            for _ in range(2000)
        ]
    return [texts[i % len(texts)] for i in range(limit)]


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


def english_pairs(n: int = 10_000, seed: int = 11) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    return [(ref, transcript(ref, rng)) for ref in english_references(n)]


def demo_pairs(language: str, n: int = 2_000) -> list[tuple[str, str]]:
    """Pairs for any language from the demo conversations (reference, hypothesis)."""
    path = Path(__file__).resolve().parents[1] / "reviewapp" / "demo" / "demo_conversations.jsonl"
    pairs = []
    for line in path.read_text("utf-8").splitlines():
        record = json.loads(line)
        if record["language"] == language:
            pairs += [(t["reference"], t["hypothesis"]) for t in record["turns"]]
    return [pairs[i % len(pairs)] for i in range(n)] if pairs else []
