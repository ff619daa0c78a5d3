"""Step `money`: an amount of money written one way, `<amount> <currency>`.

Read after the cardinals step (numbers are digits, a currency symbol stuck to a number is
set apart, scale words are multiplied in). The config's `money.currencies` maps every
written form of a currency (symbol, code, name, plural) to one canonical word, and
`minor_units` does the same for cents, pence, centimes. Forms may be phrases ("us
dollars", "franc suisse").

What is read:
- a symbol or code before or after the amount: `$ 5`, `5 €`, `USD 5` -> `5 dollar`;
- a name after the amount: `5 dollars` -> `5 dollar` (singular and plural are one word);
  `2000000 d'euros` / `de euros` (`of_words`) -> `2000000 euro`;
- cents after the units, with or without their name: `29 dollars 50 cents`,
  `2 euros and 20 cents`, `2 Euro 20` (at the end of a sentence, or anywhere with
  `bare_cents`: `2 Euro 50 pro Stück`) -> `29 dollar 50 cent`;
- cents alone: `50 cents` -> `50 cent`;
- a scale abbreviation stuck to an amount after a symbol (`scale_suffixes`): `$5m` =
  `5000000 dollar`, `$2.5bn` = `2500000000 dollar`.

The canonical writing is `<whole> <currency>` then `<cents> <minor>` when there are any:
`$29.50` = `29 dollar 50 cent`, `$2.00` = `2 dollar`, `$0.50` = `50 cent`, `$20.5` =
`20 dollar 50 cent`; an amount with more decimals than cents keeps them (`$.506` =
`0.506 dollar`). So a wrong number of dollars or of cents is one error each.

>>> from scoring.config.classes import MoneyRules
>>> rules = MoneyRules(currencies={"$": "dollar", "dollars": "dollar", "dollar": "dollar"},
...     minor_units={"cents": "cent", "cent": "cent"}, minor_of={"dollar": "cent"},
...     and_words=["and"])
>>> step = build_money(rules, ".")
>>> step("$ 29.50 , 29 dollars and 50 cents , 5 dollars , $ 0.50 , 50 cents , $ 2.00")
'29 dollar 50 cent , 29 dollar 50 cent , 5 dollar , 50 cent , 50 cent , 2 dollar'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal

import regex

from ..config.classes import MoneyRules
from .tables import Amount, PhraseTable, can_read, has_digit, scan, split_lowered, word_set

__all__ = ["build_money", "money_words"]

StepFn = Callable[[str], str]


def money_words(rules: MoneyRules) -> set[str]:
    """The canonical words the step writes (other steps must leave them alone)."""
    return set(rules.currencies.values()) | set(rules.minor_units.values())


def build_money(
    rules: MoneyRules,
    decimal: str,
    form: Callable[[str], str] | None = None,
    skip: frozenset[str] = frozenset(),
) -> StepFn:
    currencies = PhraseTable(rules.currencies, form)
    before_forms = (
        currencies
        if rules.names_before
        else PhraseTable({k: v for k, v in rules.currencies.items() if not _is_name(k)}, form)
    )
    minors = PhraseTable(rules.minor_units, form)
    and_words = word_set(rules.and_words, form)
    of_words = word_set(rules.of_words, form)
    # Symbols and codes stuck to a number ("5€" after cardinals is "5 €"; a code may
    # still be stuck: "USD5") and elided of-words ("d'euros").
    stuck = _stuck_pattern([form_ for form_ in rules.currencies if " " not in form_])
    elided = [word for word in of_words if word.endswith("'")]
    probe = currencies.firsts | minors.firsts

    def currency_at(tokens: list[str], lower: list[str], i: int) -> tuple[int, str] | None:
        if i >= len(tokens):
            return None
        found = currencies.match(tokens, i, lower) if lower[i] in currencies.firsts else None
        if found:
            return found
        for prefix in elided:  # d'euros
            if lower[i].startswith(prefix) and lower[i][len(prefix) :] in currencies.firsts:
                rest = [lower[i][len(prefix) :]] + lower[i + 1 :]
                found = currencies.match(rest, 0, rest)
                if found:
                    return found
        return None

    def read(tokens: list[str], lower: list[str], i: int) -> tuple[int, list[str]] | None:
        """(index after, canonical tokens) of an amount of money at tokens[i], or None."""
        if not (has_digit(tokens[i]) or lower[i] in currencies.firsts):
            return None
        n = len(tokens)
        before = currency_at(tokens, lower, i)
        if before and before_forms is not currencies and not before_forms.match(tokens, i, lower):
            before = None  # es euros 25: a name comes after its amount
        if before and i + before[0] < n:
            amount = Amount.parse(tokens[i + before[0]], decimal)
            if amount is not None:
                end = i + before[0] + 1
                again = currency_at(tokens, lower, end)  # "$5 dollars"
                if again and again[1] == before[1]:
                    end += again[0]
                return _with_cents(tokens, lower, end, amount, before[1], minors, and_words, rules)
        amount = Amount.parse(tokens[i], decimal)
        if amount is None or i + 1 >= n:
            return None
        end = i + 1
        if lower[end] in of_words and end + 1 < n:
            end += 1
        after = currency_at(tokens, lower, end)
        if after and _is_symbol(tokens[end]) and Amount.parse(_at(tokens, end + after[0]), decimal):
            return None  # 123 $120: the symbol is the next amount's ($120)
        if after:
            return _with_cents(
                tokens, lower, end + after[0], amount, after[1], minors, and_words, rules
            )
        minor = minors.match(tokens, i + 1, lower) if lower[i + 1] in minors.firsts else None
        if minor and amount.is_integer:
            return i + 1 + minor[0], [amount.written(decimal), minor[1]]
        return None

    scaled = _scaled_pattern(rules)
    scales = {key.lower(): power for key, power in rules.scale_suffixes.items()}
    # A code stuck to a number (USD5) and a symbol before a scaled amount ($5m) each end
    # right before a digit: one search for that instead of the patterns of every form.
    stuck_hint = _before_digit([f for f in rules.currencies if " " not in f and f.isalpha()])
    scaled_hint = _before_digit([f for f in rules.currencies if _is_symbol(f)], ignore_case=True)
    elided_forms = tuple(elided)

    def convert(text: str) -> str:
        if stuck is not None and can_read(_NO_WORDS, (), text, stuck_hint):
            text = stuck.sub(r"\1 \2", text)
        if scaled is not None and can_read(_NO_WORDS, (), text, scaled_hint):
            if scaled.search(text):
                text = scaled.sub(lambda m: _scaled(m, scales, decimal), text)
        tokens, lower = split_lowered(text)
        if probe.isdisjoint(lower) and not (
            elided_forms and any(word.startswith(elided_forms) for word in lower)
        ):
            return text
        # `read` starts only at a currency form or a word with a digit
        return " ".join(scan(tokens, lower, read, skip, currencies.firsts))

    return convert


_NO_WORDS: frozenset[str] = frozenset()


def _before_digit(forms: list[str], ignore_case: bool = False) -> Callable[[str], object] | None:
    """A search for the last character of one of `forms` right before a digit (`regex`'s
    digits, as the pattern it stands for). In an ASCII text, where every digit is 0-9,
    the search starts at a digit and looks back: most characters are letters, few are
    digits, and `regex` with a lookahead at every letter costs several times as much."""
    ends = "".join(sorted({regex.escape(form[-1]) for form in forms if form}))
    if not ends:
        return None
    anywhere = regex.compile(rf"[{ends}](?=\d)", regex.IGNORECASE if ignore_case else 0).search
    if ignore_case and any(_cased_as_ascii(form[-1]) for form in forms if form):
        return anywhere  # (a Kelvin sign's lower case is k: the ASCII look would miss it)
    ascii_ends = "".join(sorted({re.escape(form[-1]) for form in forms if form[-1:].isascii()}))
    if not ascii_ends:
        return lambda text: None if text.isascii() else anywhere(text)
    flags = re.IGNORECASE if ignore_case else 0
    from_digit = re.compile(rf"[0-9](?<=[{ascii_ends}][0-9])", flags).search
    return lambda text: from_digit(text) if text.isascii() else anywhere(text)


def _cased_as_ascii(ch: str) -> bool:
    """A character not ASCII whose other case or fold is (the Kelvin sign, the long s)."""
    return not ch.isascii() and any(x.isascii() for x in (ch.lower(), ch.upper(), ch.casefold()))


def _scaled_pattern(rules: MoneyRules) -> regex.Pattern | None:
    """A symbol, an amount and a scale abbreviation as one token: $5m, ¥30B, US$2.5bn."""
    symbols = [form for form in rules.currencies if _is_symbol(form)]
    if not rules.scale_suffixes or not symbols:
        return None
    alternatives = "|".join(regex.escape(s) for s in sorted(symbols, key=len, reverse=True))
    scales = "|".join(regex.escape(s) for s in sorted(rules.scale_suffixes, key=len, reverse=True))
    return regex.compile(
        rf"(?<!\S)({alternatives})(\d+(?:[.,]\d+)?)({scales})(?!\S)", flags=regex.IGNORECASE
    )


def _scaled(match: regex.Match, scales: dict[str, int], decimal: str) -> str:
    symbol, number, scale = match.groups()
    whole, _, fraction = number.partition(decimal)
    if not whole.isdigit() or (fraction and not fraction.isdigit()):
        return match.group()  # 1,5m in English: a thousands comma, not an amount
    power = scales[scale.lower()]
    value = Decimal(f"{whole}.{fraction or 0}") * 10**power
    if value != value.to_integral_value():
        return match.group()
    return f"{symbol} {int(value)}"


def _is_name(form: str) -> bool:
    """A currency name (dollars, pesos mexicanos), not a symbol or a code ($, US$, USD)."""
    return any(ch.islower() for ch in form) and all(ch.isalpha() or ch in " '" for ch in form)


def _is_symbol(token: str) -> bool:
    return not any(ch.isalpha() for ch in token)


def _at(tokens: list[str], i: int) -> str:
    return tokens[i] if i < len(tokens) else ""


def _with_cents(tokens, lower, end, amount: Amount, currency: str, minors, and_words, rules):
    """(index after, canonical tokens): the amount, then its cents if they follow:
    `29 dollars (and) 50 (cents)`."""
    minor = rules.minor_of.get(currency)
    taken = end
    cents: int | None = None
    if minor and amount.is_integer:
        j = end + 1 if end < len(tokens) and lower[end] in and_words else end
        if j < len(tokens) and tokens[j].isdigit() and len(tokens[j]) <= 2:
            named = minors.match(tokens, j + 1, lower) if j + 1 < len(tokens) else None
            if named and named[1] == minor:
                cents, taken = int(tokens[j]), j + 1 + named[0]
            elif j + 1 == len(tokens):
                cents, taken = int(tokens[j]), j + 1  # "2 Euro 20" at the end
            elif rules.bare_cents and j == end and not tokens[j + 1][:1].isdigit():
                cents, taken = int(tokens[j]), j + 1  # de "2 Euro 50 pro Stück"
    return taken, _canonical(amount, currency, minor, cents)


def _canonical(amount: Amount, currency: str, minor: str | None, cents: int | None) -> list[str]:
    whole = amount.sign + amount.whole.lstrip("0") if amount.whole.strip("0") else "0"
    fraction = amount.fraction.rstrip("0")
    if cents is None and minor and len(fraction) <= 2:
        cents = int(fraction.ljust(2, "0")) if fraction else 0
        fraction = ""
    if fraction:  # more decimals than cents: the amount as written, without trailing zeros
        return [f"{whole}.{fraction}", currency]
    if cents and whole in ("0", "-0"):
        return [("-" if amount.sign else "") + str(cents), minor]
    words = [whole, currency]
    if cents:
        words += [str(cents), minor]
    return words


def _stuck_pattern(forms: list[str]) -> regex.Pattern | None:
    """A code or symbol stuck to the start of a number: USD5, €5 (cardinals sets apart a
    symbol, not a code)."""
    codes = [f for f in forms if f.isalpha() and f.isupper() and len(f) > 1]
    if not codes:
        return None
    alternatives = "|".join(re.escape(code) for code in sorted(codes, key=len, reverse=True))
    return regex.compile(rf"(?<!\S)({alternatives})(\d)")
