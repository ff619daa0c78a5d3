"""The one-turn checks, each with a positive and a negative case: empty hypotheses, much
shorter hypotheses, hypotheses in an unexpected script."""

from __future__ import annotations

import pytest

from scoring import load_bundle
from scoring.dataquality import (
    EMPTY,
    SCRIPT,
    SHORT,
    UNCHECKED,
    ExpectedScripts,
    TurnText,
    check_conversation,
)
from scoring.dataquality.turns import empty_hypotheses, short_hypotheses, wrong_scripts


def turn(reference: str, hypothesis: str, index: int = 0, scored: bool = True) -> TurnText:
    return TurnText(index, reference, hypothesis, scored)


def expected(language: str, code_switch: list[str]) -> ExpectedScripts:
    """The scripts the project's configs list for the language, and for `code_switch`."""

    def scripts(code: str) -> tuple[str, ...]:
        return tuple(load_bundle(code).config.scripts)

    return ExpectedScripts(scripts(language), tuple(s for o in code_switch for s in scripts(o)))


# --- empty -----------------------------------------------------------------------------------


@pytest.mark.parametrize("hypothesis", ["", "   ", "[noise]", " . , "])
def test_an_empty_hypothesis_is_found(hypothesis):
    (finding,) = empty_hypotheses([turn("Mein Konto ist gesperrt.", hypothesis, 3)])
    assert (finding.kind, finding.first, finding.last) == (EMPTY, 3, 3)
    assert finding.message == "turn 3: the hypothesis is empty (the reference is not)"


@pytest.mark.parametrize(
    ("reference", "hypothesis", "scored"),
    [
        ("Mein Konto ist gesperrt.", "Mein Konto", True),  # short, not empty
        ("", "", True),  # nothing said, nothing written
        ("[laughs]", "", True),  # an annotation is not speech
        ("Wie kann ich helfen?", "", False),  # a context turn is not checked
        ("7", "7", True),  # a digit is content
    ],
)
def test_a_hypothesis_with_content_or_nothing_to_transcribe_is_not_empty(
    reference, hypothesis, scored
):
    assert empty_hypotheses([turn(reference, hypothesis, scored=scored)]) == []


# --- short -----------------------------------------------------------------------------------


def test_a_truncated_hypothesis_is_found_with_its_ratio():
    reference = "I need access to the shared drive for the finance team."
    (finding,) = short_hypotheses([turn(reference, "I need access", 5)])
    assert (finding.kind, finding.first) == (SHORT, 5)
    assert finding.message == (
        "turn 5: the hypothesis is much shorter than its reference (25% of its length)"
    )
    assert finding.detail == {"ratio": 0.25, "reference": 44, "hypothesis": 11}


@pytest.mark.parametrize(
    ("reference", "hypothesis"),
    [
        # ordinary errors: fillers dropped, a word lost
        ("Um, so, I need access to the uh shared drive.", "I need access to the drive."),
        # numbers in digits say as much as their words
        ("Call me back on five five five oh one four seven.", "Call me back on 555-0147."),
        ("two hundred and fifty thousand", "250000"),
        # a short reference: "yes please" heard as "yes" is an STT error, not a truncation
        ("yes please", "yes"),
        # an empty hypothesis is the empty check's finding, not this one's
        ("I need access to the shared drive for the finance team.", ""),
    ],
)
def test_a_hypothesis_that_says_most_of_its_reference_is_not_short(reference, hypothesis):
    assert short_hypotheses([turn(reference, hypothesis)]) == []


def test_a_truncated_japanese_hypothesis_is_found():
    reference = "パスワードを忘れてしまったのでリセットしてください"
    (finding,) = short_hypotheses([turn(reference, "パスワード")])
    assert finding.kind == SHORT


