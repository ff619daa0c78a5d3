"""Korean: numbers read only in a numeric context, surnames and
ordinary words left alone, fillers as whole words only, CER with word spaces kept.

The reference examples run through the CLI, one process for all of them; the rest call the
normalizer. The
number reader is checked against `kocer`, an independent digits -> Hangul reader: every
reading it gives for a generated number must read back to the same digits.
"""

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.config import load_bundle
from scoring.normalize.ko_numbers import digit_string, parse_sino
from tests.scoring import helpers
from tests.scoring.helpers import errors, normalized
from tests.support.services import needs_module

try:  # the test oracle (a test dependency); without it only the oracle tests skip
    from kocer import counters as kocer_counters
    from kocer import numbers as kocer_numbers
except ImportError:  # pragma: no cover
    kocer_counters = kocer_numbers = None
needs_kocer = needs_module("kocer", installed=kocer_numbers is not None)

ROOT = Path(__file__).resolve().parents[3]
RULES = load_bundle("ko").config.korean


# (intended text, STT transcript) that say the same thing: 0 errors through the CLI.
SEED_SAME = [
    ("삼월 이십오일", "3월 25일"),
    ("열두 시", "12시"),
    ("유월", "6월"),
    ("시월", "10월"),
    ("1만 2천 원", "12,000원"),
    ("만 이천 원", "12,000원"),
    ("1만 2천 원", "12000원"),
    ("공일공 일이삼사", "010 1234"),
    ("스무 살", "20살"),
    ("음 네 알겠습니다", "네 알겠습니다"),
    ("어 비밀번호를 잊었어요", "비밀번호를 잊었어요"),
]

# Words with number syllables the normalizer must leave exactly as they are.
SEED_UNCHANGED = [
    "천민수",
    "백지수",
    "만나서 반갑습니다",
    "인터넷",
    "네 개인정보",
    "음식",
    "다음",
    "영어",
]


# The seed's table: what the old converter did wrong (date, surname, hour).
BEFORE_AFTER = [("삼월 이십오일", "삼월 이십오일"), ("천민수", "1000민수"), ("열두 시", "10두 시")]
SPACED = ("비밀번호 변경", "비밀번호변경")
REAL_ERRORS = [("삼월 이십오일", "3월 26일"), ("스무 살", "21살")]


@pytest.fixture(scope="module")
def cli_scores() -> dict[tuple[str, str], dict]:
    """Every pair of the CLI tests below, through one process (a process costs a second)."""
    unchanged = [(text, text) for text in SEED_UNCHANGED]
    pairs = SEED_SAME + unchanged + BEFORE_AFTER + [SPACED] + REAL_ERRORS
    return helpers.cli_scores("ko", pairs)


@pytest.fixture(scope="module")
def seed_same_scores(cli_scores) -> list[dict]:
    return [cli_scores[pair] for pair in SEED_SAME]


@pytest.fixture(scope="module")
def seed_unchanged_scores(cli_scores) -> list[dict]:
    return [cli_scores[text, text] for text in SEED_UNCHANGED]


@pytest.mark.parametrize("case", range(len(SEED_SAME)), ids=[ref for ref, _ in SEED_SAME])
def test_seed_examples_score_zero_through_the_cli(seed_same_scores, case):
    out = seed_same_scores[case]
    assert out["metric"] == "cer"
    assert out["errors"] == 0, out
    assert out["cer"] == 0.0
    assert out["normalizer"]["name"] == "ko-norm"


@pytest.mark.parametrize(("case", "text"), list(enumerate(SEED_UNCHANGED)), ids=SEED_UNCHANGED)
def test_seed_words_are_unchanged_through_the_cli(seed_unchanged_scores, case, text):
    out = seed_unchanged_scores[case]
    assert out["reference_normalized"] == out["hypothesis_normalized"] == text


