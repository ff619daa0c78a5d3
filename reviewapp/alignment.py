"""Error regions, display columns and the "why" trace, from a stored Score.

A Score keeps its alignment as ops `[kind, ref_index, hyp_index]` over the normalized
tokens (words split on spaces, or characters for unit "char"). An error region is a
maximal run of non-equal ops: a `scoring.align.Region`, the same regions
`scoring.align.Alignment.regions` gives, so a flag's token indices mean the same thing
here, in the library and in the CLI.

>>> ops = [["equal", 0, 0], ["substitute", 1, 1], ["equal", 2, 2], ["insert", None, 3]]
>>> [(r.ref_start, r.ref_end, r.hyp_start, r.hyp_end) for r in regions(ops)]
[(1, 2, 1, 2), (3, 3, 3, 4)]

Nothing here imports Django: it works on plain values, and on stored data that may be
older (or stranger) than this code, so it never raises on a malformed op.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from scoring.align import Region, align, join, regions_of_ops

__all__ = [
    "Column",
    "Segment",
    "StepRow",
    "Why",
    "overlaps",
    "part_of",
    "regions",
    "rescued_regions",
    "segments",
    "tokens",
    "why",
    "within",
]

KINDS = ("equal", "substitute", "delete", "insert")


#: A letter per kind, so a column reads without colour (colour-blind reviewers, print).
MARKERS = {"equal": "", "substitute": "S", "delete": "D", "insert": "I", "rescued": "R"}
LABELS = {
    "equal": "match",
    "substitute": "substitution",
    "delete": "deletion",
    "insert": "insertion",
    "rescued": "rescued by code-switching",
}


@dataclass(frozen=True, slots=True)
class Column:
    """One aligned position: kind is equal, substitute, delete, insert or rescued."""

    kind: str
    ref: str | None
    hyp: str | None

    @property
    def marker(self) -> str:
        return MARKERS[self.kind]

    @property
    def label(self) -> str:
        return LABELS[self.kind]


@dataclass
class Segment:
    """Consecutive columns: a run of matches (region None) or one error region."""

    region: Region | None
    columns: list[Column] = field(default_factory=list)
    rescued: bool = False


def tokens(text: str, unit: str) -> list[str]:
    """The scorer's tokens: characters for unit "char", else words split on spaces."""
    return list(text) if unit == "char" else text.split()


def _parse(op) -> tuple[str, int | None, int | None] | None:
    if not isinstance(op, (list, tuple)) or len(op) != 3 or op[0] not in KINDS:
        return None
    kind, ref_index, hyp_index = op
    if ref_index is not None and not isinstance(ref_index, int):
        return None
    if hyp_index is not None and not isinstance(hyp_index, int):
        return None
    return kind, ref_index, hyp_index


def regions(ops: Sequence) -> list[Region]:
    """The regions of a stored alignment (`scoring.align.regions_of_ops`), a malformed op
    skipped."""
    kinds = (parsed[0] for parsed in map(_parse, ops) if parsed is not None)
    return list(regions_of_ops(kinds))


# --- parts of a region: a flag may cover some of its tokens --------------------------------


def overlaps(a, b) -> bool:
    """Do two spans (Regions, Flags: anything with ref_start … hyp_end) share a token on
    either side? An empty side shares none.

    >>> overlaps(Region(0, 2, 5, 2, 3), Region(0, 5, 6, 3, 4))
    False
    >>> overlaps(Region(0, 2, 5, 2, 3), Region(0, 4, 4, 2, 3))
    True
    """
    return max(a.ref_start, b.ref_start) < min(a.ref_end, b.ref_end) or max(
        a.hyp_start, b.hyp_start
    ) < min(a.hyp_end, b.hyp_end)


def within(span, region: Region) -> bool:
    """Does the span lie inside the region, on both sides (an empty side at a position
    inside it or at its edge)? Regions are apart by at least one match, so a span lies
    within at most one region."""
    return (
        region.ref_start <= span.ref_start <= span.ref_end <= region.ref_end
        and region.hyp_start <= span.hyp_start <= span.hyp_end <= region.hyp_end
    )


