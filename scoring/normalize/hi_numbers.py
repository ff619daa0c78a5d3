"""Hindi number words to digits: the steps `hi_signs`, `hi_symbols` and `hi_numbers`.

The words are a table of the config (`hindi.numbers`): every word for 0-99 is irregular in
Hindi (इक्यावन 51, उनसठ 59), so each is listed with its spelling variants. The grammar
that reads them is here:

- cardinals in the Indian system: a number below 100, then a scale (सौ, हज़ार, लाख,
  करोड़, अरब ...), in falling order (पाँच हज़ार पाँच सौ इक्यावन = 5551); a larger
  scale after a smaller one multiplies everything before it (पाँच हज़ार करोड़). Two
  numbers below 100 in a row are two numbers (दो तीन दिन = 2 3 दिन, as 2-3 दिन reads),
  so a number said digit by digit stays one digit per token for the code steps.
- quantities: सवा / साढ़े / पौने add a quarter, a half, minus a quarter to the number
  after them, before its scale (साढ़े तीन सौ = 350, सवा सौ = 125); डेढ़ = 1.5, ढाई = 2.5.
- decimals: दशमलव, then digits one by one (दो सौ छह दशमलव दो नौ = 206.29); a scale after
  a decimal multiplies it (2.5 करोड़ = 25000000).
- fractions: N बटा D = N/D, with a numerator or denominator said digit by digit read as
  one number (दो एक बटा एक एक = 21/11); सही or और joins a whole number (दो सही एक बटा
  छह = 2 1/6). A mixed number in halves or quarters is the decimal it is (2 1/2 = 2.5,
  as ढाई), the fraction words alone stay fractions (आधा = 1/2, पाव = 1/4).
- negatives (ऋण पाँच = -5), ordinals (दसवें = 10वें, पहला = 1ला, फ़र्स्ट = 1st), digits
  grouped by commas (1,00,000 = 100000), a scale after digits (5 लाख = 500000), and
  groups of digits said between dot words (एक नौ दो डॉट ... = 192.168.1.1).

`hi_numbers` runs after punctuation and fillers are gone, so the words it sees are the
words a second pass sees, and normalizing twice gives what normalizing once gives. Two
earlier steps keep what the punctuation step would otherwise lose:

- `hi_signs` (early): a sign written before a digit becomes the word it is read as
  (-5 = ऋण 5, read back as -5; +91 = प्लस 91), and .5 is written 0.5.
- `hi_symbols` (after `hyphens`): unit symbols beside a number become their words
  (`unit_symbols`: 10% = 10 प्रतिशत, $5 = 5 डॉलर), and x between numbers its word
  (5x5 = 5 बाई 5).

>>> from scoring.config.hindi import HindiNumbers
>>> read = build_number_reader(HindiNumbers(words={"एक": 1, "दो": 2, "तीन": 3, "छह": 6},
...     scales={"सौ": 100, "हज़ार": 1000}, fraction_words=["बटा"], mixed_words=["सही"],
...     prefixes={"साढ़े": 0.5}), lambda word: word)
>>> read("दो हज़ार तीन सौ छह और साढ़े तीन सौ")
'2306 और 350'
>>> read("दो सही एक बटा छह या दो तीन दिन")
'2 1/6 या 2 3 दिन'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal

import regex

from ..caches import memo
from ..config.hindi import HindiNumbers

__all__ = [
    "Seen",
    "beside",
    "substring_probe",
    "build_number_reader",
    "build_signs",
    "build_unit_symbols",
    "format_number",
    "is_punctuation",
    "token_views",
]

StepFn = Callable[[str], str]

_DIGITS = "0-9\u0966-\u096f"  # ASCII and Devanagari
_NUMBER = re.compile(r"^\d+(?:\.\d+)?$", re.ASCII)
_GROUPED = re.compile(r"^\d{1,3}(?:,\d{2,3})*,\d{3}(?:\.\d+)?$", re.ASCII)
_FRACTION = re.compile(r"^\d+/\d+$", re.ASCII)
# What may stand before a written sign: the start, a space, an opening bracket or quote.
_SIGN_BEFORE = r"(?<![^\s(\[{\"'“‘])"


def format_number(value: Decimal) -> str:
    """Plain digits, no exponent, no trailing zeros: 350, 3.5, 84.25."""
    if value == value.to_integral_value():
        return str(int(value))
    return format(value.normalize(), "f")


def substring_probe(words, form: StepFn) -> Callable[[str], bool]:
    """Whether a raw text may hold one of `words`: each as written in the config and in
    its final spelling, as substrings (a cheap first look before splitting tokens)."""
    spellings = sorted({spelling for word in words for spelling in (word, form(word))}, key=len)
    pattern = re.compile("|".join(re.escape(spelling) for spelling in reversed(spellings)))
    return lambda text: pattern.search(text) is not None


# -- early: signs -------------------------------------------------------------------------


def build_signs(
    signs: Mapping[str, str],
    number_words: frozenset[str] = frozenset(),
    form: StepFn = lambda word: word,
) -> StepFn:
    """`-5` -> `ऋण 5`, `+91` -> `प्लस 91`, `.5` -> `0.5`, only where the sign starts a
    word. The punctuation step would remove the sign; its word survives, and the number
    reader writes a minus back (ऋण 5 -> -5). A hyphen between number words is a space
    (दो-तीन = दो तीन, as 2-3 is 2 3): the hyphens step would join them into one word."""
    leading_dot = re.compile(rf"{_SIGN_BEFORE}([-−–+]?)\.(?=[{_DIGITS}])")
    pattern = None
    if signs:
        minus = signs.get("-")
        chars = ("-−–" if minus else "") + ("+" if "+" in signs else "")
        pattern = re.compile(rf"{_SIGN_BEFORE}([{re.escape(chars)}])(?=[{_DIGITS}])")
        words = {"+": signs.get("+"), "-": minus, "−": minus, "–": minus}

    def spaced(match: re.Match) -> str:
        parts = match.group(0).split("-")
        return (
            " ".join(parts) if all(form(part) in number_words for part in parts) else match.group(0)
        )

    def rewrite(text: str) -> str:
        if "." in text:
            text = leading_dot.sub(r"\g<1>0.", text)
        if pattern is not None and any(ch in text for ch in "-−–+"):
            text = pattern.sub(lambda m: f"{words[m.group(1)]} ", text)
        if number_words and "-" in text:
            text = _HYPHENATED.sub(spaced, text)
        return text

    return rewrite


# Words joined by hyphens, Devanagari letters and marks included.
_HYPHENATED = regex.compile(r"[\p{L}\p{M}]+(?:-[\p{L}\p{M}]+)+")


# -- after hyphens: unit symbols and dimensions ---------------------------------------------


def build_unit_symbols(unit_symbols: Mapping[str, str], dimension_word: str | None) -> StepFn:
    """`$5`, `5 $`, `10 %` (tokenize split it) -> `5 डॉलर`, `10 प्रतिशत`; `5x5` -> `5 बाई 5`;
    another currency symbol stuck to a number is set apart for the money step: `₺50` ->
    `₺ 50` (the core cardinals step does this for the languages it reads)."""
    number = rf"[{_DIGITS}]+(?:[.,][{_DIGITS}]+)*"
    rewriters = [_set_apart]
    if unit_symbols:
        symbols = "|".join(re.escape(s) for s in sorted(unit_symbols, key=len, reverse=True))
        # The number is a whole token: not the hour of 7:30, not a piece of a code.
        before = re.compile(rf"(?<![^\s(])(?:{symbols}) ?({number})(?!\S)")
        after = re.compile(rf"(?<!\S)({number}) ?({symbols})")

        def units(text: str) -> str:
            if not any(symbol in text for symbol in unit_symbols):
                return text
            text = before.sub(lambda m: f"{m.group(1)} {unit_symbols[_symbol(m)]}", text)
            return after.sub(lambda m: f"{m.group(1)} {unit_symbols[m.group(2)]}", text)

        rewriters.append(units)
    if dimension_word:
        times = re.compile(rf"(?<=[{_DIGITS}]) ?[x×X] ?(?=[{_DIGITS}])")

        def dimensions(text: str) -> str:
            if not any(ch in text for ch in "x×X"):
                return text
            return times.sub(f" {dimension_word} ", text)

        rewriters.append(dimensions)

    def rewrite(text: str) -> str:
        for apply in rewriters:
            text = apply(text)
        return text

    return rewrite


_STUCK_BEFORE = regex.compile(rf"(?<!\S)(\p{{L}}*\p{{Sc}}+)(?=[.,]?[{_DIGITS}])")
_STUCK_AFTER = regex.compile(rf"(?<=[{_DIGITS}])(\p{{Sc}}+)(?!\S)")


def _set_apart(text: str) -> str:
    if not _CURRENCY_PROBE.search(text):
        return text
    return _STUCK_AFTER.sub(r" \1", _STUCK_BEFORE.sub(r"\1 ", text))


_CURRENCY_PROBE = regex.compile(r"\p{Sc}")


def _symbol(match: re.Match) -> str:
    return match.group(0)[: match.start(1) - match.start(0)].strip()


# -- the reader -----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Tables:
    """The config's vocabulary in the spelling the tokens have at this step."""

    words: dict[str, int]
    digits: dict[str, int]  # the words 0-9: a digit of a string said digit by digit
    scales: dict[str, int]
    after_number: frozenset[str]
    prefixes: dict[str, Decimal]
    quantities: dict[str, Decimal]
    fractions: dict[str, str]
    decimal_words: frozenset[str]
    fraction_words: frozenset[str]
    mixed_words: frozenset[str]
    negative_words: frozenset[str]
    digits_after: frozenset[str]
    dot_words: frozenset[str]
    suffixes: tuple[tuple[str, str], ...]  # (variant, form), longest first
    suffix_forms: dict[str, str]
    stems: dict[str, int]
    ordinals: dict[str, tuple[int, str]]
    english_ordinals: dict[str, str]

    @classmethod
    def build(cls, rules: HindiNumbers, form: StepFn) -> _Tables:
        def table(mapping):
            return {form(key): value for key, value in mapping.items()}

        def words(listed):
            return frozenset(form(word) for word in listed)

        numbers = table(rules.words)
        suffixes = {form(k): form(v) for k, v in rules.ordinal_suffixes.items()}
        ordinals = {}
        for word, written in rules.ordinals.items():
            digits = written[: len(written) - len(written.lstrip("0123456789"))]
            ordinals[form(word)] = (int(digits), written[len(digits) :])
        return cls(
            words=numbers,
            digits={word: value for word, value in numbers.items() if value <= 9},
            scales=table(rules.scales),
            after_number=words(rules.scales_after_number),
            prefixes={key: Decimal(str(value)) for key, value in table(rules.prefixes).items()},
            quantities={key: Decimal(value) for key, value in table(rules.quantities).items()},
            fractions=table(rules.fractions),
            decimal_words=words(rules.decimal_words),
            fraction_words=words(rules.fraction_words),
            mixed_words=words(rules.mixed_words),
            negative_words=words(rules.negative_words),
            digits_after=words(rules.digits_after),
            dot_words=words(rules.dot_words),
            suffixes=tuple(sorted(suffixes.items(), key=lambda kv: len(kv[0]), reverse=True)),
            suffix_forms=suffixes,
            stems=table(rules.ordinal_stems),
            ordinals=ordinals,
            english_ordinals=table(rules.english_ordinals),
        )

    def vocabulary(self) -> frozenset[str]:
        """Every word that can start a number: a text without one, without a digit and
        without an ordinal ending has nothing to read."""
        return frozenset(
            [
                *self.words, *self.scales, *self.prefixes, *self.quantities, *self.fractions,
                *self.decimal_words, *self.negative_words, *self.ordinals,
                *self.english_ordinals, *self.stems,
            ]
        )  # fmt: skip

    def endings(self) -> tuple[str, ...]:
        return tuple(variant for variant, _ in self.suffixes)

    def ordinal(self, token: str) -> tuple[int, str] | None:
        """दसवें -> (10, वें), पहला -> (1, ला), 10वे -> (10, वें); सौवां -> (100, वां)."""
        found = self.ordinals.get(token)
        if found is not None:
            return found
        for variant, suffix in self.suffixes:
            if token.endswith(variant) and len(token) > len(variant):
                stem = token[: -len(variant)]
                value = self.words.get(stem)
                if value is None and variant == suffix:
                    # a stem that is no number alone takes only the full ending: नवीं is
                    # 9वीं, नवी (नवी मुंबई) is a word
                    value = self.stems.get(stem)
                if value is None and stem in self.scales and stem not in self.after_number:
                    value = self.scales[stem]
                if value is None and stem.isascii() and stem.isdigit():
                    value = int(stem)
                return (value, suffix) if value else None
        return None


