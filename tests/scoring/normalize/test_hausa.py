"""Hausa, Maʼauni v1: strict and folded side by side, and the raw score."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scoring import load_scorer

ROOT = Path(__file__).resolve().parents[3]
REFERENCE = "Ana yin allurar rigakafi kowace Talata da Alhamis, daga ƙarfe takwas na safe."
HYPOTHESIS = "ana yin allurar rigakafi kowace talata da alhamis daga karfe takwas da safe"


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "scoring", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )


def test_worked_example_gives_the_published_figures_through_the_cli():
    out = json.loads(
        cli("score", "--lang", "ha", "--ref", REFERENCE, "--hyp", HYPOTHESIS, "--json").stdout
    )
    assert (out["strict"]["errors"], out["strict"]["ref_words"]) == (2, 13)
    assert (out["folded"]["errors"], out["folded"]["ref_words"]) == (1, 13)
    assert (out["raw"]["errors"], out["raw"]["ref_words"]) == (6, 13)
    assert round(out["strict"]["wer"] * 100, 1) == 15.4
    assert round(out["folded"]["wer"] * 100, 1) == 7.7
    assert round(out["raw"]["wer"] * 100, 1) == 46.2
    assert out["wer"] == out["strict"]["wer"]  # strict is the headline


def test_text_output_shows_all_three_side_by_side():
    lines = cli("score", "--lang", "ha", "--ref", REFERENCE, "--hyp", HYPOTHESIS).stdout
    assert [line.split()[-1] for line in lines.splitlines()] == [
        "profile=strict",
        "profile=folded",
        "profile=raw",
    ]


def test_normalizer_is_maauni_version_1():
    identity = load_scorer("ha").identity
    assert identity.name == "maauni"
    assert identity.version.startswith("1.")


@pytest.mark.parametrize("apostrophe", ["'", "’", "‘", "ʼ", "ʻ", "`"])
def test_every_apostrophe_is_one_character_and_never_splits_a_word(apostrophe):
    normalizer = load_scorer("ha").normalizer
    assert normalizer(f"sa{apostrophe}a") == "saʼa"
    assert normalizer(f"Sa{apostrophe}a, ne.", "strict") == "saʼa ne"


@pytest.mark.parametrize("quote", ["'", "’"])
def test_an_apostrophe_that_ends_a_word_is_a_closing_quote(quote):
    """ʼ is a letter inside a word (saʼa) and before one (ʼya); after the last letter it
    closes a quotation, so it is punctuation: no word of its own, no strict error."""
    normalizer = load_scorer("ha").normalizer
    assert normalizer(f"Ya ce {quote}biyu.{quote}", "strict") == "ya ce ʼbiyu"
    assert normalizer(f"Ya ce saʼa{quote} ne", "strict") == "ya ce saʼa ne"
    assert normalizer(f"{quote} ƙasa {quote}", "strict") == "ƙasa"
    assert load_scorer("ha").score(f"Ya ce biyu.{quote}", "ya ce biyu").counts.errors == 0


@pytest.mark.parametrize("text", ["[biyu.' tafiye-tafiye", "«sako ka? uku.' ¿kuɗina."])
def test_a_closing_quote_after_a_number_word_reads_the_same_twice(text):
    normalizer = load_scorer("ha").normalizer
    once = normalizer(text)
    assert normalizer(once) == once


@pytest.mark.parametrize(
    ("text", "strict", "folded"),
    [
        ("ƙasa", "ƙasa", "kasa"),
        ("ƘASA", "ƙasa", "kasa"),
        ("ɓera ɗaki ƴaƴa", "ɓera ɗaki ƴaƴa", "bera daki yaya"),
        ("Ɓera Ɗaki Ƴaƴa", "ɓera ɗaki ƴaƴa", "bera daki yaya"),
        ("saʼa", "saʼa", "saa"),
    ],
)
def test_strict_keeps_hooks_and_folded_folds_them(text, strict, folded):
    normalizer = load_scorer("ha").normalizer
    assert normalizer(text, "strict") == strict
    assert normalizer(text, "folded") == folded


def test_kasa_for_kasa_is_wrong_when_strict_and_hidden_when_folded():
    result = load_scorer("ha").score("ƙasa", "kasa")
    assert result.profiles["strict"].counts.errors == 1
    assert result.profiles["folded"].counts.errors == 0


def test_corpus_report_keeps_both_profiles(tmp_path):
    rows = tmp_path / "ha.jsonl"
    rows.write_text(
        json.dumps(
            {"id": "1", "reference": REFERENCE, "hypothesis": HYPOTHESIS}, ensure_ascii=False
        )
        + "\n"
    )
    summary = json.loads(
        cli("score", "--lang", "ha", "--input", str(rows), "--json").stdout.splitlines()[-1]
    )
    assert summary["strict"]["errors"] == 2
    assert summary["folded"]["errors"] == 1
    assert summary["raw"]["errors"] == 6
    text = cli("score", "--lang", "ha", "--input", str(rows)).stdout.splitlines()
    assert text[-1].startswith("wer word 0.1538 maauni@1.")
    assert text[-1].endswith(" 1/1")


# Hausa number words (a table in ha.json) and spelled codes.
@pytest.mark.parametrize(
    ("words", "digits"),
    [
        ("goma", "10"),
        ("takwas", "8"),
        ("Goma sha biyu", "12"),
        ("ƙarfe takwas na safe", "ƙarfe 8 na safe"),
        ("A B uku biyar", "AB35"),
        ("K N biyu huɗu", "KN24"),
        ("T ɗaya bakwai", "T17"),
    ],
)
def test_number_words_and_spelled_codes_match_the_digits(words, digits):
    result = load_scorer("ha").score(words, digits)
    assert result.profiles["strict"].counts.errors == 0
    assert result.profiles["folded"].counts.errors == 0


@pytest.mark.parametrize(
    ("reference", "hypothesis"),
    [("ɗaya", "daya"), ("daya", "1"), ("goma sha ɗaya", "goma sha daya"), ("arbaʼin", "arbain")],
)
def test_a_number_word_without_its_hooks_is_a_strict_error_only(reference, hypothesis):
    result = load_scorer("ha").score(reference, hypothesis)
    assert result.profiles["strict"].counts.errors > 0
    assert result.profiles["folded"].counts.errors == 0


def test_inside_a_spelled_code_a_number_word_is_its_digit_hooks_or_not():
    result = load_scorer("ha").score("K N biyu hudu", "KN24")
    assert result.profiles["strict"].counts.errors == 0
    assert result.profiles["folded"].counts.errors == 0


def test_a_different_number_is_an_error():
    assert load_scorer("ha").score("goma", "tara").counts.errors == 1
    assert load_scorer("ha").score("T ɗaya bakwai", "T18").counts.errors == 1


def test_a_word_letter_starting_a_sentence_is_no_code():
    assert load_scorer("ha").normalizer("A gida 3") == "a gida 3"