def part_of(
    ops: Sequence,
    region: Region,
    ref_indices: Collection[int],
    hyp_indices: Collection[int],
    unit: str = "word",
) -> Region:
    """The part of an error region made of these reference and hypothesis tokens, as a
    Region with the region's index: what a flag on part of a region covers (one region
    can mix a false error with a real one, each flagged on its own tokens).

    Each side's indices must be neighbours inside the region; one side may be empty,
    placed where the other side's first token is aligned. ValueError says what is wrong,
    in words for the reviewer.

    >>> ops = [["substitute", 0, 0], ["delete", 1, None], ["substitute", 2, 1]]
    >>> whole = regions(ops)[0]
    >>> part_of(ops, whole, [0, 1], [0])
    Region(index=0, ref_start=0, ref_end=2, hyp_start=0, hyp_end=1)
    >>> part_of(ops, whole, [1], [])
    Region(index=0, ref_start=1, ref_end=2, hyp_start=1, hyp_end=1)
    """
    name = "character" if unit == "char" else "word"
    ref = _run(ref_indices, region.ref_start, region.ref_end, "reference", name)
    hyp = _run(hyp_indices, region.hyp_start, region.hyp_end, "hypothesis", name)
    if ref is None and hyp is None:
        raise ValueError(f"choose at least one {name} of the region")
    if ref is None or hyp is None:
        ref_at, hyp_at = _aligned_position(ops, ref, hyp)
        ref = ref or (ref_at, ref_at)
        hyp = hyp or (hyp_at, hyp_at)
    return Region(region.index, ref[0], ref[1], hyp[0], hyp[1])


def _run(indices: Collection[int], start: int, end: int, side: str, name: str):
    """(first, last + 1) of neighbouring indices in [start, end); None when empty."""
    chosen = sorted(set(indices))
    if not chosen:
        return None
    if chosen[0] < start or chosen[-1] >= end:
        raise ValueError(f"the {side} {name}s chosen are not all in this region")
    if chosen[-1] - chosen[0] + 1 != len(chosen):
        raise ValueError(
            f"choose neighbouring {name}s in the {side}: a flag covers one run of {name}s "
            f"on each side (flag the others on their own)"
        )
    return chosen[0], chosen[-1] + 1


def _aligned_position(ops: Sequence, ref, hyp) -> tuple[int, int]:
    """Where the op that holds the first chosen token stands on both sides."""
    ref_pos = hyp_pos = 0
    for op in ops:
        parsed = _parse(op)
        if parsed is None:
            continue
        kind = parsed[0]
        if ref is not None and kind != "insert" and ref_pos == ref[0]:
            return ref_pos, hyp_pos
        if hyp is not None and kind != "delete" and hyp_pos == hyp[0]:
            return ref_pos, hyp_pos
        if kind != "insert":
            ref_pos += 1
        if kind != "delete":
            hyp_pos += 1
    return ref_pos, hyp_pos


def segments(
    ops: Sequence,
    ref_tokens: Sequence[str],
    hyp_tokens: Sequence[str],
    rescued: Collection[int] = (),
    found: Sequence[Region] | None = None,
) -> list[Segment]:
    """The columns of a turn, grouped so that each error region is one segment.
    `found`: `regions(ops)`, when the caller has them already."""

    def token(seq: Sequence[str], index: int | None) -> str | None:
        if index is None:
            return None
        return seq[index] if 0 <= index < len(seq) else ""

    out: list[Segment] = []
    region_iter = iter(regions(ops) if found is None else found)
    in_region = False
    for op in ops:
        parsed = _parse(op)
        if parsed is None:
            continue
        kind, ref_index, hyp_index = parsed
        if kind == "equal":
            in_region = False
            if not out or out[-1].region is not None:
                out.append(Segment(None))
        elif not in_region:
            in_region = True
            region = next(region_iter)
            out.append(Segment(region, rescued=region.index in rescued))
        shown = "rescued" if out[-1].rescued else kind
        out[-1].columns.append(
            Column(shown, token(ref_tokens, ref_index), token(hyp_tokens, hyp_index))
        )
    return out


