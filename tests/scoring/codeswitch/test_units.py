"""Tokens back to the raw words that produced them (the rescue re-reads raw words)."""

import pytest

from scoring import load_scorer
from scoring.codeswitch.units import build_units


def units_of(raw: str):
    normalizer = load_scorer("hi").normalizer
    tokens = tuple(normalizer(raw).split())
    units = build_units(raw, tokens, lambda word: tuple(normalizer(word).split()))
    return tokens, units


def groups(raw: str) -> list[tuple[str, str]]:
    """(raw words, tokens) of each unit."""
    tokens, units = units_of(raw)
    out = []
    for u in range(len(units.word_start) - 1):
        words = " ".join(units.unit_words(u))
        out.append((words, " ".join(tokens[units.token_start[u] : units.token_start[u + 1]])))
    return out


def test_one_word_one_unit_in_the_common_case():
    assert groups("मेरी फ़्लाइट seven बजे है") == [
        ("मेरी", "मेरी"), ("फ़्लाइट", "फ्लाइट"), ("seven", "seven"), ("बजे", "बजे"),
        ("है", "है"),
    ]  # fmt: skip


def test_a_word_may_give_several_tokens_or_none():
    assert groups("I'm sure , हम्म ok") == [("I'm", "i m"), ("sure , हम्म", "sure"), ("ok", "ओके")]
    assert groups("हम्म नमस्ते") == [("हम्म नमस्ते", "नमस्ते")]


@pytest.mark.parametrize(
    "raw, expected",
    [
        ("मेरा कोड A B C डैश एक दो तीन है",
         [("मेरा", "मेरा"), ("कोड", "कोड"), ("A B C डैश एक दो तीन", "abc123"), ("है", "है")]),
        ("राम अंडरस्कोर सिंह ठीक", [("राम अंडरस्कोर सिंह", "राम_सिंह"), ("ठीक", "ठीक")]),
        ("हाँ [assistant interrupts] जी", [("हाँ", "हां"), ("[assistant interrupts]", ""),
                                          ("जी", "जी")]),
    ],
)  # fmt: skip
def test_words_joined_by_context_form_one_unit(raw, expected):
    assert groups(raw) == expected


def test_spans_grow_to_whole_units():
    tokens, units = units_of("I'm not sure")
    assert tokens == ("i", "m", "not", "sure")
    assert units.span(1, 2) == (0, 2)  # the m of I'm brings the i
    assert units.span(1, 1) == (0, 2)  # an insertion inside I'm
    assert units.span(2, 2) == (2, 2)  # an insertion between words stays empty
    assert units.words_of(0, 2) == "I'm"
    assert units.single(2) and not units.single(0)
