"""Korean numbers in wider contexts: decimals, fractions, signs, units, money, times, dates,
phone numbers and a text that is one number; and the spacing-folded profile.

Two spellings of the same speech normalize alike; one digit changed is still an error; the
words that merely hold a number syllable stay words. Our own sentences throughout.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import build_normalizer, bundle_from_data, load_scorer
from scoring.config import load_bundle
from scoring.normalize.ko_numbers import digit_string, parse_native, parse_sino
from tests.scoring import helpers
from tests.scoring.helpers import count_calls, errors, normalized
from tests.support.services import needs_module

try:  # the test oracle (a test dependency): Korean number words for a number
    from num2words import num2words
except ImportError:  # pragma: no cover
    num2words = None
needs_num2words = needs_module("num2words", installed=num2words is not None)

ROOT = Path(__file__).resolve().parents[3]


def ko_config() -> dict:
    return json.loads((ROOT / "configs" / "ko.json").read_text(encoding="utf-8"))


def normalizer_without(*path: str):
    """ko.json with one `korean` field removed (its default: off)."""
    data = ko_config()
    data["korean"].pop(path[-1])
    return build_normalizer(bundle_from_data({"config": data, "lexicons": {}}))


# (spoken, written) pairs of one class each: 0 errors, the same normal form.
SAME_SPEECH = {
    "decimal": [
        ("일점삼 미터", "1.3미터"),
        ("영점오", "0.5"),
        ("영 점 영 칠", "0.07"),
        ("이십사 점 오 도", "24.5도"),
        ("환율은 천삼백칠십 점 오 원이에요", "환율은 1,370.5원이에요"),
        ("일점오억 원", "1.5억 원"),
        ("삼점이억", "320000000"),
        (".5", "0.5"),
    ],
    "negative": [
        ("마이너스 오", "-5"),
        ("마이너스 삼 점 오", "-3.5"),
        ("영하 칠 도", "-7도"),
        ("영하 십이 도까지 떨어져요", "-12도까지 떨어져요"),
        ("기온이 영하 이 점 오 도예요", "기온이 −2.5도예요"),
        ("마이너스 천 원", "-1,000원"),
        ("마이너스 오 달러", "-$5"),
    ],
    "fraction": [
        ("삼분의 일", "1/3"),
        ("팔분의삼", "3/8"),
        ("오분의 이", "5분의2"),
        ("백분의 칠", "7/100"),
        ("이과 삼분의 일", "2 1/3"),
        ("삼과 사분의 삼", "3과3/4"),
        ("마이너스 오분의 일", "-1/5"),
        ("피자의 팔분의 삼이 남았어요", "피자의 3/8이 남았어요"),
        ("이분의 일 리터", "1/2L"),
        ("루트 삼", "√3"),
        ("사분의 루트 이", "√2/4"),
    ],
    "measure": [
        ("오 킬로미터", "5 km"),
        ("삼 킬로그램", "3kg"),
        ("이백 그램", "200 g"),
        ("칠십 센티미터", "70cm"),
        ("이 점 오 리터", "2.5 L"),
        ("육십 제곱미터", "60 m²"),
        ("이십 평", "20평"),
        ("팔십 킬로미터 퍼 시간", "80 km/h"),
        ("구십 킬로미터퍼시간", "90km/h"),
        ("오백 밀리리터짜리", "500ml짜리"),
        ("이십 프로", "20%"),
        ("칠십 퍼센트", "70 %"),
        ("삼십육 도", "36°"),
        ("영하 오 도", "-5℃"),
        ("이십 도", "20°C"),
        ("삼천 밀리암페어시", "3000mAh"),
        ("백 킬로와트시", "100 kWh"),
        ("백십 볼트", "110V"),
        ("삼십이 기가", "32GB"),
        ("이 분의 일 킬로그램", "1/2 kg"),
    ],
    "money": [
        ("오만 원", "₩50,000"),
        ("오만 원", "KRW 50000"),
        ("삼천 원이요", "3,000원이요"),
        ("이십억 원", "₩20억"),
        ("삼조 원", "₩3조"),
        ("십 달러", "$10"),
        ("십 달러", "$ 10"),
        ("칠 달러", "USD 7"),
        ("칠 달러", "7 USD"),
        ("오십 유로", "€50"),
        ("이십 파운드", "£20"),
        ("천 엔", "¥1,000"),
        ("백 뉴질랜드 달러", "NZD 100"),
        ("삼십 홍콩 달러", "HK$30"),
        ("오천 위안", "CNY 5,000"),
        ("영 달러", "$0"),
    ],
    "time": [
        ("세 시 반", "3:30"),
        ("네시 반에", "4:30에"),
        ("다섯시반", "5:30"),
        ("오후 두 시 십오 분", "오후 2:15"),
        ("오후 두시 십오분", "오후2시15분"),
        ("오전 아홉 시", "오전 9:00"),
        ("새벽 세시 오분", "새벽3시5분"),
        ("한 시 이 분", "1:02"),
        ("세 시 이십 분 사십 초", "3:20:40"),
        ("열 시 오 초", "10:00:05"),
        ("십육 시 삼십 분", "16:30"),
        ("이십삼 시", "23:00"),
        ("영 시 삼십 분", "0:30"),
        ("저녁 일곱시", "저녁7시"),
        ("정오에 만나요", "12시에 만나요"),
        ("자정까지", "0:00까지"),
    ],
    "date": [
        ("이천이십오년 삼월 일일", "2025년3월1일"),
        ("이천이십오년 삼월 일일", "2025/03/01"),
        ("이천이십오년 삼월 일일", "2025-3-1"),
        ("이천이십오년 삼월 일일", "2025.03.01"),
        ("천구백팔십칠년 유월 십일", "1987년 6월 10일"),
        ("칠월 오일", "7월 5일"),
        ("구월 이일", "9월 2일"),
        ("사월 십일 금요일", "4월 10일(금)"),
        ("십오일 토요일", "15일토요일"),
        ("기원전 오백년", "기원전500년"),
    ],
    "phone": [
        ("공일공에 일이삼사에 오육칠팔", "010-1234-5678"),
        ("공일공에일이삼사에오육칠팔", "010 1234 5678"),
        ("공이에 삼사오에 육칠팔구", "02-345-6789"),
        ("일오팔팔에 일이삼사", "1588-1234"),
        ("일이삼사 오육칠팔 구공일이 삼사오육", "1234-5678-9012-3456"),  # a card number
        ("국가번호 팔이 일공 일이삼사 오육칠팔", "+82 10-1234-5678"),
        ("국가번호 일 이일이 오오오 일이삼사", "+1 212-555-1234"),
        ("국가번호 사사 이공칠 구사육 공공공공", "+44 (207) 946-0000"),
    ],
    "whole text": [
        ("영", "0"),
        ("팔", "8"),
        ("십", "10"),
        ("백오", "105"),
        ("천사", "1004"),
        ("삼만 사천", "34,000"),
        ("구억 구천만", "990000000"),
        ("이경 삼조", "20003000000000000"),
        ("마이너스 이십", "-20"),
    ],
}


@pytest.mark.parametrize(
    ("spoken", "written"),
    [pair for pairs in SAME_SPEECH.values() for pair in pairs],
)
def test_two_spellings_of_the_same_speech_normalize_alike(spoken, written):
    assert normalized("ko", spoken) == normalized("ko", written)
    assert errors("ko", spoken, written) == 0


# One digit (or the class) changed: a real error that must still count.
KEPT_APART = [
    ("일점삼", "1.4"),
    ("영점오", "0.05"),
    ("마이너스 오", "5"),
    ("영하 칠 도", "7도"),
    ("삼분의 일", "1/4"),
    ("삼분의 일", "3/1"),
    ("이과 삼분의 일", "21/3"),
    ("오 킬로미터", "5 m"),
    ("오 킬로미터", "6 km"),
    ("이십 프로", "20도"),
    ("오만 원", "₩5,000"),
    ("십 달러", "10 유로"),
    ("세 시 반", "3:40"),
    ("세 시 이십 분 사십 초", "3:20:41"),
    ("오후 두 시", "오전 2:00"),
    ("이천이십오년 삼월 일일", "2025/03/02"),
    ("공일공에 일이삼사에 오육칠팔", "010-1234-5679"),
    ("국가번호 팔이 일공 일이삼사 오육칠팔", "+81 10-1234-5678"),
    ("백오", "150"),
]


@pytest.mark.parametrize(("spoken", "written"), KEPT_APART)
def test_a_changed_digit_is_still_an_error(spoken, written):
    assert errors("ko", spoken, written) >= 1


# Words and phrases that hold a number syllable or a class word but are no number here.
UNCHANGED = [
    "이점이 있어요",  # an advantage
    "이점이에요",
    "만점이에요",  # full marks
    "오점을 남겼어요",  # a blemish
    "이 점 이해해 주세요",  # this point
    "이 점 오해 없으시길",
    "이 분의 일정이에요",  # this person's schedule
    "이분의 일이에요",  # this person's work
    "이에 사오",  # too short for a phone number
    "마이너스 통장",
    "영하로 떨어졌어요",
    "일과를 마치고",  # the day's work
    "밤이 늦었어요",
    "오후에 봐요",
    "아침일찍",
    "킬로미터를 달렸어요",
    "반 친구",
    "시 반",
    "만일",  # 'if', even as a whole text
    "영원",  # eternity
    "일원",  # a member
    "일도 안 했어요",  # 도 counts only apart from a Hangul number
    "팔도 여행",
    "국가번호가 뭐예요",
    "퍼 주세요",
    "천민수",
    "백지수",
    "만나서 반갑습니다",
    "인터넷",
]


@pytest.mark.parametrize("text", UNCHANGED)
def test_words_that_hold_a_number_stay_words(text):
    assert normalized("ko", text) == text


CANONICAL = [
    ("마이너스 일 점 오 킬로그램", "-1.5kg"),
    ("사분의 삼", "3/4"),
    ("일과 이분의 일", "1 1/2"),
    ("오 킬로미터", "5km"),
    ("백 킬로미터 퍼 시간", "100km/h"),
    ("백 제곱미터", "100m2"),
    ("오십 프로", "50퍼센트"),
    ("₩30조", "30000000000000원"),
    ("십만 뉴질랜드 달러", "100000뉴질랜드달러"),
    ("오후3:30", "오후 3시 30분"),
    ("2:30:05", "2시 30분 5초"),
    ("2024/01/30", "2024년 1월 30일"),
    ("28일수요일", "28일 수요일"),
    ("공일공에일이삼사에오육칠팔", "01012345678"),
    ("+82 10-1234-5678", "+821012345678"),
    ("국가번호 팔이", "국가번호 82"),
    ("영", "0"),
    ("백오", "105"),
    ("십일", "11"),  # alone: eleven, not the 10th
]


@pytest.mark.parametrize(("text", "expected"), CANONICAL)
def test_one_written_form_per_class(text, expected):
    """configs/README.md: the Korean table of written forms."""
    assert normalized("ko", text) == expected


def test_a_whole_number_needs_the_whole_text():
    """Inside a sentence a number still needs a counter or a digit."""
    assert normalized("ko", "백오") == "105"
    assert normalized("ko", "백오 주세요") == "백오 주세요"
    assert normalized("ko", "천사 같은 사람") == "천사 같은 사람"


def test_a_date_or_time_series_reads_what_is_otherwise_a_word():
    """오일 'oil' and 이분 'this person' are numbers right after a month or an hour."""
    assert normalized("ko", "오일") == "오일"
    assert normalized("ko", "구월 오일") == "9월 5일"
    assert normalized("ko", "이분이 오셨어요") == "이분이 오셨어요"
    assert normalized("ko", "네시 이분") == "4시 2분"
    assert normalized("ko", "네 시 이 분") == "4시 2분"


@pytest.mark.parametrize(
    ("field", "spoken", "written"),
    [
        ("decimal_point", "일점삼", "1.3"),
        ("fractions", "사분의 삼", "3/4"),
        ("negative_words", "마이너스 오", "-5"),
        ("whole_text_numbers", "백오", "105"),
        ("half_hour", "세 시 반", "3:30"),
        ("phones", "공일공에일이삼사에오육칠팔", "010-1234-5678"),
        ("written_dates", "이천이십오년 삼월 일일", "2025/03/01"),
        ("units", "오 킬로미터", "5 km"),
        ("currencies", "오만 원", "KRW 50000"),
        ("series", "구월 오일", "9월 5일"),
        ("named_times", "정오에", "열두 시에"),
    ],
)
def test_each_rule_is_a_config_field_that_can_be_turned_off(field, spoken, written):
    without = normalizer_without("korean", field)
    assert without(spoken) != without(written)
    assert normalized("ko", spoken) == normalized("ko", written)


def test_the_new_steps_show_in_the_trace():
    names = load_scorer("ko").normalizer.step_names
    for step in ("ko_written", "ko_units", "ko_phrases", "ko_numbers", "ko_measures"):
        assert step in names


# num2words reads a number in Korean (spaces after 만, 억, 조; 마이너스; 일 점 이 오):
# our reader must read each of its readings back to the number.
ORACLE = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@needs_num2words
@ORACLE
@given(number=st.one_of(st.integers(0, 10_000), st.integers(0, 10**16 - 1)))
def test_num2words_whole_numbers_read_back(number):
    spoken = num2words(number, lang="ko")
    if spoken.endswith(" 일"):
        # a lone 일 after 만, 억 or 조 is the counter: 십만 일 = 100000일 (100,000 days)
        assert normalized("ko", spoken) == f"{number - 1}일"
        return
    assert normalized("ko", spoken) == str(number)


@needs_num2words
@ORACLE
@given(number=st.integers(-(10**9), -1))
def test_num2words_negative_numbers_read_back(number):
    assert normalized("ko", num2words(number, lang="ko")) == str(number)


@needs_num2words
@ORACLE
@given(
    whole=st.integers(0, 99_999),
    fraction=st.text(alphabet="0123456789", min_size=1, max_size=4).filter(
        lambda d: not d.endswith("0")
    ),
)
def test_num2words_decimals_read_back(whole, fraction):
    value = f"{whole}.{fraction}"
    spoken = num2words(Decimal(value), lang="ko")
    if spoken.endswith(" 점 이"):
        return  # a lone 이 after the point is read only before a unit (이점이 'advantage')
    assert normalized("ko", spoken) == value
    assert normalized("ko", spoken + " 킬로그램") == value + "kg"


@needs_num2words
@ORACLE
@given(number=st.integers(1, 10**8), unit=st.sampled_from(["원", "달러", "킬로미터", "미터"]))
def test_num2words_amounts_before_a_unit_read_back(number, unit):
    if number == 2:
        return  # 이 alone before a spaced counter is 'this' (ambiguous_alone): 이 원
    expected = {"킬로미터": "km", "미터": "m"}.get(unit, unit)
    assert normalized("ko", f"{num2words(number, lang='ko')} {unit}") == f"{number}{expected}"


CLASS_WORDS = [
    "마이너스", "영하", "일", "이", "삼", "오", "십", "백", "만", "점", "분의", "사분의", "이분의",
    "일과", "루트", "킬로미터", "퍼", "시간", "도", "원", "달러", "뉴질랜드", "시", "반", "분",
    "초",
    "오전", "오후", "월", "일요일", "국가번호", "공일공에일이삼사에오육칠팔", "1.5", "-3", "3/4",
    "2:30:05", "2024/01/30", "+82", "010-1234-5678", "₩5,000", "KRW", "5", "km", "km/h", "%",
    "이점이", "만점", "일점삼", "28일수요일", "오전10시", "세시반", "(금)", "√2", "사과", "천민수",
]  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(CLASS_WORDS), min_size=1, max_size=12))
def test_normalizing_twice_equals_once(words):
    once = normalized("ko", " ".join(words))
    assert normalized("ko", once) == once


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(CLASS_WORDS), min_size=1, max_size=12))
def test_a_text_scores_zero_against_its_normal_form(words):
    text = " ".join(words)
    scorer = helpers.scorer("ko")
    assert scorer.score(text, scorer.normalizer(text)).counts.errors == 0


# -- linear time: count the work, never time it ----------------------------------------

# Texts that used to cost more than linear time: a long run of number words with no
# counter (every span of it was tried), long digit runs joined word by word, one long word.
GROWTH_TEXTS = ["오 십 ", "일 이 ", "공일공 ", "마이너스 일 점 오 ", "이분의 일 ", "세 시 반 ",
                "삼월 이십오일 ", "오천 원이에요 ", "사과 ", "일이삼사", "1.5km "]  # fmt: skip


def _calls(text: str) -> int:
    """Python function calls made while a fresh normalizer reads `text`, every cache empty
    (a count of work that does not depend on the machine)."""
    for cached in (parse_sino, parse_native, digit_string):
        cached.cache_clear()
    return count_calls(build_normalizer(load_bundle("ko")), text)


@pytest.mark.parametrize("unit", GROWTH_TEXTS)
def test_normalizing_is_linear_in_the_text_length(unit):
    """20,000 characters cost at most about ten times 2,000 (the issue allows 12x)."""
    small, large = ((unit * (size // len(unit) + 1))[:size] for size in (2_000, 20_000))
    assert _calls(large) <= 12 * _calls(small)


# -- the spacing-folded profile ----------------------------------------------------------


def test_strict_and_folded_side_by_side_in_the_cli_json():
    out = helpers.cli_score("ko", "비밀번호 변경 오전10시30분", "비밀번호변경 오전 열시 삼십분")
    assert out["profile"] == "strict"
    assert (out["strict"]["errors"], out["strict"]["ref_chars"]) == (1, 18)
    assert (out["folded"]["errors"], out["folded"]["ref_chars"]) == (0, 14)
    assert out["errors"] == out["strict"]["errors"]  # the default stays strict
    assert out["folded"]["reference_normalized"] == "비밀번호변경오전10시30분"


def test_the_report_lines_name_both_profiles():
    lines = helpers.run_cli("score", "--lang", "ko", "--ref", "서울 역", "--hyp", "서울역")
    assert "profile=strict" in lines and "profile=folded" in lines


def test_folded_forgives_spacing_and_nothing_else():
    scorer = load_scorer("ko")
    result = scorer.score("인터넷이 안 돼요", "인터넷이안돼요")
    assert result.counts.errors == 2 and result.profiles["folded"].counts.errors == 0
    result = scorer.score("인터넷이 안 돼요", "인터넷이 안 되요")
    assert result.profiles["folded"].counts.errors == 1


def test_the_code_switch_view_is_kept_with_profiles():
    """The default (strict) profile's code-switch block is the pair's, as before."""
    result = load_scorer("ko").score("Outlook 계정이 잠겼어요", "아웃룩 계정이 잠겼어요")
    assert (result.strict.errors, result.counts.errors) == (7, 0)
    assert result.code_switch["rescues"][0]["rule"] == "phonetic"
    out = result.as_dict(alignment=False)
    assert out["strict_cer"] > 0 and out["code_switch"]["rescued_errors"] == 7
    assert out["strict"]["profile"] == "strict" and out["folded"]["errors"] == 0
