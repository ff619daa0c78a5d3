"""The code-switch rescue: re-check each error region of the native alignment with an
English view of the same words (Hindi with English words in it: Hindi -> English).

The native (Hindi) alignment is unchanged. Each region (a maximal run of mismatched
tokens, at most `MAX_REGION_WORDS` of them a side) is grown to whole raw words (see
`units`) and re-read: raw words without native-script letters go through the English
rules as one run ("twenty five" -> 25, "I'm" -> i am), words with native letters keep the
native rules, and a Devanagari word that the phonetic matcher pairs with the Latin word it
was substituted for is read as that Latin word. The region stops counting only if

- both views are identical (loanwords compared in their Devanagari spelling),
- every mismatched intended word is English: Latin script, changed by the English rules
  ("$5"), a lexicon loanword (कोड) or phonetically matched; so an intended digit 7 against
  "seven" stays an error (the user may have said सात), and
- every mismatched transcript word is English too: no native letters, or a loanword or a
  phonetic match; so intended "seven" against सात (a translation) stays an error.

Neighbouring errors are one region, rescued whole or not at all; errors only go down.

A clock time is read as it is said in both views: 2:30 as "2 30" (two thirty), 7:00 as "7"
(seven), so "two thirty" against 2:30 is the same English; an intended digit is still not
English (2:30 against "two thirty" stays an error).

Same-script languages (`code_switch_same_script`: fr, de, es, it, nl) have no script to
tell English words from their own, so the whole region is read with the English rules,
and a word is English only as `english.EnglishWords` says: a number word or contraction
the English rules read (seven, I'm), or a word those contractions expand to (i, am), never
a word of the config's `code_switch_stoplist` (nl ten). The transcript side must be English
or have no letters (7, 2:30): fr sept against seven stays an error.

Romanized Hindi (`hindi.romanized_hindi`): a Latin transcript word that spells the
intended Devanagari word (mujhe / मुझे, `romanized.py`) is counted as
`romanized_hindi_words` ("count"), and with "accept" is read as that Devanagari word, so
its region can be rescued (rule "romanized_hindi"). It stays a Hindi word in the counts.

Speed: a pair without a region costs a count; a region with a mismatched native token
that no phonetic match explains is dropped before any raw word is looked at, since it
cannot pass; only the others map tokens back to raw words.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..align import Alignment
from ..metrics import Counts
from .english import EnglishWords
from .phonetic import PhoneticMatcher
from .report import LanguageCounts, Rescue, build_block
from .romanized import RomanizedHindi
from .script import has_latin, has_native, is_latin_word, is_native_word
from .units import WordUnits, build_units

__all__ = ["MAX_REGION_WORDS", "Rescuer", "WrongRegion", "wrong_regions"]

MAX_REGION_WORDS = 4

Tokens = Callable[[str], tuple[str, ...]]
# A mismatched op: ("substitute", i, j), ("delete", i, None) or ("insert", None, j).
WrongOp = tuple[str, int | None, int | None]


@dataclass(frozen=True)
class WrongRegion:
    """Ref tokens [ref_start, ref_end) against hyp tokens [hyp_start, hyp_end): one region,
    or regions merged by whole words, with the mismatched ops inside."""

    ref_start: int
    ref_end: int
    hyp_start: int
    hyp_end: int
    wrong: tuple[WrongOp, ...]


@dataclass(frozen=True, eq=False)
class Rescuer:
    """`rescuer(reference, hypothesis, alignment) -> (counts after rescue, block)`."""

    language: str
    other: str
    native_tokens: Tokens  # the native normalizer, memoized, as tokens
    english_tokens: Tokens  # the English normalizer, memoized, as tokens
    is_english_token: Callable[[str], bool]  # Latin letters or a loanword; memoized
    is_native_token: Callable[[str], bool]  # native letters and not a loanword; memoized
    loanwords: Mapping[str, str]  # normalized Latin token -> normalized native token
    loan_forms: frozenset[str]  # the native spellings of the loanwords
    matcher: PhoneticMatcher | None = None
    max_region_words: int = MAX_REGION_WORDS
    english_words: EnglishWords | None = None  # same script: which words are English
    romanizer: RomanizedHindi | None = None  # Hindi: romanized Hindi in the transcript
    accept_romanized: bool = False  # and whether such a word counts as correct

    def __call__(self, reference: str, hypothesis: str, alignment: Alignment):
        rescues: list[Rescue] = []
        regions = wrong_regions(alignment) if self._may_rescue(alignment) else []
        romanized = None
        if self.romanizer is not None:
            romanized = 0
            if regions and _ASCII_LETTER.search(hypothesis):  # a Latin word to look at
                romanized = sum(self._romanized_words(region, alignment) for region in regions)
        if any(self._may_pass(region, alignment) for region in regions):
            ref_units = build_units(reference, alignment.ref, self.native_tokens)
            hyp_units = build_units(hypothesis, alignment.hyp, self.native_tokens)
            if not (ref_units.one_to_one and hyp_units.one_to_one):
                regions = _grown(regions, alignment, ref_units, hyp_units)
            for group in regions:
                if self._may_pass(group, alignment):
                    rescue = self._check(group, alignment, ref_units, hyp_units)
                    if rescue is not None:
                        rescues.append(rescue)
        counts, per_language = self._count(alignment, rescues)
        block = build_block(
            self.language, self.other, per_language, alignment.errors, rescues,
            romanized=romanized,
        )  # fmt: skip
        return counts, block

    def _may_rescue(self, alignment: Alignment) -> bool:
        """Whether any region is worth looking at: an error, and (same script) an intended
        token that can be English at all."""
        if not alignment.errors:
            return False
        words = self.english_words
        return words is None or not words.vocabulary.isdisjoint(alignment.ref)

    # -- one region -------------------------------------------------------------------

    def _may_pass(self, group: WrongRegion, alignment: Alignment) -> bool:
        """What the tokens alone decide: something intended, at most `max_region_words`
        mismatched tokens a side, and no mismatched native token (not a loanword) that is
        not phonetically matched, since nothing else can make it English."""
        limit = self.max_region_words
        refs = sum(1 for _, i, _ in group.wrong if i is not None)
        hyps = sum(1 for _, _, j in group.wrong if j is not None)
        if not refs or refs > limit or hyps > limit:
            return False
        native = self.is_native_token
        for kind, i, j in group.wrong:
            if kind == "substitute":
                ref, hyp = alignment.ref[i], alignment.hyp[j]
                if (native(ref) or native(hyp)) and not self._explained(ref, hyp):
                    return False
            elif native(alignment.ref[i] if j is None else alignment.hyp[j]):
                return False
        if self.english_words is not None:
            # Same script: every intended token must be English, even one without letters
            # (an intended 7 is not English).
            english = self.english_words.english
            return all(english(alignment.ref[i]) for _, i, _ in group.wrong if i is not None)
        return True

    def _explained(self, ref_token: str, hyp_token: str) -> bool:
        """A substitution the token pair itself explains: phonetic, or romanized Hindi."""
        if self._sound_alike(ref_token, hyp_token):
            return True
        return self.accept_romanized and self._romanized(ref_token, hyp_token)

    def _romanized(self, ref_token: str, hyp_token: str) -> bool:
        # The romanizer reads Devanagari words only (anything else has no pattern).
        return (
            self.romanizer is not None
            and is_latin_word(hyp_token)
            and self.romanizer.match(ref_token, hyp_token)
        )

    def _romanized_words(self, group: WrongRegion, alignment: Alignment) -> int:
        """Substitutions of an intended Devanagari word by its Latin spelling (and not by an
        English word the phonetic matcher recognizes)."""
        count = 0
        for kind, i, j in group.wrong:
            if kind == "substitute":
                ref, hyp = alignment.ref[i], alignment.hyp[j]
                if self._romanized(ref, hyp) and not self._sound_alike(ref, hyp):
                    count += 1
        return count

    def _sound_alike(self, ref_token: str, hyp_token: str) -> bool:
        if self.matcher is None:
            return False
        if is_native_word(ref_token) and is_latin_word(hyp_token):
            return self.matcher.match(ref_token, hyp_token)
        if is_latin_word(ref_token) and is_native_word(hyp_token):
            return self.matcher.match(hyp_token, ref_token)
        return False

    def _check(self, group: WrongRegion, alignment, ref_units, hyp_units) -> Rescue | None:
        ref_span = (group.ref_start, group.ref_end)
        hyp_span = (group.hyp_start, group.hyp_end)
        pairs = self._phonetic_pairs(group, alignment, ref_units, hyp_units)
        romanized = self._romanized_pairs(group, alignment, ref_units, hyp_units, pairs)
        # A matched Devanagari word is read as the Latin word it was substituted for; a
        # romanized Hindi word as the Devanagari word it spells.
        ref_as, hyp_as = {}, {}
        for i, j, _ in pairs:
            if is_native_word(alignment.ref[i]):
                ref_as[ref_units.unit_of_token[i]] = hyp_units.text_of_token(j)
            else:
                hyp_as[hyp_units.unit_of_token[j]] = ref_units.text_of_token(i)
        for i, j in romanized:
            hyp_as[hyp_units.unit_of_token[j]] = ref_units.text_of_token(i)
        ref_view = self._view(ref_units, ref_span, ref_as)
        if ref_view != self._view(hyp_units, hyp_span, hyp_as):
            return None
        matched_ref = {i for i, _, _ in pairs} | {i for i, _ in romanized}
        matched_hyp = {j for _, j, _ in pairs} | {j for _, j in romanized}
        for _, i, j in group.wrong:
            if i is not None and i not in matched_ref:
                if not self._intended_english(ref_units, i, alignment.ref):
                    return None
            if j is not None and j not in matched_hyp:
                if not self._transcribed_english(hyp_units, j, alignment.hyp):
                    return None
        return Rescue(
            reference=ref_units.words_of(*ref_span),
            hypothesis=hyp_units.words_of(*hyp_span),
            reference_span=ref_span,
            hypothesis_span=hyp_span,
            view=" ".join(ref_view),
            errors=len(group.wrong),
            phonetic=tuple((alignment.ref[i], alignment.hyp[j], key) for i, j, key in pairs),
            phonetic_tokens=tuple((i, j) for i, j, _ in pairs),
            romanized=tuple((alignment.ref[i], alignment.hyp[j]) for i, j in romanized),
        )

    def _romanized_pairs(self, group: WrongRegion, alignment, ref_units, hyp_units, phonetic):
        """(ref token, hyp token) for each single Devanagari word whose Latin spelling the
        transcript wrote, when the policy accepts romanized Hindi."""
        if not self.accept_romanized:
            return []
        taken = {i for i, _, _ in phonetic}
        return [
            (i, j)
            for kind, i, j in group.wrong
            if kind == "substitute"
            and i not in taken
            and ref_units.single(i)
            and hyp_units.single(j)
            and self._romanized(alignment.ref[i], alignment.hyp[j])
        ]

    def _phonetic_pairs(self, group: WrongRegion, alignment, ref_units, hyp_units):
        """(ref token, hyp token, key) for each substitution of one Devanagari word by one
        Latin word, or the reverse, that the matcher accepts."""
        if self.matcher is None:
            return []
        pairs = []
        for kind, i, j in group.wrong:
            if kind != "substitute" or not (ref_units.single(i) and hyp_units.single(j)):
                continue  # single words only
            ref_token, hyp_token = alignment.ref[i], alignment.hyp[j]
            if is_native_word(ref_token) and is_latin_word(hyp_token):
                native, latin = ref_token, hyp_token
            elif is_latin_word(ref_token) and is_native_word(hyp_token):
                native, latin = hyp_token, ref_token
            else:
                continue
            if self.matcher.match(native, latin):
                pairs.append((i, j, self.matcher.devanagari_key(native)))
        return pairs

    def _view(self, units: WordUnits, span: tuple[int, int], read_as: dict[int, str]):
        """The English view of tokens [span): runs of words without native letters through
        the English rules, the others through the native rules (same script: every word
        through the English rules); loanwords canonical, clock times as said."""
        words: list[str] = []
        for unit in units.unit_range(*span):
            if unit in read_as:
                words.append(read_as[unit])
            else:
                words.extend(units.unit_words(unit))
        if self.english_words is not None:
            return _spoken_times(self.english_tokens(" ".join(words)))
        out: list[str] = []
        run: list[str] = []
        run_native = False
        for word in words:
            native = has_native(word)
            if run and native != run_native:
                out.extend(self._read(run, run_native))
                run = []
            run.append(word)
            run_native = native
        if run:
            out.extend(self._read(run, run_native))
        return _spoken_times(tuple(self.loanwords.get(token, token) for token in out))

    def _read(self, words: list[str], native: bool) -> tuple[str, ...]:
        text = " ".join(words)
        return self.native_tokens(text) if native else self.english_tokens(text)

    def _intended_english(self, units: WordUnits, i: int, tokens: Sequence[str]) -> bool:
        if self.english_words is not None:  # every spoken word of the unit is English
            words = units.unit_words(units.unit_of_token[i])
            english = self.english_words.english
            return all(english(word) for word in words if any(map(str.isalnum, word)))
        if tokens[i] in self.loan_forms:
            return True
        text = units.text_of_token(i)
        if has_native(text):
            return False
        return has_latin(text) or self.english_tokens(text) != self.native_tokens(text)

    def _transcribed_english(self, units: WordUnits, j: int, tokens: Sequence[str]) -> bool:
        if self.english_words is not None:
            english = self.english_words.english
            words = units.unit_words(units.unit_of_token[j])
            return all(not _has_letter(word) or english(word) for word in words)
        return tokens[j] in self.loan_forms or not has_native(units.text_of_token(j))

    # -- counting ---------------------------------------------------------------------

    def _english_flags(self, tokens: tuple[str, ...]) -> list[bool]:
        words = self.english_words
        if words is not None and words.vocabulary.isdisjoint(tokens):
            return [False] * len(tokens)  # same script: no token can be English
        return list(map(self.is_english_token, tokens))

    def _count(self, alignment: Alignment, rescues: list[Rescue]):
        """Counts after rescue, and per language: substitutions and deletions count against
        the intended token's language, insertions against the inserted token's."""
        ref_en = self._english_flags(alignment.ref)
        hyp_en = self._english_flags(alignment.hyp)
        if not rescues and not any(ref_en) and not any(hyp_en):
            native = Counts.of(alignment)  # one flag per token: the same lengths
            return native, LanguageCounts(native, Counts())
        rescued_ref: set[int] = set()
        rescued_hyp: set[int] = set()
        for rescue in rescues:
            rescued_ref.update(range(*rescue.reference_span))
            rescued_hyp.update(range(*rescue.hypothesis_span))
            for i, j in rescue.phonetic_tokens:
                ref_en[i] = hyp_en[j] = True
            if self.english_words is not None:  # same script: what was rescued is English
                for i in range(*rescue.reference_span):
                    ref_en[i] = True
                for j in range(*rescue.hypothesis_span):
                    hyp_en[j] = True
        # [native, English] x [substitutions, deletions, insertions]
        tally = [[0, 0, 0], [0, 0, 0]]
        for tag, r1, r2, h1, h2 in alignment.blocks:
            if tag == "equal":
                continue
            if tag == "insert":
                for j in range(h1, h2):
                    if j not in rescued_hyp:
                        tally[hyp_en[j]][2] += 1
                continue
            kind = 0 if tag == "replace" else 1
            for i in range(r1, r2):
                if i not in rescued_ref:
                    tally[ref_en[i]][kind] += 1
        en_ref, en_hyp = sum(ref_en), sum(hyp_en)
        native = Counts(*tally[0], len(ref_en) - en_ref, len(hyp_en) - en_hyp)
        english = Counts(*tally[1], en_ref, en_hyp)
        return native + english, LanguageCounts(native, english)


_ASCII_LETTER = re.compile("[A-Za-z]")
_CLOCK = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)")


def _spoken_times(tokens: Sequence[str]) -> tuple[str, ...]:
    """2:30 -> 2 30 and 7:00 -> 7, as an English speaker says them (two thirty, seven)."""
    if not any(":" in token for token in tokens):
        return tuple(tokens)
    out: list[str] = []
    for token in tokens:
        clock = _CLOCK.fullmatch(token)
        if clock is None:
            out.append(token)
        else:
            hours, minutes = clock.groups()
            out.extend((hours,) if minutes == "00" else (hours, minutes))
    return tuple(out)


def _has_letter(text: str) -> bool:
    return any(ch.isalpha() for ch in text)


def wrong_regions(alignment: Alignment) -> list[WrongRegion]:
    """The alignment's regions (`Alignment.regions`) with the mismatched ops of each."""
    return [
        WrongRegion(region.ref_start, region.ref_end, region.hyp_start, region.hyp_end, wrong)
        for region, wrong in alignment.wrong_by_region()
    ]


