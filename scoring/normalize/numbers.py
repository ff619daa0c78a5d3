"""Number words to digits, behind one step (text2num's alpha2digit, Rust core).

`threshold=0` converts every number ("two" too); the default would leave small numbers as
words on one side and digits on the other. Separators are unified after conversion:
thousands separators are removed (1,000 = 1000; 1.000 = 1000 in German), and the decimal
separator is kept as the language writes it, so the punctuation step can keep it between
digits and never merge 3.5 into 35.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence

import regex
from text_to_num import alpha2digit

from ..caches import memo
from ..config.classes import CardinalRules
from ..config.models import Numbers

__all__ = ["build_number_converter", "build_number_reader", "is_number_word"]

# Number words that contain letters a char fold may rewrite. Folds run after this step,
# but an STT may already write the folded spelling ("fuenf"): we restore the original
# spelling first, so it still parses (German "fünf" and "fuenf" are both 5).
_NON_ASCII_NUMBER_WORDS = {
    "de": ("fünf", "zwölf", "dreißig"),
    "es": ("dieciséis", "veintidós", "veintitrés", "veintiséis"),
    "it": ("ventitré", "trentatré"),
    "nl": ("één",),
}

_DIGIT = regex.compile(r"\d")
_THOUSANDS = {
    ",": regex.compile(r"(?<=\d),(?=\d{3}(?!\d))"),
    ".": regex.compile(r"(?<=\d)\.(?=\d{3}(?!\d))"),
    "'": regex.compile(r"(?<=\d)'(?=\d{3}(?!\d))"),
}
# text2num reading its own output: once more has been enough in every case seen
_MAX_READS = 3
# Words joined by hyphens, as a token (dix-huit-mille)
_HYPHENATED_WORDS = regex.compile(r"(?<!\S)\p{L}+(?:-\p{L}+)+(?!\S)")
# A space between digit groups (French 1 000) is joined by a late step instead, after
# punctuation is gone: other steps create spaces, and a second pass must not join more.
SPACE_GROUPS = regex.compile(r"(?<=(?<![\d.,])\d{1,3}) (?=\d{3}(?!\d))")


def build_number_converter(
    rules: Numbers,
    folds: Mapping[str, str],
    unit_symbols: Mapping[str, str],
    fillers: frozenset[str] = frozenset(),
    guard: CardinalRules | None = None,
    fraction_stems: Sequence[str] = (),
) -> Callable[[str], str]:
    language = rules.language
    read = _between_fillers(build_number_reader(rules, folds, guard, fraction_stems), fillers)
    separators = [(sep, _THOUSANDS[sep]) for sep in rules.thousands_separators if sep in _THOUSANDS]
    # Unit words pass through the converter too: French "pour cent" must come out as
    # "pour 100", as the spoken "cinq pour cent" does.
    units = _unit_symbol_rewriter(
        {symbol: alpha2digit(word, language, threshold=0) for symbol, word in unit_symbols.items()}
    )

    def convert(text: str) -> str:
        text = read(text)
        if not _DIGIT.search(text):
            return text
        if units:
            text = units(text)  # first, so "123 $120" reads the same on every pass
        for sep, pattern in separators:
            if sep in text:  # (a substring test is a tenth of the pattern's scan)
                text = pattern.sub("", text)
        return text

    return convert


def build_number_reader(
    rules: Numbers,
    folds: Mapping[str, str],
    guard: CardinalRules | None = None,
    fraction_stems: Sequence[str] = (),
) -> Callable[[str], str]:
    """Number words to digits with text2num, reading folded spellings too ("zwoelf" = 12).

    text2num reads some words by what comes before them: in "un expire point neuf" it
    leaves "neuf", in "1 expire point neuf" it writes 9. The normalizer must give the
    same text on a second pass over its own output, so text2num reads its own output
    again until nothing changes, when that can change anything: it changed the text
    and left a word it reads as a number on its own.
    """
    language = rules.language
    unfold = _unfolder(language, folds)

    @memo(8192)
    def number_word(token: str) -> bool:
        return alpha2digit(token, language, threshold=0) != token

    def apart(token: str) -> str:
        """Number words joined by hyphens that text2num left unread (fr dix-huit-mille,
        as the 1990 spelling writes every number): read as the words apart, which is what
        a second pass reads once the punctuation step has removed the hyphens."""
        parts = token.split("-")
        if all(map(number_word, parts)):
            return alpha2digit(" ".join(parts), language, threshold=0)
        return token

    def read(text: str) -> str:
        if unfold is not None:
            text = unfold(text)
        digits = alpha2digit(text, language, threshold=0)
        if "0" in digits and _ZERO_RUN.search(digits):
            digits = _zeros_apart(text, digits)
        for _ in range(_MAX_READS - 1):
            if digits == text or not any(map(number_word, digits.split())):
                break
            text, digits = digits, alpha2digit(digits, language, threshold=0)
        if "-" in digits:
            digits = _HYPHENATED_WORDS.sub(lambda m: apart(m.group(0)), digits)
        return digits

    if guard is not None and guard.apart_words:
        read = _read_apart(read, frozenset(w.lower() for w in guard.apart_words), number_word)
    if guard is None:
        return read
    return _guarded(read, guard, number_word, language, fraction_stems)


def _read_apart(
    read: Callable[[str], str], words: frozenset[str], number_word: Callable[[str], bool]
) -> Callable[[str], str]:
    """text2num, with the `apart_words` it reads apart from the number words before them
    left as words: fr "vingt-cinq cents" is 25 cents (text2num: 25 100), "trois cents" is
    300 (read with the number), "cent" alone is 100."""

    def apart(text: str) -> str:
        tokens = text.split(" ")
        lower = [token.lower() for token in tokens]
        if words.isdisjoint(lower):
            return read(text)
        kept = []
        for k, word in enumerate(lower):
            start = k
            while word in words and start > 0 and lower[start - 1] not in words:
                if not (lower[start - 1].isdigit() or read(lower[start - 1]).isdigit()):
                    break  # a cardinal, not an ordinal (deuxième cent)
                start -= 1
            if start < k:
                number = read(" ".join(tokens[start:k]))
                if read(" ".join(tokens[start : k + 1])) == f"{number} {read(tokens[k])}":
                    kept.append(tokens[k])
                    tokens[k] = _KEPT
        done = read(" ".join(tokens))
        for token in kept:
            done = done.replace(_KEPT, token, 1)
        return done

    return apart


# Three digits with a leading zero right after a number: what a space thousands
# separator would join to it (1 001).
_ZERO_RUN = regex.compile(r"(?<=\d )0\d\d(?!\S)")


def _zeros_apart(text: str, digits: str) -> str:
    """Digits said one by one after a zero stay one by one where they would join the
    number before them: text2num writes "uno cero cero uno" as 1 001, which a language
    with a space thousands separator (es 1 000) reads as 1001, not the digits 1 0 0 1.
    Elsewhere a leading zero stays with its digits (fr zéro deux = 02, a phone number said
    in pairs), and so does a group written as such (1 001 in the text)."""
    written = frozenset(text.split())
    return _ZERO_RUN.sub(
        lambda m: m.group() if m.group() in written else " ".join(m.group()), digits
    )


# Private-use characters: text2num reads neither, and no text carries them.
_KEPT = "\ue000"
_APART = "\ue001"
_END = "\ue004"  # after the digits said in groups after a decimal word (`decimal_groups`)


def _guarded(
    read: Callable[[str], str],
    rules: CardinalRules,
    number_word: Callable[[str], bool],
    language: str,
    fraction_stems: Sequence[str] = (),
) -> Callable[[str], str]:
    """text2num, told what it must not read (`not_numbers`: "my OS" is not "my 0"), where
    a scale word stands apart (after a decimal: "dos coma cinco millones" is 2,5 millones,
    which text2num would write 2,5000000), and that a one word before a scale word is part
    of the number (de "eine Million zweihundert": text2num reads "Million zweihundert" as
    1000200 and would leave "eine" as a word).

    Where the config asks, also: a `large_scales` word after a written number is left for
    the cardinals step (es "3000 millones"; text2num would read the scale word alone, as
    in "2020 un millón"); a word made of a number word and a fraction suffix
    (`fraction_stems`) is left for the fractions step (es "un onceavo", which text2num
    writes "1 1/11"); and the digits said in groups after a decimal word are one number
    (`decimal_groups`: "tres coma catorce quince" = 3,1415, where text2num writes 3,14 15)."""
    keep = frozenset(word.lower() for word in rules.not_numbers)
    decimals = frozenset(word.lower() for word in rules.decimal_words)
    scales = frozenset(word.lower() for word in rules.scale_words)
    ones = frozenset(word.lower() for word in rules.one_words) if scales else frozenset()
    later_scales = frozenset(word.lower() for word in rules.large_scales)
    is_fraction = _fraction_word_test(fraction_stems, number_word) if fraction_stems else None
    grouped = decimals if rules.decimal_groups else frozenset()
    watch = keep | (scales if decimals or ones else frozenset()) | later_scales | grouped

    def guarded(text: str) -> str:
        # (one lower() of the text is its tokens lowered one by one: tables.split_lowered)
        lower = text.lower().split(" ")
        if watch.isdisjoint(lower) and not (is_fraction and any(map(is_fraction, lower))):
            return read(text)
        tokens = text.split(" ")
        ends = _group_ends(lower, grouped, number_word, scales | keep, language) if grouped else ()
        out: list[str] = []
        kept: list[str] = []
        after_decimal = False
        for k, (token, word) in enumerate(zip(tokens, lower, strict=True)):
            if word in ones and k + 1 < len(lower) and lower[k + 1] in scales:
                continue  # eine Million: the scale word alone reads as one of it
            if k in ends:
                out.append(_END)
            later = word in later_scales and k > 0 and _WRITTEN_NUMBER.fullmatch(tokens[k - 1])
            if word in keep or later or (is_fraction is not None and is_fraction(word)):
                kept.append(token)
                out.append(_KEPT)
                after_decimal = False
                continue
            if word in decimals:
                after_decimal = True
            elif word in scales and after_decimal:
                out.append(_APART)
                after_decimal = False
            elif not (word.isdigit() or number_word(word)):
                after_decimal = False
            out.append(token)
        if len(tokens) in ends:
            out.append(_END)
        done = read(" ".join(out)).replace(f" {_APART} ", " ").replace(_APART, "")
        for token in kept:
            done = done.replace(_KEPT, token, 1)
        if _END in done:
            done = _GROUPS.sub(lambda m: m.group(1) + m.group(2).replace(" ", ""), done)
            done = " ".join(done.replace(_END, " ").split())
        return done

    return guarded


_WRITTEN_NUMBER = regex.compile(r"-?\d+(?:[.,]\d+)?")
# A decimal text2num wrote, then the digit groups said after it, up to the end mark
_GROUPS = regex.compile(rf"(\d[.,]\d+)((?: \d+)+) {_END}")


def _group_ends(
    lower: list[str],
    decimals: frozenset[str],
    number_word: Callable[[str], bool],
    stops: frozenset[str],
    language: str,
) -> set[int]:
    """Where each run of number words said after a decimal word ends (the index after
    it), for runs of two words or more: "tres coma catorce ciento cincuenta y nueve".
    A word between two number words is in the run when the three read as one number
    (es cuarenta Y uno)."""

    def number(k: int) -> bool:
        return 0 <= k < len(lower) and lower[k] not in stops and number_word(lower[k])

    def joins(k: int) -> bool:
        read = alpha2digit(" ".join(lower[k - 1 : k + 2]), language, threshold=0)
        return _ONE_NUMBER.fullmatch(read) is not None

    ends = set()
    for k, word in enumerate(lower):
        if word not in decimals or k == 0:
            continue
        if not (number(k - 1) or _WRITTEN_NUMBER.fullmatch(lower[k - 1])):
            continue
        end = k + 1
        while number(end) or (number(end - 1) and number(end + 1) and joins(end)):
            end += 1
        if end - k > 2:
            ends.add(end)
    return ends


_ONE_NUMBER = regex.compile(r"\d+")


def _fraction_word_test(
    stems: Sequence[str], number_word: Callable[[str], bool]
) -> Callable[[str], bool]:
    """A word text2num would change that is a number word and a fraction suffix (es
    onceavo, treintavo: once, treinta + avo, vo), not a word that only ends like one
    (octavo, centavo)."""
    suffixes = tuple(sorted(stems, key=len, reverse=True))

    @memo(4096)
    def test(word: str) -> bool:
        if not word.endswith(suffixes) or not number_word(word):
            return False
        return any(
            word.endswith(suffix)
            and len(word) > len(suffix) + 2
            and number_word(word[: -len(suffix)])
            for suffix in suffixes
        )

    return test


def _between_fillers(read: Callable[[str], str], fillers: frozenset[str]) -> Callable[[str], str]:
    """Read the numbers of each stretch between fillers on its own. text2num decides some
    words by their neighbours (French "le X neuf" is "the new X"), and the fillers step,
    later, removes the filler: a second pass would see other neighbours ("le neuf" = le 9)
    and read the word otherwise. Read apart, both passes agree."""
    if not fillers:
        return read

    def is_filler(token: str) -> bool:
        return token.lower() in fillers

    def read_between(text: str) -> str:
        if fillers.isdisjoint(text.lower().split(" ")):
            return read(text)  # most texts: no filler, one read
        return " ".join(
            " ".join(run) if filler else read(" ".join(run))
            for filler, run in itertools.groupby(text.split(" "), key=is_filler)
        )

    return read_between


def is_number_word(token: str, language: str) -> bool:
    """True for a word that text2num reads as a number ("trois", "twenty")."""
    return (
        bool(token)
        and not token.isdigit()
        and _DIGIT.search(alpha2digit(token, language, threshold=0)) is not None
    )


def _unfolder(language: str, folds: Mapping[str, str]) -> Callable[[str], str] | None:
    restore = {}
    for word in _NON_ASCII_NUMBER_WORDS.get(language, ()):
        folded = word
        for source, target in folds.items():
            folded = folded.replace(source, target)
        if folded != word:
            restore[folded] = word
    if not restore:
        return None
    pattern = regex.compile(
        "|".join(regex.escape(k) for k in sorted(restore, key=len, reverse=True)),
        flags=regex.IGNORECASE,
    )
    return lambda text: pattern.sub(lambda m: restore[m.group(0).lower()], text)


def _unit_symbol_rewriter(unit_symbols: Mapping[str, str]) -> Callable[[str], str] | None:
    """`$5` and `5 $` -> `5 dollars`; `5%` -> `5 percent` (as text2num writes the words)."""
    if not unit_symbols:
        return None
    symbols = "|".join(regex.escape(s) for s in sorted(unit_symbols, key=len, reverse=True))
    number = r"\d+(?:\.\d+)?"
    before = regex.compile(rf"(?:{symbols}) ?({number})")
    after = regex.compile(rf"({number}) ?(?:{symbols})")

    def rewrite(text: str) -> str:
        if not any(symbol in text for symbol in unit_symbols):
            return text
        text = before.sub(lambda m: f"{m.group(1)} {unit_symbols[_symbol(m, m.group(1))]}", text)
        return after.sub(lambda m: f"{m.group(1)} {unit_symbols[_symbol(m, m.group(1))]}", text)

    def _symbol(match, number: str) -> str:
        return match.group(0).replace(number, "", 1).strip()

    return rewrite
