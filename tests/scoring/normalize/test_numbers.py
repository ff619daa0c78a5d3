"""The numbers step (text2num with our guards): what text2num alone gets wrong."""

import pytest

from tests.scoring.helpers import errors, normalized


@pytest.mark.parametrize(
    ("language", "spoken", "written"),
    [
        ("es", "el código es B uno cero cero cero", "el código es B1000"),
        ("es", "marque cero cero siete", "marque 007"),
        ("es", "el código es B uno cero cero uno", "el código es B1001"),
        ("en", "code B one zero zero zero", "code B1000"),
    ],
)
def test_zeros_said_one_by_one_stay_digits(language, spoken, written):
    # text2num writes "cero cero cero" as 000, which Spanish (1 000 = 1000) would join
    # to the number before it: the digits 1 0 0 0 would become the number one thousand
    assert errors(language, spoken, written) == 0


def test_a_written_run_of_zeros_is_left_to_the_later_steps():
    assert normalized("es", "1 000 personas") == "1000 personas"
    assert errors("es", "el código es B uno cero cero cero", "el código es B1001") > 0


def test_a_phone_number_said_in_pairs_keeps_its_leading_zero():
    assert errors("fr", "zéro six douze trente-quatre cinquante-six", "06 12 34 56") == 0
