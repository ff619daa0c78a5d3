"""Persian review score (fa-norm): one written form per word, English terms kept."""

import pytest

from tests.scoring.helpers import errors, normalized

SAME = [
    ("اين فايل", "این فایل"),  # Arabic Yeh -> Persian Yeh
    ("نصب كنم", "نصب کنم"),  # Arabic Kaf -> Keheh
    ("می‌خواهم", "میخواهم"),  # ZWNJ
    ("Python ۳.۱۲", "python 3.12"),  # Persian digits, case of the English term
    ("گفت «سلام»، و رفت.", "گفت سلام و رفت"),
]
DIFFERENT = [
    ("این فایل را در GitHub گذاشتم", "این فایل را در گیتهاب گذاشتم"),  # script is an error
    ("merge کن", "مرج کن"),
]


@pytest.mark.parametrize(("a", "b"), SAME)
def test_spellings_of_the_same_words_match(a, b):
    assert normalized("fa", a) == normalized("fa", b)


@pytest.mark.parametrize(("a", "b"), DIFFERENT)
def test_english_written_in_persian_script_stays_an_error(a, b):
    assert errors("fa", a, b) == 1


def test_right_to_left_marks_are_invisible():
    assert normalized("fa", "\u200fسلام\u200e دنیا") == "سلام دنیا"
