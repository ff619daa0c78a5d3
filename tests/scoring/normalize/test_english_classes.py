"""English semiotic classes: what a real speech-to-text system writes against what the
reference writer wrote, for the same speech (0 errors), and the real errors the rules must
not hide. Sentences are our own, in the shape of a voice-agent conversation."""

import pytest

from scoring import load_scorer
from tests.scoring.helpers import errors, normalized

SAME_SPEECH = [
    # dotted abbreviations and letters said one by one
    ("my flight lands at 10 AM", "my flight lands at 10 a m"),
    ("my flight lands at 10 a.m.", "my flight lands at 10 AM"),
    ("the U.S. office", "the US office"),
    ("we moved to L.A. last year", "we moved to LA last year"),
    # codes and digit strings, joined, spaced or hyphenated
    ("my booking code is YTM 924", "my booking code is ytm924"),
    ("my booking code is Y T M nine two four", "my booking code is YTM924"),
    ("call me on five five five oh one four seven", "call me on 555-0147"),
    ("call me on 555 0147", "call me on 555-0147"),
    (
        "the number is 123.456.7890",
        "the number is one two three four five six seven eight nine zero",
    ),
    (
        "the server is at 192.168.0.1",
        "the server is at one nine two dot one six eight dot zero dot one",
    ),
    # clock times
    ("can we meet at four thirty", "can we meet at 4:30"),
    ("can we meet at 4.30", "can we meet at 4:30"),
    ("the call is at eight oh five", "the call is at 8.05"),
    ("the call is at eight oh five", "the call is at 8:05"),
    ("see you at 2:00 PM", "see you at 2 o'clock p.m."),
    ("it opens at 10:00 AM", "it opens at 10 a.m."),
    ("the shuttle leaves at quarter to five", "the shuttle leaves at 4:45"),
    ("the shuttle leaves at half past four", "the shuttle leaves at 4:30"),
    # money
    ("I have a twelve dollar voucher", "I have a $12 voucher"),
    ("the repair was $1,200", "the repair was twelve hundred dollars"),
    ("that is $29.50 in total", "that is twenty nine dollars and fifty cents in total"),
    ("a fee of fifty cents", "a fee of $0.50"),
    ("the plan is $20/mo", "the plan is twenty dollars per month"),
    ("they raised $2.5 billion", "they raised two point five billion dollars"),
    ("they raised $2.5bn", "they raised two point five billion dollars"),
    ("a $10K bonus", "a ten thousand dollar bonus"),
    # numbers
    ("it dropped to minus twelve degrees", "it dropped to -12 degrees"),
    ("a rate of point five percent", "a rate of .5%"),
    ("about two and a half hours", "about 2 1/2 hours"),
    ("one third of the seats", "1/3 of the seats"),
    ("in nineteen eighty five", "in 1985"),
    ("in the nineteen eighties", "in the 1980s"),
    # measures
    ("a speed of two hundred kilometers per hour", "a speed of 200 km/h"),
    ("the bag weighs twelve kilograms", "the bag weighs 12kg"),
    ("an area of eighteen point five square kilometers", "an area of 18.5 km²"),
    ("it was seventy two degrees fahrenheit", "it was 72 °F"),
    # dates
    ("I fly on July twenty fifth, twenty twelve", "I fly on 07/25/2012"),
    ("I fly on the twenty fifth of July", "I fly on July 25th"),
    ("my birthday is Jan. 15", "my birthday is January fifteenth"),
    # addresses written half out
    ("christopher dot lee at gmail dot com", "Christopher.Lee at gmail.com"),
    ("write to a at m s n dot com", "write to a@msn.com"),
    ("go to h t t p s colon slash slash example dot com", "go to https://example.com"),
    # symbols said aloud
    ("the S&P 500", "the S and P 500"),
    ("AT&T customer service", "A T and T customer service"),
    ("one minus two equals five", "1-2=5"),
    ("see § 5 of the contract", "see section five of the contract"),
    # an IP address said in pieces: digit by digit, oh for zero, double five
    (
        "the server is at 123.123.0.40",
        "the server is at one twenty three dot one two three dot oh dot four oh",
    ),
    ("ping 225.55.0.45", "ping two two five dot double five dot o dot forty five"),
    # titles and street types
    (
        "I live at 1428 Elm St. It is quiet.",
        "I live at fourteen twenty eight Elm Street. It is quiet.",
    ),
    ("ask dr. dao", "ask doctor dao"),
    ("Mrs. Smith called", "Missus Smith called"),
    ("5th Ave. is closed", "Fifth Avenue is closed"),
    # a suffix typed as a word, a time zone spelled out
    ("the 5th floor", "the five th floor"),
    ("the call is at 8:00 GMT", "the call is at eight o'clock g m t"),
]


