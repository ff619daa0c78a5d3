"""Spoken symbols in spelled codes: "A B C trait d'union 1 2 3" -> "ABC-123".

A user spelling an ID says the symbol's name; the STT writes the symbol. A symbol word that
is also an ordinary word (Spanish "barra", German "Strich") is replaced only next to
something that looks like a code, so "una barra de pan" stays. Once replaced, the symbol
joins the code around it: the run of code-like tokens on each side (capital letters,
digits, acronyms, number words) is written without spaces, as the STT writes the code.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from itertools import islice

import regex

from ..caches import memo
from .codes import is_code_like, is_joined_code
from .tokens import is_punctuation, split_edges, strip_edges

__all__ = ["build_spoken_symbols"]


# A number, or an ordinal as text2num writes it in digits (4th, 1er, 2ème, 4º, 1ª, 4e; German
# 4. splits into 4 and a full stop): plain, as the word it came from ("fourth") is.
_PLAIN_NUMBER = regex.compile(r"^\d+(?:[.,]\d+)*(?:st|nd|rd|th|er|ère|ème|e|º|ª)?$")


_SIGNED = regex.compile(r"-\d+(?:[.,]\d+)?")
# numbers the class steps read: signed, a fraction, a clock time, an amount with its symbol
_WRITTEN_NUMBER = regex.compile(
    r"-\d+(?:[.,]\d+)?|\d+/\d+|\d{1,2}:\d{2}(?::\d{2})?|\p{L}*\p{Sc}+[\d.,]*\d[\d.,]*"
)


@dataclass(frozen=True)
class _Phrase:
    words: tuple[str, ...]
    symbol: str
    code_only: bool


def build_spoken_symbols(
    always: Mapping[str, str],
    code_only: Mapping[str, str],
    number_words: Callable[[str], str] | None,
    fillers: frozenset[str] = frozenset(),
    unit_symbols: frozenset[str] = frozenset(),
) -> Callable[[str], str]:
    phrases = _phrases(always, False) + _phrases(code_only, True)
    phrases.sort(key=lambda p: len(p.words), reverse=True)
    first_words = {p.words[0] for p in phrases}
    first_tuple = tuple(sorted(first_words))  # a plain loop: cheaper than any() here
    symbol_words = {word for phrase in phrases for word in phrase.words}
    is_number = _number_test(number_words)

    def skip(token: str) -> bool:
        # Punctuation and fillers vanish in later steps; a decision that depended on them
        # would change on a second pass ("A4, dash 5", "dash uh 5").
        if token.isalnum():  # the common case: a word or a number, maybe a filler
            return bool(fillers) and token.lower() in fillers
        # a symbol alone (°, +) goes too, unless it is a unit the numbers step writes out
        return (
            is_punctuation(token)
            or (token not in unit_symbols and _symbols_only(token))
            or token.lower() in fillers
        )

    def replace(text: str) -> str:
        lowered = text.lower()
        for word in first_tuple:
            if word in lowered:
                break
        else:
            return text  # fast path: no symbol word, not even inside another word
        words = lowered.split()
        if first_words.isdisjoint(words) and not any(
            strip_edges(word) in first_words for word in words if not word.isalnum()
        ):
            return text
        tokens = text.split()
        # a minus sign stays with its number (-11): the hyphens step keeps it so too
        tokens = [
            part
            for token in tokens
            for part in ([token] if _SIGNED.fullmatch(token) else split_edges(token))
        ]
        # Rewrite until nothing changes: a symbol joined on one pass can make its neighbour
        # look like a code on the next ("dash one underscore x"), and the normalizer as a
        # whole must give the same text when applied twice.
        for _ in range(4):
            rewritten = _rewrite(
                tokens, phrases, first_words, symbol_words, is_number, number_words, skip
            )
            if rewritten == tokens:
                break
            tokens = rewritten
            if first_words.isdisjoint(token.lower() for token in tokens):
                break  # no symbol word left: another round would change nothing
        return " ".join(tokens)

    return replace


def _symbols_only(token: str) -> bool:
    return all(unicodedata.category(ch)[0] in "PS" for ch in token)


def _phrases(mapping: Mapping[str, str], code_only: bool) -> list[_Phrase]:
    return [_Phrase(tuple(k.lower().split()), v, code_only) for k, v in mapping.items()]


def _number_test(number_words: Callable[[str], str] | None) -> Callable[[str], bool]:
    if number_words is None:
        return lambda token: False

    # text2num is asked about the same few words again and again (every neighbour of every
    # symbol word, on every rewrite round): remember its answers, per normalizer.
    @memo(4096)
    def is_number(token: str) -> bool:
        return token.replace("-", "").isalpha() and number_words(token) != token

    return is_number


def _rewrite(tokens, phrases, first_words, symbol_words, is_number, to_digits, skip) -> list[str]:
    lowered = [token.lower() for token in tokens]

    def joinable(token: str) -> bool:
        if _WRITTEN_NUMBER.fullmatch(token):
            return False  # -90, 8/4: a number the class steps wrote, not a code piece
        return strip_edges(token) == token and token.lower() not in symbol_words

    out: list[str] = []
    i = 0
    while i < len(tokens):
        if lowered[i] not in first_words:
            out.append(tokens[i])  # the common case: an ordinary word
            i += 1
            continue
        phrase, end = _match(tokens, i, phrases, skip)
        if phrase is None or (
            phrase.code_only
            and not _next_to_code(out, tokens, end, is_number, skip)
            and not _number_chain(out, tokens, end, phrase, phrases, is_number, skip)
        ):
            out.append(tokens[i])
            i += 1
            continue
        # Punctuation between a symbol and its code is ignored ("A4, dash 5"): it is
        # removed later anyway, and deciding by it would make a second pass disagree.
        left_gap = _skipped_run(reversed(out), skip)
        right_gap = _skipped_run(islice(tokens, end, None), skip)
        before = out[-1 - left_gap] if left_gap < len(out) else ""
        after = tokens[end + right_gap] if end + right_gap < len(tokens) else ""
        if before.lower() in symbol_words or after.lower() in symbol_words:
            out.append(tokens[i])  # "dash dash": a run of symbol words is left as words
            i += 1
            continue
        words_too = not phrase.code_only
        left = _code_run(islice(reversed(out), left_gap, None), is_number, joinable, words_too)
        right = _code_run(islice(tokens, end + right_gap, None), is_number, joinable, words_too)
        if not left and not right:
            out.append(tokens[i])  # nothing to attach to: a symbol word alone is a word
            i += 1
            continue
        if left:
            del out[len(out) - len(left) - left_gap :]
        if not right:
            right_gap = 0
        out.append(_join(left[::-1], to_digits) + phrase.symbol + _join(right, to_digits))
        i = end + right_gap + len(right)
    return out


def _skipped_run(tokens: Iterable[str], skip) -> int:
    n = 0
    for token in tokens:
        if not skip(token):
            break
        n += 1
    return n


def _kept(tokens: Iterable[str], skip, count: int) -> list[str]:
    """The first `count` tokens that later steps keep (no punctuation, no filler)."""
    return list(islice((token for token in tokens if not skip(token)), count))


def _match(tokens: list[str], i: int, phrases: list[_Phrase], skip) -> tuple[_Phrase | None, int]:
    """The longest phrase starting at token i, and the index after it. Punctuation inside
    a phrase is skipped: "trait (d'union" reads as "trait d'union"."""
    for phrase in phrases:
        j = i
        for word in phrase.words:
            while j < len(tokens) and j > i and skip(tokens[j]):
                j += 1
            if j >= len(tokens) or tokens[j].lower() != word:
                break
            j += 1
        else:
            return phrase, j
    return None, i


def _code_token(token: str, is_number: Callable[[str], bool]) -> bool:
    return is_code_like(token) or is_joined_code(token) or is_number(token)


def _next_to_code(out: list[str], tokens: list[str], after: int, is_number, skip) -> bool:
    """A lone number word ("una barra") is not a code; a letter, digit or run of them is."""
    before = _kept(reversed(out), skip, 2)
    ahead = _kept(islice(tokens, after, None), skip, 2)
    return _codeish(before, is_number) or _codeish(ahead, is_number)


def _number_chain(out, tokens, after, phrase, phrases, is_number, skip) -> bool:
    """1992 guion 07 guion 09, 1995 dash 04 dash 18: a number, the symbol, a number, the
    same symbol again and a number is a code (a date), though each number alone is plain and
    "20 barra 3" is not. Only the first symbol needs this: the second has 1992-07 before it."""
    before = _kept(reversed(out), skip, 1)
    if not before or not _is_plain_number(before[0], is_number):
        return False
    ahead = list(islice((j for j in range(after, len(tokens)) if not skip(tokens[j])), 2))
    if len(ahead) < 2 or not _is_plain_number(tokens[ahead[0]], is_number):
        return False
    again, end = _match(tokens, ahead[1], phrases, skip)
    if again is None or again.symbol != phrase.symbol:
        return False
    following = _kept(islice(tokens, end, None), skip, 1)
    return bool(following) and _is_plain_number(following[0], is_number)


def _codeish(neighbours: list[str], is_number) -> bool:
    """A letter or a code (B, ABC, M4B) counts alone; a number (4, "quatre") only beside
    another code token, so "una barra de pan" and "20 barra" keep their words."""
    if not neighbours or not _code_token(neighbours[0], is_number):
        return False
    if not _is_plain_number(neighbours[0], is_number):
        return True
    return len(neighbours) > 1 and _code_token(neighbours[1], is_number)


def _is_plain_number(token: str, is_number) -> bool:
    core = strip_edges(token)
    return _PLAIN_NUMBER.match(core) is not None or is_number(core)


def _code_run(tokens: Iterable[str], is_number, joinable, words_too: bool) -> list[str]:
    """The code-like tokens at the start of `tokens` (nearest first); failing that, one
    ordinary word (an always-replaced symbol joins words too: mag underscore mutual ->
    mag_mutual), or that word spelled letter by letter, with the digits after it (it
    chiocciola j e n 8 = @jen8, m a r i o chiocciola = mario@). A whole code (ABC-123,
    1995) may only be the nearest token: after it, a spelled run goes on with single
    characters and number words, so "dash 1 2 3 ABC-123" stops before the next code."""
    run: list[str] = []
    tokens = iter(tokens)
    for token in tokens:
        if not (_code_token(token, is_number) and joinable(token)):
            if not run and words_too and joinable(token):
                run.append(token)
                if _spelled_letter(token):
                    spelled, stop = _spelled_word(tokens, is_number, joinable)
                    if not _plain_word(stop, is_number):
                        run += spelled  # not before a word: fr "l a poste" is la + poste,
                        # which the emails step reads as one label (laposte)
            break
        if run and not _spelled_piece(token, is_number):
            break
        run.append(token)
    return run


def _spelled_word(tokens: Iterator[str], is_number, joinable) -> tuple[list[str], str]:
    """The letters and numbers said one by one that go on a spelled word (e n s e n 8 6),
    and the token that ended them ("" at the end)."""
    run: list[str] = []
    for token in tokens:
        if not joinable(token) or not (
            _spelled_letter(token) or token.isdigit() or is_number(token)
        ):
            return run, token
        run.append(token)
    return run, ""


def _plain_word(token: str, is_number) -> bool:
    return len(token) > 1 and token.isalpha() and not is_number(token)


def _spelled_letter(token: str) -> bool:
    """A letter of the alphabet said alone: j, not the word è (it 'is') or à."""
    return len(token) == 1 and token.isascii() and token.isalpha()


def _spelled_piece(token: str, is_number) -> bool:
    return len(token) == 1 or is_number(token)


def _join(run: list[str], to_digits: Callable[[str], str] | None) -> str:
    text = " ".join(run)
    if to_digits is not None and run:
        text = to_digits(text)
    return "".join(text.split())
