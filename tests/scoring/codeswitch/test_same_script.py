"""Code-switching in a Latin-script language: English words inside fr, de, es, it
and nl text, told apart from the language's own words by the English rules, not by script."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import PairInput, bundle_from_data, get_scorer, load_bundle, load_scorer, score_corpus
from scoring.codeswitch.english import NUMBER_WORDS, EnglishWords

SAME_SCRIPT = ["fr", "de", "es", "it", "nl"]


def score(language: str, reference: str, hypothesis: str):
    return load_scorer(language).score(reference, hypothesis)


def before_after(language: str, reference: str, hypothesis: str) -> tuple[int, int]:
    result = score(language, reference, hypothesis)
    return result.strict.errors, result.counts.errors


@pytest.mark.parametrize("language", SAME_SCRIPT)
def test_the_shipped_configs_turn_it_on(language):
    config = load_bundle(language).config
    assert config.code_switch_languages == ["en"]
    assert config.code_switch_same_script and not config.code_switch_phonetic


@pytest.mark.parametrize(
    "language, reference, hypothesis, strict",
    [
        # Times: the English view says 2:30 as "2 30", as "two thirty" is read.
        ("fr", "j'ai un meeting à two thirty", "j'ai un meeting à 2:30", 2),
        ("fr", "le call est à seven", "le call est à 7:00", 1),
        # Contractions inside French text, both ways.
        ("fr", "il a dit I'm sorry", "il a dit I am sorry", 2),
        ("fr", "il a dit I am sorry", "il a dit I'm sorry", 2),
        ("fr-CA", "il a dit I'm sorry", "il a dit I am sorry", 2),
        ("fr", "à twenty five", "à 25", 2),
        ("de", "mein Flug ist um seven", "mein Flug ist um 7", 1),
        ("de", "er sagte I can't, leider", "er sagte I cannot leider", 1),
        ("es", "la reunión es at nine thirty", "la reunión es at 9:30", 2),
        ("es", "me dijo I'll call you", "me dijo I will call you", 2),
        ("it", "il volo è alle seven", "il volo è alle 7", 1),
        ("it", "ha detto it's fine", "ha detto it is fine", 2),
        ("nl", "mijn vlucht is om seven", "mijn vlucht is om 7", 1),
        ("nl", "hij zei we're late", "hij zei we are late", 2),
        ("fr", "rendez-vous à seven !", "rendez-vous à 7", 1),  # a lone mark joins the word
    ],
)
def test_must_match(language, reference, hypothesis, strict):
    assert before_after(language, reference, hypothesis) == (strict, 0)
    (rescue,) = score(language, reference, hypothesis).code_switch["rescues"]
    assert rescue["rule"] == "english_rules"


@pytest.mark.parametrize(
    "language, reference, hypothesis, errors",
    [
        # Translations: the English view of the native word is not the English word.
        ("fr", "sept", "seven", 1),
        ("fr", "seven", "sept", 1),
        ("de", "um sieben", "um seven", 1),
        ("es", "a las siete", "a las seven", 1),
        ("it", "alle sette", "alle seven", 1),
        ("nl", "om zeven uur", "om seven uur", 2),  # uur goes with a read clock time: om 7
        # The seed's rule: an intended digit is not English, the user may have said sept.
        ("fr", "rendez-vous à 7", "rendez-vous à seven", 1),
        ("de", "mein Flug ist um 7", "mein Flug ist um seven", 1),
        ("fr", "à 2:30", "à two thirty", 2),
        # Native words the English rules would read as numbers (code_switch_stoplist).
        ("fr", "le four est chaud", "le 4 est chaud", 1),
        # fr reads 2nd (2nde) as second itself (ordinals), with no rescue: 0 errors.
        ("fr", "le second étage", "le 2nd étage", 0),
        ("nl", "ten huize van", "10 huize van", 1),
        ("es", "ten cuidado", "10 cuidado", 1),
        # English fillers and spellings are not evidence of English: de "um", fr "centre".
        ("de", "er kommt um seven", "er kommt seven", 1),
        ("de", "um seven", "7", 2),
        ("fr", "le centre", "le center", 1),
        ("fr", "le programme", "le program", 1),
        ("de", "die E-Mail", "die E Mail", 2),
        # Real errors, and neighbouring errors are one region.
        ("fr", "flight seven", "fight 7", 2),
        ("de", "um seven thirty", "um 7:40", 2),
        ("es", "dijo I'm sorry", "dijo I am sad", 3),
        # Nothing intended there: an insertion stays an insertion.
        ("it", "alle sette", "alle sette seven", 1),
    ],
)
def test_must_not_be_rescued(language, reference, hypothesis, errors):
    strict, after = before_after(language, reference, hypothesis)
    assert strict == after == errors
    assert score(language, reference, hypothesis).code_switch["rescues"] == []


def test_a_real_error_apart_from_a_rescued_region_stays():
    result = score("fr", "le flight de seven", "le fight de 7")
    assert (result.strict.errors, result.counts.errors) == (2, 1)
    (rescue,) = result.code_switch["rescues"]
    assert (rescue["reference"], rescue["hypothesis"]) == ("seven", "7")


def test_the_block_has_the_shape_of_the_hindi_one():
    out = score("fr", "j'ai un meeting à two thirty", "j'ai un meeting à 2:30").as_dict()
    assert out["strict_wer"] == pytest.approx(2 / 6) and out["wer"] == 0.0
    block = out["code_switch"]
    assert set(block) == {
        "languages", "english_words", "rescued_errors", "code_switch_word_rate",
        "code_switch_rescue_rate", "wer_fr", "wer_en", "per_language", "rescues",
    }  # fmt: skip
    assert block["languages"] == ["fr", "en"]
    assert block["english_words"] == 2  # two, thirty
    assert block["per_language"]["en"]["ref_words"] == 2
    assert block["per_language"]["fr"]["ref_words"] == 4
    (rescue,) = block["rescues"]
    assert rescue["reference"] == "two thirty" and rescue["hypothesis"] == "2:30"
    assert rescue["view"] == "2 30"
    # fr reads the clock time 2:30 as 2 30 (times), two tokens on the hypothesis side too
    assert rescue["reference_span"] == [4, 6] and rescue["hypothesis_span"] == [4, 6]


def test_english_words_are_tagged_by_the_rules_not_by_script():
    # "meeting" is English, but nothing tells it from a French word: counted as French.
    block = score("fr", "j'ai un meeting à seven", "j'ai un meeting à 7").code_switch
    assert block["english_words"] == 1
    # de "am" is one of the words English contractions expand to, but outside a rescued
    # region it is German.
    block = score("de", "am Montag", "am Dienstag").code_switch
    assert block["english_words"] == 0
    assert block["per_language"]["de"]["substitutions"] == 1


def test_corpus_totals():
    pairs = [
        PairInput("1", "mein Flug ist um seven", "mein Flug ist um 7"),
        PairInput("2", "mein Flug ist um 7", "mein Flug ist um seven"),
        PairInput("3", "alles gut", "alles gut"),
    ]
    corpus = score_corpus(load_scorer("de"), pairs)
    block = corpus.as_dict()["code_switch"]
    assert (corpus.strict_counts.errors, corpus.counts.errors) == (2, 1)
    assert block["rescued_errors"] == 1 and block["rescues"] == 1
    assert block["english_words"] == 1


def test_off_for_a_config_that_does_not_turn_it_on():
    data = load_bundle("fr").data
    config = {
        k: v for k, v in data["config"].items() if not k.startswith("code_switch")
    }  # fmt: skip
    scorer = get_scorer(bundle_from_data({"config": config, "lexicons": data["lexicons"]}))
    result = scorer.score("à seven", "à 7")
    assert result.code_switch is None and result.strict is None
    assert result.counts.errors == 1


def test_the_english_word_tests():
    words = EnglishWords.build(load_scorer("fr").normalizer, load_scorer("en").normalizer, ["four"])
    assert words.by_rules("seven") and words.by_rules("I'm") and words.by_rules("twenty-five")
    assert not words.by_rules("sept") and not words.by_rules("7") and not words.by_rules("four")
    assert not words.by_rules("centre") and not words.by_rules("um")
    assert words.english("am") and not words.by_rules("am")
    assert not words.english("sorry")  # English, but nothing says so: precision first
    assert words.numbers <= NUMBER_WORDS and "seven" in words.numbers


PHRASES = ["à", "seven", "7", "sept", "I'm", "I", "am", "two", "thirty", "2:30", "le",
           "four", "4", "flight", "fight", "um", "centre", "center", ",", "twenty", "five",
           "25"]  # fmt: skip
texts = st.lists(st.sampled_from(PHRASES), max_size=8).map(" ".join)


@pytest.mark.parametrize("language", ["fr", "de"])
@settings(max_examples=150, deadline=None)
@given(reference=texts, hypothesis=texts)
def test_property_errors_only_go_down(language, reference, hypothesis):
    result = score(language, reference, hypothesis)
    assert result.counts.errors <= result.strict.errors
    assert result.counts.ref_len == result.strict.ref_len
    block = result.code_switch
    assert block["rescued_errors"] == result.strict.errors - result.counts.errors
    assert sum(r["errors"] for r in block["rescues"]) == block["rescued_errors"]
    per = block["per_language"]
    for key in ("errors", "ref_words", "hyp_len"):
        assert per[language][key] + per["en"][key] == result.counts.as_dict("wer")[key]
