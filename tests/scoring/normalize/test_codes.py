"""Spelled codes: spelled letters and digits written as one code, the radio
alphabet inside a code, spaced digits joined, and the ordinary words that must stay."""

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from scoring import build_normalizer, bundle_from_data, load_scorer
from scoring.errors import ConfigError
from scoring.normalize import tokens
from scoring.normalize.codes import (
    build_digit_runs,
    build_letter_names,
    build_spelled_codes,
    is_code_like,
)
from tests.scoring.helpers import errors, normalized, scorer

SAME_CODE = [
    # spelled letters and digits, number words included
    ("en", "F L", "FL"),
    ("en", "Y T M nine two four", "YTM924"),
    ("en", "H J four four", "HJ44"),
    ("en", "my code is T R 7 7", "my code is TR77"),
    ("en", "I B M", "IBM"),
    ("en", "gate B twelve", "gate B12"),
    ("en", "A B C 1 2 3", "ABC123"),
    ("en", "K L M dash four five six", "KLM-456"),  # spoken_symbols, unchanged
    ("en", "Y T M nine two four dash five", "YTM924-5"),  # the two rules agree
    ("en", "F uh L", "FL"),  # a filler inside a code
    ("en", "code M M ok", "code MM ok"),  # a code that is a filler in capitals: MM stays
    ("en", "H M M 4", "HMM4"),
    ("en", '"F L"', "FL"),
    # "as in" and the radio alphabet
    ("en", "Y as in Yankee", "Y"),
    ("en", "Y as in Yankee T as in Tango M nine two four", "YTM924"),
    ("en", "A as in Alpha B 3", "AB3"),
    ("en", "S as in Sam 4", "S4"),
    ("en", "Zulu Kilo three Foxtrot", "ZK3F"),
    ("en", "zulu kilo three foxtrot", "ZK3F"),
    ("en", "Alpha Bravo Charlie", "ABC"),
    ("en", "Alpha Bravo one two three", "AB123"),
    # spaced digits
    ("en", "1 2 3", "123"),
    ("en", "one two three", "123"),
    ("en", "two zero eight", "208"),
    ("en", "five five five one two three four", "5551234"),
    ("en", "3 2 1 go", "321 go"),  # a countdown reads as a number, on both sides alike
    # the demo set's labelled differences
    ("de", "F M 3 8", "FM38"),
    ("de", "F M drei acht", "FM38"),
    ("de", "B wie Berta 4", "B4"),
    ("es", "D 4 K", "D4K"),
    ("es", "H 6 0 9", "H609"),
    ("es", "M tres J", "M3J"),
    ("es", "B de Barcelona 4", "B4"),
    ("es", "uno dos tres", "123"),
    ("fr", "Q 7 C", "Q7C"),
    ("fr", "J 5 0 6", "J506"),
    ("fr", "S T 4 4", "ST44"),
    ("fr", "B comme Bernard 4", "B4"),
    ("fr-CA", "H 2 X", "H2X"),
    ("it", "B 5 0 1", "B501"),
    ("it", "B cinque zero uno", "B501"),
    ("nl", "K L 7", "KL7"),
    ("nl", "K L zeven", "KL7"),
    ("ha", "A B uku biyar", "AB35"),
    ("ha", "K N biyu huɗu", "KN24"),
    ("ha", "T ɗaya bakwai", "T17"),
]

