"""The numbers every page prints the same way."""

from __future__ import annotations

import doctest

import pytest

from reviewapp import formats
from reviewapp.formats import percent, percent_done


def test_the_examples_in_the_docstring_hold():
    result = doctest.testmod(formats)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize(
    ("rate", "shown"),
    [(None, "—"), (0.0, "0.0%"), (0.125, "12.5%"), (1 / 3, "33.3%"), (1.5, "150.0%")],
)
def test_a_rate_is_a_percent_to_a_tenth_or_a_dash_when_undefined(rate, shown):
    assert percent(rate) == shown


@pytest.mark.parametrize(
    ("done", "total", "shown"),
    [(0, 0, 0), (0, 5, 0), (1, 3, 33), (199, 200, 99), (200, 200, 100)],
)
def test_progress_is_full_only_when_everything_is_done(done, total, shown):
    assert percent_done(done, total) == shown