# What an item of the reader's output is.
WORD, DIGIT, NUMBER, FRACTION = "word", "digit", "number", "fraction"


@dataclass(frozen=True)
class _Item:
    """Kept tokens [start, end) read as `text`. `written` is the token as written when
    the item is one token left as it was (a word, a written number)."""

    text: str
    kind: str
    start: int
    end: int
    written: str | None = None

    @property
    def whole(self) -> bool:
        return self.kind in (NUMBER, DIGIT) and self.text.isdigit()


def token_views(text: str, tokens: list[str], form: StepFn) -> list[str]:
    """Each token as the config's words are spelled (lower case, folded, anusvara, spelling
    variants) and without the marks the punctuation step strips off its edges (a spoken
    symbol joined _ to it): the reader runs before those steps, and a second pass sees
    the tokens as they leave them."""
    views = form(text).split()
    if len(views) != len(tokens):
        views = [form(token) for token in tokens]  # a token folded away entirely
    return [_without_edge_marks(view) for view in views]


# Not the minus of a number: -5 keeps its sign through the punctuation step.
_EDGE_MARKS = regex.compile(r"^(?!-\d)[\p{P}\p{S}]+|[\p{P}\p{S}]+$")


@memo(65536)
def _without_edge_marks(view: str) -> str:
    if view and (_is_mark(view[0]) or _is_mark(view[-1])):
        return _EDGE_MARKS.sub("", view)
    return view


