"""Japanese numbers by class: kanji numerals read positionally and digit by digit, negative
numbers, 点 decimals, 分の fractions, 第 ordinals, ranges, dates with weekdays, times, money
and units. Two spellings of the same speech normalize alike; a changed digit still counts;
ordinary words with a numeral in them stay words.

The canonical form of each class is listed in configs/README.md ("Japanese numbers").
"""

import json
import re
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from num2words import num2words

from scoring import build_normalizer, bundle_from_data
from scoring.config.japanese import JapaneseRules
from scoring.normalize import STEP_ORDER
from tests.scoring.helpers import errors, normalized

ROOT = Path(__file__).resolve().parents[3]
README = (ROOT / "configs" / "README.md").read_text(encoding="utf-8")

# (spoken, written): the same speech, 0 errors.
SAME = {
    "cardinal": [
        ("百", "100"),
        ("二千十九", "2019"),
        ("三十二兆五", "32,000,000,000,005"),
        ("一億二千万", "120000000"),
        ("千二百", "1,200"),
        ("一千二百", "1200"),
        ("祖父から三万もらった", "祖父から30,000もらった"),
        ("売上は七千億だった", "売上は700000000000だった"),
        ("会費に二万払いました", "会費に20000払いました"),
        ("一九八五年", "1985年"),
        ("零", "0"),
        ("答えは九", "答えは9"),
        ("二千二十五NBAファイナル", "2025NBAファイナル"),
        ("一万五千円", "1.5万円"),
        ("二億五千万人", "2.5億人"),
        ("千五百円", "1，500円"),
        ("一人で", "1人で"),
        ("二チームが", "2チームが"),
        ("ステップ一", "ステップ1"),
    ],
    "negative": [
        ("マイナス三点零零八", "-3.008"),
        ("気温はマイナス五度", "気温は-5度"),
        ("マイナス十二", "−12"),
        ("マイナス四十", "－40"),
        ("結果はマイナス二百", "結果は-200"),
    ],
    "decimal": [
        ("三点一四", "3.14"),
        ("零点五", ".5"),
        ("〇点二五", "0.25"),
        ("百二十点七", "120.7"),
        ("身長は百七十二点三センチです", "身長は172.3cmです"),
        ("二点五倍", "2.5倍"),
    ],
    "fraction": [
        ("四分の三", "3/4"),
        ("二と五分の三", "2 3/5"),
        ("三と四分の一", "3と1/4"),
        ("十分の一", "1/10"),
        ("約十分の一に減った", "約1/10に減った"),
        ("マイナス八分の三", "-3/8"),
        ("三分の二以上", "2/3以上"),
        ("二分のルート三", "√3/2"),
    ],
    "ordinal": [
        ("第一", "第1"),
        ("第二十三回", "第23回"),
        ("第五万", "第50000"),
        ("百二番目", "102番目"),
        ("十八番目", "18番目"),
    ],
    "range": [
        ("三から五日", "3〜5日"),
        ("四月から六月", "4月～6月"),
        ("十時から", "10時〜"),
        ("平成元年から三年", "平成元年〜3年"),
        ("六十年代前半から八十年代", "60年代前半~80年代"),
        ("令和三から五年", "令和3〜5年"),
    ],
    "date": [
        ("五月三日金曜日", "5月3日(金)"),
        ("二千二十五年四月一日", "2025/04/01"),
        ("二千二十五年四月一日", "2025-4-1"),
        ("七日月曜日から九日水曜日", "7日（月）〜9日（水）"),
        ("三日火曜日から金曜日", "3日(火〜金)"),
        ("二十一世紀", "21世紀"),
        ("紀元前四世紀", "紀元前4世紀"),
        ("二十代の頃", "20代の頃"),
        ("二千二十五年一月五日", "2025年01月05日"),
    ],
    "time": [
        ("八時十分", "8:10"),
        ("十九時", "19:00"),
        ("二時半", "2:30"),
        ("二時半", "2時30分"),
        ("午後三時十五分", "3:15 PM"),
        ("午前九時", "AM9:00"),
        ("六時五分三十秒", "6:05:30"),
        ("正午十分前", "正午10分前"),
        ("九時五分", "09時05分"),
        ("一時間十分", "1時間10分"),
        ("十五分から", "15分〜"),
    ],
    "money": [
        ("五ドル", "$5"),
        ("三百円", "¥300"),
        ("三百円", "￥300"),
        ("二十ユーロ", "€20"),
        ("千五百円", "1,500円"),
        ("五百万ドル", "$500万"),
        ("十ドル五十セント", "$10.50"),
        ("三ユーロ五セント", "€3.05"),
        ("五十セント", "$0.50"),
    ],
    "measure": [
        ("五キロメートル", "5km"),
        ("二点五センチ", "2.5cm"),
        ("三十度", "30℃"),
        ("十キログラム", "10 kg"),
        ("百平方メートル", "100m²"),
        ("時速六十キロメートル毎時", "時速60km/h"),
        ("三十パーセント", "30%"),
    ],
}


