"""Spelled codes in Japanese: letter names and digits read as Latin letters and digits.

A speaker spells an ID as イー・エム・ピー、さん; the STT may write EMP3. A *code token* is a
katakana letter name (エー, ビー) or digit name (ゼロ), a kana digit (いち, に, さん), a kanji
digit (三, 〇), or a Latin code piece (emp, m4b, 3). Tokens with nothing between them form
a *group*; groups separated by spaces (punctuation is a space by the time this runs) or by
・ 、 form a *run*, and only a run of two or more tokens is a code. A group must also stand
as a word of its own, so a word that merely begins like a letter name stays (エース,
ビーフ, ワイシャツ, エスカレーター):

- katakana tokens: no other katakana right before or after the group;
- a kana digit: alone in its group, with no letter before or after it (いちご, にく stay);
- kanji digits: no kanji right before a lone digit (統一, 第一 stay; a string of digits is
  read however it is glued: 番号三一八五〇四), and after the group no kanji but a counter
  (一緒 stays; 二〇二四年 and 三〇〇円 are read);
- no group next to a numeral unit (十, 百, 万 ...), even across spaces: 三 万 is a number;
- a Latin piece stands alone: not glued to kana, and kana not glued to a Latin word.

Letters come out lowercase (the case step has run). The rules judge a group by the text a
second pass would see too, so reading twice gives what reading once gives.

>>> read = build_code_reader({"エー": "A", "ビー": "B", "イー": "E", "エム": "M",
...     "ピー": "P"}, {"ゼロ": "0"}, [])
>>> read("イー エム ピー さん"), read("三 一 八 五 ゼロ 四"), read("エースとビーフ")
('emp3', '318504', 'エースとビーフ')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from ..caches import memo

__all__ = ["KANA_DIGITS", "KANJI_DIGITS", "build_code_reader"]

# Digit readings in hiragana, as said in a phone number or code (にー and ごー lengthen 2, 5).
# No reading may be another one plus the start of a third (にい would swallow に + いち).
KANA_DIGITS = {
    "ぜろ": "0", "れい": "0", "まる": "0", "いち": "1", "に": "2", "にー": "2",
    "さん": "3", "よん": "4", "し": "4", "ご": "5", "ごー": "5", "ろく": "6",
    "なな": "7", "しち": "7", "はち": "8", "きゅう": "9", "きゅー": "9", "く": "9",
}  # fmt: skip
KANJI_DIGITS = {
    "〇": "0", "零": "0", "一": "1", "二": "2", "三": "3", "四": "4",
    "五": "5", "六": "6", "七": "7", "八": "8", "九": "9",
}  # fmt: skip
NUMERAL_UNITS = "十百千万億兆"
SEPARATORS = "・、,，､･ 　"  # after the punctuation step, only the space is left

_KATAKANA = re.compile(r"[\u30a1-\u30fa\u30fc-\u30ff\u31f0-\u31ff\uff66-\uff9f]")
_KANJI = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff々〆〇]")

KATA, KANA, KANJI, ASCII = "kata", "kana", "kanji", "ascii"
# A code piece in Latin script: a whole Latin word with a digit (m4b, 3) or of at most three
# letters (emp). A longer word (jira) is not a token, only a neighbour.
ASCII_CODE = r"(?<![A-Za-z0-9])(?:[A-Za-z]*[0-9][A-Za-z0-9]*|[A-Za-z]{1,3})(?![A-Za-z0-9])"


def trie_pattern(words: Iterable[str]) -> str:
    """One regex alternation with shared prefixes factored out (ab|ac -> a(?:b|c)), so the
    engine tests a character once instead of once per word; longer words win."""
    trie: dict = {}
    for word in words:
        node = trie
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = True

    def emit(node: dict) -> str:
        end = "" in node
        branches = [re.escape(ch) + emit(child) for ch, child in sorted(node.items()) if ch]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        if end:
            return f"(?:{body})?"
        return body

    return emit(trie)


def _is_ascii_alnum(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()


def _is_letter(ch: str) -> bool:
    return ch.isalpha() or ch == "ー"


def build_code_reader(
    letter_names: Mapping[str, str],
    digit_names: Mapping[str, str],
    exceptions: Iterable[str],
    words: Mapping[str, str] | None = None,
    counters: Iterable[str] = (),
) -> Callable[[str], str]:
    """`words`: whole Latin words to their spelling (the product names: a spelled ジェー・
    アイ・アール・エー is the word jira, written ジラ), as the loanwords step would map them."""
    words = dict(words or {})
    counters = tuple(counters)
    katakana = {word: value.lower() for word, value in {**letter_names, **digit_names}.items()}
    values = {**katakana, **KANA_DIGITS, **KANJI_DIGITS}
    kinds = {word: KATA for word in katakana} | dict.fromkeys(KANA_DIGITS, KANA)
    kinds |= dict.fromkeys(KANJI_DIGITS, KANJI)
    # a kana digit is a token only between non-letters (いちご, 田中さん are words): said in
    # the pattern, so the engine drops most hiragana at once
    kana = rf"(?<![^\W\d_]){trie_pattern(KANA_DIGITS)}(?![^\W\d_])"
    others = {word: value for word, value in values.items() if word not in KANA_DIGITS}
    token = f"(?:{ASCII_CODE}|{kana}|{trie_pattern(others)})"
    sep = f"[{re.escape(SEPARATORS)}]*"
    firsts = re.escape("".join(sorted({word[0] for word in values})))
    # the lookahead rejects most positions with one character-set test
    run_pattern = re.compile(f"(?=[A-Za-z0-9{firsts}]){token}(?:{sep}{token})+")
    token_pattern = re.compile(token)
    never = frozenset(exceptions)
    starts = frozenset(word[0] for word in values) | frozenset("0123456789")

    def groups_of(text: str, start: int, end: int) -> list[list[tuple[int, int, str]]]:
        """Tokens of a run, as (start, end, kind), grouped where nothing separates them."""
        groups: list[list[tuple[int, int, str]]] = []
        pos, glued = start, False
        while pos < end:
            if text[pos] in SEPARATORS:
                pos, glued = pos + 1, False
                continue
            match = token_pattern.match(text, pos, end)
            if match is None:  # cannot happen inside a run; be safe
                pos, glued = pos + 1, False
                continue
            word = match.group()
            kind = kinds.get(word, ASCII)
            if glued:
                groups[-1].append((pos, match.end(), kind))
            else:
                groups.append([(pos, match.end(), kind)])
            pos, glued = match.end(), True
        return groups

    def valid(text: str, group: list[tuple[int, int, str]], far: tuple[str, str]) -> bool:
        """Is the group a word of its own? `far` are the nearest characters that are not
        spaces around it (every space goes at the end of the chain): a unit there (三 万)
        makes the digits part of a number, as a second pass would see it (三万)."""
        first, last = group[0][0], group[-1][1]
        before = text[first - 1] if first > 0 else ""
        after = text[last] if last < len(text) else ""
        group_kinds = {kind for _, _, kind in group}
        if text[first:last] in never:
            return False
        if (far[0] and far[0] in NUMERAL_UNITS) or (far[1] and far[1] in NUMERAL_UNITS):
            return False
        if ASCII in group_kinds:
            # a Latin piece stands alone (EMP); glued to kana (EMPエム) it is no code, and
            # kana glued to a Latin word (jira二〇二四) would make a new Latin word
            return len(group_kinds) == 1
        if _is_ascii_alnum(before) or _is_ascii_alnum(after):
            return False
        if KATA in group_kinds and (_KATAKANA.match(before) or _KATAKANA.match(after)):
            return False  # エース, ワイシャツ, シーエムソング
        if KANA in group_kinds and (len(group) > 1 or _is_letter(before) or _is_letter(after)):
            return False  # いちご, にく, 田中さん
        if KANJI in group_kinds:
            # One digit glued to a kanji is part of a word (統一, 第一); a string of them
            # is a number however it is glued (番号三一八五〇四, as 番号 三一八五〇四)
            if _KANJI.match(before) and len(group) == 1:
                return False
            if _KANJI.match(after) and not any(text.startswith(c, last) for c in counters):
                return False  # 一緒, 二人三脚; 二〇二四年 and 三〇〇円 are numbers
        return True

    @memo(8192)
    def rewrite(
        before: str, run: str, after: str, far_before: str, far_after: str
    ) -> tuple[tuple[int, int, str], ...]:
        """(start, end, replacement) in `run` for each code inside it; `before` and `after`
        are the characters around the run (or empty), `far_...` the nearest ones that are
        not spaces; they decide whether the first and the last group are words."""
        text, offset = before + run + after, len(before)
        edits = []
        chain: list[list[tuple[int, int, str]]] = []
        groups = groups_of(text, offset, offset + len(run))
        for index, group in enumerate([*groups, None]):
            if group is not None:
                far = (
                    far_before if index == 0 else "",
                    far_after if index == len(groups) - 1 else "",
                )
                if valid(text, group, far):
                    chain.append(group)
                    continue
            tokens = [tok for grp in chain for tok in grp]
            if len(tokens) >= 2 and any(kind != ASCII for _, _, kind in tokens):
                value = "".join(values.get(text[s:e], text[s:e]) for s, e, _ in tokens)
                value = words.get(value.lower(), value)
                edits.append((tokens[0][0] - offset, tokens[-1][1] - offset, value))
            chain = []
        return tuple(edits)

    def read(text: str) -> str:
        if starts.isdisjoint(text):
            return text
        edits = []
        for run in run_pattern.finditer(text):
            start, end = run.span()
            head, tail = text[:start].rstrip(), text[end:].lstrip()
            found = rewrite(
                text[start - 1 : start], run.group(), text[end : end + 1], head[-1:], tail[:1]
            )
            edits.extend((start + s, start + e, value) for s, e, value in found)
        if not edits:
            return text
        out, pos = [], 0
        for start, end, value in edits:
            out.append(text[pos:start])
            out.append(value)
            pos = end
        out.append(text[pos:])
        return "".join(out)

    return read