def test_seed_before_after_table_through_the_cli(cli_scores):
    """The seed's table: what the old converter did wrong, and what we give now."""
    date, name, hour = (cli_scores[pair] for pair in BEFORE_AFTER)
    assert date["reference_normalized"] == "3월 25일"
    assert name["errors"] > 0  # the surname is not a number
    assert hour["errors"] > 0


def test_korean_keeps_word_spaces_and_counts_them(cli_scores):
    """Korean CER counts the space between words (Japanese removes every space)."""
    out = cli_scores[SPACED]
    assert out["reference_normalized"] == "비밀번호 변경"
    assert out["errors"] == 1
    assert out["ref_chars"] == 7


def test_a_real_error_is_still_an_error(cli_scores):
    day, age = (cli_scores[pair] for pair in REAL_ERRORS)
    assert day["errors"] == 1
    assert age["errors"] == 1


# Our own cases in the same spirit: two ways to write the same speech normalize alike.
SAME_SPEECH = [
    ("만 원", "10,000원"),
    ("만원", "1만 원"),
    ("일만 이천 원", "12000원"),
    ("이만 오천 원이에요", "25,000원이에요"),
    ("일억 이천만 원", "1억 2천만 원"),
    ("120,000,000원", "1억 2천만 원"),
    ("오천 원짜리", "5000원짜리"),
    ("천 원", "1,000원"),
    ("이천이십사 년 삼월", "2024년 3월"),
    ("십이월 이십오일", "12월 25일"),
    ("십일월 삼일에", "11월 3일에"),
    ("유월 십일까지", "6월 10일까지"),
    ("시월에", "10월에"),
    ("삼월이십오일", "3월 25일"),
    ("열한 시", "11시"),
    ("열두시", "12시"),
    ("오후 세 시", "오후 3시"),
    ("세 시 삼십 분", "3:30"),
    ("열두 시 삼십 분에", "12:30에"),
    ("세 시", "3:00"),
    ("오 분 삼십 초", "5분 30초"),
    ("두 시간", "2시간"),
    ("스물한 살", "21살"),
    ("서른다섯 명", "35명"),
    ("서른 다섯 명", "35명"),
    ("이십 명", "20명"),
    ("천 명", "1000명"),
    ("한 개", "1개"),
    ("두 개를", "2개를"),
    ("세 개", "3개"),
    ("네 개", "4개"),
    ("네 개요", "4개요"),
    ("한 명만", "1명만"),
    ("세 번째", "3번째"),
    ("첫 번째", "1번째"),
    ("두 번", "2번"),
    ("열 개", "10개"),
    ("삼 층", "3층"),
    ("이십 분", "20분"),
    ("삼 일 동안", "3일 동안"),
    ("백 퍼센트", "100%"),
    ("오십 퍼센트", "50 퍼센트"),
    ("오 달러", "$5"),
    ("공일공 일이삼사 오육칠팔", "010-1234-5678"),
    ("공일공 일이삼사 오육칠팔", "01012345678"),
    ("공일공일이삼사오육칠팔", "010 1234 5678"),
    ("공이 삼사오 육칠팔구", "02-345-6789"),
    ("일이삼사 번", "1234번"),
    ("1만 2천", "12,000"),
    ("음 어 그러니까", "그러니까"),
    ("으음 네", "네"),
]


@pytest.mark.parametrize(("a", "b"), SAME_SPEECH)
def test_two_spellings_of_the_same_speech_normalize_alike(a, b):
    assert normalized("ko", a) == normalized("ko", b)
    assert errors("ko", a, b) == 0