@pytest.mark.parametrize(
    ("spoken", "written"),
    [pair for pairs in SAME.values() for pair in pairs],
)
def test_spoken_and_written_forms_normalize_alike(spoken, written):
    assert normalized("ja", spoken) == normalized("ja", written)
    assert errors("ja", written, spoken) == 0


# The canonical form of each class, as configs/README.md lists it.
CANONICAL = [
    ("十一万", "110000"),
    ("マイナス七点零零六", "-7.006"),
    ("四分の三", "3/4"),
    ("一と四分の三", "1と3/4"),
    ("第七", "第7"),
    ("5〜9日", "5から9日"),
    ("3月1日(水)", "3月1日水曜日"),
    ("2024/01/30", "2024年1月30日"),
    ("9:05", "9時5分"),
    ("21:00", "21時"),
    ("二時半", "2時30分"),
    ("3:30 p.m.", "午後3時30分"),
    ("$5", "5ドル"),
    ("$10.50", "10ドル50セント"),
    ("5キロメートル", "5km"),
    ("30℃", "30度"),
]


@pytest.mark.parametrize(("text", "expected"), CANONICAL)
def test_each_class_has_one_written_form(text, expected):
    assert normalized("ja", text) == expected


# A real difference still counts: the same class, one digit or word changed.
APART = [
    ("三点一四", "3.15"),
    ("四分の三", "3/5"),
    ("一と四分の三", "13/4"),
    ("マイナス五", "5"),
    ("第一", "第2"),
    ("三月一日水曜日", "3月1日(木)"),
    ("八時十分", "8:11"),
    ("二時半", "2:40"),
    ("午前三時", "3:00 PM"),
    ("五ドル", "$6"),
    ("五ドル", "5ユーロ"),
    ("十ドル五十セント", "$10.60"),
    ("五キロメートル", "5m"),
    ("三から五日", "3〜6日"),
    ("十分です", "10分です"),
    ("百", "1000"),
    ("二千十九", "2091"),
    ("お寺に一万寄付した", "お寺に1000寄付した"),
]


@pytest.mark.parametrize(("spoken", "written"), APART)
def test_a_real_difference_still_counts(spoken, written):
    assert errors("ja", written, spoken) >= 1


# Ordinary words with a numeral in them. Reading is safe only where the numeral is a
# number: before a counter, after a prefix (第, マイナス, 午前), before a range word and
# a number, with a digit next to it, or standing as a word of its own; a multiple of
# 万/億/兆 is a number anywhere. A lone digit glued to a kanji, a numeral before a kanji
# that is no counter, a vague amount and the listed exceptions stay.
STAY = [
    "一緒", "統一", "唯一", "同一", "万一", "万が一", "十分です", "十分に", "十分間に合う",
    "一応", "一般", "一生懸命", "一気に", "八百屋", "五十嵐さん", "三十路", "七夕", "九州",
    "四国", "千葉", "千代田区", "八千代", "百貨店", "万年筆", "一石二鳥", "一期一会",
    "億万長者", "何百円", "数万人", "一か八か", "二の次", "〇をつける", "第1四半期",
    "嘘八百", "十八番",
]  # fmt: skip


@pytest.mark.parametrize("word", STAY)
def test_ordinary_words_with_a_numeral_stay(word):
    assert normalized("ja", word) == word


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("一時間半", "1時間半"),  # an hour and a half, not 1:30
        ("二時半ば", "2時半ば"),
        ("五分の休憩", "5分の休憩"),  # five minutes' break, no fraction
        ("十時十五分の電車", "10時15分の電車"),
        ("一点一点確かめる", "1点1点確かめる"),  # a list of points, no decimal
        ("PM2.5の濃度", "pm2.5の濃度"),
        ("3-4", "34"),  # no negative number between two numbers
        ("ABC-123", "abc123"),
        ("3マイナス2", "3マイナス2"),  # a subtraction said aloud
        ("五センチメンタル", "5センチメンタル"),  # a word, not the unit センチ
        ("はい〜", "はい"),  # a long vowel, no range
        ("東京〜大阪", "東京大阪"),
    ],
)
def test_look_alikes_are_not_read_as_another_class(text, expected):
    assert normalized("ja", text) == expected