def _is_mark(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "PS"


@memo(65536)
def is_punctuation(token: str) -> bool:
    return all(unicodedata.category(ch)[0] == "P" for ch in token)


@dataclass(frozen=True)
class Seen:
    """The tokens a reader decides by: each in its final spelling (`views`), as written,
    and whether punctuation came right before it. Punctuation and fillers are left out:
    later steps remove them, and a second pass must decide as the first did."""

    tokens: list[str]  # every token of the text
    kept: list[int]  # the indices of the tokens seen
    views: list[str]
    written: list[str]
    breaks: list[bool]

    @classmethod
    def of(cls, text: str, form: StepFn, fillers: frozenset[str], views=None) -> Seen:
        tokens = text.split()
        if views is None:
            views = token_views(text, tokens, form)
        kept: list[int] = []
        breaks: list[bool] = []
        pause = False
        for k, (token, view) in enumerate(zip(tokens, views, strict=True)):
            if is_punctuation(token):
                pause = True
            elif view not in fillers:
                kept.append(k)
                breaks.append(pause)
                pause = False
        return cls(tokens, kept, [views[k] for k in kept], [tokens[k] for k in kept], breaks)

    def rebuild(self, spans: list[tuple[int, int, str | None]]) -> str:
        """The text with each span of seen tokens [start, end) replaced by its text (None:
        the token as written); punctuation and fillers inside a span go."""
        out: list[str] = []
        raw = 0
        for start, end, text in spans:
            first, last = self.kept[start], self.kept[end - 1]
            out.extend(self.tokens[raw:first])
            out.append(self.tokens[first] if text is None else text)
            raw = last + 1
        out.extend(self.tokens[raw:])
        return " ".join(out)


def build_number_reader(
    rules: HindiNumbers,
    form: StepFn,
    fillers: frozenset[str] = frozenset(),
    units: frozenset[str] = frozenset(),
    symbol_words: frozenset[str] = frozenset(),
) -> StepFn:
    """The `hi_numbers` step. It runs before case, folds, punctuation and fillers (the
    money and measure steps after it read digits), so it reads each token in its final
    spelling (`form`), and looks through what later steps remove: punctuation and
    `fillers` between the words of a number are not there on a second pass. Punctuation
    still ends a number whose two sides are numbers alone (दो सौ, तीन सौ = 200 300).
    An English ordinal that is also one of `units` (सेकंड) is the unit after a number.
    A number word beside a spoken symbol word (`symbol_words`: डैश, slash) is left to the
    code steps: the symbol step, before this one, decided by the word, and a second pass
    must not find digits there that the first did not."""
    tables = _Tables.build(rules, form)
    units = frozenset(form(word) for word in units)
    symbols = frozenset(form(word) for word in symbol_words)
    vocabulary = tables.vocabulary()
    endings = tables.endings()

    def may_start(view: str) -> bool:
        if view in vocabulary or view[:1].isdigit() or view in tables.suffix_forms:
            return True
        return view.endswith(endings) and tables.ordinal(view) is not None  # not हवा, दवा

    def read(text: str) -> str:
        tokens = text.split()
        views = token_views(text, tokens, form)
        if not any(map(may_start, views)):
            return text
        seen = Seen.of(text, form, fillers, views)
        if symbols:
            for k in beside(seen.views, symbols):
                # the minus word is not: the symbol step sees it, not a digit, on every pass
                if not seen.views[k].isdigit() and seen.views[k] not in tables.negative_words:
                    seen.views[k] = f"\0{seen.views[k]}"  # read as no number at all
        items = _read_numbers(seen, tables, may_start)
        items = _read_fractions(items, tables)
        items = _scale_leftovers(items, tables)
        items = _read_dotted(items, tables)
        items = _read_english_ordinals(items, tables, units)
        items = _read_signs(items, tables)
        return seen.rebuild([(item.start, item.end, item.written or item.text) for item in items])

    return read


def _ungrouped(token: str) -> str:
    """1,00,000 and 100,000 -> 100000 (Indian and Western grouping)."""
    return token.replace(",", "") if "," in token and _GROUPED.match(token) else token


def _is_number(token: str) -> bool:
    return token[:1].isdigit() and _NUMBER.match(token) is not None


def beside(views: list[str], words: frozenset[str]) -> set[int]:
    """The indices of the two tokens before and the two after each of `words`: the ones
    the spoken symbol step looks at to decide whether a symbol word joins a code."""
    found = {k + step for k, view in enumerate(views) if view in words for step in (-2, -1, 1, 2)}
    return {k for k in found if 0 <= k < len(views)}


def _read_numbers(seen: Seen, t: _Tables, may_start) -> list[_Item]:
    """Cardinals, quantities, decimals, negatives, ordinals, fraction words."""
    views = [_ungrouped(view) for view in seen.views]
    written = seen.written
    items: list[_Item] = []
    i, n = 0, len(views)
    while i < n:
        view = views[i]
        if not may_start(view):
            items.append(_Item(view, WORD, i, i + 1, written[i]))  # the common case
            i += 1
            continue
        if items and items[-1].text in t.digits_after:
            end = _digit_string_end(views, i, t)
            if end > i + 1:  # नंबर पाँच दो = नंबर 52
                digits = "".join(str(t.digits[view]) for view in views[i:end])
                items.append(_Item(digits, NUMBER, i, end))
                i = end
                continue
        found = _read_number(views, i, t, seen.breaks)
        if found is not None:
            end, value, kind = found
            items.append(_Item(value, kind, i, end))
            _after_prefix(items, t)
            i = end
            continue
        item = _read_word(views[i], written[i], i, items, t)
        if item is not None:
            items.append(item)
        i += 1
    return items


def _after_prefix(items: list[_Item], t: _Tables) -> None:
    """A prefix left before a number below 100 that words made (साढ़े पौने सौ): a second
    pass reads it with the digits (साढ़े 75 = 75.5), so this one does too."""
    if len(items) < 2 or not items[-1].whole or not 1 <= int(items[-1].text) < 100:
        return
    prefix = items[-2]
    if prefix.kind == WORD and prefix.text in t.prefixes:
        value = format_number(int(items[-1].text) + t.prefixes[prefix.text])
        items[-2:] = [_Item(value, NUMBER, prefix.start, items[-1].end)]


def _digit_string_end(views: list[str], i: int, t: _Tables) -> int:
    """The end of a run of digit words at i, not followed by a scale (नंबर दो सौ is 200)."""
    end = i
    while end < len(views) and views[end] in t.digits:
        end += 1
    if end < len(views) and views[end] in t.scales:
        return i
    return end


def _read_word(view: str, written: str, i: int, items: list[_Item], t: _Tables) -> _Item | None:
    """A token that starts no number: a written number, an ordinal ending, a word."""
    previous = items[-1] if items else None
    if _is_number(view):
        return _Item(view, NUMBER, i, i + 1, None if "," in written else written)
    if _FRACTION.match(view):
        return _Item(view, FRACTION, i, i + 1, written)
    # After anything with a digit (a number, 1/3, a code such as GH 456 that a later step
    # joins into gh456) a fraction word is a word, on every pass alike.
    after_digits = previous is not None and any(ch.isdigit() for ch in previous.text)
    if view in t.fractions and not after_digits:
        return _Item(t.fractions[view], FRACTION, i, i + 1)
    if view in t.after_number and previous is not None and previous.kind in (NUMBER, DIGIT):
        if _is_number(previous.text.removeprefix("-")):  # एक अरब अरब, as 1000000000 अरब
            value = format_number(Decimal(previous.text) * t.scales[view])
            items[-1] = _Item(value, NUMBER, previous.start, i + 1)
            return None
    suffix = t.suffix_forms.get(view)
    if suffix is not None and previous is not None and previous.whole:
        items[-1] = _Item(previous.text + suffix, WORD, previous.start, i + 1)  # 10 वीं
        return None
    ordinal = t.ordinal(view) if view[:1].isdigit() else None
    if ordinal is not None:  # 10वे -> 10वें
        return _Item(f"{ordinal[0]}{ordinal[1]}", WORD, i, i + 1)
    return _Item(view, WORD, i, i + 1, written)


def _read_number(views: list[str], i: int, t: _Tables, breaks) -> tuple[int, str, str] | None:
    """The number starting at token i: (end, its digits, kind), or None."""
    found = _read_cardinal(views, i, t, breaks)
    if found is None:
        return _read_leading_decimal(views, i, t)
    end, value, suffix = found
    if suffix is not None:
        return end, f"{format_number(value)}{suffix}", WORD
    integral = value == value.to_integral_value()
    decimal = _read_decimal_part(views, end, t) if integral else None
    if decimal is not None:
        end, digits = decimal
        text = f"{format_number(value)}.{digits}"
        scale = t.scales.get(views[end]) if end < len(views) else None
        if scale is not None and not breaks[end] and views[end] not in t.after_number:
            return end + 1, format_number(Decimal(text) * scale), NUMBER
        return end, text, NUMBER
    single_digit = end == i + 1 and views[i] in t.digits
    return end, format_number(value), DIGIT if single_digit else NUMBER


def _read_leading_decimal(views: list[str], i: int, t: _Tables):
    """दशमलव पाँच = 0.5."""
    decimal = _read_decimal_part(views, i, t)
    return None if decimal is None else (decimal[0], f"0.{decimal[1]}", NUMBER)


def _read_decimal_part(views: list[str], i: int, t: _Tables) -> tuple[int, str] | None:
    """After a decimal word: digits one by one (दो नौ = 29), or one word 10-99."""
    if i + 1 >= len(views) or views[i] not in t.decimal_words:
        return None
    digits = []
    j = i + 1
    while j < len(views):
        view = views[j]
        if view in t.digits:
            digits.append(str(t.digits[view]))
        elif len(view) == 1 and view.isdigit() and view.isascii():
            digits.append(view)
        else:
            break
        j += 1
    if not digits and views[j] in t.words:
        return j + 1, str(t.words[views[j]])  # दो दशमलव पच्चीस = 2.25
    return (j, "".join(digits)) if digits else None


def _read_cardinal(views: list[str], i: int, t: _Tables, breaks):
    """(end, value, ordinal suffix or None), or None. Punctuation ends the number before
    a part that is a number alone (a scale that needs a number before it is not)."""
    n = len(views)
    total = Decimal(0)
    current: Decimal | None = None
    has_units = False  # the last part was a number below 100: another one starts anew
    hundreds = False  # सौ is applied to `current`
    last_scale: int | None = None
    j = i
    view = views[i]
    if view in t.prefixes:  # सवा / साढ़े / पौने and the number after it, or a scale
        following = views[i + 1] if i + 1 < n else ""
        if t.words.get(following, 0) >= 1:  # सवा शून्य is no quantity
            current, j = t.words[following] + t.prefixes[view], i + 2
        elif following.isdigit() and following.isascii() and 1 <= int(following) < 100:
            # साढ़े 3 as साढ़े तीन; not साढ़े 1.5 nor साढ़े 150 (साढ़े साढ़े सौ)
            current, j = Decimal(following) + t.prefixes[view], i + 2
        elif following in t.scales and following not in t.after_number:
            current, j = 1 + t.prefixes[view], i + 1
        else:
            return None
        has_units = True
    elif view in t.quantities:
        current, j, has_units = t.quantities[view], i + 1, True
    while j < n:
        view = views[j]
        if j > i and breaks[j] and view not in t.after_number:
            break
        value = t.words.get(view)
        ordinal = t.ordinal(view) if value is None and not view[:1].isdigit() else None
        if value is not None or (ordinal is not None and ordinal[0] < 100):
            number = value if value is not None else ordinal[0]
            if current is None:
                current = Decimal(number)
            elif hundreds and not has_units:
                current += number
            else:
                break
            has_units = True
            j += 1
            if ordinal is not None:
                return j, total + current, ordinal[1]
            continue
        scale = t.scales.get(view)
        if scale is None and ordinal is not None:
            scale = ordinal[0]  # सौवां, हज़ारवां
        if scale is not None:
            if current is None:
                if last_scale is not None and scale > last_scale:
                    total *= scale  # हज़ार करोड़
                elif j == i and view not in t.after_number:
                    current = Decimal(1)  # सौ, हज़ार alone
                else:
                    break
            if current is not None:
                if scale == 100:
                    if hundreds or current >= 100:
                        break
                    current *= 100
                    hundreds, has_units = True, False
                else:
                    if last_scale is not None and scale == last_scale:
                        break
                    if last_scale is not None and scale > last_scale:
                        total = (total + current) * scale
                    else:
                        total += current * scale
                    last_scale = scale
                    current, hundreds, has_units = None, False, False
            j += 1
            if ordinal is not None:
                return j, total + (current or 0), ordinal[1]
            continue
        if _is_number(view) and j + 1 < n and views[j + 1] in t.scales:
            # written digits before a scale: 5 लाख, 2.5 करोड़
            number = Decimal(view)
            if j == i or (current is None and number < 100 and number % 1 == 0):
                current, has_units = number, True
                j += 1
                continue
        break
    if j == i or (j == i + 1 and _is_number(views[i])):
        return None  # nothing, or a written number alone
    return j, total + (current or 0), None


def _read_fractions(items: list[_Item], t: _Tables) -> list[_Item]:
    """N बटा D = N/D; W सही N/D = W N/D; W N/2 and W N/4 = the decimal."""
    if any(item.kind == WORD and item.text in t.fraction_words for item in items):
        items = _join_fractions(items, t.fraction_words)
    out: list[_Item] = []
    for item in items:
        if item.kind == FRACTION and out:
            if out[-1].text in t.mixed_words and len(out) > 1 and out[-2].whole:
                joiner = out.pop()  # दो सही एक बटा छह: the joining word goes
                item = _Item(item.text, FRACTION, joiner.start, item.end)
            if out[-1].whole:
                whole = out[-1]
                mixed = _mixed(whole.text, item.text)
                if mixed is not None:
                    out[-1] = _Item(mixed, NUMBER, whole.start, item.end)
                    continue
        out.append(item)
    return out


def _scale_leftovers(items: list[_Item], t: _Tables) -> list[_Item]:
    """A scale that needs a number, after a number the fractions made (30 1/2 अरब = 30.5
    अरब): multiplied, as a second pass multiplies 30.5 अरब."""
    out: list[_Item] = []
    for item in items:
        previous = out[-1] if out else None
        if (
            item.kind == WORD
            and item.text in t.after_number
            and previous is not None
            and previous.kind == NUMBER
            and _is_number(previous.text.removeprefix("-"))
        ):
            value = format_number(Decimal(previous.text) * t.scales[item.text])
            out[-1] = _Item(value, NUMBER, previous.start, item.end)
            continue
        out.append(item)
    return out


def _join_fractions(items: list[_Item], fraction_words) -> list[_Item]:
    out: list[_Item] = []
    i, n = 0, len(items)
    while i < n:
        item = items[i]
        if item.kind == WORD and item.text in fraction_words and i + 1 < n:
            numerator = _digit_run(out[::-1])[::-1]
            denominator = _digit_run(items[i + 1 :])
            if numerator and denominator:
                top = "".join(part.text for part in numerator)
                bottom = "".join(part.text for part in denominator)
                del out[len(out) - len(numerator) :]
                out.append(
                    _Item(f"{top}/{bottom}", FRACTION, numerator[0].start, denominator[-1].end)
                )
                i += 1 + len(denominator)
                continue
        out.append(item)
        i += 1
    return out


def _digit_run(items: list[_Item]) -> list[_Item]:
    """Digits said one by one (two or more: एक चार = 14), else one whole number."""
    run = []
    for item in items:
        if item.kind != DIGIT:
            break
        run.append(item)
    if len(run) >= 2:
        return run
    return items[:1] if items and items[0].whole else []


def _mixed(whole: str, fraction: str) -> str | None:
    """2 1/6 stays two tokens; 2 1/2 = 2.5 and 84 1/4 = 84.25, as ढाई and सवा चौरासी."""
    numerator, _, denominator = fraction.partition("/")
    if denominator in ("2", "4") and 0 < int(numerator) < int(denominator):
        return format_number(int(whole) + Decimal(int(numerator)) / int(denominator))
    return None


def _read_english_ordinals(items: list[_Item], t: _Tables, units) -> list[_Item]:
    """थर्ड फ्लोर = 3rd फ्लोर, तीन फ़र्स्ट फ्लोर = 3 1st फ्लोर; सेकंड after a number is the
    unit (पाँच सेकंड). Read once the fractions are: दो एक बटा दो सेकंड फ्लोर is 21/2 2nd."""
    out = list(items)
    for k, item in enumerate(items):
        if item.kind == WORD and item.text in t.english_ordinals:
            previous = items[k - 1] if k else None
            after_digits = previous is not None and any(ch.isdigit() for ch in previous.text)
            if item.text in units and after_digits and previous.kind != FRACTION:
                continue
            out[k] = _Item(t.english_ordinals[item.text], WORD, item.start, item.end)
    return out


def _read_signs(items: list[_Item], t: _Tables) -> list[_Item]:
    """ऋण पाँच सौ = -500, ऋण तीन बटा चार = -3/4: a minus word before whatever starts with
    a digit, read last. A second pass sees the sign written (-500, -5a), which `hi_signs`
    reads back to the word before any other step: so both passes decide alike."""
    if not any(item.kind == WORD and item.text in t.negative_words for item in items):
        return items
    out: list[_Item] = []
    for item in items:
        sign = out[-1] if out else None
        if (
            sign is not None
            and sign.kind == WORD
            and sign.text in t.negative_words
            and item.text[:1].isdigit()
        ):
            kind = NUMBER if item.kind == DIGIT else item.kind
            out[-1] = _Item(f"-{item.text}", kind, sign.start, item.end)
            continue
        out.append(item)
    return out


def _read_dotted(items: list[_Item], t: _Tables) -> list[_Item]:
    """Groups of digits between dot words, two dots or more: 192.168.1.1."""
    if not any(item.kind == WORD and item.text in t.dot_words for item in items):
        return items
    out: list[_Item] = []
    i, n = 0, len(items)
    while i < n:
        groups, end = _dotted_groups(items, i, t.dot_words)
        if len(groups) >= 3:
            out.append(_Item(".".join(groups), WORD, items[i].start, items[end - 1].end))
            i = end
            continue
        out.append(items[i])
        i += 1
    return out


def _dotted_groups(items: list[_Item], i: int, dot_words) -> tuple[list[str], int]:
    groups: list[str] = []
    j = i
    while True:
        k = j
        while k < len(items) and items[k].kind == DIGIT:
            k += 1
        if k == j and j < len(items) and items[j].whole:
            k = j + 1
        if k == j:
            break
        groups.append("".join(item.text for item in items[j:k]))
        if k + 1 < len(items) and items[k].kind == WORD and items[k].text in dot_words:
            j = k + 1
            continue
        j = k
        break
    return groups, j