@pytest.mark.parametrize(("reference", "hypothesis"), SAME_SPEECH)
def test_two_spellings_of_the_same_speech_give_no_error(reference, hypothesis):
    result = load_scorer("en").score(reference, hypothesis)
    assert result.counts.errors == 0, (result.reference, result.hypothesis)


# Real errors that a rule reaching too far would hide.
REAL_ERRORS = [
    ("my OS is Linux", "my zero is Linux"),
    ("we want the ones on the left", "we want the one on the left"),
    ("take him to the ER now", "take him to the now"),
    ("part 7-MM-HT", "part 7-HT"),
    ("it dropped to -12 degrees", "it dropped to 12 degrees"),
    ("I write C++ at work", "I write C# at work"),
    ("the server is at 192.168.0.1", "the server is at 192.168.01"),
    ("M as in Mike", "M as in mic"),
    ("see you at 4:30", "see you at 4:40"),
    ("the fee is $12", "the fee is $13"),
    ("that is $29.50", "that is $29.60"),
    ("on July 25th", "on July 26th"),
    ("two hundred kilometers per hour", "two hundred miles per hour"),
    ("call 555-0147", "call 555-0148"),
    ("the server is at 123.123.0.40", "the server is at 123.123.0.41"),
    ("they raised $5m", "they raised five thousand dollars"),
    ("a 5m pole", "a five dollar pole"),
    ("one minus two equals five", "1+2=5"),
    ("I love St. Louis", "I love Street Louis"),
    ("the call is at 8:00 GMT", "the call is at 8:00 EST"),
]


@pytest.mark.parametrize(("reference", "hypothesis"), REAL_ERRORS)
def test_a_real_difference_still_counts(reference, hypothesis):
    assert errors("en", reference, hypothesis) > 0


def test_a_spelled_code_repeated_after_a_comma_is_two_codes():
    reference = "it is YTM924, YTM924"
    hypothesis = "it is Y as in Yankee T M nine two four, Y as in Yankee T M nine two four"
    assert errors("en", reference, hypothesis) == 0
    assert normalized("en", hypothesis) == "it is ytm924 ytm924"


def test_an_error_in_a_phone_number_costs_what_is_wrong_in_it():
    full = "call 0044 20 7946 0958 123"
    spoken = (
        "call zero zero four four two zero seven nine four six zero nine five eight one two three"
    )
    assert errors("en", full, spoken) == 0
    # seven digits missing are seven errors, not one
    assert errors("en", full, "call 0044 20 7946") == 7


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("$29.50", "29 dollar 50 cent"),
        ("4:30 PM", "4 30 pm"),
        ("July 25th, 2012", "25 july 2012"),
        ("200 km/h", "200 km/h"),
        ("555-0147", "5 5 5 0 1 4 7"),
        ("1/2", "1/2"),
        ("U.S.", "us"),
    ],
)
def test_the_canonical_writing(text, canonical):
    assert normalized("en", text) == canonical


@pytest.mark.parametrize(
    "text",
    [
        "meet at noon",
        "a dot on the map",
        "may I have the bill",
        "march to the door",
        "I am here",
        "the a team",
        "I won the game",
        "a page per day",
    ],
)
def test_ordinary_words_stay_words(text):
    assert normalized("en", text) == text.lower()