# Must-not-change: each text and the exact normalized form it keeps.
LEFT_ALONE = [
    ("en", "I a m", "i a m"),
    ("en", "A 3 day trip", "a 3 day trip"),
    ("en", "I 2", "i 2"),
    ("en", "my code is T R 7 7 I think", "my code is tr77 i think"),
    ("en", "it is F L, I think", "it is fl i think"),
    ("en", "A B C dash 1 2 3 ABC-123", "abc123 abc123"),  # a whole code stays apart
    ("en", "Plan B 2024", "plan b 2024"),
    ("en", "J. R. R. Tolkien", "j r r tolkien"),
    ("en", "J.R.R. Tolkien", "jrr tolkien"),  # dotted initials are one word
    ("en", "at 10 A.M.", "at 10 am"),
    ("en", "T-shirt", "t shirt"),
    # radio words as names and words
    ("en", "Victor and Oscar met Juliet at the Hotel India", None),
    ("en", "Charlie plays Golf 3 times a week", None),
    ("en", "the Hotel 2 blocks away", None),
    ("en", "Hotel India", "hotel india"),
    ("en", "November 3 2024", "3 november 2024"),
    ("en", "Delta 2 4 5", "delta 245"),
    ("en", "Mike Oscar", "mike oscar"),
    # digits that are not one number
    ("en", "2 3", "2 3"),
    ("en", "one two three four five six seven eight nine ten", "1 2 3 4 5 6 7 8 9 10"),
    ("en", "ten nine eight seven", "10 9 8 7"),
    ("en", "May 5 2024", "5 may 2024"),
    ("en", "12 30", "12 30"),
    # word letters of other languages
    ("es", "Y a las 3", "y a las 3"),
    ("es", "Y 3 más", "y 3 más"),
    ("es", "A 2 calles", "a 2 calles"),
    ("es", "O 3 o 4", "o 3 o 4"),
    ("fr", "A 3 heures", "a 3"),  # heures goes with the clock time it marks (times)
    ("fr", "à 3 heures", "à 3"),
    ("fr", "Y a-t-il 2 places", "y a t il 2 places"),
    ("it", "E 3 giorni", "e 3 giorni"),
    ("it", "E come Elena", "e come elena"),
    ("it", "sezione B. E poi", "sezione b e poi"),
    ("nl", "U kunt 3 kiezen", "u kunt 3 kiezen"),
    ("ha", "A gida 3", "a gida 3"),
]

KEPT_APART = [
    ("en", "T R seven seven", "TR67"),
    ("en", "Q X seven one", "QX17"),
    ("en", "Y as in Yankee", "V"),
    ("en", "Zulu Kilo three Foxtrot", "ZK3S"),
    ("en", "1 2 3", "1 2 4"),
    ("de", "K L 8 0 3", "KL308"),
    ("de", "F M 3 8", "FM83"),
    ("es", "H 6 0 9", "H690"),
    ("fr", "T 4 0 7", "T470"),
    ("fr-CA", "S T 4 4", "ST14"),
    ("nl", "T 3 0 5", "T350"),
    ("ha", "T ɗaya bakwai", "T18"),
]


@pytest.mark.parametrize(("lang", "spoken", "written"), SAME_CODE)
def test_a_spelled_code_matches_the_written_code(lang, spoken, written):
    assert normalized(lang, spoken) == normalized(lang, written)
    assert errors(lang, spoken, written) == 0


@pytest.mark.parametrize(("lang", "text", "expected"), LEFT_ALONE)
def test_ordinary_words_are_not_a_code(lang, text, expected):
    result = normalized(lang, text)
    if expected is None:  # names and words: every word stays a word of its own
        expected = " ".join(text.lower().split())
    assert result == expected


@pytest.mark.parametrize(("lang", "a", "b"), KEPT_APART)
def test_a_wrong_code_is_still_an_error(lang, a, b):
    assert errors(lang, a, b) > 0


def test_a_spelled_code_counts_as_one_word():
    counts = load_scorer("en").score("my code is H J four four", "my code is HJ44").counts
    assert (counts.ref_len, counts.errors) == (4, 0)
    counts = load_scorer("en").score("my code is H J four four", "my code is HJ45").counts
    assert (counts.ref_len, counts.errors) == (4, 1)


# --- the rules alone --------------------------------------------------------------------

WORD_LETTERS = frozenset({"A", "I"})


def collapse(text, word_letters=WORD_LETTERS, names=frozenset()):
    return build_spelled_codes(word_letters, [("as", "in")], lambda w: w.lower() in names)(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("F L", "FL"),
        ("F , L", "FL"),  # a comma between pieces is a pause: G P, 7 7 C
        ("G P , 7 7 C", "GP77C"),
        ("F L , I think", "FL , I think"),
        ("F . L", "F . L"),  # a sentence end closes a code
        ("( F L )", "( FL )"),
        ("A B", "AB"),
        ("A 3", "A 3"),
        ("I A", "I A"),
        ("B 1234", "B 1234"),  # more digits than a code piece
        ("B 123", "B123"),
        ("T R 7 7 I think", "TR77 I think"),
        ("T R 7 7 I", "TR77I"),  # at the end of the text the I is the code's
        ("A as in apple B", "A as in apple B"),  # a word letter needs a letter name
        ("Y as in yellow", "Y"),
        ("Y as in Zebra", "Y as in Zebra"),
        ("ABC 12", "ABC 12"),
        ("M4B 1", "M4B 1"),
    ],
)
def test_spelled_codes_rules(text, expected):
    assert collapse(text) == expected


