"""Config section `hausa` of a language config: how Hausa says numbers, money and percent.

Each sub-section is off unless set:

- `numbers` (step `ha_numbers`, early): number phrases to digits by a small grammar over
  the tables: `ashirin da biyar` = 25, `goma sha biyu` = 12, `ɗari biyu` = 200, `dubu
  biyu da ɗari biyar` = 2500, `naira miliyan 10` = `naira 10000000`; `1,500` = 1500.
- `percent` (step `ha_percent`, before the punctuation step deletes `%`): `10%` = `kashi
  goma cikin ɗari` = `kashi 10 cikin 100`.
- `money` (step `ha_money`, on the final words): an amount of money as `<currency>
  <amount>`, the Hausa order, whichever side the name or symbol is on: `naira ɗari biyar`
  = `₦500` = `N500` = `500 naira` = `naira 500`, `$5` = `dala biyar` = `dala 5`, `naira 5
  da kobo 50` = `₦5.50` = `naira 5 kobo 50`. Symbols are the config's `unit_symbols`.
- `times` (step `ha_times`, on the final words): a clock time as `H MM`: `ƙarfe 2:30` =
  `ƙarfe biyu da rabi` = `ƙarfe 2 30`, `8:00` = `8`.

>>> HausaPercent(words=["kashi"], per=["cikin"]).words
['kashi']
"""

from __future__ import annotations

import unicodedata
from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

__all__ = ["HausaMoney", "HausaNumbers", "HausaPercent", "HausaRules", "HausaTimes"]


def _word(value: str) -> str:
    if not value or unicodedata.normalize("NFC", value) != value:
        raise ValueError(f"{value!r} must be a non-empty NFC word")
    if any(ch.isspace() for ch in value) or value != value.lower():
        raise ValueError(f"{value!r} must be one lower-case word")
    return value


def _phrase(value: str) -> str:
    if not value.split() or value != " ".join(value.lower().split()):
        raise ValueError(f"{value!r} must be lower-case words separated by single spaces")
    return _nfc(value)


def _nfc(value: str) -> str:
    if unicodedata.normalize("NFC", value) != value:
        raise ValueError(f"{value!r} is not in Unicode NFC form")
    return value


Word = Annotated[str, AfterValidator(_word)]
Phrase = Annotated[str, AfterValidator(_phrase)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class HausaNumbers(_Model):
    units: dict[Word, int] = Field(description="sifili 0, ɗaya 1 … tara 9.")
    tens: dict[Word, int] = Field(
        description="goma 10, ashirin 20 … casaʼin 90 (and spelling variants: tisʼin 90)."
    )
    teen_word: Word = Field(description="goma SHA biyu = 12: between ten and a unit.")
    scales: dict[Word, int] = Field(
        description="Scale words, said before their multiplier: ɗari 100 (ɗari biyu = 200), "
        "dubu 1000, miliyan, biliyan. A bare scale word is one of it (dubu = 1000)."
    )
    conjunction: Word = Field(
        description="The word between the parts of a number (ashirin DA biyar): read only "
        "from a larger part to a smaller one, so biyu da uku (two and three) stays."
    )
    thousands_separators: list[Annotated[str, Field(min_length=1, max_length=1)]] = Field(
        default_factory=list,
        description="Between groups of three digits, removed (1,500 = 1500).",
    )

    @model_validator(mode="after")
    def _check(self) -> HausaNumbers:
        wrong = {w: v for w, v in self.units.items() if not 0 <= v <= 9}
        wrong |= {w: v for w, v in self.tens.items() if v not in range(10, 100, 10)}
        scales = {100, 1000, 1000**2, 1000**3, 1000**4}
        wrong |= {w: v for w, v in self.scales.items() if v not in scales}
        if wrong:
            raise ValueError(f"values out of range for their table: {wrong}")
        if 10 not in self.tens.values():
            raise ValueError("tens needs the word for 10 (goma): the teen word follows it")
        words = [*self.units, *self.tens, *self.scales, self.teen_word, self.conjunction]
        repeated = sorted({w for w in words if words.count(w) > 1})
        if repeated:
            raise ValueError(f"words in two tables: {repeated}")
        return self


class HausaPercent(_Model):
    words: list[Word] = Field(
        min_length=1,
        description="The word before the count (KASHI goma cikin ɗari; kaso): the first "
        "one is written.",
    )
    per: list[Word] = Field(
        min_length=1,
        description="The word before the hundred (kashi goma CIKIN ɗari; bisa): the first "
        "one is written.",
    )
    symbols: list[Annotated[str, Field(min_length=1, max_length=1)]] = Field(
        default_factory=lambda: ["%", "٪"], description="Percent signs: 10% = kashi 10 cikin 100."
    )


class HausaMoney(_Model):
    currencies: dict[Phrase, Word] = Field(
        description="Every name of a currency, singular, plural or in a phrase, to its one "
        "canonical word: naira naira, dalar amurka dala, kwabo kobo. Symbols are "
        "`unit_symbols`."
    )
    letter_symbols: dict[Annotated[str, Field(min_length=1, max_length=1)], Word] = Field(
        default_factory=dict,
        description="A capital letter written for a currency sign, stuck to the amount: "
        "N500 = naira 500 (N is the naira sign where keyboards lack ₦). Read on the final "
        "words, so a code spelled N biyar (N5) reads the same as a written N5.",
    )
    and_words: list[Word] = Field(
        default_factory=list,
        description="Words between the units and the cents: naira biyar DA kobo hamsin.",
    )
    minor_of: dict[Word, Word] = Field(
        default_factory=dict,
        description="The canonical minor unit of a canonical currency, a hundredth of it: "
        "naira kobo. ₦5.50 = naira 5 kobo 50.",
    )

    @model_validator(mode="after")
    def _check(self) -> HausaMoney:
        canonical = set(self.currencies.values())
        unknown = (set(self.minor_of) | set(self.minor_of.values())) - canonical
        unknown |= set(self.letter_symbols.values()) - canonical
        if unknown:
            raise ValueError(f"currencies named but not in currencies: {sorted(unknown)}")
        if any(not (letter.isalpha() and letter.isupper()) for letter in self.letter_symbols):
            raise ValueError("letter_symbols must be capital letters")
        return self


class HausaTimes(_Model):
    heads: list[Word] = Field(
        min_length=1,
        description="The word before a clock time, as written with or without its hook "
        "(ƙarfe, karfe): it stays as written, so strict still counts a missing hook.",
    )
    and_words: list[Word] = Field(description="ƙarfe biyu DA rabi: between hour and minutes.")
    minute_words: list[Word] = Field(
        default_factory=list, description="minti, mintuna: before or after the minutes, dropped."
    )
    half_words: list[Word] = Field(default_factory=list, description="ƙarfe biyu da rabi = 2 30.")
    quarter_words: list[Word] = Field(
        default_factory=list,
        description="ƙarfe biyu da kwata = 2 15; saura kwata ƙarfe uku = 2 45.",
    )
    to_words: list[Word] = Field(
        default_factory=list,
        description="Before the minutes left to the hour: SAURA minti goma ƙarfe uku = 2 50.",
    )


class HausaRules(_Model):
    numbers: HausaNumbers | None = Field(None, description="Step ha_numbers.")
    percent: HausaPercent | None = Field(None, description="Step ha_percent.")
    money: HausaMoney | None = Field(None, description="Step ha_money.")
    times: HausaTimes | None = Field(None, description="Step ha_times.")