# Surnames and ordinary words with number syllables: never changed.
UNCHANGED = [
    # those of the CLI table above
    "천민수", "백지수", "만나서", "인터넷", "음식", "다음", "영어",
    # the brief's list
    "이상", "사과", "일반", "구매", "오늘", "삼성", "육아", "십자가",
    # number + counter look-alikes (config never_numbers, kinds of counters)
    "이번", "이번에", "이분", "이분이", "구분", "사분", "십분", "사원", "구원", "일원",
    "이원", "사번", "사번을", "오일", "오일이", "사회", "육회", "구호", "오호", "만세",
    "만일", "천명", "세대", "세배", "열대", "두통", "이주", "일주", "사주", "이년",
    "일시", "오시면", "사명", "오명", "일명", "이명", "구명", "이달", "일개", "사살", "사장",
    "세일", "세월", "네일", "한일", "두부", "세상", "네가", "한국", "한자", "열정", "열쇠",
    "열차", "십이지장", "삼겹살", "육개장", "삼일절", "일회용", "천만에요",
    "백화점", "만약", "만년필", "일부", "일단", "일정", "이미", "이용", "이름", "이후",
    "사용", "사실", "사진", "오류", "오후", "오전", "구글", "공부", "공원", "공일", "영원",
    "영화", "칠판", "팔다", "구두", "이천에 살아요", "삼천포", "천사 같은 사람",
    # the demonstrative 이 before a counter word, and 네 'yes'
    "이 분", "이 분이 담당자예요", "이 일이 어려워요", "이 개", "이 시간에", "이 층",
    "네 개인정보", "네 알겠습니다",
    # numbers without a counter or a digit stay words, inside a sentence (a text that is
    # one number and nothing else is that number: test_korean_classes.py)
    "그냥 이십", "삼십 년대가 아니라", "만 이천 그리고",
    # a Sino number cannot take a native counter below 20, nor a native one a Sino counter
    "십사 장", "십일 장", "세 월", "한 원",
    # digit syllables that are not a digit string (too short, not in a run)
    "오일 교환", "이사 가요", "사이", "오이", "일이 많아요", "삼사 일",
]  # fmt: skip


@pytest.mark.parametrize("text", UNCHANGED)
def test_ordinary_words_and_surnames_are_never_changed(text):
    assert normalized("ko", text) == text


def test_fillers_go_only_as_whole_words():
    assert normalized("ko", "음 음식이 어 맛있어요") == "음식이 맛있어요"
    assert normalized("ko", "다음 영어 수업") == "다음 영어 수업"
    assert normalized("ko", "음, 어... 네") == "네"


def test_canonical_forms():
    """One written form per spoken number: digits, counter attached, digit runs joined."""
    assert normalized("ko", "만 이천 원이에요") == "12000원이에요"
    assert normalized("ko", "공일공 일이삼사") == "0101234"
    assert normalized("ko", "스무 살") == "20살"
    assert normalized("ko", "삼월 이십오일") == "3월 25일"
    assert normalized("ko", "3시30분") == "3시 30분"
    assert normalized("ko", "10%") == "10퍼센트"


def test_native_counter_after_han_du_se_ne_must_end_the_word():
    """After 한/두/세/네 the counter ends the word or takes a particle: 네 개를 = 4개를, but
    네 개인정보 (yes, personal data) and 한 개발자 stay."""
    assert normalized("ko", "네 개인정보를 확인해 주세요") == "네 개인정보를 확인해 주세요"
    assert normalized("ko", "네 개를 주세요") == "4개를 주세요"
    assert normalized("ko", "한 개씩") == "1개씩"
    assert normalized("ko", "세 시간이에요") == "3시간이에요"
    assert normalized("ko", "두 개월") == "2개월"
    assert normalized("ko", "한 개발자") == "한 개발자"


def test_the_config_tables_drive_the_rules():
    """The counter list and never-list are config, not code: a config without 살 leaves
    스무 살 alone, and one without 이번 in never_numbers reads it as 2번."""
    from scoring import build_normalizer, bundle_from_data

    data = json.loads((ROOT / "configs" / "ko.json").read_text(encoding="utf-8"))
    data["korean"]["counters"].pop("살")
    data["korean"]["never_numbers"].remove("이번")
    norm = build_normalizer(bundle_from_data({"config": data, "lexicons": {}}))
    assert norm("스무 살") == "스무 살"
    assert norm("이번에") == "2번에"


