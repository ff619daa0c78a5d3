"""The examples in the scoring package's docstrings hold: a docstring that shows an output
the code no longer gives is a defect, so every module's doctests run with the tests."""

import doctest
import importlib
import pkgutil

import pytest

import scoring

MODULES = sorted(
    name
    for _, name, _ in pkgutil.walk_packages(scoring.__path__, prefix="scoring.")
    if not name.endswith("__main__")
)


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_hold(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples fail in {name}"
