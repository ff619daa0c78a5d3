"""Read a Sino-Japanese or Sino-Korean positional number: digits, the small units
ten/hundred/thousand (十百千, 십백천) within a group, and the big units 10⁴/10⁸/10¹²
(万億兆, 만억조) between groups. Both languages write numbers the same way, so one reader
serves both; each passes its own tables.

>>> read_positional(["三", "百", "二", "十", "五"], {"三": 3, "二": 2, "五": 5},
...                 {"十": 10, "百": 100}, {"万": 10**4})
325
>>> read_positional(["1", "만", "2", "천"], {}, {"천": 1000}, {"만": 10**4})
12000
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

__all__ = ["read_positional"]

_NO_UNIT_YET = 10**13


def read_positional(
    parts: Sequence[str],
    digits: Mapping[str, int],
    small_units: Mapping[str, int],
    big_units: Mapping[str, int],
) -> int | None:
    """The number the parts spell, or None when they are not one well-formed number
    (two digits in a row are a digit string; units must come in falling order)."""
    total = section = 0
    current: int | None = None
    last_small = last_big = _NO_UNIT_YET
    for part in parts:
        if part[0].isdigit() or part in digits:
            if current is not None:
                return None  # two digits in a row: a digit string, not a number
            current = int(part.replace(",", "")) if part[0].isdigit() else digits[part]
            if section and current >= last_small:
                return None  # 천1500
        elif part in small_units:
            unit = small_units[part]
            if unit >= last_small or current == 0 or (current is not None and current > 9):
                return None
            section += (1 if current is None else current) * unit
            last_small, current = unit, None
        else:
            big = big_units[part]
            if big >= last_big:
                return None
            if current == 0 and not section:
                return None  # 0万 is no number; a bare 万 is one 万
            section += current or 0
            if section >= 10**4:
                return None
            total += (section or 1) * big
            section, current, last_small, last_big = 0, None, _NO_UNIT_YET, big
    return total + section + (current or 0)
