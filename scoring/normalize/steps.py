"""The core steps. Each builder takes a config and returns a `str -> str` function, or
None when the config leaves the rule off (an off rule is not in the chain at all).

Built-in patterns are compiled once here and run without a timeout; only patterns that come
from a config (`replacements`) run under the text's budget (`budget.py`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping

import regex

from ..config.models import LanguageConfig
from ..errors import TextError, text_problem
from .annotations import ANNOTATION
from .budget import LIMITS, Budget
from .codes import build_digit_runs, build_letter_names, build_number_words, build_spelled_codes
from .digit_strings import digit_string
from .emails import build_spoken_emails, web_probe, web_token_test
from .numbers import SPACE_GROUPS, build_number_converter, build_number_reader, is_number_word
from .required import required_chars
from .symbols import build_spoken_symbols
from .tables import has_digit
from .tokens import EDGE_PUNCT

__all__ = ["char_folder", "CORE_BUILDERS"]

StepFn = Callable[[str], str]
#: A step that runs config regexes: it takes the text's budget too.
BudgetedFn = Callable[[str, Budget], str]


# Invisible characters that change bytes but not speech: zero-width space/joiners, word
# joiner, BOM, soft hyphen, and bidi marks and embeddings (RTL text carries them).
_INVISIBLE = dict.fromkeys(
    [0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x00AD, 0x200E, 0x200F, 0x061C]
    + list(range(0x202A, 0x202F))
    + list(range(0x2066, 0x206A))
)
# Control characters (NUL, escape, C1 controls) are no speech and no word boundary a
# transcript means: each becomes a space. Tab, newline and return are spaces already.
_CONTROLS = dict.fromkeys([*range(0x00, 0x20), 0x7F, *range(0x80, 0xA0)], " ")
# A label with inner dots (john.lee), the half of an address written before a spoken at
_DOTTED = regex.compile(r"^\w+(?:\.\w+)+$")
# The half of an address a spoken symbol wrote before a spoken dot: enterprise-services@nvidia
_BEFORE_DOT = regex.compile(r"^\w+(?:[.\-_]\w+)*@\w+(?:[.\-]\w+)*$")
_EDGE_PUNCTUATION = regex.compile(r"(?:^|\s)\p{P}|\p{P}(?:\s|$)")
# A run of punctuation that ends a word (after a letter or digit, before a space or the
# end), or one that starts a word (after a space or the start, before a letter or digit).
# The two never overlap: a run is preceded either by a space or by a letter or digit.
_EDGE_RUN = regex.compile(r"(?<=[^\s\p{P}])(\p{P}+)(?=\s|$)|(?:(?<=\s)|^)(\p{P}+)(?=[^\s\p{P}])")
_APOSTROPHES = "'’‘ʼʻ`´′＇"
_DASHES = regex.compile(r"[‐‑‒–—―−]")
# A minus sign: a hyphen at the start of a word (or after an opening bracket) before a digit.
_SIGNS = regex.compile(r"(?<=^|\s|[(\[])(?:-(?=\d)|/(?=\p{L})|\.(?=\d))")
# private-use characters: not punctuation, so the edge split skips them
_MARKS = {"-": "\ue002", "/": "\ue003", ".": "\ue004"}


def unicode_step(config: LanguageConfig) -> StepFn:
    """NFC; invisible format characters removed; control characters (NUL, ESC) made
    spaces. A lone surrogate is no Unicode text (a decoding error upstream): the pair is
    refused with the character's position, never half read.

    >>> clean = unicode_step(None)
    >>> clean("a" + chr(0) + "b" + chr(0x200B) + "c  d" + chr(0x1B))
    'a bc d'
    >>> clean("bad " + chr(0xD800) + " text")
    Traceback (most recent call last):
    scoring.errors.TextError: character 5 is a lone surrogate (U+D800): not Unicode text
    """

    def clean(text: str) -> str:
        if not text.isprintable():  # a control, format or surrogate character (or a tab)
            problem = text_problem(text)
            if problem:
                raise TextError(problem)
            text = text.translate(_CONTROLS).translate(_INVISIBLE)
        if not text.isascii() and not unicodedata.is_normalized("NFC", text):
            text = unicodedata.normalize("NFC", text)  # ASCII is already NFC
        return " ".join(text.split())

    return clean


def annotations_step(config: LanguageConfig) -> StepFn:
    """`[slow]`, `[assistant interrupts]`: notes for the reader, not speech."""

    def drop(text: str) -> str:
        return " ".join(ANNOTATION.sub(" ", text).split()) if "[" in text else text

    return drop


def apostrophes_step(config: LanguageConfig) -> StepFn:
    variants = [ch for ch in _APOSTROPHES if ch != config.apostrophe]
    if unicodedata.category(config.apostrophe)[0] not in "PS":
        return _letter_apostrophes(config.apostrophe, variants)
    ascii_variants = [ch for ch in variants if ch.isascii()]

    def unify(text: str) -> str:
        for ch in ascii_variants if text.isascii() else variants:
            if ch in text:  # a few replace() calls beat translate() with a dict table
                text = text.replace(ch, config.apostrophe)
        return text

    return unify


def _letter_apostrophes(letter: str, variants: list[str]) -> StepFn:
    """An apostrophe that is a letter (Hausa ʼ: saʼa, ʼya) is written so only where a
    letter or digit follows it. After the last letter it closes a quotation ("Ya ce
    'biyu.'"): it stays punctuation, and the punctuation step removes it, as it would on
    a second pass that no longer sees it."""
    pattern = regex.compile(f"[{regex.escape(''.join(variants))}](?=\\w)")

    def unify(text: str) -> str:
        return pattern.sub(letter, text) if any(ch in text for ch in variants) else text

    return unify


def replacements_step(config: LanguageConfig) -> BudgetedFn | None:
    """The config's regexes, in order, each under the text's budget (`budget.py`): the
    time left, and a size checked after every rule. A rule whose worst case could pass
    the size limit in one substitution (a long text, a template with many `\\g<0>`)
    is expanded match by match and stopped at the limit, before it is built whole."""
    if not config.replacements:
        return None
    compiled = [
        (
            f"replacements.{index}",
            regex.compile(rule.pattern, flags=regex.V1),
            rule.replacement,
            required_chars(rule.pattern),
        )
        for index, rule in enumerate(config.replacements)
    ]

    def replace(text: str, budget: Budget | None = None) -> str:
        budget = budget or LIMITS.start(text)
        for field, pattern, template, needs in compiled:
            if needs is not None and not any(ch in text for ch in needs):
                continue  # nothing it could match (`required.py`): no timed call
            # Each match writes at most the template, with every group at most the text
            # (matches do not overlap, so their groups add up to the text at most).
            worst = (len(text) + 1) * (len(template) + 1)
            if worst <= budget.size_limit:
                text = budget.sub(field, pattern, template, text)
            else:
                text = _bounded_sub(pattern, template, text, budget, field)
            budget.check_size(field, text)
        return text

    return replace


def _bounded_sub(
    pattern: regex.Pattern, template: str, text: str, budget: Budget, field: str
) -> str:
    written = len(text)

    def expand(match: regex.Match) -> str:
        nonlocal written
        out = match.expand(template)
        written += len(out) - (match.end() - match.start())
        if written > budget.size_limit:
            budget.check_size(field, " " * written)  # raises, naming the rule
        return out

    return budget.sub(field, pattern, expand, text)


def abbreviations_step(config: LanguageConfig) -> StepFn | None:
    """`M. Dupont` -> `monsieur Dupont`; a bare `M` (a letter of a code) is left alone.

    `before_word`: only when a word follows. `before_capitalized`: only when a capitalized
    name follows (a capital, then a lower-case letter: St Laurent, mr. Jansen, O'Brien),
    so a title that is also two letters of a code stays: ST 4, Hr 4B, st in a code.
    `after_name`: only after a capitalized name or a number (Elm St., 5th Ave.). The first
    rule of a written form whose context holds is used (Elm St. is street, St. Louis saint).
    """
    if not config.abbreviations:
        return None
    rules: dict[str, list] = {}
    for rule in config.abbreviations:
        rules.setdefault(rule.written, []).append(rule)

    written = frozenset(rules)
    # a cheap first look: the written forms anywhere, even inside words
    probe = re.compile("|".join(re.escape(w) for w in sorted(written, key=len, reverse=True)))

    def expand(text: str) -> str:
        if not probe.search(text):
            return text
        tokens = text.split()
        if written.isdisjoint(tokens):
            return text
        for i, token in enumerate(tokens):
            if token in rules:
                before = tokens[i - 1] if i else ""
                following = tokens[i + 1] if i + 1 < len(tokens) else ""
                for rule in rules[token]:
                    if _abbreviation_fits(rule, before, following):
                        tokens[i] = rule.expansion
                        break
        return " ".join(tokens)

    return expand


def _abbreviation_fits(rule, before: str, following: str) -> bool:
    if rule.before_word and not (following[:1].isalpha() and len(following) > 1):
        return False
    if rule.before_capitalized and not _capitalized(following):
        return False
    return not rule.after_name or _capitalized(before) or before[:1].isdigit()


def _capitalized(token: str) -> bool:
    """A capitalized name: Laurent, Müller, O'Brien; not ABC, B, 4B, laurent."""
    word = token.strip(EDGE_PUNCT)
    return len(word) > 1 and word[0].isupper() and any(ch.islower() for ch in word[1:])


def _space_edge_run(match: regex.Match) -> str:
    ending = match.group(1)
    return " " + ending if ending is not None else match.group(2) + " "


def tokenize_step(config: LanguageConfig) -> StepFn:
    """Split punctuation off the edges of words; inner punctuation (3.5, ABC-123) stays.

    An apostrophe that is punctuation (') leaves the edges too ("twenty'"), one that is a
    letter of the language (Hausa ʼ, a modifier letter) stays with its word.
    """

    def tokenize(text: str) -> str:
        if not _EDGE_PUNCTUATION.search(text):
            return text  # no punctuation at the edge of any word
        if "-" in text or "/" in text or "." in text:
            # a minus sign stays with its number (-12, (-3.5)), a point too (.5), a slash
            # with the unit it divides by (56.3 /km²)
            marked = _SIGNS.sub(lambda m: _MARKS[m.group()], text)
            if marked != text:
                split = _EDGE_RUN.sub(_space_edge_run, marked)
                for sign, mark in _MARKS.items():
                    split = split.replace(mark, sign)
                return split
        # One pass over the whole text instead of a loop over its words
        return _EDGE_RUN.sub(_space_edge_run, text)

    return tokenize


def spoken_symbols_step(config: LanguageConfig) -> StepFn | None:
    if not (config.spoken_symbols or config.spoken_symbols_code_only):
        return None
    form = vocabulary_form(config)

    def both(symbols: Mapping[str, str]) -> dict[str, str]:
        return {spelling: s for word, s in symbols.items() for spelling in _spellings(word, form)}

    return build_spoken_symbols(
        both(config.spoken_symbols),
        both(config.spoken_symbols_code_only),
        _digits_for_codes(config),
        _filler_spellings(config, form),
        frozenset(config.unit_symbols),
    )


def emails_step(config: LanguageConfig) -> StepFn | None:
    """Spoken addresses: john at gmail dot com = john@gmail.com (`emails.py`)."""
    rules = config.emails
    if rules is None:
        return None
    form = vocabulary_form(config)
    symbols = {**config.spoken_symbols, **config.spoken_symbols_code_only}
    # A colon phrase with a number word is read as the numbers step wrote it: it due punti
    # is "2 punti" by the time this late step runs.
    numbers = numbers_step(config)
    colon_words = {form(word) for word in rules.colon_words}
    if numbers is not None:
        colon_words |= {form(numbers(word)) for word in rules.colon_words}
    return build_spoken_emails(
        [form(word) for word in rules.at_words],
        [form(word) for word in rules.dot_words],
        rules.domains,
        rules.domains_after_at,
        _symbol_words(config, form),
        lower_case=config.lowercase,
        symbols={form(word): mark for word, mark in symbols.items()},
        colon_words=sorted(colon_words),
        digits=digit_string if config.codes and config.codes.per_character else None,
        zero_words=[form(word) for word in config.cardinals.zero_words] if config.cardinals else (),
        at_always=rules.at_always,
        word_letters=[form(letter) for letter in config.codes.word_letters] if config.codes else (),
    )


def _reads_as_number(config: LanguageConfig, *, fillers: bool = True) -> Callable[[str], bool]:
    """Would another step rewrite this word if a code came out as it: a number word ("one",
    "oss" for text2num), a filler (Hotel Mike Mike = hmm), a contraction or a spelling?
    Without `fillers` for a code kept in capitals: `case` keeps a filler written so (MM)."""
    is_number = _number_word_test(config)
    form = vocabulary_form(config)
    words = frozenset(
        form(key.split()[0])
        for mapping in (config.number_words, config.contractions, config.spellings)
        for key in mapping
    )
    if fillers:
        words |= frozenset(form(filler) for filler in config.fillers)
    return lambda word: is_number(word) or form(word) in words


def _symbol_words(config: LanguageConfig, form: StepFn) -> frozenset[str]:
    """Every word of a spoken symbol phrase, in vocabulary form (dash, tiret, bas)."""
    symbols = {*config.spoken_symbols, *config.spoken_symbols_code_only}
    return frozenset(form(word) for phrase in symbols for word in phrase.split())


def number_words_step(config: LanguageConfig) -> StepFn | None:
    """The config's own number table (Hausa goma = 10), for a language text2num lacks."""
    if not config.number_words:
        return None
    return build_number_words(
        config.number_words, vocabulary_form(config), profile_spellings(config)
    )


def profile_spellings(config: LanguageConfig) -> list[StepFn]:
    """How each profile that folds or removes characters spells a word (Hausa folded:
    ɗaya -> daya, arbaʼin -> arbain)."""
    spellings = []
    for profile in config.profiles.values():
        if profile.char_folds or profile.remove_chars:
            fold = char_folder(profile.char_folds) if profile.char_folds else (lambda w: w)
            table = str.maketrans(dict.fromkeys(profile.remove_chars, ""))
            spellings.append(lambda word, f=fold, t=table: f(word).translate(t))
    return spellings


def spelled_codes_step(config: LanguageConfig) -> StepFn | None:
    """Spelled capitals and digits as one code: F L = FL, Y as in Yankee = Y (`codes.py`)."""
    rules = config.codes
    if rules is None or not rules.spelled_letters:
        return None
    form = vocabulary_form(config)
    fillers = frozenset(form(filler) for filler in config.fillers)
    names = frozenset(form(name) for name in rules.letter_names)
    return build_spelled_codes(
        frozenset(rules.word_letters),
        [tuple(phrase.split()) for phrase in rules.spelled_as],
        lambda word: form(word) in names,
        fillers,
        form,
        {form(name): digit for name, digit in rules.digit_names.items()},
        _reads_as_number(config, fillers=False),  # its codes stay capitals (M M = MM)
        _names_by_letter(rules.letter_names, form),
    )


def _names_by_letter(names: Mapping[str, str], form: StepFn) -> dict[str, list[str]]:
    by_letter: dict[str, list[str]] = {}
    for name, letter in names.items():
        by_letter.setdefault(letter, []).append(form(name))
    return by_letter


def letter_names_step(config: LanguageConfig) -> StepFn | None:
    """Letter names inside a code: Zulu Kilo 3 Foxtrot = zk3f, 에이 비 씨 = abc."""
    rules = config.codes
    if rules is None or not rules.letter_names:
        return None
    form = vocabulary_form(config)
    return build_letter_names(
        {form(name): letter for name, letter in rules.letter_names.items()},
        frozenset(form(name) for name in rules.ordinary_letter_names),
        {form(name): digit for name, digit in rules.digit_names.items()},
        frozenset(form(ending) for ending in rules.endings),
        lower=config.lowercase,
        symbol_words=_symbol_words(config, form),
        reads_as_number=_reads_as_number(config),
    )


def digit_runs_step(config: LanguageConfig) -> StepFn | None:
    """Spaced single digits as one number: 1 2 3 = 123 (`codes.py`)."""
    rules = config.codes
    if rules is None or not rules.join_digit_runs:
        return None
    return build_digit_runs(digit_string if rules.per_character else None)


def _digits_for_codes(config: LanguageConfig) -> StepFn | None:
    if config.numbers is None:
        return None
    return build_number_reader(config.numbers, config.char_folds)


def numbers_step(config: LanguageConfig) -> StepFn | None:
    if config.numbers is None:
        return None
    fillers = _filler_spellings(config, vocabulary_form(config))
    stems = config.fractions.stem_suffixes if config.fractions else ()
    return build_number_converter(
        config.numbers, config.char_folds, config.unit_symbols, fillers, config.cardinals, stems
    )


def _filler_spellings(config: LanguageConfig, form: StepFn) -> frozenset[str]:
    return frozenset(spelling for filler in config.fillers for spelling in _spellings(filler, form))


def _spellings(word: str, form: StepFn) -> tuple[str, str]:
    """A config word as written (lower case) and as the case and char folds write it, for
    the steps that run before them: a second pass over the normalizer's own output sees
    the folded spelling ("Schrägstrich", then "schraegstrich"; "äh", then "aeh")."""
    return word.lower(), form(word)


def hyphens_step(config: LanguageConfig) -> StepFn:
    """Hyphens become spaces, unless the language joins compounds (Anmelde-Konto).

    Joined only between ordinary words: the hyphen stays a space next to a number, next to
    an acronym (HR-Fragen, often written "HR Fragen") and in reduplications (बार-बार).
    Between number words it stays a hyphen for the numbers step (twenty-five, vingt-cinq).
    """
    join = config.join_hyphenated_compounds
    is_number = _number_word_test(config)
    word = (
        config.cardinals.range_words[0]
        if config.cardinals and config.cardinals.range_words
        else None
    )
    marks = (
        frozenset(m.lower() for m in (*config.times.am, *config.times.pm)) if config.times else ()
    )

    def split_or_join(text: str) -> str:
        text = _DASHES.sub("-", text) if not text.isascii() else text
        if "-" not in text:
            return text
        tokens = text.split()
        if word is not None:
            tokens = _ranges(tokens, word, frozenset(marks))
        return " ".join(_hyphenated(token, join, is_number) for token in tokens)

    return split_or_join


# Two amounts, times or years joined by a dash: $250-$300, 4:00-8:12, 5kg-10kg, 1980-1990
_QUANTITY = r"\p{Sc}*\d+(?:[.,:]\d+)*(?:\p{L}{1,3}|\p{Sc})?"
_RANGE = regex.compile(rf"({_QUANTITY})-({_QUANTITY})")
_YEARS = regex.compile(r"(1\d{3}|20\d{2})-(1\d{3}|20\d{2})")


# A dash standing alone between two tokens (a range, a minus before "="), as a set: ruff
# reads `token == "-"` as a hard-coded password.
_LONE_DASH = frozenset("-")


def _ranges(tokens: list[str], word: str, marks: frozenset[str]) -> list[str]:
    """A dash between two quantities is said "to" (`cardinals.range_words`): $250-$300 =
    250 dollars to 300 dollars, 4:00 am - 8:12 pm. Only where a sign, a unit, a clock or
    a year pair shows they are quantities: 3-2 (a score), 555-0147 (a phone) stay."""
    out: list[str] = []
    for i, token in enumerate(tokens):
        if token in _LONE_DASH and out and i + 1 < len(tokens):
            before, after = out[-1], tokens[i + 1]
            if _quantity_end(before, marks) and (after[:1].isdigit() or after[:1] in "$€£¥"):
                out.append(word)
                continue
        pair = _RANGE.fullmatch(token) if "-" in token else None
        if pair and (_YEARS.fullmatch(token) or not (pair.group(1) + pair.group(2)).isdigit()):
            left, right = pair.groups()
            if not (left.replace(".", "").isdigit() and right.replace(".", "").isdigit()) or (
                _YEARS.fullmatch(token)
            ):
                out += [left, word, right]
                continue
        out.append(token)
    return out


def _quantity_end(token: str, marks: frozenset[str]) -> bool:
    return token[-1:].isdigit() or token.lower() in marks or token[-1:] in "$€£¥"


def _number_word_test(config: LanguageConfig) -> Callable[[str], bool]:
    if config.numbers is None:
        return lambda part: False
    language = config.numbers.language
    return lambda part: part.isalpha() and is_number_word(part, language)


# A negative number (-12, and with its unit stuck to it: -5°C, -3kg) and digit groups
# (555-0147, 2012-07-25) keep their hyphens for the class steps (a minus sign, a date, a
# phone number); punctuation removes them later.
# An address keeps its hyphens: enterprise-services@nvidia.com, https://x.com/drive-sim
_WEB_LIKE = regex.compile(r"@\w|://|^www\.")
_NUMBER_HYPHENS = regex.compile(r"-\d+(?:[.,]\d+|/\d+)?(?:°?\p{L}+|°)?|\d+(?:-\d+)+")


def _hyphenated(token: str, join: bool, is_number: Callable[[str], bool]) -> str:
    if "-" not in token or _NUMBER_HYPHENS.fullmatch(token) or _WEB_LIKE.search(token):
        return token
    if len(token) == 1:
        return token  # a dash between words: punctuation removes it, after it closed a code
    parts = [part for part in token.split("-") if part]
    if len(parts) > 1 and all(is_number(part) for part in parts):
        return "-".join(parts)
    if join and len(parts) > 1 and not _keeps_hyphen(parts, is_number):
        return "".join(parts)
    return " ".join(parts)


def _keeps_hyphen(parts: list[str], is_number: Callable[[str], bool]) -> bool:
    if len({part.lower() for part in parts}) == 1:
        return True  # reduplication: बार-बार, so-so
    for part in parts:
        if has_digit(part) or is_number(part):
            return True
        letters = [ch for ch in part if ch.isalpha()]
        if len(letters) >= 2 and all(ch.isupper() for ch in letters):
            return True  # an acronym: HR-Fragen, E-Mail is not one
    return False


def case_step(config: LanguageConfig) -> StepFn | None:
    """Lower case; not an acronym written like a filler (the ER, 7-MM-HT: "er" and "mm" are
    fillers, which a later step removes, the acronym is a word)."""
    if not config.lowercase:
        return None
    acronyms = frozenset(
        word.upper() for word in config.fillers if len(word) > 1 and word.isalpha()
    )
    if not acronyms:
        return str.lower

    def lower(text: str) -> str:
        tokens = text.split()
        if acronyms.isdisjoint(tokens):
            return text.lower()
        return " ".join(token if token in acronyms else token.lower() for token in tokens)

    return lower


def char_folder(mapping: Mapping[str, str]) -> StepFn:
    """Fold characters: single characters through a table, longer keys through one regex."""
    if all(len(key) == 1 for key in mapping):
        table = str.maketrans(dict(mapping))
        return lambda text: text.translate(table)
    pattern = regex.compile(
        "|".join(regex.escape(k) for k in sorted(mapping, key=len, reverse=True))
    )
    return lambda text: pattern.sub(lambda m: mapping[m.group(0)], text)


def char_folds_step(config: LanguageConfig) -> StepFn | None:
    return char_folder(config.char_folds) if config.char_folds else None


def vocabulary_form(config: LanguageConfig) -> StepFn:
    """How a word of a config vocabulary looks at the steps after case and char folds:
    folds apply to vocabularies too, so the filler "ähm" still matches folded "aehm"."""
    fold = char_folder(config.char_folds) if config.char_folds else None
    lower = str.lower if config.lowercase else None

    def form(word: str) -> str:
        if lower:
            word = lower(word)
        return fold(word) if fold else word

    return form


def word_map(mapping: Mapping[str, str], form: StepFn) -> StepFn:
    """Replace whole tokens; punctuation was split off the edges by `tokenize`."""
    lookup = {form(key): form(value) for key, value in mapping.items()}

    keys = frozenset(lookup)

    def replace(token: str) -> str:
        found = lookup.get(token)
        if found is not None:
            return found
        head, apostrophe, tail = token.partition("'")
        if apostrophe and head in lookup:
            return f"{lookup[head]}'{tail}"  # traveller's -> traveler's
        return token

    def apply(text: str) -> str:
        tokens = text.split()
        if keys.isdisjoint(tokens) and "'" not in text:
            return text
        return " ".join([replace(token) for token in tokens])

    return apply


def contractions_step(config: LanguageConfig) -> StepFn | None:
    return word_map(config.contractions, vocabulary_form(config)) if config.contractions else None


def spellings_step(config: LanguageConfig) -> StepFn | None:
    return word_map(config.spellings, vocabulary_form(config)) if config.spellings else None


def fillers_step(config: LanguageConfig) -> StepFn | None:
    """Fillers go only as whole words: "um" is removed, "umbrella" is not."""
    if not config.fillers:
        return None
    form = vocabulary_form(config)
    fillers = frozenset(form(filler) for filler in config.fillers)

    def drop(text: str) -> str:
        tokens = text.split()
        if fillers.isdisjoint(tokens):
            return text
        return " ".join([t for t in tokens if t not in fillers])

    return drop


def punctuation_step(config: LanguageConfig) -> StepFn:
    """Remove punctuation and symbols, keeping what carries meaning inside a token:
    . , : between digits (3.5, 12:30), and ' _ / @ between letters (l'homme, mag_mutual).

    With an `emails` section, a written address keeps its dots too (john@gmail.com,
    www.example.com, booking.com): it stays one token, as the spoken one is written.
    """
    apostrophe = regex.escape(config.apostrophe)
    # Kept: . , : between digits, ' _ / @ between letters, a minus sign before a number
    # (-12 is not 12), a slash before a unit after a number (56.3 /km2, per square km), the
    # degree sign (°c); with codes.per_character, a hyphen between
    # digit groups (555-0147), for the digit_strings step to read.
    between_digits = "[.,:-]" if config.codes and config.codes.per_character else "[.,:]"
    pattern = regex.compile(
        rf"(?!(?<=\d){between_digits}(?=\d))(?!(?<=\w)[_/@{apostrophe}](?=\w))"
        rf"(?!(?<!\S)-(?=\d))(?!(?<=\d )/(?=\p{{L}}))(?!°)[\p{{P}}\p{{S}}]"
    )
    rules = config.emails
    domains = [*rules.domains, *rules.domains_after_at] if rules else []
    ats = frozenset(vocabulary_form(config)(word) for word in rules.at_words) if rules else ()
    dots = frozenset(vocabulary_form(config)(word) for word in rules.dot_words) if rules else ()
    is_web = web_token_test(domains) if rules else None
    maybe_web = web_probe(domains)
    lower = config.lowercase  # the case step ran: the text is lower case already

    def keeps(tokens: list[str], k: int) -> bool:
        """A written address, or its first half before a spoken at: "John.Lee at gmail.com",
        or before a spoken dot: it "enterprise-services@nvidia punto com"."""
        if is_web(tokens[k]):
            return True
        if k + 1 >= len(tokens):
            return False
        after = tokens[k + 1].lower()
        return bool(
            after in ats
            and _DOTTED.match(tokens[k])
            or after in dots
            and _BEFORE_DOT.match(tokens[k])
        )

    def remove(text: str) -> str:
        if text.replace(" ", "").isalnum():
            return text  # letters and digits only: nothing to remove
        if is_web is not None and maybe_web(text if lower else text.lower()):
            tokens = text.split()
            kept = [keeps(tokens, k) for k in range(len(tokens))]
            if any(kept):
                return " ".join(
                    token if keep else pattern.sub(" ", token)
                    for token, keep in zip(tokens, kept, strict=True)
                )
        return pattern.sub(" ", text)

    return remove


def digit_groups_step(config: LanguageConfig) -> StepFn | None:
    """French 1 000 = 1000: a space (or a narrow no-break space) between digit groups."""
    if config.numbers is None or not {" ", "\u202f"} & set(config.numbers.thousands_separators):
        return None
    # Whitespace first: removed punctuation leaves double spaces ("123 ($120" -> "123  120").
    return lambda text: SPACE_GROUPS.sub("", " ".join(text.split()))


def whitespace_step(config: LanguageConfig) -> StepFn:
    if config.remove_whitespace:
        return lambda text: "".join(text.split())
    return lambda text: " ".join(text.split())


CORE_BUILDERS: dict[str, Callable[[LanguageConfig], StepFn | None]] = {
    "unicode": unicode_step,
    "annotations": annotations_step,
    "apostrophes": apostrophes_step,
    "replacements": replacements_step,
    "abbreviations": abbreviations_step,
    "tokenize": tokenize_step,
    "spoken_symbols": spoken_symbols_step,
    "emails": emails_step,
    "number_words": number_words_step,
    "spelled_codes": spelled_codes_step,
    "letter_names": letter_names_step,
    "digit_runs": digit_runs_step,
    "numbers": numbers_step,
    "hyphens": hyphens_step,
    "case": case_step,
    "char_folds": char_folds_step,
    "contractions": contractions_step,
    "spellings": spellings_step,
    "fillers": fillers_step,
    "punctuation": punctuation_step,
    "digit_groups": digit_groups_step,
    "whitespace": whitespace_step,
}