def test_an_as_in_word_letter_takes_a_letter_name():
    assert collapse("A as in Alpha B", names=frozenset({"alpha"})) == "AB"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("zulu kilo 3 foxtrot", "zk3f"),
        ("hotel india", "hotel india"),
        ("hotel 3 b", "hotel 3 b"),
        ("alpha bravo 1 2", "ab12"),
        ("alpha bravo 1", "alpha bravo 1"),
        ("golf 3 times", "golf 3 times"),
    ],
)
def test_letter_names_rules(text, expected):
    nato = {"zulu": "Z", "kilo": "K", "foxtrot": "F", "hotel": "H", "india": "I",
            "alpha": "A", "bravo": "B", "golf": "G"}  # fmt: skip
    read = build_letter_names(nato, frozenset(nato), {})
    assert read(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1 2 3", "123"),
        ("2 08", "208"),
        ("01 2 3", "0123"),
        ("2 3", "2 3"),
        ("07 09", "07 09"),
        ("1992 07 09", "1992 07 09"),
        ("1 2 3 4 5 6 7 8 9 10", "1 2 3 4 5 6 7 8 9 10"),
        ("in 2024 1 2 3", "in 2024 1 2 3"),
        ("a 1 2 3 b 4 5 6", "a 123 b 456"),
    ],
)
def test_digit_runs_rules(text, expected):
    assert build_digit_runs()(text) == expected


@given(st.lists(st.sampled_from(["1", "2", "3", "07", "10", "x", "1990", "0"]), max_size=12))
def test_digit_runs_only_remove_spaces(tokens):
    text = " ".join(tokens)
    assert build_digit_runs()(text).replace(" ", "") == text.replace(" ", "")


@given(st.lists(st.sampled_from(["1", "2", "3", "07", "10", "x", "1990", "0", " "]), max_size=14))
def test_digit_runs_fast_path_agrees_with_the_token_rule(tokens):
    join = build_digit_runs()
    text = " ".join(tokens)
    assert join(text).split() == join.by_tokens(text).split()


CODE_PIECES = ["A", "I", "B", "Q", "Y", "3", "45", "1234", "x", "ok", "think", ".", ",", "(",
               '"', "uh", "hudu", "as", "in", "Yankee", "Alpha", "Zebra"]  # fmt: skip


@given(st.lists(st.sampled_from(CODE_PIECES), max_size=14))
@example(["Y", "as", "in", "Yankee", "3"])
@example(["A", "as", "in", "Alpha", "3", "I", "think"])
def test_spelled_codes_fast_path_agrees_with_the_token_rule(tokens):
    collapse = build_spelled_codes(
        WORD_LETTERS, [("as", "in")], lambda w: w.lower() == "alpha", frozenset({"uh"}),
        str.lower, {"hudu": "4"},
    )  # fmt: skip
    text = " ".join(tokens)
    assert collapse(text).split() == collapse.by_tokens(text).split()


@given(st.lists(st.sampled_from(["A", "I", "B", "Q", "3", "45", "1234", "x", "ok", "."]),
                max_size=12))  # fmt: skip
def test_spelled_codes_only_remove_spaces(tokens):
    text = " ".join(tokens)
    assert collapse(text).replace(" ", "") == text.replace(" ", "")


# --- a generated code, spelled and written ------------------------------------------------

STRONG = "BCDFGHJKLMNPQRSTVWXZ"  # no word letter of any language here
DIGIT_WORDS = {
    "en": ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"],
    "de": ["null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun"],
    "es": ["cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve"],
}
codes = st.tuples(
    st.text(STRONG, min_size=1, max_size=3), st.text("0123456789", min_size=0, max_size=4)
).filter(lambda c: len(c[0]) + len(c[1]) >= 2)


@settings(max_examples=100, deadline=None)
@given(codes, st.sampled_from(["en", "de", "es", "fr", "it", "nl"]), st.booleans())
def test_every_spelled_code_matches_its_written_form(code, lang, words):
    letters, digits = code
    spelled_digits = list(digits)
    if words and lang in DIGIT_WORDS and digits[:1] not in ("", "0"):
        spelled_digits = [DIGIT_WORDS[lang][int(d)] for d in digits]
    spoken = " ".join([*letters, *spelled_digits])
    assert normalized(lang, f"code {spoken} ok") == normalized(lang, f"code {letters}{digits} ok")


# --- idempotence, with the words these rules look at --------------------------------------