# -- regions grown to whole words (a word that gave several tokens, or context) ----------


@dataclass(frozen=True)
class _Ops:
    """The alignment op by op: kind, ref and hyp token, and tokens consumed before it."""

    kinds: tuple[str, ...]
    ref_of_op: tuple[int | None, ...]
    hyp_of_op: tuple[int | None, ...]
    ref_pos: tuple[int, ...]  # ref tokens before op o; one more entry at the end
    hyp_pos: tuple[int, ...]
    op_of_ref: tuple[int, ...]
    op_of_hyp: tuple[int, ...]

    @classmethod
    def of(cls, alignment: Alignment) -> _Ops:
        kinds, refs, hyps, ref_pos, hyp_pos, op_of_ref, op_of_hyp = [], [], [], [], [], [], []
        for tag, r1, r2, h1, h2 in alignment.blocks:
            o = len(kinds)
            n = max(r2 - r1, h2 - h1)
            kinds.extend([_KIND[tag]] * n)
            if tag == "insert":
                refs.extend([None] * n)
                ref_pos.extend([r1] * n)
            else:
                refs.extend(range(r1, r2))
                ref_pos.extend(range(r1, r2))
                op_of_ref.extend(range(o, o + n))
            if tag == "delete":
                hyps.extend([None] * n)
                hyp_pos.extend([h1] * n)
            else:
                hyps.extend(range(h1, h2))
                hyp_pos.extend(range(h1, h2))
                op_of_hyp.extend(range(o, o + n))
        ref_pos.append(len(alignment.ref))
        hyp_pos.append(len(alignment.hyp))
        return cls(
            tuple(kinds), tuple(refs), tuple(hyps), tuple(ref_pos), tuple(hyp_pos),
            tuple(op_of_ref), tuple(op_of_hyp),
        )  # fmt: skip

    def group(self, start: int, end: int) -> WrongRegion:
        wrong = tuple(
            (self.kinds[o], self.ref_of_op[o], self.hyp_of_op[o])
            for o in range(start, end)
            if self.kinds[o] != "equal"
        )
        return WrongRegion(
            self.ref_pos[start], self.ref_pos[end], self.hyp_pos[start], self.hyp_pos[end], wrong
        )


