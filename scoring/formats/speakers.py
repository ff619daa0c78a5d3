"""The speaker of an utterance id, as sclite's `-i` id styles read it.

- `rm`, `swb`, `spu_id` (synonyms in sclite): a speaker code, then a hyphen or an
  underscore, then the utterance number: `cmh_sa01` is speaker `cmh`. The code ends at
  the first hyphen or underscore.
- `wsj` (Wall Street Journal, CSR-NAB): the first three characters, as in sclite's
  reports, where utterance `4t0c0201` is speaker `4t0`.

>>> speaker_of("cmh_sa01", "rm"), speaker_of("2347-a-000", "spu_id"), speaker_of("4t0c0201", "wsj")
('cmh', '2347', '4t0')
"""

from __future__ import annotations

import re

from ..errors import InputError

__all__ = ["ID_STYLES", "speaker_of", "speaker_on_line"]

ID_STYLES = ("rm", "swb", "spu_id", "wsj")
_SEPARATOR = re.compile(r"[-_]")


def speaker_of(utterance_id: str, style: str) -> str:
    """The speaker code; ValueError says why an id does not fit the style."""
    if style == "wsj":
        if len(utterance_id) < 4:
            raise ValueError(
                f"utterance id {utterance_id!r} is too short for id style wsj "
                "(3 characters of speaker, then the utterance: 4t0c0201)"
            )
        return utterance_id[:3]
    if style not in ID_STYLES:
        raise ValueError(f"unknown id style {style!r}: use one of {', '.join(ID_STYLES)}")
    found = _SEPARATOR.search(utterance_id)
    if found is None or found.start() == 0 or found.end() == len(utterance_id):
        raise ValueError(
            f"utterance id {utterance_id!r} does not fit id style {style} "
            "(speaker, - or _, utterance number: cmh_sa01)"
        )
    return utterance_id[: found.start()]


def speaker_on_line(utterance_id: str, style: str | None, name: str, line: int) -> str | None:
    """The speaker for a reader (None without a style), or an InputError at `line`."""
    if style is None:
        return None
    try:
        return speaker_of(utterance_id, style)
    except ValueError as exc:
        raise InputError(name, line, str(exc)) from None