def rescued_regions(
    code_switch,
    found: Sequence[Region],
    ref_tokens: Sequence[str],
    hyp_tokens: Sequence[str],
    unit: str,
) -> set[int]:
    """Regions a code-switch rescue counted as correct.

    The block's layout belongs to the code-switch feature (`scoring/codeswitch/report.py`:
    `"rescues": [{"reference_span": [2, 3], "hypothesis_span": [2, 3], ...}]`), so read it
    defensively: any list under a key that names rescues, each item given by normalized
    token spans (or `ref_start`/`ref_end`/`hyp_start`/`hyp_end`, `ref_index`/`hyp_index`),
    else by text (`reference`/`hypothesis`, `ref`/`hyp`, or a two-item list). A region is
    rescued when an item overlaps it, or its text lies inside the region's spans.

    >>> found = regions([["equal", 0, 0], ["substitute", 1, 1]])
    >>> block = {"rescues": [{"reference_span": [1, 2], "hypothesis_span": [1, 2]}]}
    >>> rescued_regions(block, found, ["at", "seven"], ["at", "7"], "word")
    {0}
    """
    pairs = _rescue_pairs(code_switch)
    if not pairs:
        return set()
    rescued = set()
    for region in found:
        spans = (region.ref_span(ref_tokens, unit), region.hyp_span(hyp_tokens, unit))
        if any(_pair_matches(pair, region, spans) for pair in pairs):
            rescued.add(region.index)
    return rescued


def _rescue_pairs(code_switch) -> list:
    if not isinstance(code_switch, Mapping):
        return []
    pairs: list = []
    for key, value in code_switch.items():
        if "rescue" in str(key).lower() and isinstance(value, list):
            pairs.extend(value)
    return pairs


def _pair_matches(pair, region: Region, spans: tuple[str, str]) -> bool:
    if isinstance(pair, (list, tuple)) and len(pair) == 2:
        return all(isinstance(p, str) for p in pair) and tuple(pair) == spans
    if not isinstance(pair, Mapping):
        return False
    ref_span = _span(pair.get("reference_span"))
    hyp_span = _span(pair.get("hypothesis_span"))
    if ref_span is None and hyp_span is None:
        ref_span = _span([pair.get("ref_start", pair.get("ref_index")), pair.get("ref_end")])
        hyp_span = _span([pair.get("hyp_start", pair.get("hyp_index")), pair.get("hyp_end")])
    if ref_span is not None or hyp_span is not None:
        return _overlaps(ref_span, region.ref_start, region.ref_end) or _overlaps(
            hyp_span, region.hyp_start, region.hyp_end
        )
    for ref_key, hyp_key in (("reference", "hypothesis"), ("ref", "hyp")):
        ref, hyp = pair.get(ref_key), pair.get(hyp_key)
        if isinstance(ref, str) and isinstance(hyp, str):
            return _squash(ref) in _squash(spans[0]) and _squash(hyp) in _squash(spans[1])
    return False


def _span(value) -> tuple[int, int] | None:
    """[start, end) from `[start, end]` or `[index, None]` (one token); None if unusable."""
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        return None
    start, end = _int(value[0]), _int(value[1])
    if start is None:
        return None
    return (start, end if end is not None and end >= start else start + 1)


def _overlaps(span: tuple[int, int] | None, start: int, end: int) -> bool:
    if span is None:
        return False
    if span[0] == span[1]:  # an empty side: a position, inside or at the edge
        return start <= span[0] <= end
    return span[0] < end and start < span[1]


def _squash(text: str) -> str:
    return "".join(text.split())


