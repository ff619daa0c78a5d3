"""Step `digit_strings`: long digit strings one digit per token, and codes in one piece.

The policy (configs/README.md, "Codes and digit strings"): an STT writes a phone number or
an account number with spaces, hyphens, dots or nothing between its parts (`555-0147`,
`555 0147`, `5550147`, "five five five oh one four seven"); none of that is speech, and an
error inside it should cost what is wrong in it: a phone number with seven digits missing
is seven errors, not one, and a correct one is none.

- A run of digit groups (adjacent number tokens once punctuation is gone, or groups joined
  by dots or hyphens: `123.123.0.40`, `555-0147`) is one string when it looks like a code:
  three groups or more, a group of three digits or more that starts with 0, or groups
  joined by hyphens or dots with seven digits or more. Two spaced groups stay apart (`4 30`
  is a time, `1990 1990` two years); counting (`1 2 3 … 9 10`, `10 9 8 7`) stays. Digits
  said one by one (`1 2 3`, `2 08`) are left to the letter names (Alpha Bravo 1 2 3 is a
  code) and to `digit_runs`, which joins them unless this rule would spell them out.
- A digit string is written one digit per token when it is read digit by digit: seven
  digits or more that are not a round number (`1000000` stays one token), or a leading 0
  and three digits or more (`007`, `0147`). Other numbers stay one token (`25`, `2012`).

It runs after the fillers (so "5 um 5 5" is one run) and before the letter names, which
then see the digits a second pass would see.

>>> step = build_digit_strings()
>>> step("call 555 0147 , 5550147 , 1000000 , 123.123.0.40 , 1990 1990 , 9 10 11 , 1 2 3")
'call 5 5 5 0 1 4 7 , 5 5 5 0 1 4 7 , 1000000 , 123 123 0 40 , 1990 1990 , 9 10 11 , 1 2 3'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .tables import has_digit

__all__ = ["build_code_acronyms", "build_digit_strings", "digit_string"]

StepFn = Callable[[str], str]

# Digit groups joined by dots or hyphens (a decimal, 3.5, has one dot and stays)
_JOINED_GROUPS = re.compile(r"\d+(?:\.\d+){2,}|\d+(?:-\d+)+")
_SEPARATORS = re.compile(r"[.-]")
# An IP address: four groups of one to three digits, each a token (where its dots are)
_IP = re.compile(r"\d{1,3}(?:\.\d{1,3}){3}")


# An acronym of two or three capitals, then a number (maybe with letters after it).
_CAPITAL = re.compile("[A-Z]")
_ACRONYM_NUMBER = re.compile(r"(?<!\S)([A-Z]{2,3}) (\d{1,6}[A-Za-z]{0,3})(?!\S)")


def build_code_acronyms() -> StepFn:
    """Step `code_acronyms` (before the case step, which hides capitals): an acronym right
    before a number is part of one code, as a spelled code is: `YTM 924` = `YTM924`, so
    `digit_strings` writes both `y t m 924`. Lower-case words ("at 5") are not acronyms.

    >>> build_code_acronyms()("code YTM 924 , RTX 4050ti , at 5 , USA")
    'code YTM924 , RTX4050ti , at 5 , USA'
    """

    def glue(text: str) -> str:
        if not _CAPITAL.search(text):  # a tenth of a generator over the characters
            return text
        return _ACRONYM_NUMBER.sub(r"\1\2", text)

    return glue


def digit_string(digits: str) -> list[str]:
    """One token, or one token per digit when the string is read digit by digit."""
    long_and_not_round = len(digits) >= 7 and not digits.endswith("000")
    if long_and_not_round or (len(digits) >= 3 and digits[0] == "0"):
        return list(digits)
    return [digits]


def build_digit_strings() -> StepFn:
    def convert(text: str) -> str:
        if not has_digit(text):
            return text
        out: list[str] = []
        run: list[str] = []
        joined = False  # the run has groups written with hyphens or dots: a code
        for token in text.split():
            if token.isdigit() and token.isascii():
                run.append(token)
                continue
            if token[:1].isdigit() and _JOINED_GROUPS.fullmatch(token):  # (a digit first)
                groups = _SEPARATORS.split(token)
                if _IP.fullmatch(token):
                    out += _close(run, joined) + groups  # 192.168.0.1 is not 192.168.01
                    run, joined = [], False
                    continue
                run += groups
                joined = joined or _code_like(groups)
                continue
            if run:  # (most tokens: no run before them to close)
                out += _close(run, joined)
                run, joined = [], False
            out.append(token)
        out += _close(run, joined)
        return " ".join(out)

    return convert


def _code_like(groups: list[str]) -> bool:
    """Groups written with hyphens or dots that make a code: three or more, seven digits or
    more, or a group of three digits or more that starts with 0 (not a score 3-2, not a
    range of years 1980-1990)."""
    if len(groups) == 2 and all(len(g) == 4 and "1000" <= g <= "2099" for g in groups):
        return False  # a range of years: 1980-1990
    return (
        len(groups) >= 3
        or sum(map(len, groups)) >= 7
        or any(len(g) >= 3 and g[0] == "0" for g in groups)
    )


def _counted(run: list[str]) -> bool:
    """A list said aloud: numbers that go up or down by one, one of them of two digits or
    more (1 2 3 ... 9 10, 10 9 8 7). "3 2 1" alone is a code, as it always was."""
    if any(group[0] == "0" for group in run) or all(len(group) == 1 for group in run):
        return False
    steps = {int(b) - int(a) for a, b in zip(run, run[1:], strict=False)}
    return steps in ({1}, {-1})


def _spelled(run: list[str]) -> bool:
    """Digits said one by one, as text2num writes them (single digits, or 0 and a digit:
    "two zero eight" is `2 08`): the letter names and then `digit_runs` read these."""
    return all(len(g) == 1 or (len(g) == 2 and g[0] == "0") for g in run)


def _regroup(run: list[str]) -> list[str]:
    """Single digits that this rule wrote out one by one (a phone number: 5 5 5 0 1 4 7)
    are one group again, so a second pass decides on the groups the first one saw:
    `12345678 30` is written `1 2 3 4 5 6 7 8 30`, whose groups are 12345678 and 30."""
    out: list[str] = []
    singles: list[str] = []
    for group in [*run, ""]:
        if len(group) == 1:
            singles.append(group)
            continue
        whole = "".join(singles)
        out += [whole] if singles and len(digit_string(whole)) > 1 else singles
        singles = []
        if group:
            out.append(group)
    return out


def _close(run: list[str], joined: bool = False) -> list[str]:
    """A run of digit groups: one string if it looks like a code, then the digit rule."""
    if not run:
        return []
    run = _regroup(run)
    if joined:
        return digit_string("".join(run))
    if len(run) > 1 and not _counted(run) and not _spelled(run):
        if any(len(g) >= 3 and g[0] == "0" for g in run):
            return digit_string("".join(run))
        return [piece for part in _segments(run) for piece in part]
    return [piece for group in run for piece in digit_string(group)]


def _segments(run: list[str]) -> list[list[str]]:
    """Groups of two digits or more, three or more in a row with seven digits, are one
    string (nl 06 12 34 56 78), and so is a code of two or three digits before a string of
    seven or more (a country code said as a number, "plus fifty eight" then the digits:
    +58 123 123 5678 = 58 1231235678); a single digit between them is a number of its own
    (not 9 30 2 120: a time and an amount).

    >>> _segments(["58", "1231235678"]), _segments(["1990", "1990"])
    ([['5', '8', '1', '2', '3', '1', '2', '3', '5', '6', '7', '8']], [['1990'], ['1990']])
    """
    out: list[list[str]] = []
    whole: list[str] = []
    for group in [*run, ""]:
        if len(group) > 1:
            whole.append(group)
            continue
        prefixed = len(whole) == 2 and len(whole[0]) <= 3 and len(whole[1]) >= 7
        if len(whole) >= 3 and sum(map(len, whole)) >= 7 or prefixed:
            out.append(digit_string("".join(whole)))
        else:
            out += [digit_string(g) for g in whole]
        whole = []
        if group:
            out.append(digit_string(group))
    return out
