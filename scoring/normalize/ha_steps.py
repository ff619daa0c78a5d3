"""Hausa steps of the chain. Each slot is a tuple of (step name, builder); a builder takes
the config and returns a `str -> str` function, or None when the config leaves it off.
The slots' places in the chain are fixed by `chain.STEP_ORDER`.

- `ha_numbers` (early, before the config's `number_words` table reads single words):
  number phrases to digits by a grammar over `hausa.numbers`, see `build_hausa_numbers`;
  `1,500` = 1500, and a clock time is `H MM` (`2:30` = `2 30`, `8:00` = `8`).
- `ha_symbols` (after the number steps, before the punctuation step deletes symbols):
  a currency symbol of `unit_symbols` beside an amount becomes its word before the
  amount, as Hausa says it: `₦500` = `naira 500`, `$ 5` = `dala 5`.
- `ha_percent` (same place): `10%` = `kashi goma cikin ɗari` = `kashi 10 cikin 100`, the
  way Hausa says a percentage (`hausa.percent`).
- `ha_money` (on the final words, fillers gone): an amount of money as `<currency> <amount>`, the
  Hausa order (`naira ɗari biyar` = `₦500` = `N500` = `500 naira` = `naira 500`), cents
  as `<minor unit> <n>` (`hausa.money`).
- `ha_times` (after it): a clock time as `H MM` (`hausa.times`): `ƙarfe 2:30` = `ƙarfe
  biyu da rabi` = `ƙarfe 2 30`, `8:00` = `8`.

Strict and folded (Maʼauni v1). Strict keeps the hooked letters, so a number word
written without its hook (daya for ɗaya) is not a number word there; folded reads it. A
single such word is left to the `number_words` table, which the folded profile reads
again in its spelling. A phrase that only the folded spelling makes a number (ashirin da
daya) cannot be left for the profile, whose table reads words one by one: it is read
here, and its digits carry the character every folding profile removes (ʼ): `21ʼ`.
Strict counts it as the one error the missing hook is; folded removes the ʼ and sees 21.

>>> from scoring.config import bundle_from_data
>>> from scoring.normalize import build_normalizer
>>> ha = build_normalizer(bundle_from_data({"config": {"language": "ha", "name": "t",
...     "version": "1.0.0", "hausa": {"numbers": {"units": {"biyu": 2, "biyar": 5},
...     "tens": {"goma": 10, "ashirin": 20}, "teen_word": "sha",
...     "scales": {"ɗari": 100, "dubu": 1000}, "conjunction": "da"}}}, "lexicons": {}}))
>>> ha("Dubu biyu da ɗari biyar, ashirin da biyar, biyu da biyar")
'2500 25 2 da 5'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from decimal import Decimal

from ..config.hausa import HausaMoney, HausaNumbers, HausaPercent, HausaTimes
from ..config.models import LanguageConfig
from .steps import profile_spellings
from .tokens import EDGE_PUNCT

__all__ = [
    "EARLY_STEPS",
    "NUMBER_STEPS",
    "WORD_STEPS",
    "FILLER_STEPS",
    "build_hausa_money",
    "build_hausa_numbers",
    "build_hausa_percent",
    "build_hausa_symbols",
    "build_hausa_times",
    "spelling_mark",
]

StepFn = Callable[[str], str]

_AMOUNT = re.compile(r"[0-9]+(?:\.[0-9]+)?")
# A clock time as written, hours 0-24: 2:30, 8:05:09
_CLOCK = re.compile(r"(?<![0-9:.])([01]?[0-9]|2[0-4]):([0-5][0-9])(?::([0-5][0-9]))?(?![0-9:])")
_NO_LIMIT = 10**30


def spelling_mark(config: LanguageConfig) -> str | None:
    """The character every profile that folds or removes characters removes (Hausa ʼ):
    a number read only in a folded spelling carries it. None when there is no such
    profile, or no character they all remove."""
    removed = [
        set(profile.remove_chars)
        for profile in config.profiles.values()
        if profile.char_folds or profile.remove_chars
    ]
    common = set.intersection(*removed) if removed else set()
    return min(common) if common else None


def numbers_step(config: LanguageConfig) -> StepFn | None:
    rules = config.hausa
    if rules is None or rules.numbers is None:
        return None
    fillers = frozenset(filler.lower() for filler in config.fillers)
    return build_hausa_numbers(
        rules.numbers, profile_spellings(config), spelling_mark(config), fillers
    )


def symbols_step(config: LanguageConfig) -> StepFn | None:
    if config.hausa is None or not config.unit_symbols:
        return None
    return build_hausa_symbols(config.unit_symbols, spelling_mark(config))


def percent_step(config: LanguageConfig) -> StepFn | None:
    rules = config.hausa
    if rules is None or rules.percent is None:
        return None
    return build_hausa_percent(rules.percent, spelling_mark(config))


def money_step(config: LanguageConfig) -> StepFn | None:
    rules = config.hausa
    if rules is None or rules.money is None:
        return None
    return build_hausa_money(rules.money, spelling_mark(config))


def _amount_pattern(mark: str | None) -> re.Pattern:
    """An amount as the number steps write it, with the folded-spelling mark if any."""
    suffix = f"{re.escape(mark)}?" if mark else ""
    return re.compile(f"([0-9]+(?:\\.[0-9]+)?)({suffix})")


@dataclass(frozen=True)
class _Part:
    end: int
    value: int | Decimal
    scale: int | None = None  # the scale word of a group: smaller groups may follow


class _Lexicon:
    """The number words of one or more spellings (strict; or strict and folded)."""

    def __init__(self, rules: HausaNumbers, spellings: list[Callable[[str], str]]) -> None:
        def spelled(table: dict[str, int]) -> dict[str, int]:
            return {spell(word): value for spell in spellings for word, value in table.items()}

        self.units = spelled(rules.units)
        self.tens = spelled(rules.tens)
        self.scales = spelled(rules.scales)
        self.teen = rules.teen_word
        self.conjunction = rules.conjunction
        self.starts = frozenset(self.units) | frozenset(self.tens) | frozenset(self.scales)


def build_hausa_numbers(
    rules: HausaNumbers,
    spellings: list[Callable[[str], str]] = (),
    mark: str | None = None,
    fillers: frozenset[str] = frozenset(),
) -> StepFn:
    """Hausa number phrases to digits, reading only well-formed numbers.

    A number is groups from the largest to the smallest, joined by the conjunction (da).
    A scale word comes before its multiplier: `ɗari biyu` = 200 (a unit), `dubu ashirin da
    biyar` = 25000 (a number below a thousand, read as far as it goes), `miliyan 10` =
    10000000 (digits too); alone it is one of it (`dubu` = 1000). After a group with a
    scale, `da` and a smaller group may follow: `dubu biyu da ɗari biyar` = 2500, `ɗari
    da biyar` = 105. Below a hundred: `goma sha biyu` = 12, `ashirin da biyar` = 25, or a
    unit. `da` between parts that do not fall (`biyu da uku`, two and three) is read as
    the word it is. Punctuation and fillers between the words of a number go with them,
    as later steps remove them anyway (a second pass must read what the first did).

    `spellings`: the folded spellings of the profiles; a phrase only they read is written
    with `mark` after its digits (see the module docstring), a single word is left as it is.

    >>> from scoring.config.hausa import HausaNumbers
    >>> read = build_hausa_numbers(HausaNumbers(units={"ɗaya": 1, "biyu": 2},
    ...     tens={"goma": 10, "ashirin": 20}, teen_word="sha",
    ...     scales={"ɗari": 100, "dubu": 1000}, conjunction="da"),
    ...     [lambda w: w.replace("ɗ", "d")], "ʼ")
    >>> read("goma sha ɗaya , goma sha daya , (ɗari da ashirin) , daya , dubu 2")
    '11 , 11ʼ , (120) , daya , 2000'
    """
    as_written = lambda word: word  # noqa: E731
    strict = _Lexicon(rules, [as_written])
    folded = _Lexicon(rules, [as_written, *spellings]) if spellings and mark else None
    starts = strict.starts | (folded.starts if folded else frozenset())
    separators = "".join(re.escape(sep) for sep in rules.thousands_separators)
    groups = (
        re.compile(f"(?<![0-9{separators}.])[0-9]{{1,3}}(?:[{separators}][0-9]{{3}})+(?![0-9])")
        if separators
        else None
    )
    ungroup = str.maketrans(dict.fromkeys(rules.thousands_separators, ""))

    def convert(text: str) -> str:
        if groups is not None and any(sep in text for sep in rules.thousands_separators):
            text = groups.sub(lambda m: m.group(0).translate(ungroup), text)
        if ":" in text:
            text = _CLOCK.sub(_clock_parts, text)
        tokens = text.split()
        # Each token without the punctuation at its edges: what the grammar reads
        bare = [token.strip(EDGE_PUNCT).lower() for token in tokens]
        if starts.isdisjoint(bare):
            return text
        # The words (punctuation and fillers aside) and the token each one is
        at = [k for k, word in enumerate(bare) if word and word not in fillers]
        words = [bare[k] for k in at]
        out: list[str] = []
        done = 0  # tokens written so far
        i = 0
        while i < len(words):
            found = _read(strict, words, i) if words[i] in strict.starts else None
            digits = _plain(found.value) if found else ""
            if folded is not None and words[i] in folded.starts:
                wider = _read(folded, words, i)
                if wider is not None and (found is None or wider.end > found.end):
                    found = wider if wider.end - i > 1 else None  # one word: left to the table
                    digits = _plain(wider.value) + mark if found else ""
            if found is None:
                i += 1
                continue
            first, last = tokens[at[i]], tokens[at[found.end - 1]]
            lead = first[: len(first) - len(first.lstrip(EDGE_PUNCT))]
            trail = last[len(last.rstrip(EDGE_PUNCT)) :]
            out += tokens[done : at[i]]
            out.append(lead + digits + trail)
            done, i = at[found.end - 1] + 1, found.end
        out += tokens[done:]
        return " ".join(out)

    return convert


def _read(lex: _Lexicon, w: list[str], i: int) -> _Part | None:
    """The longest well-formed number at w[i] in this spelling, or None."""

    def number(j: int, limit: int) -> _Part | None:
        part = group(j, limit, True)
        if part is None:
            return None
        total, end, scale = part.value, part.end, part.scale
        while scale is not None and end + 1 < len(w) and w[end] == lex.conjunction:
            nxt = group(end + 1, scale, False)
            if nxt is None:
                break
            total += nxt.value
            end, scale = nxt.end, nxt.scale
        return _Part(end, total, scale)

    def group(j: int, limit: int, first: bool) -> _Part | None:
        token = w[j]
        if token in lex.scales:
            scale = lex.scales[token]
            if scale >= limit:
                return None
            multiplier, end = multiplier_of(j, scale)
            value = scale * multiplier
            return _Part(end, value, scale) if value < limit else None
        if token in lex.tens:
            return below_hundred(j, limit)
        if token in lex.units:
            value = lex.units[token]
            return _Part(j + 1, value) if value < limit else None
        if not first and token.isdigit() and token.isascii() and int(token) < limit:
            return _Part(j + 1, int(token))  # dubu biyu da 500
        return None

    def multiplier_of(j: int, scale: int) -> tuple[int | Decimal, int]:
        """The count after a scale word (ɗari BIYU, dubu ASHIRIN DA BIYAR), or 1."""
        if j + 1 >= len(w):
            return 1, j + 1
        below = 10 if scale == 100 else 1000
        if _AMOUNT.fullmatch(w[j + 1]):
            amount = Decimal(w[j + 1])
            if 0 < amount < below and (scale > 100 or amount == amount.to_integral_value()):
                return amount, j + 2
            return 1, j + 1
        found = number(j + 1, below)
        if found is None or not found.value:
            return 1, j + 1
        return found.value, found.end

    def below_hundred(j: int, limit: int) -> _Part | None:
        tens = lex.tens[w[j]]
        if tens >= limit:
            return None
        joiner = lex.teen if tens == 10 else lex.conjunction
        if j + 2 < len(w) and w[j + 1] == joiner:
            unit = lex.units.get(w[j + 2])
            if unit and tens + unit < limit:
                return _Part(j + 3, tens + unit)
        return _Part(j + 1, tens)

    return number(i, _NO_LIMIT)


def _clock_parts(match: re.Match) -> str:
    """`2:30` = `2 30`, `8:00` = `8`, `8:05:09` = `8 05 09`."""
    hours, minutes, seconds = match.groups()
    parts = [str(int(hours))]
    if minutes != "00" or seconds:
        parts.append(minutes)
    return " ".join(parts + [seconds] if seconds else parts)


def _plain(value: int | Decimal) -> str:
    if isinstance(value, int) or value == value.to_integral_value():
        return str(int(value))
    return format(value.normalize(), "f")


def build_hausa_symbols(unit_symbols: Mapping[str, str], mark: str | None = None) -> StepFn:
    """`₦500`, `₦ 500`, `500₦` -> `naira 500`: a symbol beside an amount, as its word
    before the amount, as Hausa says it (the punctuation step would delete the symbol). A
    symbol alone stays."""
    symbols = sorted(unit_symbols, key=len, reverse=True)
    chars = frozenset("".join(symbols))
    amount = _amount_pattern(mark)

    def split(token: str) -> tuple[str, str] | None:
        """(symbol, amount) of a token `₦500` or `500₦`, or None."""
        for symbol in symbols:
            if token.startswith(symbol) and amount.fullmatch(token[len(symbol) :]):
                return symbol, token[len(symbol) :]
            if token.endswith(symbol) and amount.fullmatch(token[: -len(symbol)]):
                return symbol, token[: -len(symbol)]
        return None

    def convert(text: str) -> str:
        if chars.isdisjoint(text):
            return text
        tokens = text.split()
        out: list[str] = []
        i = 0
        while i < len(tokens):
            token = tokens[i]
            following = tokens[i + 1] if i + 1 < len(tokens) else ""
            stuck = split(token) if not chars.isdisjoint(token) else None
            if stuck is not None:
                out += [unit_symbols[stuck[0]], stuck[1]]
            elif token in unit_symbols and amount.fullmatch(following):
                out += [unit_symbols[token], following]
                i += 1
            elif amount.fullmatch(token) and following in unit_symbols:
                out += [unit_symbols[following], token]
                i += 1
            else:
                out.append(token)
            i += 1
        return " ".join(out)

    return convert


def build_hausa_percent(rules: HausaPercent, mark: str | None = None) -> StepFn:
    """`10%`, `% 10`, `kaso 10 bisa 100` -> `kashi 10 cikin 100`, as Hausa says it."""
    words = frozenset(rules.words)
    per = frozenset(rules.per)
    signs = frozenset(rules.symbols)
    amount = _amount_pattern(mark)

    def canonical(number: str) -> list[str]:
        return [rules.words[0], number, rules.per[0], "100"]

    def said(lower: list[str], i: int) -> bool:
        """kashi / kaso <amount> cikin / bisa 100 at lower[i]."""
        return (
            lower[i] in words
            and i + 3 < len(lower)
            and amount.fullmatch(lower[i + 1]) is not None
            and lower[i + 2] in per
            and lower[i + 3] == "100"
        )

    def convert(text: str) -> str:
        lower = text.lower().split()
        if signs.isdisjoint(text) and words.isdisjoint(lower):
            return text
        tokens = text.split()
        out: list[str] = []
        i = 0
        while i < len(tokens):
            token, rest = tokens[i], lower[i + 1 : i + 4]
            if amount.fullmatch(token) and rest[:1] and rest[0] in signs:
                out += canonical(token)
                i += 2
            elif token[:-1] and token[-1] in signs and amount.fullmatch(token[:-1]):
                out += canonical(token[:-1])
                i += 1
            elif token in signs and rest and amount.fullmatch(rest[0]):
                out += canonical(tokens[i + 1])
                i += 2
            elif said(lower, i):
                out += canonical(tokens[i + 1])
                i += 4
            else:
                out.append(token)
                i += 1
        return " ".join(out)

    return convert


def build_hausa_money(rules: HausaMoney, mark: str | None = None) -> StepFn:
    """An amount of money as `<currency> <amount>`, the Hausa order (naira ɗari biyar), on
    lower-case words after punctuation.

    Read: a currency name before the amount (`naira 500`), in several words (`dalar
    amurka 5`), or after it (`500 naira`) when no amount follows the name; a letter sign
    stuck to the amount (`n500`: N for ₦); the cents after it, with or without the
    conjunction (`naira 5 da kobo 50`, `naira 5 50 kobo`). An amount with one or two
    decimals and a minor unit is whole units and cents: `naira 5.50` = `naira 5 kobo 50`,
    `naira 0.50` = `kobo 50`. A name takes the amount after it first (`mutane 3 naira 5`
    is 5 naira), so the canonical order reads the same on a second pass.

    >>> from scoring.config.hausa import HausaMoney
    >>> money = build_hausa_money(HausaMoney(currencies={"naira": "naira",
    ...     "kobo": "kobo", "dalar amurka": "dala"}, letter_symbols={"N": "naira"},
    ...     and_words=["da"], minor_of={"naira": "kobo"}))
    >>> money("naira 500 da kobo 50 , n1500 , dalar amurka 5 , 5.50 naira , 3 naira 5")
    'naira 500 kobo 50 , naira 1500 , dala 5 , naira 5 kobo 50 , 3 naira 5'
    """
    names: dict[tuple[str, ...], str] = {tuple(k.split()): v for k, v in rules.currencies.items()}
    longest = max(map(len, names), default=1)
    firsts = frozenset(key[0] for key in names)
    letters = {letter.lower(): name for letter, name in rules.letter_symbols.items()}
    amount = _amount_pattern(mark)
    and_words = frozenset(rules.and_words)
    letter_probe = re.compile(f"(?<!\\S)[{re.escape(''.join(letters))}][0-9]") if letters else None

    def name_at(w: list[str], i: int) -> tuple[int, str] | None:
        if i >= len(w) or w[i] not in firsts:
            return None
        for size in range(min(longest, len(w) - i), 0, -1):
            found = names.get(tuple(w[i : i + size]))
            if found is not None:
                return size, found
        return None

    def amount_at(w: list[str], i: int) -> re.Match | None:
        return amount.fullmatch(w[i]) if i < len(w) else None

    def money_at(w: list[str], i: int) -> tuple[int, re.Match, str] | None:
        """(end, amount, currency) of `naira 500`, `500 naira` or `n500` at w[i]."""
        if i >= len(w):
            return None
        named = name_at(w, i)
        if named is not None:
            found = amount_at(w, i + named[0])
            return (i + named[0] + 1, found, named[1]) if found else None
        found = amount_at(w, i)
        if found is not None:
            named = name_at(w, i + 1)
            if named is None or amount_at(w, i + 1 + named[0]):
                return None  # 3 naira 5: the name takes the amount after it
            return i + 1 + named[0], found, named[1]
        if w[i][:1] in letters:
            found = amount.fullmatch(w[i][1:])
            return (i + 1, found, letters[w[i][0]]) if found else None
        return None

    def written(found: re.Match, currency: str) -> list[str]:
        number, flag = found.groups()
        minor = rules.minor_of.get(currency)
        whole, _, cents = number.partition(".")
        if minor is None or len(cents) > 2:
            return [currency, number + flag]
        cents = str(int(cents.ljust(2, "0"))) if cents else "0"
        if cents == "0":
            return [currency, whole + flag]
        if whole == "0":
            return [minor, cents + flag]
        return [currency, whole + flag, minor, cents + flag]

    def convert(text: str) -> str:
        w = text.split()
        if firsts.isdisjoint(w) and not (letter_probe and letter_probe.search(text)):
            return text
        out: list[str] = []
        i = 0
        while i < len(w):
            starts = w[i] in firsts or w[i][:1] in letters or w[i][:1].isdigit()
            found = money_at(w, i) if starts else None
            if found is None:
                out.append(w[i])
                i += 1
                continue
            end, number, currency = found
            words = written(number, currency)
            minor = rules.minor_of.get(currency)
            if minor is not None and len(words) == 2 and words[0] == currency:
                after = end + 1 if end < len(w) and w[end] in and_words else end
                cents = money_at(w, after)
                if cents is not None and cents[2] == minor and "." not in cents[1].group(1):
                    words += written(cents[1], minor)
                    end = cents[0]
            out += words
            i = end
        return " ".join(out)

    return convert


def times_step(config: LanguageConfig) -> StepFn | None:
    rules = config.hausa
    if rules is None or rules.times is None:
        return None
    return build_hausa_times(rules.times, spelling_mark(config))


def build_hausa_times(rules: HausaTimes, mark: str | None = None) -> StepFn:
    """A spoken clock time as `H MM`, as `ha_numbers` writes a written one (`2:30` = `2
    30`), on lower-case words after the number steps; after the head (ƙarfe), the hour
    and its minutes: `ƙarfe 2 da rabi` =
    `ƙarfe 2 30`, `ƙarfe 2 da kwata` = `ƙarfe 2 15`, `ƙarfe 2 da minti 10` = `ƙarfe 2 10`,
    and before it the minutes left: `saura kwata ƙarfe 3` = `ƙarfe 2 45`. The head stays.

    >>> from scoring.config.hausa import HausaTimes
    >>> times = build_hausa_times(HausaTimes(heads=["ƙarfe"], and_words=["da"],
    ...     minute_words=["minti"], half_words=["rabi"], quarter_words=["kwata"],
    ...     to_words=["saura"]))
    >>> times("ƙarfe 2 da rabi , ƙarfe 2 da kwata , saura minti 10 ƙarfe 3 , ƙarfe 8 na safe")
    'ƙarfe 2 30 , ƙarfe 2 15 , ƙarfe 2 50 , ƙarfe 8 na safe'
    """
    heads = frozenset(rules.heads)
    ands = frozenset(rules.and_words)
    minute_words = frozenset(rules.minute_words)
    halves = frozenset(rules.half_words)
    quarters = frozenset(rules.quarter_words)
    to = frozenset(rules.to_words)
    probe = heads | to

    def number(token: str, most: int) -> int | None:
        if mark and token.endswith(mark):
            return None  # read in a folded spelling only: left for the profile
        return int(token) if token.isdigit() and token.isascii() and int(token) <= most else None

    def minutes_at(w: list[str], k: int) -> tuple[int, int] | None:
        """(end, minutes) of `rabi`, `kwata`, `minti 10` or `10 minti` at w[k]."""
        at = lambda j: w[j] if j < len(w) else ""  # noqa: E731
        if at(k) in halves or at(k) in quarters:
            return k + 1, 30 if at(k) in halves else 15
        if at(k) in minute_words and number(at(k + 1), 59):
            return k + 2, number(at(k + 1), 59)
        m = number(at(k), 59)
        if m and at(k + 1) in minute_words:
            return k + 2, m
        return None

    def convert(text: str) -> str:
        w = text.split()
        if probe.isdisjoint(w):
            return text
        out: list[str] = []
        i = 0
        while i < len(w):
            hour = number(w[i + 1], 24) if w[i] in heads and i + 1 < len(w) else None
            if hour is not None and i + 2 < len(w) and w[i + 2] in ands:
                found = minutes_at(w, i + 3)
                if found is not None:
                    out += [w[i], str(hour), f"{found[1]:02d}"]
                    i = found[0]
                    continue
            if w[i] in to:
                left = minutes_at(w, i + 1)
                if left is not None and left[0] + 1 < len(w) and w[left[0]] in heads:
                    target = number(w[left[0] + 1], 24)
                    if target is not None:
                        previous = ((target - 1) % 12 or 12) if target <= 12 else target - 1
                        out += [w[left[0]], str(previous), f"{60 - left[1]:02d}"]
                        i = left[0] + 2
                        continue
            out.append(w[i])
            i += 1
        return " ".join(out)

    return convert


EARLY_STEPS: tuple = (("ha_numbers", numbers_step),)
NUMBER_STEPS: tuple = (("ha_symbols", symbols_step), ("ha_percent", percent_step))
WORD_STEPS: tuple = ()
FILLER_STEPS: tuple = (("ha_money", money_step), ("ha_times", times_step))
