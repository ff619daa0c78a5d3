"""Persian numbers (fa-norm): digits of every script, separators, signs, symbols, number
words, ordinals, dates and clock times read to one form, and real differences kept."""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from num2words import num2words

from scoring import load_scorer
from scoring.protocols.fa_en_cs_v1 import normalize_fa_eval_v1
from tests.scoring import helpers
from tests.scoring.helpers import errors, normalized

# Two spellings of the same speech: 0 errors.
SAME = [
    # digits, separators, signs, symbols
    ("قیمت ۳٫۵ دلار است", "قیمت 3.5 دلار است"),
    ("دوازده هزار نفر", "۱۲٬۰۰۰ نفر"),
    ("دوازده هزار نفر", "12,000 نفر"),
    ("یک میلیون و دویست هزار", "1,200,000"),
    ("منفی هفت درجه", "-۷ درجه"),
    ("دما منفی دوازده است", "دما −12 است"),
    ("منفی سه و نیم", "-3.5"),
    ("ده درصد تخفیف", "۱۰٪ تخفیف"),
    ("بیست و پنج درصد", "25%"),
    ("پنجاه درصد", "%۵۰"),
    ("پنج دلار", "$5"),
    ("بیست یورو", "€۲۰"),
    ("صد و پنجاه دلار", "۱۵۰$"),
    ("نیم", "نیم"),
    # number words
    ("بیست و پنج نفر آمدند", "۲۵ نفر آمدند"),
    ("دو هزار و پانصد تومان دادم", "۲۵۰۰ تومان دادم"),
    ("سیصد و شصت و پنج روز", "۳۶۵ روز"),
    ("هزار و چهارصد و دو", "۱۴۰۲"),
    ("صد هزار تومان", "۱۰۰ هزار تومان"),
    ("دوهزار تومان", "2000 تومان"),
    ("دو میلیون و پانصد هزار", "۲ میلیون و ۵۰۰ هزار"),
    ("هزار میلیارد ریال", "۱۰۰۰ میلیارد ریال"),
    ("یک صد نفر", "۱۰۰ نفر"),
    # decimals and scales after them
    ("سه ممیز پنج", "۳٫۵"),
    ("صفر ممیز صفر پنج", "0.05"),
    ("دو و نیم کیلو", "۲٫۵ کیلو"),
    ("دو ممیز پنج میلیارد دلار", "۲٫۵ میلیارد دلار"),
    ("دو و نیم میلیون", "2500000"),
    ("سه و چهارده صدم", "۳٫۱۴"),
    ("بیست و پنج صدم", "0.25"),
    ("صد و یک صدم", "100.01"),
    # ordinals and dates
    ("قرن بیست و یکم", "قرن ۲۱ام"),
    ("طبقه سوم", "طبقه ۳م"),
    ("پنجمین بار", "۵مین بار"),
    ("صد و یکمین سالگرد", "۱۰۱مین سالگرد"),
    ("پنجم مهر", "۵ مهر"),
    ("بیست و دوم بهمن هزار و سیصد و پنجاه و هفت", "۲۲ بهمن ۱۳۵۷"),
    ("اول فروردین", "۱ فروردین"),
    ("فصل یکم", "فصل ۱م"),
    # clock times
    ("ساعت چهار و سی دقیقه", "ساعت ۴:۳۰"),
    ("ساعت ده و ربع", "ساعت ۱۰:۱۵"),
    ("ساعت سه و نیم", "ساعت ۳:۳۰"),
    ("ساعت هشت صبح", "ساعت ۸:۰۰ صبح"),
    ("ساعت یک ربع به پنج", "ساعت ۴:۴۵"),
    ("ساعت ده دقیقه به هفت", "ساعت 6:50"),
    # a word that is also a number is one when the context says so
    ("نه تا سیب", "۹ تا سیب"),
    ("ساعت نه شب", "ساعت ۹ شب"),
    ("صفر نه یک دو", "0 9 1 2"),
]

# A real difference still counts; ordinary words stay words.
APART = [
    ("بیست و پنج نفر", "۲۶ نفر"),
    ("۳٫۵", "3.6"),
    ("منفی هفت", "7"),
    ("ده درصد", "11%"),
    ("پنج دلار", "$6"),
    ("بیست و پنجم", "25"),  # the fifth is not five
    ("ساعت چهار و سی دقیقه", "ساعت ۴:۳۱"),
    ("پنجم مهر", "۵ آبان"),
    ("نه، نمی‌خواهم", "۹ نمی‌خواهم"),  # no, not nine
    ("یکم صبر کن", "۱م صبر کن"),  # a bit, not first
]

