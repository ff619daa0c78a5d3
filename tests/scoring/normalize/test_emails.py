"""Spoken email and web addresses: "john at gmail dot com" = john@gmail.com only
where the words end in a known domain; "at" and "dot" stay words everywhere else, and a
written address survives the punctuation step as one word."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import build_normalizer, bundle_from_data, load_scorer
from scoring.errors import ConfigError
from scoring.normalize.emails import build_spoken_emails, web_token_test
from tests.scoring import helpers
from tests.scoring.helpers import errors, normalized

SAME_ADDRESS = [
    ("en", "john at gmail dot com", "john@gmail.com"),
    ("en", "my email is John Dot Smith at Gmail dot com.", "My email is john.smith@gmail.com."),
    ("en", "john underscore smith at gmail dot com", "john_smith@gmail.com"),
    ("en", "john at gmail.com", "john@gmail.com"),
    ("en", "go to www dot example dot com", "go to www.example.com"),
    ("en", "book on booking dot com", "book on Booking.com"),
    ("en", "anna at bbc dot co dot uk", "anna@bbc.co.uk"),
    ("en", "one two three at gmail dot com", "123@gmail.com"),
    ("en", "J O H N at gmail dot com", "JOHN@gmail.com"),
    ("fr", "jean arobase gmail point com", "jean@gmail.com"),
    ("fr", "jean point dupont arobase orange point fr", "jean.dupont@orange.fr"),
    ("fr-CA", "marie arobase videotron point ca", "marie@videotron.ca"),
    ("de", "max Klammeraffe web Punkt de", "max@web.de"),
    ("de", "max at web punkt de", "max@web.de"),
    ("de", "jörg at gmx punkt de", "jörg@gmx.de"),
    ("es", "juan arroba gmail punto com", "juan@gmail.com"),
    ("es", "juan arroba empresa punto es", "juan@empresa.es"),
    ("it", "mario chiocciola libero punto it", "mario@libero.it"),
    ("nl", "jan apenstaartje ziggo punt nl", "jan@ziggo.nl"),
]

# "at", "dot" and their translations as ordinary words: exactly the same as without the rule.
LEFT_ALONE = [
    ("en", "meet at noon"),
    ("en", "a dot on the map"),
    ("en", "look at the dot in the middle"),
    ("en", "we arrived at the hotel dot by dot"),
    ("en", "at com"),
    ("fr", "un point de vue"),
    ("fr", "au point mort"),
    ("de", "Punkt 3 Uhr"),
    ("de", "ein wichtiger Punkt"),
    ("es", "el punto es que no"),
    ("es", "a las tres en punto"),
    ("it", "a che punto siamo"),
    ("nl", "op dit punt"),
]

KEPT_APART = [
    ("en", "john at gmail dot com", "jon@gmail.com"),
    ("en", "john at gmail dot com", "john@gmail.co"),
    ("en", "john@gmail.com", "john@hotmail.com"),
    ("de", "max Klammeraffe web Punkt de", "max@gmx.de"),
]


@pytest.mark.parametrize(("lang", "spoken", "written"), SAME_ADDRESS)
def test_a_spoken_address_matches_the_written_one(lang, spoken, written):
    assert normalized(lang, spoken) == normalized(lang, written)
    assert errors(lang, spoken, written) == 0


def core(lang: str):
    """The language's normalizer without its emails section."""
    config = load_scorer(lang).normalizer.config.model_dump(exclude={"emails"})
    return build_normalizer(bundle_from_data({"config": config, "lexicons": {}}))


@pytest.mark.parametrize(("lang", "text"), LEFT_ALONE)
def test_at_and_dot_stay_words_outside_an_address(lang, text):
    assert normalized(lang, text) == core(lang)(text)


@pytest.mark.parametrize(("lang", "a", "b"), KEPT_APART)
def test_a_wrong_address_is_still_an_error(lang, a, b):
    assert errors(lang, a, b) > 0


def test_a_written_address_is_one_word_on_both_sides():
    assert normalized("en", "Mail john@gmail.com, or see www.example.com/help.") == (
        "mail john@gmail.com or see www.example.com/help"
    )
    counts = load_scorer("en").score("mail john@gmail.com", "mail john at gmail dot com").counts
    assert (counts.ref_len, counts.errors) == (2, 0)


def test_without_an_emails_section_the_dots_go_as_before():
    plain = build_normalizer(
        bundle_from_data(
            {"config": {"language": "xx", "name": "xx", "version": "1.0.0"}, "lexicons": {}}
        )  # fmt: skip
    )
    assert plain("john@gmail.com") == "john@gmail com"
    assert "emails" not in plain.step_names


def test_an_english_at_before_a_domain_joins_both_sides_alike():
    # "at" cannot tell a place from an address: the rule reads both forms the same way
    assert normalized("en", "look at google dot com") == "look@google.com"
    assert errors("en", "look at google dot com", "look at google.com") == 0


def test_an_ordinary_word_domain_needs_an_at_first():
    assert normalized("es", "el punto es") == "el punto es"
    assert normalized("es", "juan arroba empresa punto es") == "juan@empresa.es"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a at b at c dot com", "a at b@c.com"),  # at most one @
        ("x dot y", "x dot y"),
        ("x dot com dot y", "x.com dot y"),
        ("dot com", "dot com"),
        ("john at gmail", "john at gmail"),
        ("john@gmail dot com", "john@gmail.com"),
    ],
)
def test_the_chain_rules(text, expected):
    assert build_spoken_emails(["at"], ["dot"], ["com"], [])(text) == expected


@pytest.mark.parametrize(
    ("token", "web"),
    [
        ("john@gmail.com", True),
        ("www.example.org", True),
        ("booking.com", True),
        ("gmail.com/help", True),
        ("e.g", False),
        ("3.5", False),
        ("node.js", False),
        ("_john@gmail.com", False),
    ],
)
def test_written_addresses(token, web):
    assert web_token_test(["com"])(token) is web


@pytest.mark.parametrize(
    "emails",
    [
        {"dot_words": [], "domains": ["com"]},
        {"dot_words": ["dot"], "domains": []},
        {"dot_words": ["dot"], "domains": ["COM"]},
        {"dot_words": ["dot"], "domains": [".com"]},
        {"dot_words": ["two words"], "domains": ["com"]},
    ],
)
def test_bad_email_rules_are_config_errors(emails):
    with pytest.raises(ConfigError):
        bundle_from_data(
            {
                "config": {"language": "xx", "name": "xx", "version": "1.0.0", "emails": emails},
                "lexicons": {},
            }  # fmt: skip
        )


WORDS = ["john", "at", "dot", "com", "gmail", "de", "es", "punto", "the", "meet", "noon",
         "john@gmail.com", "gmail.com", "www", "uh", "underscore", "dash", "A", "U", "F",
         "Charlie", "Oscar", "Mike", "1", "2"]  # fmt: skip
marks = st.sampled_from(["", "", ",", ".", "?"])
texts = st.lists(st.tuples(st.sampled_from(WORDS), marks).map("".join), max_size=12).map(" ".join)


@settings(max_examples=200, deadline=None)
@given(texts)
def test_normalizing_twice_equals_normalizing_once(text):
    for language in ("en", "de", "es"):
        normalizer = helpers.scorer(language).normalizer
        once = normalizer(text)
        assert normalizer(once) == once, (language, text)
