"""The code-switch rescue: re-check each error region of the native alignment with an
English view of the same words (seed 000, "Hindi code-switching").

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

Speed: a pair without a region costs a count; a region with a mismatched native token
that no phonetic match explains is dropped before any raw word is looked at, since it
cannot pass; only the others map tokens back to raw words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from ..align import Alignment
from ..metrics import Counts
from .phonetic import PhoneticMatcher
from .report import LanguageCounts, Rescue, build_block
from .script import has_latin, has_native, is_latin_word, is_native_word
from .units import WordUnits, build_units

__all__ = ["MAX_REGION_WORDS", "Rescuer"]

MAX_REGION_WORDS = 4

Tokens = Callable[[str], tuple[str, ...]]
# A mismatched op: ("substitute", i, j), ("delete", i, None) or ("insert", None, j).
WrongOp = tuple[str, int | None, int | None]


@dataclass(frozen=True)
class _Group:
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

    def __call__(self, reference: str, hypothesis: str, alignment: Alignment):
        rescues: list[Rescue] = []
        regions = _regions(alignment)
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
        block = build_block(self.language, self.other, per_language, alignment.errors, rescues)
        return counts, block

    # -- one region -------------------------------------------------------------------

    def _may_pass(self, group: _Group, alignment: Alignment) -> bool:
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
                if (native(ref) or native(hyp)) and not self._sound_alike(ref, hyp):
                    return False
            elif native(alignment.ref[i] if j is None else alignment.hyp[j]):
                return False
        return True

    def _sound_alike(self, ref_token: str, hyp_token: str) -> bool:
        if self.matcher is None:
            return False
        if is_native_word(ref_token) and is_latin_word(hyp_token):
            return self.matcher.match(ref_token, hyp_token)
        if is_latin_word(ref_token) and is_native_word(hyp_token):
            return self.matcher.match(hyp_token, ref_token)
        return False

    def _check(self, group: _Group, alignment, ref_units, hyp_units) -> Rescue | None:
        ref_span = (group.ref_start, group.ref_end)
        hyp_span = (group.hyp_start, group.hyp_end)
        pairs = self._phonetic_pairs(group, alignment, ref_units, hyp_units)
        # A matched Devanagari word is read as the Latin word it was substituted for.
        ref_as, hyp_as = {}, {}
        for i, j, _ in pairs:
            if is_native_word(alignment.ref[i]):
                ref_as[ref_units.unit_of_token[i]] = hyp_units.text_of_token(j)
            else:
                hyp_as[hyp_units.unit_of_token[j]] = ref_units.text_of_token(i)
        ref_view = self._view(ref_units, ref_span, ref_as)
        if ref_view != self._view(hyp_units, hyp_span, hyp_as):
            return None
        matched_ref = {i for i, _, _ in pairs}
        matched_hyp = {j for _, j, _ in pairs}
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
        )

    def _phonetic_pairs(self, group: _Group, alignment, ref_units, hyp_units):
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
        the English rules, the others through the native rules; loanwords canonical."""
        words: list[str] = []
        for unit in units.unit_range(*span):
            if unit in read_as:
                words.append(read_as[unit])
            else:
                words.extend(units.unit_words(unit))
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
        return tuple(self.loanwords.get(token, token) for token in out)

    def _read(self, words: list[str], native: bool) -> tuple[str, ...]:
        text = " ".join(words)
        return self.native_tokens(text) if native else self.english_tokens(text)

    def _intended_english(self, units: WordUnits, i: int, tokens: Sequence[str]) -> bool:
        if tokens[i] in self.loan_forms:
            return True
        text = units.text_of_token(i)
        if has_native(text):
            return False
        return has_latin(text) or self.english_tokens(text) != self.native_tokens(text)

    def _transcribed_english(self, units: WordUnits, j: int, tokens: Sequence[str]) -> bool:
        return tokens[j] in self.loan_forms or not has_native(units.text_of_token(j))

    # -- counting ---------------------------------------------------------------------

    def _count(self, alignment: Alignment, rescues: list[Rescue]):
        """Counts after rescue, and per language: substitutions and deletions count against
        the intended token's language, insertions against the inserted token's."""
        ref_en = list(map(self.is_english_token, alignment.ref))
        hyp_en = list(map(self.is_english_token, alignment.hyp))
        rescued_ref: set[int] = set()
        rescued_hyp: set[int] = set()
        for rescue in rescues:
            rescued_ref.update(range(*rescue.reference_span))
            rescued_hyp.update(range(*rescue.hypothesis_span))
            for i, j in rescue.phonetic_tokens:
                ref_en[i] = hyp_en[j] = True
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


def _wrong_ops(tag: str, r1: int, r2: int, h1: int, h2: int) -> list[WrongOp]:
    if tag == "insert":
        return [("insert", None, j) for j in range(h1, h2)]
    if tag == "delete":
        return [("delete", i, None) for i in range(r1, r2)]
    return [("substitute", r1 + k, h1 + k) for k in range(r2 - r1)]


def _regions(alignment: Alignment) -> list[_Group]:
    """The alignment's regions (maximal runs of mismatched blocks) with their ops."""
    groups: list[_Group] = []
    wrong: list[WrongOp] = []
    span: list[int] = []
    for tag, r1, r2, h1, h2 in (*alignment.blocks, ("equal", 0, 0, 0, 0)):
        if tag != "equal":
            if not wrong:
                span = [r1, h1]
            span[2:] = [r2, h2]
            wrong.extend(_wrong_ops(tag, r1, r2, h1, h2))
        elif wrong:
            groups.append(_Group(span[0], span[2], span[1], span[3], tuple(wrong)))
            wrong = []
    return groups


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

    def group(self, start: int, end: int) -> _Group:
        wrong = tuple(
            (self.kinds[o], self.ref_of_op[o], self.hyp_of_op[o])
            for o in range(start, end)
            if self.kinds[o] != "equal"
        )
        return _Group(
            self.ref_pos[start], self.ref_pos[end], self.hyp_pos[start], self.hyp_pos[end], wrong
        )


_KIND = {"equal": "equal", "replace": "substitute", "insert": "insert", "delete": "delete"}


def _grown(
    regions: list[_Group], alignment: Alignment, ref_units: WordUnits, hyp_units: WordUnits
) -> list[_Group]:
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