_KIND = {"equal": "equal", "replace": "substitute", "insert": "insert", "delete": "delete"}


def _grown(
    regions: list[WrongRegion], alignment: Alignment, ref_units: WordUnits, hyp_units: WordUnits
) -> list[WrongRegion]:
    """Regions grown to whole units on both sides; groups that come to overlap are merged
    (and rescued together or not at all)."""
    ops = _Ops.of(alignment)
    ranges: list[tuple[int, int]] = []
    for region in regions:
        starts, ends = [], []
        if region.ref_end > region.ref_start:
            starts.append(ops.op_of_ref[region.ref_start])
            ends.append(ops.op_of_ref[region.ref_end - 1] + 1)
        if region.hyp_end > region.hyp_start:
            starts.append(ops.op_of_hyp[region.hyp_start])
            ends.append(ops.op_of_hyp[region.hyp_end - 1] + 1)
        start, end = _grow(min(starts), max(ends), ops, ref_units, hyp_units)
        while ranges and start < ranges[-1][1]:
            first, last = ranges.pop()
            start, end = _grow(min(start, first), max(end, last), ops, ref_units, hyp_units)
        ranges.append((start, end))
    return [ops.group(start, end) for start, end in ranges]


def _grow(start: int, end: int, ops: _Ops, ref_units: WordUnits, hyp_units: WordUnits):
    """The smallest op range containing [start, end) whose tokens are whole units."""
    while True:
        new_start, new_end = start, end
        for units, pos, op_of in (
            (ref_units, ops.ref_pos, ops.op_of_ref),
            (hyp_units, ops.hyp_pos, ops.op_of_hyp),
        ):
            a, b = pos[start], pos[end]
            a2, b2 = units.span(a, b)
            if a2 < a:
                new_start = min(new_start, op_of[a2])
            if b2 > b:
                new_end = max(new_end, op_of[b2 - 1] + 1)
        if (new_start, new_end) == (start, end):
            return start, end
        start, end = new_start, new_end