def _int(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


# --- why: both sides of one region after every normalizer step ---------------------------


@dataclass(frozen=True, slots=True)
class StepRow:
    step: str
    ref: str
    hyp: str
    equal: bool
    changed: bool  # this step changed the region on either side
    decisive: bool = False  # the step that made them equal, or that set them apart


@dataclass(frozen=True)
class Why:
    rows: list[StepRow]
    verdict: str  # "made_equal", "made_different", "stay_different", "equal"
    step: str | None  # the decisive row's step ("input" when they always differed)
    consistent: bool  # the trace ends on the stored normalized texts


def why(
    ref_trace: Sequence[tuple[str, str]],
    hyp_trace: Sequence[tuple[str, str]],
    region: Region,
    unit: str,
    stored: tuple[str, str] | None = None,
) -> Why:
    """Follow a region back through `Normalizer.trace` output of both sides.

    The region is known in the final tokens; each step's tokens are aligned with the
    next step's, and the region is carried back through equal tokens one to one and
    through a changed run as a whole (a step that turns "twenty five" into "25" carries
    both words). Both sides are then compared after every step.
    """
    ref_parts = _carry_back(ref_trace, set(range(region.ref_start, region.ref_end)), unit)
    hyp_parts = _carry_back(hyp_trace, set(range(region.hyp_start, region.hyp_end)), unit)
    raw_rows = []
    for k, ((step, _), ref, hyp) in enumerate(zip(ref_trace, ref_parts, hyp_parts, strict=True)):
        changed = k > 0 and (ref != ref_parts[k - 1] or hyp != hyp_parts[k - 1])
        raw_rows.append((step, ref, hyp, ref == hyp, changed))
    verdict, decisive = _verdict([row[3] for row in raw_rows])
    rows = [StepRow(*row, decisive=(k == decisive)) for k, row in enumerate(raw_rows)]
    consistent = stored is None or (ref_trace[-1][1], hyp_trace[-1][1]) == stored
    return Why(rows, verdict, rows[decisive].step if decisive is not None else None, consistent)


def _carry_back(trace: Sequence[tuple[str, str]], final: set[int], unit: str) -> list[str]:
    """The text of the region after every step, last step first carried to the input."""
    steps = [tokens(text, unit) for _, text in trace]
    selected = [set() for _ in steps]
    selected[-1] = set(final)
    for k in range(len(steps) - 1, 0, -1):
        selected[k - 1] = _project(steps[k - 1], steps[k], selected[k])
    out = []
    for toks, chosen in zip(steps, selected, strict=True):
        if chosen:
            out.append(join(toks[min(chosen) : max(chosen) + 1], unit))
        else:
            out.append("")
    return out


def _project(before: list[str], after: list[str], chosen: set[int]) -> set[int]:
    """Indices in `before` that became the `chosen` indices of `after`."""
    if not chosen:
        return set()
    if before == after:
        return set(chosen)
    result: set[int] = set()
    run_before: list[int] = []
    run_after: list[int] = []

    def close_run() -> None:
        if chosen.intersection(run_after):
            result.update(run_before)
        run_before.clear()
        run_after.clear()

    for tag, r1, r2, h1, h2 in align(before, after).blocks:
        if tag == "equal":
            close_run()
            result.update(r1 + k for k in range(r2 - r1) if h1 + k in chosen)
        else:
            run_before.extend(range(r1, r2))
            run_after.extend(range(h1, h2))
    close_run()
    return result


def _verdict(equal: list[bool]) -> tuple[str, int | None]:
    """Which row decided: the step after which both sides stayed equal, or the step that
    last turned equal sides different; else the input row (different from the start)."""
    if equal[-1]:
        first_equal = len(equal) - 1
        while first_equal > 0 and equal[first_equal - 1]:
            first_equal -= 1
        return ("equal", None) if first_equal == 0 else ("made_equal", first_equal)
    last_equal = max((k for k, same in enumerate(equal) if same), default=None)
    if last_equal is None:
        return "stay_different", 0  # different in the input already, and after every step
    return "made_different", last_equal + 1
