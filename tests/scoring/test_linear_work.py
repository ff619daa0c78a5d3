"""Normalizing grows with the text, not with its square (a quadratic step makes a long
Korean text take seconds). Work is counted as Python and C function calls, which a
machine's load does not change, so the property holds without a timed assertion; `make
bench` times the same texts."""

import json
from pathlib import Path

import pytest

from scoring import load_scorer
from tests.scoring.helpers import count_calls

DEMO = Path(__file__).resolve().parents[2] / "reviewapp" / "demo" / "demo_conversations.jsonl"
LANGUAGES = ["en", "de", "nl", "fr", "es", "it", "hi", "ko", "ja", "ha", "fa"]


def long_text(language: str, length: int) -> str:
    """The language's first demo references (1,000 characters) repeated to `length`, so a
    short and a long text hold the same mix of numbers, names and words."""
    turns = [
        turn["reference"]
        for record in map(json.loads, DEMO.read_text("utf-8").splitlines())
        if record["language"] == language
        for turn in record["turns"]
    ]
    block = " ".join(turns)[:1_000] + " "
    return (block * (length // len(block) + 1))[:length]


def calls(normalize, text: str) -> int:
    normalize.clear_memo()
    return count_calls(normalize, text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_ten_times_the_text_is_about_ten_times_the_work(language):
    normalize = load_scorer(language).normalizer
    short, long = (
        calls(normalize, long_text(language, 2_000)),
        calls(normalize, long_text(language, 20_000)),
    )
    assert long <= 12 * short, f"{language}: {short} calls at 2k characters, {long} at 20k"