# --- script ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "code_switch", "reference", "hypothesis"),
    [
        # German transcribed in Cyrillic: no config allows it
        ("de", ["en"], "Mein Konto ist gesperrt.", "Мейн конто ист гешперт."),
        # Persian transcribed in Latin letters: Persian does not code-switch
        ("fa", [], "رمز عبورم را فراموش کردم", "ramz oboor ra faramoosh kardam"),
        # Hindi wholly in Latin letters: code-switching allows words, not the whole turn
        ("hi", ["en"], "मेरा खाता बंद हो गया है", "mera khata band ho gaya hai"),
        # Korean transcribed in Japanese
        ("ko", ["en"], "비밀번호를 잊어버렸어요", "パスワードを忘れました"),
    ],
)
def test_a_hypothesis_in_an_unexpected_script_is_found(
    language, code_switch, reference, hypothesis
):
    (finding,) = wrong_scripts([turn(reference, hypothesis, 2)], expected(language, code_switch))
    assert (finding.kind, finding.first) == (SCRIPT, 2)
    assert finding.message.startswith("turn 2: the hypothesis is ")
    assert finding.detail["hypothesis"]


@pytest.mark.parametrize(
    ("language", "code_switch", "reference", "hypothesis"),
    [
        # English words in a Hindi turn, as the config allows
        ("hi", ["en"], "मेरा लैपटॉप काम नहीं कर रहा", "मेरा laptop काम नहीं कर रहा"),
        # Japanese with a product name in Latin letters
        ("ja", ["en"], "Outlookが開きません", "Outlookが開きません"),
        # a German turn in German
        ("de", ["en"], "Straße", "Strasse"),
        # the speaker said it in that script: the reference is Latin too
        ("fa", [], "my email is ali at gmail", "my email is ali at gmail"),
        # too few letters to judge
        ("fa", [], "ok", "ok"),
        # digits and punctuation are no script's
        ("hi", ["en"], "१२३४", "1234 !!"),
    ],
)
def test_a_hypothesis_in_its_languages_scripts_is_not_flagged(
    language, code_switch, reference, hypothesis
):
    assert wrong_scripts([turn(reference, hypothesis)], expected(language, code_switch)) == []


def test_a_language_with_no_scripts_listed_is_not_checked():
    assert wrong_scripts([turn("abc", "абвгд")], UNCHECKED) == []
    latin_only_code_switch = ExpectedScripts((), ("Latin",))
    assert wrong_scripts([turn("abc", "абвгд")], latin_only_code_switch) == []


def test_latin_in_a_hindi_turn_is_only_fine_when_the_config_code_switches():
    hindi = turn("मेरा खाता बंद हो गया है", "mera khata band ho gaya hai")
    assert wrong_scripts([hindi], expected("hi", ["en"]))  # a whole turn in Latin: wrong locale
    mixed = turn("मेरा लैपटॉप काम नहीं कर रहा", "मेरा laptop नहीं चल रहा है")
    assert wrong_scripts([mixed], expected("hi", ["en"])) == []
    assert wrong_scripts([turn("मेरा लैपटॉप", "my laptop please")], expected("hi", [])) != []


def test_regional_variants_use_their_base_languages_scripts():
    fr_ca = expected("fr-CA", [])  # no fr-CA.json: the loader reads fr.json
    assert fr_ca.own == ("Latin",)
    assert wrong_scripts([turn("Mon compte est bloqué", "Мой аккаунт")], fr_ca) != []
    assert wrong_scripts([turn("Mon compte est bloqué", "mon conte est bloqué")], fr_ca) == []


# --- all of them -----------------------------------------------------------------------------


def test_check_conversation_lists_every_finding_in_turn_order():
    turns = [
        turn("Guten Morgen, ich habe ein Problem.", "Guten Morgen, ich habe ein Problem.", 0),
        turn("Wie kann ich helfen?", "", 1, scored=False),
        turn("Mein Konto ist seit heute Morgen gesperrt.", "Мейн конто ист гешперт.", 2),
        turn("Können Sie das Passwort zurücksetzen?", "", 3),
        turn("Ich brauche Zugriff auf das Laufwerk der Finanzabteilung.", "Ich brauche", 4),
    ]
    found = check_conversation(turns, expected("de", ["en"]))
    assert [(f.kind, f.first) for f in found] == [(SCRIPT, 2), (EMPTY, 3), (SHORT, 4)]
