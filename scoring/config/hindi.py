"""Config section `hindi` of a language config: rules only Hindi needs.

>>> HindiRules(code_digit_words={"एक": "1"}).code_digit_words
{'एक': '1'}
>>> HindiRules().apostrophe_splits_words
False
"""

from __future__ import annotations

import unicodedata
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

__all__ = ["HindiRules"]


def _nfc(value: str) -> str:
    if not value:
        raise ValueError("an empty word matches nothing")
    if unicodedata.normalize("NFC", value) != value:
        raise ValueError(f"{value!r} is not in Unicode NFC form")
    return value


def _digit(value: str) -> str:
    if len(value) != 1 or not value.isascii() or not value.isdigit():
        raise ValueError(f"{value!r} is not one digit 0-9")
    return value


Word = Annotated[str, AfterValidator(_nfc)]
Digit = Annotated[str, AfterValidator(_digit)]


class HindiRules(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    apostrophe_splits_words: bool = Field(
        False,
        description=(
            "An apostrophe separates words, as any punctuation: English I'm is two words "
            "for the Hindi rules (the English view of code-switching still reads i am)."
        ),
    )
    code_digit_words: dict[Word, Digit] = Field(
        default_factory=dict,
        description=(
            "Digit words read as digits inside a spelled code only (A B C डैश एक दो तीन -> "
            "ABC-123): a run of them next to a spoken symbol or a Latin code token. "
            "Elsewhere number words stay words (दो तीन दिन is 'a few days')."
        ),
    )
    phonetic_stoplist: list[Word] = Field(
        default_factory=list,
        description=(
            "Native words that the phonetic matcher never reads as English, however close "
            "their sounds (कल / call, कमरा / camera)."
        ),
    )