# --- num2words writes Japanese numbers; we read them back -------------------------------


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.integers(0, 99_999), st.integers(100_000, 10**15)))
def test_num2words_cardinals_read_back(number):
    assert normalized("ja", num2words(number, lang="ja")) == str(number)
    assert normalized("ja", num2words(-number, lang="ja")) == (f"-{number}" if number else "0")
    assert normalized("ja", num2words(number, lang="ja", to="ordinal")) == f"{number}番目"


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 99_999), st.integers(1, 9999).filter(lambda n: n % 10))
def test_num2words_decimals_read_back(whole, fraction):
    value = Decimal(f"{whole}.{fraction}")
    assert normalized("ja", num2words(value, lang="ja")) == str(value)
    if whole:  # num2words loses the sign of -0.5
        assert normalized("ja", num2words(-value, lang="ja")) == f"-{value}"


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 9999), st.integers(1, 9999), st.integers(0, 99))
def test_fractions_read_back(numerator, denominator, whole):
    spoken = num2words(denominator, lang="ja") + "分の" + num2words(numerator, lang="ja")
    assert normalized("ja", spoken) == f"{numerator}/{denominator}"
    if whole:
        mixed = num2words(whole, lang="ja") + "と" + spoken
        assert normalized("ja", mixed) == normalized("ja", f"{whole} {numerator}/{denominator}")


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 23), st.integers(0, 59), st.integers(0, 59))
def test_clock_times_read_back(hour, minute, second):
    spoken = num2words(hour, lang="ja") + "時"
    if minute or second:
        spoken += num2words(minute, lang="ja") + "分"
    if second:
        spoken += num2words(second, lang="ja") + "秒"
    written = f"{hour}:{minute:02d}" + (f":{second:02d}" if second else "")
    assert errors("ja", written, spoken) == 0


# --- properties ---------------------------------------------------------------------------

PHRASES = [
    "三点一四", "-7.006", "マイナス二", "3月1日(水)", "二時半", "2:30", "午後3:15", "$5",
    "五キロメートル", "第一", "四分の三", "一と四分の三", "1 3/4", "5〜9日", "正午十分過ぎ",
    "一緒に", "十分です", "万が一", "二千十九年", "2024/01/30", "お寺に一万", "1,000円",
    "09時05分", "10時〜", "は", "と", "から", "、", "。", " ", "です", "今日", "パスワード",
]  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PHRASES), min_size=1, max_size=8))
def test_normalizing_twice_equals_once(phrases):
    once = normalized("ja", "".join(phrases))
    assert normalized("ja", once) == once


# --- the config drives the rules --------------------------------------------------------


def _normalizer(**changes):
    data = json.loads((ROOT / "configs" / "ja.json").read_text(encoding="utf-8"))
    data["loanwords"] = json.loads((ROOT / "configs" / "ja_loanwords.json").read_text("utf-8"))
    for name, value in changes.items():
        if name in data["japanese"]:
            data["japanese"][name] = value
        else:
            data[name] = value
    return build_normalizer(bundle_from_data({"config": data, "lexicons": {}}))


@pytest.mark.parametrize(
    ("field", "value", "text", "expected"),
    [
        ("bare_numerals", False, "百", "百"),
        ("number_prefixes", [], "第一", "第一"),
        ("decimal_point", None, "三点一四", "3点14"),
        ("fraction_mark", None, "四分の三", "4分の3"),
        ("sign_words", {}, "答えは-5", "答えは5"),
        ("weekdays", [], "1日(水)", "1日水"),
        ("date_words", [], "2024/01/30", "2024/01/30"),
        ("time_words", [], "9:05", "9:05"),
        ("half_hour", None, "二時半", "2時半"),
        ("day_halves", {}, "9:05 pm", "9時5分pm"),
        ("range_marks", [], "5〜9日", "59日"),
        ("units", {}, "5キロメートル", "5キロメートル"),
        ("minor_units", {}, "$10.50", "10.50ドル"),
        ("unit_symbols", {}, "$5", "5"),
        ("drop_zero_padding", False, "01月", "01月"),
    ],
)
def test_each_rule_turns_off_with_its_field(field, value, text, expected):
    assert _normalizer()(text) != expected
    assert _normalizer(**{field: value})(text) == expected


def test_the_unit_table_drives_the_units_step():
    norm = _normalizer(units={"ヤード": "yd"})
    assert norm("三ヤード") == norm("3yd") == "3yd"
    assert norm("5キロメートル") == "5キロメートル"


def test_every_step_shows_in_the_trace():
    names = _normalizer().step_names
    for step in ("ja_dates", "ja_times", "ja_ranges", "ja_signs", "ja_clock", "ja_decimals",
                 "ja_fractions", "ja_numbers", "ja_zeros", "ja_money", "ja_units",
                 "ja_negatives"):  # fmt: skip
        assert step in names
        assert step in STEP_ORDER


def test_every_japanese_field_is_documented():
    fields = README.split("\n## Fields\n", 1)[1].split("\n## ", 1)[0]
    row = next(line for line in fields.splitlines() if line.startswith("| `japanese` |"))
    for name in JapaneseRules.model_fields:
        assert f"`{name}`" in row, name


def test_the_readme_lists_the_canonical_forms():
    section = README.split("## Japanese numbers", 1)[1].split("\n## ", 1)[0]
    for form in ("-7.006", "3/4", "1と3/4", "第1", "から", "水曜日", "9時5分", "5ドル", "5km"):
        assert re.search(re.escape(form), section), form
