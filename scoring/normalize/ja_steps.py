"""Japanese steps of the chain. Each slot is a tuple of (step name, builder); a builder takes
the config and returns a `str -> str` function, or None when the config leaves it off.
The slots' places in the chain are fixed by `chain.STEP_ORDER`.

Japanese is scored by characters with every space removed (`remove_whitespace`), so the
steps below may leave spaces where punctuation was; they never add characters that count.
Rules that look at neighbours run where a second pass would see the same neighbours:
fillers and variants first, numbers and codes after punctuation is a space.

- `ja_width` (early): jaconv width folding, ｱ -> ア, ＡＢＣ１２３ -> ABC123; a prolonged
  sound mark that starts a word goes.
- `ja_fillers` (early): fillers (the config's `fillers`) at the start of a word: the start
  of the text, or after a space or punctuation (えーと、今日は -> 今日は); never inside a
  word (なんとか keeps its んと).
- `ja_dates`, `ja_times`, `ja_ranges`, `ja_signs` (early): numbers written with marks, to
  the form they are said in, before the punctuation step deletes the marks: 2024/01/30 ->
  2024年1月30日, 1日(水) -> 1日水曜日, 9:05 -> 9時5分, 5〜9日 -> 5から9日, -5 -> マイナス5,
  $5 -> 5ドル (see `ja_classes`).
- `ja_variants` (early): spelling variants of one word to one form (なんとか -> 何とか);
  after the steps above, so it sees the から a range mark is said as.
- `ja_clock` (words): 3時30分pm -> 午後3時30分, 二時半 -> 二時30分 (`ja_classes`), before the
  numbers step, which reads 十分 after an hour as ten minutes.
- `ja_loanwords` (words): product names, Latin or katakana, to one katakana spelling, whole
  words only: a Latin name is a whole run of Latin letters, a katakana one a whole run of
  katakana, so Confluence = コンフルエンス while モデル and Dellwood stay.
- `ja_decimals`, `ja_fractions` (words): 三点一四 -> 3.14, 四分の三 -> 3/4 (`ja_numbers`).
- `ja_numbers` (words): kanji numerals to digits where they are numbers: before a counter
  (三百円 -> 300円), after a prefix (第一 -> 第1), standing alone (百 -> 100); 一緒 and 統一
  stay (`ja_numbers`).
- `ja_codes` (words): spelled codes, イー・エム・ピー、さん -> emp3 (see `ja_codes`).
- `ja_zeros`, `ja_money`, `ja_units`, `ja_negatives` (words): 01月 -> 1月, 10.50ドル ->
  10ドル50セント, 5キロメートル -> 5km, マイナス5 -> -5 (`ja_classes`); units before
  negatives, so a unit symbol (cm) before マイナス is a Latin word to it, as to a second pass.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import jaconv
import regex

from ..config.models import LanguageConfig
from . import ja_classes
from .ja_codes import build_code_reader
from .ja_numbers import NUMERALS, build_decimals, build_fractions, build_kanji_numbers
from .steps import vocabulary_form

__all__ = ["EARLY_STEPS", "NUMBER_STEPS", "WORD_STEPS", "FILLER_STEPS"]

StepFn = Callable[[str], str]

_HALF_WIDTH_KANA = re.compile(r"[\uff61-\uff9f]")
_FULL_WIDTH_ASCII = re.compile(r"[\uff01-\uff5e]")
_KATAKANA_CLASS = r"\u30a1-\u30fa\u30fc-\u30ff\u31f0-\u31ff"
_LONE_MARK = regex.compile(r"(?:^|(?<=[\s\p{P}\p{S}]))ー+")
# Spaces and the punctuation of Japanese and ASCII text, which a variant may span: the
# `re` engine is four times faster here than `regex` with \p{P}.
_GAP = r"[\s!-/:-@\[-`{-~、。・「」『』【】（）！？，．：；〜～…‥]*"


def width_step(config: LanguageConfig) -> StepFn | None:
    if config.japanese is None or not config.japanese.width:
        return None

    def fold(text: str) -> str:
        if _HALF_WIDTH_KANA.search(text):
            text = jaconv.h2z(text, kana=True, ascii=False, digit=False)
        if _FULL_WIDTH_ASCII.search(text):
            text = jaconv.z2h(text, kana=False, ascii=True, digit=True)
        if "ー" in text:  # a prolonged sound mark cannot start a word: it would join the last
            text = _LONE_MARK.sub("", text)
        return text

    return fold


def codes_step(config: LanguageConfig) -> StepFn | None:
    rules = config.japanese
    if rules is None or not rules.letter_names:
        return None
    form = vocabulary_form(config)
    names = {"".join(form(k).split()): form(v) for k, v in config.loanwords.items() if k.isascii()}
    read = build_code_reader(
        rules.letter_names, rules.digit_names, rules.code_exceptions, names, rules.counters
    )
    # the digits of a code next to a numeral (ピー五 3万 -> p5 3万) are read once more, as
    # the clock and numbers steps of a second pass would read them (p53万 -> p530000,
    # ゼロpm -> 午後0時)
    again = [step for step in (clock_step(config), numbers_step(config)) if step is not None]
    if not again:
        return read

    def read_codes(text: str) -> str:
        out = read(text)
        if out != text:
            for step in again:
                out = step(out)
        return out

    return read_codes


def _counters(config: LanguageConfig) -> list[str]:
    """The counters, with the unit words, the currency words of unit symbols and their
    minor units: a numeral before any of them is a number (五キロメートル, 三ポンド)."""
    rules = config.japanese
    return [
        *rules.counters,
        *rules.units,
        *config.unit_symbols.values(),
        *rules.minor_units.values(),
    ]


def numbers_step(config: LanguageConfig) -> StepFn | None:
    rules = config.japanese
    if rules is None or not rules.counters:
        return None
    return build_kanji_numbers(
        _counters(config),
        rules.number_exceptions,
        bare=rules.bare_numerals,
        prefixes=rules.number_prefixes,
        clock_words=rules.clock_words,
        range_word=rules.range_word,
        code_words=[*rules.letter_names, *rules.digit_names],
    )


def decimals_step(config: LanguageConfig) -> StepFn | None:
    rules = config.japanese
    if rules is None or rules.decimal_point is None:
        return None
    return build_decimals(rules.decimal_point, _counters(config))


def fractions_step(config: LanguageConfig) -> StepFn | None:
    rules = config.japanese
    if rules is None or rules.fraction_mark is None:
        return None
    return build_fractions(
        rules.fraction_mark,
        rules.fraction_joiner,
        rules.sign_words.values(),
        rules.clock_words,
        _counters(config),
    )


def dates_step(config: LanguageConfig) -> StepFn | None:
    rules = config.japanese
    if rules is None:
        return None
    return ja_classes.build_dates(
        rules.date_words, rules.weekdays, rules.weekday_suffix, rules.range_word
    )


def times_step(config: LanguageConfig) -> StepFn | None:
    rules = config.japanese
    return None if rules is None else ja_classes.build_times(rules.time_words)


def clock_step(config: LanguageConfig) -> StepFn | None:
    rules = config.japanese
    if rules is None:
        return None
    return ja_classes.build_clock(rules.day_halves, rules.half_hour, rules.time_words)


def zeros_step(config: LanguageConfig) -> StepFn | None:
    rules = config.japanese
    if rules is None or not rules.drop_zero_padding:
        return None
    return ja_classes.build_zeros([*rules.date_words[1:], *rules.time_words])


def ranges_step(config: LanguageConfig) -> StepFn | None:
    rules = config.japanese
    if rules is None or rules.range_word is None:
        return None
    return ja_classes.build_ranges(rules.range_marks, rules.range_word)


def signs_step(config: LanguageConfig) -> StepFn | None:
    rules = config.japanese
    if rules is None or not (rules.sign_words or config.unit_symbols):
        return None
    return ja_classes.build_signs(rules.sign_words, config.unit_symbols)


def negatives_step(config: LanguageConfig) -> StepFn | None:
    rules = config.japanese
    if rules is None or "-" not in rules.sign_words:
        return None
    return ja_classes.build_negatives(rules.sign_words["-"])


def money_step(config: LanguageConfig) -> StepFn | None:
    rules = config.japanese
    return None if rules is None else ja_classes.build_money(rules.minor_units)


def units_step(config: LanguageConfig) -> StepFn | None:
    rules = config.japanese
    return None if rules is None else ja_classes.build_units(rules.units)


def loanwords_step(config: LanguageConfig) -> StepFn | None:
    """Whole-word product names. A word is a whole run of Latin letters and digits, or of
    katakana; a key of several words (Service Now) also matches them written together
    or apart, as a sequence of such runs separated only by spaces."""
    if config.japanese is None or not config.loanwords:
        return None
    form = vocabulary_form(config)
    lookup = {"".join(form(key).split()): form(value) for key, value in config.loanwords.items()}
    longest = max(len(form(key).split()) for key in config.loanwords)
    runs = re.compile(rf"[a-z0-9]+(?: +[a-z0-9]+)*|[{_KATAKANA_CLASS}]+(?: +[{_KATAKANA_CLASS}]+)*")
    latin_or_katakana = re.compile(rf"[a-z{_KATAKANA_CLASS}]")

    def words_of(match: re.Match) -> str:
        words = match.group().split(" ")
        if len(words) == 1:
            return lookup.get(words[0], words[0])
        out, i = [], 0
        while i < len(words):
            for size in range(min(longest, len(words) - i), 0, -1):
                key = "".join(words[i : i + size])
                if key in lookup:
                    out.append(lookup[key])
                    i += size
                    break
            else:
                out.append(words[i])
                i += 1
        return " ".join(out)

    def replace(text: str) -> str:
        if not latin_or_katakana.search(text):
            return text
        return runs.sub(words_of, text)

    return replace


def variants_step(config: LanguageConfig) -> StepFn | None:
    """Spelling variants to one form, wherever they occur. Early, so the rules after it see
    one spelling (百苗字 and 百名字 are both 百名字 when the numbers step looks for 名).

    Spaces and punctuation go at the end of the chain, so a key matches across them
    (振替、ええ is 振替ええ by then, which holds the key 振替え), and the map is applied
    until nothing changes: the text a second pass would see is the text this one gives."""
    rules = config.japanese
    if rules is None or not rules.variants:
        return None
    lookup = dict(rules.variants)
    keys = sorted(lookup, key=len, reverse=True)
    pattern = re.compile("|".join(_GAP.join(map(re.escape, key)) for key in keys))
    gaps = re.compile(_GAP)
    firsts = frozenset(key[0] for key in lookup)
    # 分から is 分かる after a word, a range of minutes after a number (五分から十分)
    counters = frozenset(counter for counter in rules.counters if len(counter) == 1)

    def one(match: re.Match) -> str:
        found = match.group()
        if found[0] in counters:
            text, i = match.string, match.start() - 1
            while i >= 0 and text[i] == " ":
                i -= 1
            if i >= 0 and (text[i] in NUMERALS or "0" <= text[i] <= "9"):
                return found
        return lookup[gaps.sub("", found)]

    def replace(text: str) -> str:
        for _ in range(8):
            if firsts.isdisjoint(text):
                return text
            new = pattern.sub(one, text)
            if new == text:
                return text
            text = new
        return text

    return replace


def fillers_step(config: LanguageConfig) -> StepFn | None:
    """Fillers at the start of a word: the start of the text, or after a space or a
    punctuation mark. えーと、今日は and えーと今日は both lose えーと; なんとか keeps its
    んと. Early, before the rules that look at neighbours (えーエー二 is not a code)."""
    rules = config.japanese
    if rules is None or not rules.fillers_at_word_start or not config.fillers:
        return None
    form = vocabulary_form(config)
    fillers = sorted({form(filler) for filler in config.fillers}, key=len, reverse=True)
    alternation = "|".join(regex.escape(filler) for filler in fillers)
    pattern = regex.compile(rf"(?:^|(?<=[\s\p{{P}}]))(?:(?:{alternation})[ー〜~]*)+")
    firsts = frozenset(filler[0] for filler in fillers)

    def remove(text: str) -> str:
        if firsts.isdisjoint(text):
            return text
        return pattern.sub("", text)

    return remove


EARLY_STEPS: tuple = (
    ("ja_width", width_step),
    ("ja_fillers", fillers_step),
    ("ja_dates", dates_step),
    ("ja_times", times_step),
    ("ja_ranges", ranges_step),
    ("ja_signs", signs_step),
    ("ja_variants", variants_step),
)
NUMBER_STEPS: tuple = ()
WORD_STEPS: tuple = (
    ("ja_clock", clock_step),
    ("ja_loanwords", loanwords_step),
    ("ja_decimals", decimals_step),
    ("ja_fractions", fractions_step),
    ("ja_numbers", numbers_step),
    ("ja_codes", codes_step),
    ("ja_zeros", zeros_step),
    ("ja_money", money_step),
    ("ja_units", units_step),
    ("ja_negatives", negatives_step),
)
FILLER_STEPS: tuple = ()