# kocer is an independent reader (digits -> Hangul). Counters where its native/Sino
# classification agrees with ours; 장, 분, 대 are classified differently there.
ORACLE_COUNTERS = ["원", "명", "개", "일", "년", "번", "층", "달러", "퍼센트", "초", "살",
                   "시간", "마리", "월", "시", "권", "잔", "주", "회", "호"]  # fmt: skip


@needs_kocer
def test_oracle_counters_agree_with_kocer():
    """Our kind of counter accepts every reading kocer gives before it (a counter kocer
    does not know takes both readings there)."""
    for counter in ORACLE_COUNTERS:
        ours = RULES.counters[counter]
        native, sino = counter in kocer_counters.NATIVE, counter in kocer_counters.SINO
        if native or not sino:
            assert ours in {"native", "both"}, counter
        if sino or not native:
            assert ours in {"sino", "both"}, counter


def _spaced(reading: str) -> str:
    """Korean spacing of a large number: a space after 만, 억 and 조."""
    for unit in "만억조":
        reading = reading.replace(unit, unit + " ")
    return " ".join(reading.split())


def _documented_exception(reading: str, counter: str, sep: str) -> bool:
    """A reading we leave alone on purpose: a word (이번, 사원, ...), 이 'this' + counter,
    a digit string with 일 attached (일공공공일 is the digits 10001, not 1000일), or a
    text that is one number with 일 as its last digit (십일 alone is 11, not 10일)."""
    if sep == "" and reading + counter in RULES.never_numbers:
        return True
    if sep == "" and parse_sino(reading + counter) is not None:
        return True
    if sep == "" and counter == "일" and digit_string(reading) is not None:
        return True
    return sep == " " and reading in RULES.ambiguous_alone


ORACLE_SETTINGS = settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@needs_kocer
@ORACLE_SETTINGS
@given(
    number=st.one_of(
        st.integers(1, 99), st.integers(100, 99_999), st.integers(100_000, 10**12 - 1)
    ),
    counter=st.sampled_from(ORACLE_COUNTERS),
    sep=st.sampled_from(["", " "]),
    spaced=st.booleans(),
)
def test_every_kocer_reading_reads_back_to_the_digits(number, counter, sep, spaced):
    """kocer's readings (Sino, native, irregular months, digit by digit) of a number before
    a counter all normalize to `<digits><counter>`, as the digits themselves do."""
    expected = f"{number}{counter}"
    assert normalized("ko", f"{number}{sep}{counter}") == expected
    assert normalized("ko", f"{number:,}{sep}{counter}") == expected
    for reading in kocer_numbers.options(str(number), counter):
        if reading == str(number) or _documented_exception(reading, counter, sep):
            continue
        text = (_spaced(reading) if spaced else reading) + sep + counter
        assert normalized("ko", text) == expected, text


@needs_kocer
@ORACLE_SETTINGS
@given(number=st.integers(1, 99), counter=st.sampled_from(["개", "명", "살", "시간", "마리"]))
def test_native_readings_read_back(number, counter):
    """kocer's native forms (세, 스무, 스물한; 셋, 스물) before a native counter."""
    for reading in kocer_numbers.native_forms(str(number)):
        for sep in ("", " "):
            text = reading + sep + counter
            if _documented_exception(reading, counter, sep):
                continue
            assert normalized("ko", text) == f"{number}{counter}", text


@needs_kocer
@ORACLE_SETTINGS
@given(
    groups=st.lists(
        st.text(alphabet="0123456789", min_size=3, max_size=4), min_size=2, max_size=3
    ).filter(lambda g: g[0].startswith("0") or len(g[0]) == 4),
    zero=st.sampled_from(["공", "영"]),
)
def test_spoken_digit_strings_read_back(groups, zero):
    """A phone number or code read digit by digit (kocer.digitwise) = its digits, however
    the groups are spaced or hyphenated."""
    spoken = " ".join(kocer_numbers.digitwise(group, zero=zero) for group in groups)
    expected = "".join(groups)
    assert normalized("ko", spoken) == expected
    assert normalized("ko", "-".join(groups)) == expected
    assert normalized("ko", " ".join(groups)) == expected


