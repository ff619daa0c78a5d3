"""A replacement runs only on a text with one of the characters every match of its
pattern holds (`required.py`): the characters must be right for `regex` (version 1), or a
rule would be skipped on a text it changes."""

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import build_normalizer, bundle_from_data, config_languages, load_bundle
from scoring.normalize.required import required_chars


@pytest.mark.parametrize(
    ("pattern", "chars"),
    [
        ("[%％]", "%％"),
        ("abc", "a"),  # one of the sequence's characters: the first of the fewest
        (r"(\d+)-(\d+)", "-"),
        ("a{0,3}b+|x", "bx"),  # an alternation needs one of its branches' characters
        ("x{2}", "x"),  # braces that count repeats are read as such
        ("(?=ab)", "a"),  # what a lookahead sees is in the text
        ("(?<!a)b", "b"),  # what a negative one sees need not be
        ("(?i:a)b", "b"),
        (r"(?i)\bd\. ?c\.", "."),  # letters under (?i) may match other letters
        ("(?i)Ⓐ1", "1"),  # a circled letter has cases too
        ("(?>ab)", "a"),
        ("a++", "a"),
    ],
)
def test_the_characters_every_match_holds(pattern, chars):
    assert required_chars(pattern) == frozenset(chars)


@pytest.mark.parametrize(
    "pattern",
    [
        "a?b*",  # may match the empty text
        "a|b*",
        "(?i)abc",  # every character a letter under (?i): ß matches ss, k the Kelvin sign
        "(?i)ⓐ",
        "[^x]",
        r"\d+",
        r"\p{L}+",  # `regex` syntax the standard parser does not read
        "[a[b]c]",  # a nested set in `regex`, a "[" and a "c]" in `re`
        "[a-z--[aeiou]]",  # a set difference
        "(?:foo){e<=1}",  # fuzzy: a match may lack any of the letters
        r"\{",
        "a(?i)b",  # a flag mid-pattern: scoped in `regex`, refused by `re`
        "",
    ],
)
def test_no_characters_when_a_match_needs_none_or_the_syntax_is_regex_only(pattern):
    assert required_chars(pattern) is None


def test_the_shipped_rules():
    rules = {lang: load_bundle(lang).config.replacements for lang in config_languages()}
    found = {lang: [required_chars(r.pattern) for r in rs] for lang, rs in rules.items() if rs}
    assert found["ja"] == [frozenset("%％")]
    assert found["es"] == [frozenset(".")] * 2
    # fr asks for a space (every text has one), it for nothing: their rules run on every text
    assert set(found) == {"es", "fr", "it", "ja"}


# Patterns from pieces that exercise what the reader handles, over an alphabet with
# letters that fold to others under (?i) (ß, ſ, K, the Kelvin sign, circled letters).
ALPHABET = "abkKsSß\u017f\u212aⓐⒶ1-. %"
ATOMS = ["a", "b", "k", "s", "ß", "\u212a", "ⓐ", "Ⓐ", "1", r"\-", r"\.", " ", "%", "[ab]",
         "[a-k]", "[^a]", r"\d", r"\w", ".", r"\b"]  # fmt: skip


@st.composite
def patterns(draw, depth=0):
    if depth > 2 or draw(st.booleans()):
        return draw(st.sampled_from(ATOMS))
    inner = draw(st.lists(patterns(depth + 1), min_size=1, max_size=3))
    form = draw(
        st.sampled_from(
            [
                "(?:{})",
                "(?i:{})",
                "(?-i:{})",
                "(?:{})+",
                "(?:{})?",
                "(?:{})*",
                "(?=.*{})",
                "(?<!{})",
                "(?:{})|(?:{})",
                "(?:{}){{2}}",
                "(?>{})",
            ]  # fmt: skip
        )
    )
    if "|" in form:
        return form.format("".join(inner[: len(inner) // 2 + 1]), "".join(inner[1:]) or "x")
    return form.format("".join(inner))


@settings(max_examples=400, deadline=None)
@given(
    pattern=patterns(),
    ignore=st.booleans(),
    texts=st.lists(st.text(alphabet=ALPHABET, max_size=12), min_size=1, max_size=8),
)
def test_a_text_without_the_characters_has_no_match(pattern, ignore, texts):
    pattern = ("(?i)" if ignore else "") + pattern
    chars = required_chars(pattern)
    compiled = regex.compile(pattern, flags=regex.V1)
    for text in texts:
        if compiled.search(text) is not None:
            assert chars is None or not chars.isdisjoint(text), (pattern, text)


def test_a_rule_skipped_for_its_characters_writes_what_running_it_writes():
    rules = [
        {"pattern": "[%％]", "replacement": " percent"},
        {"pattern": r"(?<=\d)\.(?=\d)", "replacement": " point "},
    ]
    data = {"language": "xx", "name": "xx-norm", "version": "1.0.0", "replacements": rules}
    normalize = build_normalizer(bundle_from_data({"config": data, "lexicons": {}}))
    assert normalize("30% of 2.5") == "30 percent of 2 point 5"
    assert normalize("no sign here") == "no sign here"