STAYS = [
    ("پنج و شش", "5 و 6"),  # five and six: two numbers
    ("بیست و سی", "20 و 30"),
    ("۲۰ و ۵", "20 و 5"),  # digits are not joined by a conjunction
    ("نه، نمی‌خواهم", "نه نمیخواهم"),
    ("یکم صبر کن", "یکم صبر کن"),
    ("اول کار", "اول کار"),
    ("سهم من", "سهم من"),  # share, not third
    ("دوام دارد", "دوام دارد"),
    ("سیم برق", "سیم برق"),  # wire
    ("جواب منفی بود", "جواب منفی بود"),
    ("TK-۵۱۸", "tk 518"),  # a code's hyphen is no minus
    ("۱۰-۱۲", "10 12"),
    ("Python ۳.۱۲.۱", "python 3.12.1"),
    ("منفی بیست و پنجم", "منفی 25م"),  # no negative ordinal
]


@pytest.mark.parametrize(("spoken", "written"), SAME)
def test_two_spellings_of_one_number_match(spoken, written):
    assert normalized("fa", spoken) == normalized("fa", written)


@pytest.mark.parametrize(("reference", "hypothesis"), APART)
def test_a_real_difference_is_still_an_error(reference, hypothesis):
    assert errors("fa", reference, hypothesis) >= 1


@pytest.mark.parametrize(("text", "expected"), STAYS)
def test_words_that_are_not_a_number_stay(text, expected):
    assert normalized("fa", text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("۳٫۵", "3.5"),
        ("۱۲٬۰۰۰", "12000"),
        ("٠١٢٣٤٥٦٧٨٩", "0123456789"),
        ("٫۵", "0.5"),
        ("-۱۲", "-12"),
        ("۱۰٪", "10 درصد"),
        ("$5", "5 دلار"),
        ("بیست و پنجم", "25م"),
        ("پنجمین", "5مین"),
        ("۲٫۵ میلیون", "2500000"),
        ("۴:۳۰", "4 30"),
        ("۷:۰۰", "7"),
    ],
)
def test_one_written_form(text, expected):
    assert normalized("fa", text) == expected


def test_the_digits_step_keeps_what_is_no_grouping():
    """A version keeps its dots here; the hyphen of a code or a range is no minus."""
    trace = dict(load_scorer("fa").normalizer.trace("Python ۳.۱۲.۱ ، TK-۵۱۸ ، ۱۰-۱۲"))
    assert trace["fa_digits"] == "Python 3.12.1 ، TK-518 ، 10-12"


def test_the_protocol_normalizer_is_frozen():
    """fa-en-cs-v1 has its own normalizer: digits and punctuation kept, whatever fa-norm
    does to numbers."""
    assert normalize_fa_eval_v1("قیمت ۳٫۵ دلار و ۱۰٪ است") == "قیمت ۳٫۵ دلار و ۱۰٪ است"


def test_the_rules_are_steps_that_the_config_turns_off():
    steps = load_scorer("fa").normalizer.step_names
    assert {"fa_digits", "fa_numbers", "fa_times"} <= set(steps)


# num2words writes Persian numbers too: our reader must read them back.
def _spelled(number: int) -> bool:
    return number != 9  # نه alone is "no" as well: read only in a numeric context


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=10**12).filter(_spelled))
def test_num2words_cardinals_read_back(number):
    # the same text as the digits written
    assert normalized("fa", num2words(number, lang="fa")) == normalized("fa", str(number))


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=1, max_value=10**9).filter(_spelled))
def test_num2words_negative_numbers_read_back(number):
    assert normalized("fa", num2words(-number, lang="fa")) == normalized("fa", f"-{number}")


@settings(max_examples=200, deadline=None)
# num2words writes 30th سیم (a wire) where Persian writes سی‌ام; یکم alone is "a bit"
@given(st.integers(min_value=2, max_value=10**6).filter(lambda n: n % 100 != 30))
def test_num2words_ordinals_read_back(number):
    assert normalized("fa", num2words(number, lang="fa", to="ordinal")) == f"{number}م"


@settings(max_examples=150, deadline=None)
@given(
    st.integers(min_value=1, max_value=19),
    st.one_of(st.integers(min_value=1, max_value=9), st.integers(min_value=11, max_value=99)),
)
def test_num2words_decimals_read_back(whole, fraction):
    # tenths, or hundredths that are not a round tenth (num2words writes 2.05 as 2.5)
    if fraction >= 10 and fraction % 10 == 0:
        return
    value = f"{whole}.{fraction}"
    assert normalized("fa", num2words(Decimal(value), lang="fa")) == value


WORDS = (
    "یک دو سه نه ده بیست پنج صد دویست هزار میلیون و نیم ممیز صفر منفی پنجم سوم یکم اول "
    "دهم صدم ساعت دقیقه ربع به مهر تا نفر درصد دلار اوم ۳٫۵ ۱۲٬۰۰۰ ۱۰٪ -۷ $5 ۴:۳۰ ۲۵ام "
    "5مین - % ، . سیام"
).split()


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=10))
def test_normalizing_twice_equals_normalizing_once(words):
    normalizer = helpers.scorer("fa").normalizer
    once = normalizer(" ".join(words))
    assert normalizer(once) == once