@ORACLE_SETTINGS
@given(number=st.integers(10_001, 10**8 - 1))
def test_numbers_next_to_a_digit_read_without_a_counter(number):
    """1만 2천: a digit next to the Hangul units makes it a number even with no counter."""
    man, rest = divmod(number, 10_000)
    if not man or not rest:
        return
    assert normalized("ko", f"{man}만 {rest}") == str(number)


# Realistic sentences built from words of ITSM calls, numbers and look-alikes.
SENTENCE_WORDS = [
    "안녕하세요", "저는", "천민수입니다", "백지수", "비밀번호를", "변경하고", "싶어요", "삼월",
    "이십오일에", "예약", "전화번호는", "공일공", "일이삼사", "오육칠팔", "입니다", "만", "이천",
    "원이", "결제되었어요", "열두", "시에", "회의가", "있어요", "음", "어", "네", "개인정보",
    "스무", "살", "인터넷이", "안", "돼요", "12,000원", "3월", "25일", "12시에", "세", "개",
    "이번에", "사번을", "이", "분이", "오일", "두", "시간", "만나서", "반갑습니다", "1만", "2천",
    "시월", "유월", "첫", "번째", "일", "년", "오", "분", "삼", "층", "%", "10", "3:30", "천",
]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(SENTENCE_WORDS), min_size=1, max_size=14))
def test_normalizing_twice_equals_once(words):
    once = normalized("ko", " ".join(words))
    assert normalized("ko", once) == once


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(SENTENCE_WORDS), min_size=1, max_size=14))
def test_a_text_scores_zero_against_its_normal_form(words):
    text = " ".join(words)
    scorer = helpers.scorer("ko")
    assert scorer.score(text, scorer.normalizer(text)).counts.errors == 0


# Korean letter names in a spelled code (codes.letter_names in ko.json).
LETTER_CODES = [
    ("에이 비 씨", "ABC"),
    ("에이 비 씨 일 이 삼", "ABC123"),
    ("에이 비 씨 일 이 삼", "A B C 1 2 3"),
    ("케이 티 일 이", "KT12"),
    ("에이치 제이 사 사", "HJ44"),
    ("제 아이디는 에이 비 씨 일 이 삼이에요", "제 아이디는 ABC123이에요"),
    ("코드는 엑스 와이 제트예요", "코드는 XYZ예요"),
    ("더블유 에스 공 칠", "WS07"),
]

# Letter names that are ordinary syllables and words: never changed.
LETTER_NAMES_UNCHANGED = [
    "비 와요", "비가 와요", "김 씨", "이 씨", "김 씨 아이", "이 씨 아이 이름이", "에이 그건 아니지",
    "에이 씨", "에이 씨 일 망했네", "알 수 없어요", "유 씨", "아이 이름", "티 나요", "피 검사",
    "지 금", "엔 화", "비 씨", "아이", "에이", "씨", "티비", "아이디", "비디오", "오디오",
]  # fmt: skip


@pytest.mark.parametrize(("a", "b"), LETTER_CODES)
def test_letter_names_in_a_code_match_the_written_code(a, b):
    assert normalized("ko", a) == normalized("ko", b)
    assert errors("ko", a, b) == 0


@pytest.mark.parametrize("text", LETTER_NAMES_UNCHANGED)
def test_ordinary_syllables_are_not_letter_names(text):
    assert normalized("ko", text) == text


def test_a_wrong_letter_in_a_korean_code_is_an_error():
    assert errors("ko", "에이 비 씨 일 이 삼", "ABD123") == 1


KO_CODE_WORDS = SENTENCE_WORDS + [
    "에이",
    "비",
    "씨",
    "케이",
    "아이",
    "씨예요",
    "일",
    "이",
    "공일공",
]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(KO_CODE_WORDS), min_size=1, max_size=14))
def test_normalizing_codes_twice_equals_once(words):
    once = normalized("ko", " ".join(words))
    assert normalized("ko", once) == once
