"""English names in katakana (ja) or Hangul (ko) against Latin script: the name
matcher, and the rescue of a language scored by characters."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import (
    ConfigError,
    PairInput,
    bundle_from_data,
    get_scorer,
    load_bundle,
    load_scorer,
    score_corpus,
)
from scoring.codeswitch.names import NameMatcher


@pytest.fixture(scope="module")
def kana():
    return NameMatcher("kana")


@pytest.fixture(scope="module")
def hangul():
    return NameMatcher("hangul")


@pytest.mark.parametrize(
    "native, latin, key",
    [
        ("セールスフォース", "salesforce", "SLSPS"),  # a silent r: force = フォース
        ("ハブスポット", "hubspot", "HPSPT"),
        ("アウトルック", "outlook", "TLK"),
        ("スラック", "slack", "SLK"),  # the u of ス breaks up the cluster sl
        ("ドロップボックス", "dropbox", "TLPPKS"),
        ("データドッグ", "datadog", "TTTK"),
        ("ネットフリックス", "netflix", "NTPLKS"),
        ("チームズ", "teams", "TMS"),  # チ is C or T
        ("エクセル", "excel", "KSL"),
        ("マイクロソフト", "microsoft", "MKLSPT"),
        ("ブッキング", "booking", "PKNK"),
    ],
)
def test_katakana_names_match(kana, native, latin, key):
    assert kana.matched_key(native, latin) == key


@pytest.mark.parametrize(
    "native, latin, key",
    [
        ("아웃룩", "outlook", "TLK"),  # a final ㅅ is t
        ("세일즈포스", "salesforce", "SLSPS"),
        ("허브스팟", "hubspot", "HPSPT"),
        ("슬랙", "slack", "SLK"),  # a final and an initial of one class count once
        ("드롭박스", "dropbox", "TLPKS"),  # and so may p and b side by side
        ("링크드인", "linkedin", "LNKTN"),  # a final ㅇ is ng
        ("구글", "google", "KKL"),
        ("넷플릭스", "netflix", "NTPLKS"),
        ("부킹", "booking", "PKNK"),
    ],
)
def test_hangul_names_match(hangul, native, latin, key):
    assert hangul.matched_key(native, latin) == key


@pytest.mark.parametrize(
    "script, native, latin",
    [
        ("hangul", "줌", "zoom"),  # two consonants: too short, stays an error
        ("kana", "ズーム", "zoom"),
        ("hangul", "설계", "slack"),  # same consonants, but 설 is not how a is written
        ("kana", "アウトレット", "outlook"),
        ("kana", "ドロップ", "dropbox"),  # another word
        ("kana", "セールスフォース", "salesforces"),
        ("kana", "すらっく", "slack"),  # hiragana is not a katakana word
        ("hangul", "slack", "slack"),
        ("kana", "スラック", "Slack"),  # the Latin side is a normalized, lower-case token
    ],
)
def test_must_not_match(kana, hangul, script, native, latin):
    matcher = kana if script == "kana" else hangul
    assert not matcher.match(native, latin)


def test_the_stoplist(hangul):
    assert not NameMatcher("hangul", stoplist=["아웃룩"]).match("아웃룩", "outlook")
    assert hangul.match("아웃룩", "outlook")


@pytest.mark.parametrize("language", ["ja", "ko"])
def test_the_shipped_configs_turn_it_on(language):
    config = load_bundle(language).config
    assert config.code_switch_languages == ["en"] and config.code_switch_phonetic


def score(language: str, reference: str, hypothesis: str):
    return load_scorer(language).score(reference, hypothesis)


@pytest.mark.parametrize(
    "language, reference, hypothesis, strict",
    [
        ("ja", "HubSpotにログインできません", "ハブスポットにログインできません", 7),
        ("ja", "ハブスポットにログインできません", "HubSpotにログインできません", 7),
        ("ja", "Netflixを見ています", "ネットフリックスを見ています", 8),
        ("ko", "Outlook 계정이 잠겼어요", "아웃룩 계정이 잠겼어요", 7),
        ("ko", "Outlook에서 메일이 안 와요", "아웃룩에서 메일이 안 와요", 7),  # a particle follows
        ("ko", "허브스팟 로그인", "HubSpot 로그인", 7),
        ("ko", "Salesforce 계정", "세일즈포스 계정", 10),
    ],
)
def test_must_match(language, reference, hypothesis, strict):
    result = score(language, reference, hypothesis)
    assert (result.strict.errors, result.counts.errors) == (strict, 0)
    (rescue,) = result.code_switch["rescues"]
    assert rescue["rule"] == "phonetic" and rescue["errors"] == strict


@pytest.mark.parametrize(
    "language, reference, hypothesis",
    [
        ("ko", "Zoom 회의", "줌 회의"),  # too short
        ("ko", "Slack 채널", "설계 채널"),  # a real error
        ("ja", "Booking.comで予約", "ブッキングドットコムで予約"),  # two words
        ("ja", "Netflixを見ています", "ネットフリックスが見ています"),  # the particle is wrong too
        ("ja", "Slackで", "すらっくで"),
        ("ja", "Dropboxに保存", "ドロップに保存"),
        ("ko", "Outlook 계정", "아웃렛 계정"),
    ],
)
def test_must_not_be_rescued(language, reference, hypothesis):
    result = score(language, reference, hypothesis)
    assert result.strict.errors > 0
    assert result.counts.errors == result.strict.errors
    assert result.code_switch["rescues"] == []


def test_characters_are_counted_per_language():
    out = score("ko", "허브스팟 로그인", "HubSpot 로그인").as_dict()
    assert out["metric"] == "cer" and out["cer"] == 0.0
    assert out["strict_cer"] == pytest.approx(7 / 8)
    block = out["code_switch"]
    assert set(block) == {
        "languages", "english_chars", "rescued_errors", "code_switch_char_rate",
        "code_switch_rescue_rate", "cer_ko", "cer_en", "per_language", "rescues",
    }  # fmt: skip
    # The four Hangul characters of the rescued name are English; the space and 로그인 not.
    assert block["english_chars"] == 4
    assert block["per_language"]["en"]["ref_chars"] == 4
    assert block["per_language"]["ko"]["ref_chars"] == 4
    assert block["code_switch_char_rate"] == 0.5
    (rescue,) = block["rescues"]
    assert rescue["reference_span"] == [0, 4] and rescue["hypothesis_span"] == [0, 7]
    assert rescue["phonetic"] == [
        {"reference": "허브스팟", "hypothesis": "hubspot", "key": "HPSPT"}
    ]


def test_an_unrescued_latin_word_counts_against_english():
    block = score("ko", "Zoom 회의", "줌 회의").code_switch
    assert block["per_language"]["en"]["ref_chars"] == 4
    assert block["per_language"]["en"]["errors"] == 4  # 1 substitution, 3 deletions
    assert block["per_language"]["ko"]["errors"] == 0
    assert block["cer_en"] == 1.0


def test_corpus_totals_are_in_characters():
    pairs = [
        PairInput("1", "Outlook 계정", "아웃룩 계정"),
        PairInput("2", "Zoom 회의", "줌 회의"),
    ]
    block = score_corpus(load_scorer("ko"), pairs).as_dict()["code_switch"]
    assert block["english_chars"] == 11 and block["rescued_errors"] == 7 and block["rescues"] == 1
    assert block["cer_en"] == pytest.approx(4 / 11)
    assert block["per_language"]["en"]["ref_chars"] == 11


def test_a_char_language_needs_the_matcher():
    data = load_bundle("ko").data
    config = {**data["config"], "code_switch_phonetic": False}
    with pytest.raises(ConfigError, match="code_switch_phonetic"):
        get_scorer(bundle_from_data({"config": config, "lexicons": {}}), {"en": load_bundle("en")})


WORDS = ["Outlook", "아웃룩", "계정", "Zoom", "줌", " ", "에서", "HubSpot", "허브스팟", "7", "설계"]
texts = st.lists(st.sampled_from(WORDS), max_size=6).map("".join)


@settings(max_examples=200, deadline=None)
@given(texts, texts)
def test_property_errors_only_go_down(reference, hypothesis):
    result = score("ko", reference, hypothesis)
    assert result.counts.errors <= result.strict.errors
    assert result.counts.ref_len == result.strict.ref_len
    block = result.code_switch
    assert sum(r["errors"] for r in block["rescues"]) == block["rescued_errors"]
    per = block["per_language"]
    for key in ("errors", "ref_chars", "hyp_len"):
        assert per["ko"][key] + per["en"][key] == result.counts.as_dict("cer")[key]
