"""sclite's alternation grammar: `{ a / b }`, `@` for no word, `(word)` optional."""

import pytest

from scoring.alternations import Alternation, TranscriptError, map_words, parse_transcript


def test_the_documented_example_parses_to_three_alternatives():
    items = parse_transcript("i've { um / uh / @ } as far as i'm concerned")
    assert items == (
        "i've",
        Alternation((("um",), ("uh",), ())),
        "as", "far", "as", "i'm", "concerned",
    )  # fmt: skip


def test_alternatives_are_word_sequences_and_may_nest():
    assert parse_transcript("{ what are / what're } you { a / { b / c } d }") == (
        Alternation((("what", "are"), ("what're",))),
        "you",
        Alternation((("a",), (Alternation((("b",), ("c",))), "d"))),
    )


def test_a_word_in_parentheses_is_optional():
    assert parse_transcript("I am a (farmer)") == ("I", "am", "a", Alternation((("farmer",), ())))


def test_a_slash_inside_a_word_is_part_of_the_word():
    assert parse_transcript("and/or { a / b }")[0] == "and/or"


def test_a_bare_at_sign_is_no_word():
    assert parse_transcript("@ hello @") == ("hello",)


@pytest.mark.parametrize(
    ("text", "column", "problem"),
    [
        ("a { b / c", 3, "'{' is never closed with '}'"),
        ("a { b } c", 3, "an alternation needs two or more alternatives, split by /"),
        ("a / b", 3, "'/' outside an alternation"),
        ("a } b", 3, "'}' outside an alternation"),
        ("{ / b }", 3, "an empty alternative: write @ for no word"),
        ("{ b / }", 7, "an empty alternative: write @ for no word"),
        ("x {b / c }", 3, "'{b': braces must stand alone, between spaces"),
    ],
)
def test_a_broken_alternation_names_its_column(text, column, problem):
    with pytest.raises(TranscriptError) as caught:
        parse_transcript(text)
    assert (caught.value.column, caught.value.problem) == (column, problem)


def test_nesting_is_bounded():
    deep = "{ " * 40 + "a" + " / b }" * 40
    with pytest.raises(TranscriptError, match="nested deeper than 32"):
        parse_transcript(deep)
    assert parse_transcript("{ " * 32 + "a" + " / b }" * 32)


def test_map_words_normalizes_each_run_and_each_alternative_on_its_own():
    seen = []

    def words(text):
        seen.append(text)
        return text.upper().split()

    items = map_words(parse_transcript("a b { c d / @ } e"), words)
    assert items == ("A", "B", Alternation((("C", "D"), ())), "E")
    assert seen == ["a b", "c d", "e"]
