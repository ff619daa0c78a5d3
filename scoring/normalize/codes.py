"""Spelled codes: what a code looks like, and the steps that write one as the STT does.

A user spelling an ID says its letters and digits one by one ("Y T M nine two four"); the
STT writes the code (YTM924). One module decides what is a piece of a code, for the spoken
symbols (`symbols.py`: "A B dash 4" -> AB-4) and for the steps here:

- `spelled_codes` (before `case`, capitals still visible): a run of spelled capitals and
  digits becomes one token, "F L" = FL, "H J 4 4" = HJ44, "Y as in Yankee" = Y.
- `letter_names` (after fillers and Korean numbers): letter names read inside a code, the
  radio alphabet in English (Zulu Kilo 3 Foxtrot = zk3f), Hangul names in Korean
  (에이 비 씨 일 이 삼 = abc123).
- `digit_runs` (late): a spaced run of single digits joined ("1 2 3" = 123).
- `number_words` (after `numbers`): a language's own number table, for a language text2num
  does not read (Hausa goma = 10).

Every rule is off unless a config's `codes` section (or `number_words`) turns it on; the
precise rules are in each builder's docstring.

>>> collapse = build_spelled_codes(frozenset({"A", "I"}), [("as", "in")], lambda w: False)
>>> collapse("Y as in Yankee T M 9 2 4 , I a m , A 3 day trip")
'YTM924 , I a m , A 3 day trip'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

import regex
from rapidfuzz.distance import Levenshtein

from .tokens import strip_edges

__all__ = [
    "MAX_CODE_DIGITS",
    "build_digit_runs",
    "build_letter_names",
    "build_number_words",
    "build_spelled_codes",
    "is_code_like",
    "is_joined_code",
]

StepFn = Callable[[str], str]

#: A digit token longer than this is a number next to a letter, not part of its code:
#: "B 12" = B12, but "Plan B 2024" keeps the year apart.
MAX_CODE_DIGITS = 3

_HAS_DIGIT = regex.compile(r"\d")
_ACRONYM = regex.compile(r"^(?=.*\p{Lu})[\p{Lu}\d]{2,}$")
_JOINERS = regex.compile(r"[-_/@.]")
# Two digits with a space between, a cheap first look; then the runs of short digit tokens.
_DIGIT_PAIR_QUICK = re.compile(r"[0-9] +[0-9]")
_DIGIT_RUN = re.compile(r"(?<!\S)0?[0-9](?: +0?[0-9])+(?!\S)")
# Punctuation a spelled code may carry between its pieces: commas (G P, 7 7 C), quotes,
# brackets. A sentence end closes a code: "sezione B. E poi" is not BE.
_PAUSES = frozenset(',，、"“”„«»‹›()[]{}')


def is_code_like(token: str) -> bool:
    """A token that looks like part of a spelled code: a digit, one capital letter, ABC/M4B."""
    core = token if token.isalnum() else strip_edges(token)
    if not core:
        return False
    if core.isalpha():  # the common case, a word: an acronym only when upper case
        return core.isupper() and (len(core) == 1 or _ACRONYM.match(core) is not None)
    if _HAS_DIGIT.search(core):
        return True
    if len(core) == 1:
        return core.isupper()
    return bool(_ACRONYM.match(core))


def is_joined_code(token: str) -> bool:
    """Code pieces joined by a symbol: F-F, AB/C, X_Y (a spoken symbol wrote them so). Once
    the spelled-codes step has joined its neighbours (F-F 4 -> FF4), a second pass sees a
    code there: the first must see one too."""
    if token.isalnum():
        return False  # the common case: a word, a number
    parts = _JOINERS.split(strip_edges(token))
    return len(parts) > 1 and all(part and is_code_like(part) for part in parts)


def _code_digits(token: str) -> bool:
    return token.isascii() and token.isdigit() and len(token) <= MAX_CODE_DIGITS


def _pause(token: str) -> bool:
    return all(ch in _PAUSES for ch in token)


def _never(word: str) -> bool:
    return False


# Piece kinds of a token inside a run.
_STRONG, _WEAK, _DIGIT, _SKIP, _OTHER, _NAMED_DIGIT = range(6)


def build_spelled_codes(
    word_letters: frozenset[str],
    spelled_as: Iterable[tuple[str, ...]],
    is_letter_name: Callable[[str], bool],
    fillers: frozenset[str] = frozenset(),
    form: Callable[[str], str] = str.lower,
    digit_names: Mapping[str, str] | None = None,
    reads_as_number: Callable[[str], bool] = _never,
    letter_names: Mapping[str, Iterable[str]] | None = None,
) -> StepFn:
    """Runs of spelled capitals and digits written as one code.

    Pieces: a capital letter A-Z, a digit token of at most `MAX_CODE_DIGITS` digits (number
    words are digits by now), a digit name read only inside a code (`digit_names`: Hausa
    hudu without its hook, Korean 일), and "Y as in Yankee" (a capital, a `spelled_as`
    phrase, a word that starts with that letter), which reads as Y. Commas, quotes,
    brackets and fillers between pieces are skipped ("G P, 7 7 C" = GP77C); anything else,
    a sentence end included, ends the run.

    A run is a code when it has two pieces or more (digit names aside: Korean "A 이 책" is
    "A, this book") and one of them is a *strong* letter: a capital that is not one of the
    language's `word_letters` (English A and I, Spanish Y, A, O, E, U: words that start a
    sentence), or a letter spelled with "as in". So "F L" =
    FL, "H J 4 4" = HJ44, "I B M" = IBM, "A B 3" = AB3, but "A 3 day trip", "I 2" and
    "Y 3" stay, and so do lower-case letters ("I a m"). A word letter that ends a run
    before a lower-case word is that word's subject, not the code's: "T R 7 7 I think" is
    TR77 I think, "F L, I think" is FL I think. A word letter heads "as in" only before a
    letter name ("A as in Alpha"): Italian "E come Elena" is a sentence.

    The rule is written twice: token by token (`by_tokens`, the reference, used when an "as
    in" phrase is there) and as one regex over the runs (the fast path); a test holds them
    equal.

    Digits alone are not a code here (`digit_runs` joins them); acronyms and whole codes
    (ABC, M4B) stay apart, as "ABC-123" always has (it reads ABC 123).

    A code that spells a number word (O N E) stays apart (`reads_as_number`): the numbers
    step would read it on a second pass. The step changes only capitals, and `case` lowers
    them all: a second pass finds none, so it changes nothing (a config needs `lowercase`).
    """
    phrases = sorted((tuple(p) for p in spelled_as), key=len, reverse=True)
    # Fillers and digit names as the text has them here (lower case, not yet folded) and
    # as the config's folds write them: both spellings count.
    fillers = frozenset(fillers) | frozenset(form(word) for word in fillers)
    names = {form(word): digit for word, digit in (digit_names or {}).items()}
    names |= {word.lower(): digit for word, digit in (digit_names or {}).items()}
    strong = "".join(ch for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if ch not in word_letters)
    # A cheap first look (a strong capital before a space or the end), then the runs.
    quick = re.compile(rf"[{strong}](?:\s|$)") if strong else None
    # "Y as in", "B de": a capital, then the phrase (es "de" is in every sentence alone)
    as_in = (
        re.compile(r"[A-Z] (?:" + "|".join(re.escape(" ".join(p)) for p in phrases) + ") ")
        if phrases
        else None
    )
    runs = _run_pattern(names, fillers)
    as_in_words = [" " + " ".join(phrase) + " " for phrase in phrases]  # a cheaper first look
    if len(as_in_words) == 1:
        only = as_in_words[0]
        has_phrase = lambda text: only in text  # noqa: E731
    else:
        has_phrase = lambda text: any(p in text for p in as_in_words)  # noqa: E731

    def kind(token: str) -> int:
        if len(token) == 1:
            if "A" <= token <= "Z":
                return _WEAK if token in word_letters else _STRONG
            if "0" <= token <= "9":
                return _DIGIT
            return _SKIP if token in _PAUSES else _OTHER
        if token.isdigit():
            return _DIGIT if token.isascii() and len(token) <= MAX_CODE_DIGITS else _OTHER
        lowered = token.lower()
        if lowered in fillers:
            return _SKIP
        if lowered in names:
            return _NAMED_DIGIT
        return _SKIP if _pause(token) else _OTHER

    def spelled(tokens: list[str], i: int) -> int:
        """The number of tokens "Y as in Yankee" takes at i, or 0."""
        letter = tokens[i]
        for phrase in phrases:
            end = i + 1 + len(phrase)
            if end >= len(tokens):
                continue
            if any(tokens[i + 1 + k].lower() != word for k, word in enumerate(phrase)):
                continue
            word = tokens[end]
            if len(word) > 1 and word.isalpha() and word[0].upper() == letter:
                if letter not in word_letters or is_letter_name(word):
                    if misheard(word, letter):
                        # a letter's name heard wrong stays a word: "M as in mic" is not
                        # "M as in Mike" (the STT error there still counts, once)
                        return -(len(phrase) + 2)
                    return len(phrase) + 2
        return 0

    def value(token: str) -> str:
        return names.get(token.lower(), token) if names else token

    def misheard(word: str, letter: str) -> bool:
        """Close to a name of the letter but not one (mic for Mike, Charly for Charlie)."""
        lowered = word.lower()
        return not is_letter_name(word) and any(
            Levenshtein.distance(lowered, name) <= 2
            for name in (letter_names or {}).get(letter, ())
            if len(name) > 2
        )

    def by_tokens(text: str) -> str:
        """The rule token by token: the reference the fast path below must agree with."""
        tokens = text.split()
        if phrases:
            tokens, forced = _read_spelled_as(tokens, spelled)
        else:
            forced = []
        kinds = [kind(token) for token in tokens]
        for i in forced:
            kinds[i] = _STRONG
            if i > 0 and kinds[i - 1] == _SKIP and tokens[i - 1] in _PAUSES:
                kinds[i - 1] = _OTHER  # "... 9 2 4, Y as in Yankee": a new code starts
        return " ".join(_join_runs(tokens, kinds, value, reads_as_number))

    strong_letters = frozenset(strong)
    weak_letters = frozenset(word_letters)

    def run(match: re.Match) -> str:
        # One run of pieces and gaps, two pieces or more; the word after it decides whether
        # a word letter at its end is the code's (`_join_runs`, by_tokens, says the same).
        tokens = match.group().split()
        if strong_letters.isdisjoint(tokens):
            return match.group()
        after = match.string[match.end() :].lstrip()[:1]
        if names or fillers and not fillers.isdisjoint(t.lower() for t in tokens):
            kinds = [*map(kind, tokens), _OTHER]
            return " ".join(_join_runs([*tokens, after], kinds, value, reads_as_number)[:-1])
        end = len(tokens)  # letters and digits, maybe pauses: the common case, inline
        while end > 1:
            if tokens[end - 1][0] in _PAUSES:
                end -= 1  # a pause before a word letter dropped: it stays outside the code
                continue
            following = tokens[end] if end < len(tokens) else after
            if tokens[end - 1] not in weak_letters or not following[:1].islower():
                break
            end -= 1
        code = [t for t in tokens[:end] if t[0] not in _PAUSES]  # pieces never start so
        if len(code) < 2 or _a_number("".join(code), reads_as_number):
            return match.group()
        return " ".join(["".join(code), *tokens[end:]])

    def collapse(text: str) -> str:
        if as_in is not None and has_phrase(text) and as_in.search(text):
            return by_tokens(text)
        if quick is None or not quick.search(text):
            return text  # no letter that could make a code
        return runs.sub(run, text)

    collapse.by_tokens = by_tokens  # for the tests: the fast path must agree with it
    return collapse


def _run_pattern(names: Mapping[str, str], fillers: Iterable[str]) -> re.Pattern:
    """Runs of two pieces or more with gaps between them, as one regex (the fast path)."""
    alternatives = lambda words: "|".join(  # noqa: E731
        re.escape(w) for w in sorted(words, key=len, reverse=True)
    )
    piece = rf"[A-Z]|[0-9]{{1,{MAX_CODE_DIGITS}}}"
    if names:
        piece += rf"|(?i:{alternatives(names)})"
    pause = "[" + re.escape("".join(sorted(_PAUSES))) + "]+"
    gap = pause + (rf"|(?i:{alternatives(fillers)})" if fillers else "")
    return re.compile(rf"(?<!\S)(?:{piece})(?: +(?:(?:{gap}) +)*(?:{piece}))+(?!\S)")


def _read_spelled_as(tokens: list[str], spelled) -> tuple[list[str], list[int]]:
    """Tokens with each "Y as in Yankee" read as Y, and the indexes of those letters."""
    out: list[str] = []
    forced: list[int] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        taken = spelled(tokens, i) if len(token) == 1 and "A" <= token <= "Z" else 0
        if taken:
            forced.append(len(out))
        out.append(token)
        if taken < 0:  # the example word stays: "M as in mic" reads M mic
            out.append(tokens[i - taken - 1])
        i += abs(taken) or 1
    return out, forced


def _join_runs(
    tokens: list[str], kinds: list[int], value: Callable[[str], str], number=_never
) -> list[str]:
    out: list[str] = []
    i, n = 0, len(tokens)
    while i < n:
        if kinds[i] in (_SKIP, _OTHER):
            out.append(tokens[i])
            i += 1
            continue
        pieces, k = [i], i + 1
        while k < n and kinds[k] != _OTHER:
            if kinds[k] != _SKIP:
                pieces.append(k)
            k += 1
        while len(pieces) > 1 and kinds[pieces[-1]] == _WEAK and _before_word(tokens, pieces[-1]):
            pieces.pop()  # "T R 7 7 I think": the I is the speaker
        last = pieces[-1]
        written = sum(1 for p in pieces if kinds[p] != _NAMED_DIGIT)
        code = "".join(value(tokens[p]) for p in pieces)
        if written > 1 and any(kinds[p] == _STRONG for p in pieces) and not _a_number(code, number):
            out.append(code)
        else:
            out.extend(tokens[i : last + 1])
        i = last + 1
    return out


def _before_word(tokens: list[str], i: int) -> bool:
    following = tokens[i + 1] if i + 1 < len(tokens) else ""
    return following[:1].islower()


def build_letter_names(
    letter_names: Mapping[str, str],
    ordinary: frozenset[str],
    digit_names: Mapping[str, str],
    endings: frozenset[str] = frozenset(),
    lower: bool = True,
    symbol_words: frozenset[str] = frozenset(),
    reads_as_number: Callable[[str], bool] | None = None,
) -> StepFn:
    """Letter names read as letters inside a spelled code: `Zulu Kilo 3 Foxtrot` = zk3f,
    `에이 비 씨 일 이 삼` = abc123.

    Pieces: a letter name, a digit name (`digit_names`, read only here: Korean 일 이 삼),
    a digit token of at most `MAX_CODE_DIGITS` digits. The last piece of a run may carry
    one of `endings` (Korean particles: 씨예요 -> c예요, the particle kept).

    Letter names are ordinary words too (Hotel, India, Charlie; 비 'rain', 씨 'Mr', 아이
    'child', 에이 'ah'), so a run is a code only when it holds:
    - two pieces or more, one of them a letter name standing as a word of its own,
    - and a *strong* name (one not in `ordinary`: 케이, 에프), or three names, or two names
      among four names and written digits (Alpha Bravo 1 2 3);
    an ordinary name with no other name in its run is no piece at all ("Hotel 3", "이 씨").

    A run with a spoken symbol word right before or after it (`symbol_words`: "Zulu Kilo 3
    Foxtrot dash 5") stays as it is: the symbol step ran before it and did not take the
    names for a code, and a second pass must not find a code there that the first did not.

    It runs after punctuation, fillers and Korean numbers, on the text a second pass sees
    too, so reading twice gives what reading once gives.
    """
    letters = {
        name: value.lower() if lower else value.upper() for name, value in letter_names.items()
    }
    digits = dict(digit_names)
    names = frozenset(letters)
    suffixed = sorted(endings, key=len, reverse=True)

    def piece(token: str) -> tuple[str, str, str] | None:
        """(kind, value, ending), kind "strong", "name", "spoken digit" or "digit"."""
        if token in letters:
            return ("name" if token in ordinary else "strong", letters[token], "")
        if token in digits:
            return ("spoken digit", digits[token], "")
        if _code_digits(token):
            return ("digit", token, "")
        for ending in suffixed:
            if token.endswith(ending) and len(token) > len(ending):
                found = piece(token[: -len(ending)])
                if found is not None and not found[2]:
                    return (found[0], found[1], ending)
        return None

    def read(text: str) -> str:
        tokens = text.split()
        if names.isdisjoint(tokens):
            return text  # a code needs a letter name standing as a word
        pieces = [piece(token) for token in tokens]
        out: list[str] = []
        i, n = 0, len(tokens)
        while i < n:
            if pieces[i] is None:
                out.append(tokens[i])
                i += 1
                continue
            end = i + 1  # a piece with an ending closes its run
            while end < n and pieces[end] is not None and not pieces[end - 1][2]:
                end += 1
            beside = {tokens[i - 1] if i else "", tokens[end] if end < n else ""}
            if symbol_words.isdisjoint(beside):
                out.extend(_read_run(tokens[i:end], pieces[i:end], reads_as_number))
            else:
                out.extend(tokens[i:end])
            i = end
        return " ".join(out)

    return read


def _read_run(tokens: list[str], pieces: list, number=None) -> list[str]:
    named = sum(1 for p in pieces if p[0] in ("strong", "name"))
    if named <= 1 and any(p[0] == "name" for p in pieces):
        # a lone ordinary name is a word: split the run around it, judge the parts
        out: list[str] = []
        start = 0
        for k, p in enumerate(pieces):
            if p[0] == "name":
                out.extend(_read_run(tokens[start:k], pieces[start:k], number) if k > start else [])
                out.append(tokens[k])
                start = k + 1
        if start < len(tokens):
            out.extend(_read_run(tokens[start:], pieces[start:], number))
        return out
    whole_name = any(p[0] in ("strong", "name") and not p[2] for p in pieces)
    strong = any(p[0] == "strong" for p in pieces)
    # spoken digits (Korean 이 'this', 오 'five') do not make a run long enough on their own
    written = named + sum(1 for p in pieces if p[0] == "digit")
    code = (
        len(pieces) > 1 and whole_name and (strong or named >= 3 or (named >= 2 and written >= 4))
    )
    joined = "".join(p[1] for p in pieces)
    if not code or _a_number(joined, number):
        return tokens
    return [joined + pieces[-1][2]]


def _a_number(code: str, number) -> bool:
    """A joined code that is itself a word another step rewrites (O N E = one, Oscar Sierra
    Sierra = oss, which text2num reads as 0; Hotel Mike Mike = hmm, a filler): that step
    would rewrite it on a second pass, so the letters stay apart."""
    return number is not None and code.isalpha() and number(code.lower())


def build_digit_runs(spell: Callable[[str], list[str]] | None = None) -> StepFn:
    """A spaced run of single digits is one number: "1 2 3" = 123, "5 5 5 1 2 3 4" = 5551234.

    Pieces: a single digit, or a zero and a digit (text2num reads "two zero eight" as
    `2 08`, "zero one two" as `01 2`). A run joins when it has two pieces or more, three
    digits or more, and one single digit: "2 3" stays (two numbers, or two digits: it cannot
    tell), and so do "07 09" (a date written 1992-07-09 reads 1992 07 09), "10 12" and
    "19 88". A run next to a longer number is a list of numbers, not a code: counting
    "1 2 3 4 5 6 7 8 9 10" keeps its ten words. "3 2 1 go" becomes 321 go, on both sides
    alike.

    It runs late, after punctuation and fillers are gone, so a second pass sees the same
    neighbours and joins nothing more. `spell(digits)`: how a joined run is written
    (`codes.per_character`: a phone number one digit per token, `digit_strings.digit_string`).
    """

    def piece(token: str) -> bool:
        return (
            token.isascii()
            and token.isdigit()
            and (len(token) == 1 or (len(token) == 2 and token[0] == "0"))
        )

    def number(token: str) -> bool:
        return token.isascii() and token.isdigit()

    def join_tokens(text: str) -> str:
        """The rule token by token: the reference the fast path below must agree with."""
        tokens = text.split()
        out: list[str] = []
        i, n = 0, len(tokens)
        while i < n:
            end = i
            while end < n and piece(tokens[end]):
                end += 1
            if end == i:
                out.append(tokens[i])
                i += 1
                continue
            run = tokens[i:end]
            listed = (i > 0 and number(tokens[i - 1])) or (end < n and number(tokens[end]))
            if len(run) > 1 and sum(map(len, run)) >= 3 and not listed:
                if any(len(t) == 1 for t in run):
                    run = spell("".join(run)) if spell else ["".join(run)]
            out.extend(run)
            i = end
        return " ".join(out)

    def run(match: re.Match) -> str:
        tokens = match.group().split()
        if sum(map(len, tokens)) < 3 or all(len(t) == 2 for t in tokens):
            return match.group()  # too short to tell, or 07 09
        if number(_word_before(match)) or number(_word_after(match)):
            return match.group()  # a list of numbers
        return " ".join(spell("".join(tokens))) if spell else "".join(tokens)

    def join(text: str) -> str:
        if not _DIGIT_PAIR_QUICK.search(text):
            return text
        return _DIGIT_RUN.sub(run, text)

    join.by_tokens = join_tokens  # for the tests: the fast path must agree with it

    return join


def _word_before(match: re.Match) -> str:
    text, j = match.string, match.start() - 1
    while j >= 0 and text[j] == " ":
        j -= 1
    return text[text.rfind(" ", 0, j + 1) + 1 : j + 1] if j >= 0 else ""


def _word_after(match: re.Match) -> str:
    text, j = match.string, match.end()
    while j < len(text) and text[j] == " ":
        j += 1
    stop = text.find(" ", j)
    return text[j : stop if stop >= 0 else len(text)]


def build_number_words(
    mapping: Mapping[str, str],
    form: Callable[[str], str],
    variants: Iterable[Callable[[str], str]] = (),
) -> StepFn:
    """A language's own number words to digits, whole words and phrases, longest first:
    Hausa goma = 10, goma sha biyu = 12. For a language text2num does not read; a number
    the table does not list stays as written (ashirin da biyar).

    `variants`: other spellings a later profile reads (Hausa folded: ɗ = d). A phrase that
    only such a spelling reads is left whole for that profile ("goma sha daya" is 11 when
    folded), not cut into "10 sha daya" here.
    """
    phrases = _phrase_table(mapping, form)
    others = [(variant, _phrase_table(mapping, lambda w, v=variant: v(form(w))))
              for variant in variants]  # fmt: skip
    longest = max((len(p) for p in phrases), default=0)
    firsts = frozenset(p[0] for p in phrases)
    # a first look on the lower-cased words, folded or not (the text is not folded yet)
    probe = firsts | frozenset(words.split()[0].lower() for words in mapping)

    def match(table: dict, words: list[str], i: int) -> tuple[int, str | None]:
        for size in range(min(longest, len(words) - i), 0, -1):
            digits = table.get(tuple(words[i : i + size]))
            if digits is not None:
                return size, digits
        return 0, None

    def convert(text: str) -> str:
        if probe.isdisjoint(text.lower().split()):
            return text
        tokens = text.split()
        lowered = [form(token) for token in tokens]
        if firsts.isdisjoint(lowered):
            return text
        out: list[str] = []
        i = 0
        while i < len(tokens):
            size, digits = match(phrases, lowered, i) if lowered[i] in firsts else (0, None)
            if size:
                window = lowered[i : i + longest]
                longer = max(
                    (match(table, [v(w) for w in window], 0)[0] for v, table in others),
                    default=0,
                )
                if longer > size:
                    out.extend(tokens[i : i + longer])
                    i += longer
                    continue
                out.append(digits)
                i += size
            else:
                out.append(tokens[i])
                i += 1
        return " ".join(out)

    return convert


def _phrase_table(mapping: Mapping[str, str], form: Callable[[str], str]) -> dict:
    table: dict[tuple[str, ...], str] = {}
    for words, digits in mapping.items():
        table.setdefault(tuple(form(word) for word in words.split()), digits)
    return table