CODE_WORDS = [
    "F", "L", "A", "I", "B", "Y", "T", "M", "E", "U", "as", "in", "Yankee", "Alpha", "Hotel",
    "India", "Zulu", "Kilo", "Foxtrot", "one", "two", "zero", "nine", "1", "2", "3", "07", "10",
    "1990", "2024", "ABC-123", "M4B", "dash", "underscore", "uh", "am", "think", "the", "go",
    "at", "dot", "com", "gmail", "john", "john@gmail.com", "Booking.com", "St", "Laurent",
    "de", "y", "a", "uno", "tres", "guion", "goma", "sha", "biyu", "uku",
]  # fmt: skip
marks = st.sampled_from(["", "", "", ",", ".", "?", "…"])
word_with_mark = st.tuples(st.sampled_from(["", "", "(", '"']), st.sampled_from(CODE_WORDS),
                           marks).map("".join)  # fmt: skip
texts = st.lists(word_with_mark, max_size=14).map(" ".join)


@settings(max_examples=300, deadline=None)
@given(texts)
def test_normalizing_twice_equals_normalizing_once(text):
    for language in ("en", "de", "fr", "es", "it", "nl", "ha"):
        normalizer = scorer(language).normalizer
        once = normalizer(text)
        assert normalizer(once) == once, (language, text)


# --- off unless turned on -------------------------------------------------------------------


def build(**extra):
    config = {"language": "xx", "name": "xx", "version": "1.0.0", **extra}
    return build_normalizer(bundle_from_data({"config": config, "lexicons": {}}))


def test_no_codes_section_no_code_steps():
    steps = build().step_names
    assert not {"spelled_codes", "letter_names", "digit_runs", "number_words"} & set(steps)
    assert build()("F L 1 2 3") == "f l 1 2 3"


def test_each_code_rule_is_its_own_step():
    assert "spelled_codes" in build(codes={"spelled_letters": True}).step_names
    assert "letter_names" in build(codes={"letter_names": {"alpha": "A"}}).step_names
    assert "digit_runs" in build(codes={"join_digit_runs": True}).step_names
    assert "number_words" in build(number_words={"goma": "10"}).step_names
    assert build(codes={"join_digit_runs": True}).step_names.count("spelled_codes") == 0


@pytest.mark.parametrize(
    "codes",
    [
        {"word_letters": ["a"]},
        {"word_letters": ["AB"]},
        {"letter_names": {"alpha": "AB"}},
        {"letter_names": {"alpha": "A"}, "ordinary_letter_names": ["bravo"]},
        {"letter_names": {"일": "A"}, "digit_names": {"일": "1"}},
        {"digit_names": {"일": "12"}},
        {"spelled_as": ["As In"]},
        {"spelled_lettres": True},
    ],
)
def test_bad_code_rules_are_config_errors(codes):
    with pytest.raises(ConfigError):
        build(codes=codes)


def test_spelled_letters_needs_lowercase():
    with pytest.raises(ConfigError, match="lowercase"):
        build(codes={"spelled_letters": True}, lowercase=False)


def test_number_words_may_not_chain():
    with pytest.raises(ConfigError, match="number_words"):
        build(number_words={"goma": "ten", "ten": "10"})


def test_code_detection_lives_in_one_module():
    # tokens.py is below codes.py (codes imports it): it must not say what a code is
    assert not hasattr(tokens, "is_code_like")
    assert [is_code_like(t) for t in ("A", "a", "ABC", "M4B", "4", "Abc")] == [
        True, False, True, True, True, False,
    ]  # fmt: skip


# Found by the fuzzing: a code must not come out as a word another step rewrites on a
# second pass, and a symbol step must skip what punctuation removal will remove.
@pytest.mark.parametrize(
    ("lang", "text", "expected"),
    [
        ("en", "O N E", "o n e"),  # "one" would be 1 on a second pass
        ("en", "Oscar Sierra Sierra", "oscar sierra sierra"),  # text2num reads "oss" as 0
        ("en", "Hotel Mike Mike", "hotel mike mike"),  # "hmm" is a filler
        ("ha", "U K U", "u k u"),  # uku = 3
        ("de", "F 1 ° strich", "f1"),
        ("en", "F dot A U", "f.au"),
        ("en", "dash 1 at gmail.com", "dash 1 at gmail.com"),
        ("es", "1 (F guion F guion", "1ff"),
        ("en", "underscore john@gmail.com", "john@gmail com"),  # "_john@…" is no address
    ],
)
def test_what_fuzzing_found_normalizes_once_for_all(lang, text, expected):
    once = normalized(lang, text)
    assert once == expected
    assert normalized(lang, once) == once
