"""Scorer for the Persian–English code-switch evaluation protocol ``fa-en-cs-v1``.

The protocol (categories, held-out split, normalisation, script tags and metric
definitions) is frozen: any change to what this module computes is a new protocol
version with a new ``PROTOCOL_VERSION``, never an edit of this one.

Pipeline for one row ``{id, category, reference, hypothesis}``:

1. Normalise both sides with ``fa-eval-v1`` (:func:`normalize_fa_eval_v1`) and split
   on whitespace. ``mer_raw`` alone uses the raw text, whitespace-split only.
2. Tag every token by the script of its letters (:func:`script_tag`).
3. Align reference and hypothesis tokens by minimum edit distance
   (:func:`align_tokens`) and count errors per metric (:func:`score_utterance`).

:func:`aggregate` sums the counts over rows and divides sums by sums (never a mean
of per-row rates). Its output holds numbers only: no text, no prompt ids, no rows.
:func:`main` is the command line ``python -m scoring codeswitch``.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import inspect
import itertools
import json
import os
import re
import sys
import tempfile
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence

from rapidfuzz.distance import Levenshtein

from ..errors import InputError, ScoringError

__all__ = [
    "CATEGORIES",
    "COUNT_KEYS",
    "HELDOUT_FRACTION",
    "METRICS",
    "MIN_HELDOUT_PER_CATEGORY",
    "NORMALIZER",
    "PROTOCOL_VERSION",
    "ROW_FIELDS",
    "SCHEMA",
    "SEED",
    "SPLITS",
    "ProtocolError",
    "aggregate",
    "align_tokens",
    "char_edit_distance",
    "main",
    "normalize_fa_eval_v1",
    "prompt_digest",
    "read_rows",
    "score_utterance",
    "script_tag",
    "split_of",
    "token_edit_distance",
    "tokenize",
    "validate_rows",
]

PROTOCOL_VERSION = "fa-en-cs-v1"
SCHEMA = "yazses.bench.codeswitch/1"
SEED = "yazses-fa-en-cs-v1"
HELDOUT_FRACTION = 0.5
CATEGORIES = (
    "fa_with_en_term",
    "product_names",
    "numbers_versions",
    "en_clause_in_fa",
    "fa_clause_in_en",
    "rapid_switch",
)
SPLITS = ("heldout", "dev", "all")
ROW_FIELDS = ("id", "category", "reference", "hypothesis")
# §3: below this many held-out prompts a per-category rate is only indicative.
MIN_HELDOUT_PER_CATEGORY = 20

# Used with fullmatch: a "$" anchor would also accept a trailing newline.
_ID_RE = re.compile(r"[a-z0-9][a-z0-9-]{0,63}")

# fa-eval-v1 letter folding (a str.translate table). U+0649 ALEF MAKSURA is folded
# too: Arabic keyboards and Arabic-sourced text type the word-final Persian Yeh as
# U+0649 (it looks identical there), and the common Persian normalisers treat it as
# an "Arabic Yeh". Leaving it unfolded would score an invisible code-point choice
# as a word error, which the normaliser exists to prevent.
_FA_EVAL_V1_MAP = {
    0x064A: 0x06CC,  # ARABIC LETTER YEH -> ARABIC LETTER FARSI YEH
    0x0649: 0x06CC,  # ARABIC LETTER ALEF MAKSURA -> ARABIC LETTER FARSI YEH
    0x0643: 0x06A9,  # ARABIC LETTER KAF -> ARABIC LETTER KEHEH
}


def normalize_fa_eval_v1(text: str) -> str:
    """Return ``text`` under ``fa-eval-v1``.

    NFC first, so that a decomposed U+064A U+0654 becomes U+0626 (YEH WITH HAMZA,
    a Persian letter) before the Yeh folding could break the pair apart. Then Arabic
    Yeh/Kaf fold to Persian, and whitespace runs collapse to one space, stripped.
    ZWNJ (not whitespace), digits, punctuation and letter case are kept.
    """
    folded = unicodedata.normalize("NFC", text).translate(_FA_EVAL_V1_MAP)
    return " ".join(folded.split())


def _normalizer_hash() -> str:
    """Identity of the normaliser: SHA-256 over its name, version, table and source.

    Any edit of :func:`normalize_fa_eval_v1`, even a cosmetic one, changes the hash.
    That is deliberately conservative: a reader comparing two submissions sees that
    the normaliser code differed and can check whether it matters.
    """
    try:
        source = inspect.getsource(normalize_fa_eval_v1)
    except (OSError, TypeError):  # no .py available (frozen build): still stable
        source = "<source unavailable>"
    table = json.dumps({f"U+{k:04X}": f"U+{v:04X}" for k, v in _FA_EVAL_V1_MAP.items()})
    blob = "\n".join(("fa-eval-v1", "1", "NFC", table, "whitespace:collapse+strip", source))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


NORMALIZER = {"name": "fa-eval-v1", "version": "1", "hash": _normalizer_hash()}


def tokenize(text: str) -> list[str]:
    """Tokens of ``text`` after ``fa-eval-v1``; ZWNJ stays inside a word."""
    return normalize_fa_eval_v1(text).split()


# --------------------------------------------------------------------------- split


def split_of(prompt_id: str) -> str:
    """``"heldout"`` or ``"dev"`` for ``prompt_id``, decided by the id alone (§6)."""
    digest = hashlib.sha256((SEED + "\x00" + prompt_id).encode("utf-8")).digest()
    point = int.from_bytes(digest[:8], "big") / 2**64
    return "heldout" if point < HELDOUT_FRACTION else "dev"


def prompt_digest(ids: Iterable[str]) -> str:
    """SHA-256 hex over the sorted held-out ids among ``ids``, joined by newlines."""
    heldout = sorted({i for i in ids if split_of(i) == "heldout"})
    return hashlib.sha256("\n".join(heldout).encode("utf-8")).hexdigest()


# ------------------------------------------------------------------------- scripts


def _letter_script(char: str) -> str | None:
    """``"fa"``/``"en"`` for an Arabic-/Latin-script letter, else ``None``."""
    if not unicodedata.category(char).startswith("L"):
        return None
    name = unicodedata.name(char, "")
    if "ARABIC" in name:
        return "fa"
    if "LATIN" in name:
        return "en"
    return None  # a letter of another script (Greek, Cyrillic...) tags nothing


def script_tag(token: str) -> str:
    """Script tag of a token: ``"fa"``, ``"en"``, ``"mixed"`` or ``"neutral"`` (§7).

    Only Arabic- and Latin-script letters count; a token whose letters are all of
    some other script is ``"neutral"``, like one with no letter at all.
    """
    scripts = {s for s in map(_letter_script, token) if s is not None}
    if len(scripts) == 2:
        return "mixed"
    return scripts.pop() if scripts else "neutral"


# ----------------------------------------------------------------------- alignment

Pair = tuple[int | None, int | None]


def _edit_table(reference: Sequence[str], hypothesis: Sequence[str]) -> list[list[int]]:
    """Full Levenshtein table over tokens; rows are reference prefixes."""
    table = [list(range(len(hypothesis) + 1))]
    for i, ref_token in enumerate(reference, 1):
        row = [i]
        for j, hyp_token in enumerate(hypothesis, 1):
            diagonal = table[i - 1][j - 1] + (ref_token != hyp_token)
            row.append(min(diagonal, table[i - 1][j] + 1, row[j - 1] + 1))
        table.append(row)
    return table


def align_tokens(reference: Sequence[str], hypothesis: Sequence[str]) -> list[Pair]:
    """Minimum-edit alignment as ``(ref_index, hyp_index)`` pairs in order.

    ``(i, None)`` is a deletion, ``(None, j)`` an insertion, ``(i, j)`` a match or a
    substitution. The backtrace runs from the end and, among equal-cost steps, takes
    the diagonal first, then deletion, then insertion (§8).
    """
    table = _edit_table(reference, hypothesis)
    i, j, pairs = len(reference), len(hypothesis), []
    while i or j:
        if i and j and table[i][j] == table[i - 1][j - 1] + (reference[i - 1] != hypothesis[j - 1]):
            i, j = i - 1, j - 1
            pairs.append((i, j))
        elif i and table[i][j] == table[i - 1][j] + 1:
            i -= 1
            pairs.append((i, None))
        else:
            j -= 1
            pairs.append((None, j))
    pairs.reverse()
    return pairs


def token_edit_distance(reference: Sequence[str], hypothesis: Sequence[str]) -> int:
    """Substitutions + deletions + insertions of a minimum-edit alignment of the tokens:
    the same count whichever equal-cost alignment `align_tokens` picks."""
    return Levenshtein.distance(reference, hypothesis)


def char_edit_distance(a: str, b: str) -> int:
    """Levenshtein distance over code points."""
    return Levenshtein.distance(a, b)


# ------------------------------------------------------------------------- metrics

COUNT_KEYS = (
    "ref_tokens",
    "mer_edits",
    "ref_tokens_raw",
    "mer_raw_edits",
    "ref_boundaries",
    "hyp_boundaries",
    "matched_boundaries",
    "missed_boundaries",
    "spurious_boundaries",
    "ref_en_tokens",
    "en_preserved",
    "en_preserved_casefold",
    "en_transliterated",
    "fa_ref_chars",
    "fa_char_edits",
    "lang_aligned_tokens",
    "lang_agreeing_tokens",
    "mixed_ref_tokens",
)

# metric name -> (numerator count keys, summed; denominator count key)
METRICS: dict[str, tuple[tuple[str, ...], str]] = {
    "mer": (("mer_edits",), "ref_tokens"),
    "mer_raw": (("mer_raw_edits",), "ref_tokens_raw"),
    "boundary_error_rate": (("missed_boundaries", "spurious_boundaries"), "ref_boundaries"),
    "boundary_recall": (("matched_boundaries",), "ref_boundaries"),
    "boundary_precision": (("matched_boundaries",), "hyp_boundaries"),
    "en_preservation": (("en_preserved",), "ref_en_tokens"),
    "en_preservation_casefold": (("en_preserved_casefold",), "ref_en_tokens"),
    "en_transliteration_rate": (("en_transliterated",), "ref_en_tokens"),
    "fa_cer": (("fa_char_edits",), "fa_ref_chars"),
    "token_language_accuracy": (("lang_agreeing_tokens",), "lang_aligned_tokens"),
}

Boundary = tuple[int, int, str]


def _boundaries(tags: Sequence[str]) -> list[Boundary]:
    """Script changes between consecutive ``fa``/``en`` tokens.

    ``neutral`` and ``mixed`` tokens are skipped, not barriers: in
    ``Python 3.12 را`` the switch back to Persian still happens (§7: mixed tokens
    "make no boundary"). Each boundary is (left index, right index, direction).
    """
    scripted = [i for i, tag in enumerate(tags) if tag in ("fa", "en")]
    return [
        (left, right, f"{tags[left]}>{tags[right]}")
        for left, right in itertools.pairwise(scripted)
        if tags[left] != tags[right]
    ]


def _claim(
    ref_bounds: Sequence[Boundary],
    claimed: set[int],
    lo: int | None,
    hi: int | None,
    direction: str,
) -> int | None:
    """Index of the first unclaimed same-direction reference boundary bracketed by
    reference tokens ``lo`` (left) and ``hi`` (right), or ``None``."""
    if lo is None or hi is None:  # a flanking hypothesis token was inserted
        return None
    for k, (left, right, ref_direction) in enumerate(ref_bounds):
        if k not in claimed and ref_direction == direction and lo <= left and right <= hi:
            return k
    return None


def _boundary_counts(
    ref_tags: Sequence[str], hyp_tags: Sequence[str], pairs: Sequence[Pair]
) -> dict[str, int]:
    """Reference, hypothesis, matched, missed and spurious boundaries (§8)."""
    ref_bounds, hyp_bounds = _boundaries(ref_tags), _boundaries(hyp_tags)
    to_ref = {h: r for r, h in pairs if r is not None and h is not None}
    claimed: set[int] = set()
    for left, right, direction in hyp_bounds:
        k = _claim(ref_bounds, claimed, to_ref.get(left), to_ref.get(right), direction)
        if k is not None:
            claimed.add(k)
    matched = len(claimed)
    return {
        "ref_boundaries": len(ref_bounds),
        "hyp_boundaries": len(hyp_bounds),
        "matched_boundaries": matched,
        "missed_boundaries": len(ref_bounds) - matched,
        "spurious_boundaries": len(hyp_bounds) - matched,
    }


def _strip_punctuation(token: str) -> str:
    """Drop leading and trailing Unicode punctuation (P*); symbols like ``+`` stay."""
    start, end = 0, len(token)
    while start < end and unicodedata.category(token[start]).startswith("P"):
        start += 1
    while end > start and unicodedata.category(token[end - 1]).startswith("P"):
        end -= 1
    return token[start:end]


def _en_counts(
    ref: Sequence[str],
    hyp: Sequence[str],
    ref_tags: Sequence[str],
    hyp_tags: Sequence[str],
    pairs: Sequence[Pair],
) -> dict[str, int]:
    """English preservation (exact and case-folded) and transliteration counts.

    A deleted reference ``en`` token stays in the denominator: it was not preserved.
    """
    keys = ("ref_en_tokens", "en_preserved", "en_preserved_casefold", "en_transliterated")
    counts = dict.fromkeys(keys, 0)
    for r, h in pairs:
        if r is None or ref_tags[r] != "en":
            continue
        counts["ref_en_tokens"] += 1
        if h is None:
            continue
        want, got = _strip_punctuation(ref[r]), _strip_punctuation(hyp[h])
        counts["en_preserved"] += want == got
        counts["en_preserved_casefold"] += want.casefold() == got.casefold()
        counts["en_transliterated"] += hyp_tags[h] == "fa"
    return counts


def _fa_counts(
    ref: Sequence[str], hyp: Sequence[str], ref_tags: Sequence[str], hyp_tags: Sequence[str]
) -> dict[str, int]:
    """Persian CER: the ``fa`` tokens of each side joined by single spaces.

    The denominator is the length of the joined reference string, separating
    spaces included, because the edit distance is taken over those same strings.
    """
    ref_fa = " ".join(t for t, tag in zip(ref, ref_tags, strict=True) if tag == "fa")
    hyp_fa = " ".join(t for t, tag in zip(hyp, hyp_tags, strict=True) if tag == "fa")
    return {"fa_ref_chars": len(ref_fa), "fa_char_edits": char_edit_distance(ref_fa, hyp_fa)}


def _language_counts(
    ref_tags: Sequence[str], hyp_tags: Sequence[str], pairs: Sequence[Pair]
) -> dict[str, int]:
    """Reference fa/en tokens aligned to a hypothesis token, and how many agree."""
    aligned = [
        (ref_tags[r], hyp_tags[h])
        for r, h in pairs
        if r is not None and h is not None and ref_tags[r] in ("fa", "en")
    ]
    return {
        "lang_aligned_tokens": len(aligned),
        "lang_agreeing_tokens": sum(want == got for want, got in aligned),
    }


def score_utterance(reference: str, hypothesis: str) -> dict[str, int]:
    """Raw counts (numerators and denominators of every §8 metric) for one row.

    Local debugging aid: the CLI never writes these per-row counts out.
    """
    raw_ref, raw_hyp = reference.split(), hypothesis.split()
    ref, hyp = tokenize(reference), tokenize(hypothesis)
    ref_tags, hyp_tags = [script_tag(t) for t in ref], [script_tag(t) for t in hyp]
    pairs = align_tokens(ref, hyp)
    counts = {
        "ref_tokens": len(ref),
        "mer_edits": token_edit_distance(ref, hyp),
        "ref_tokens_raw": len(raw_ref),
        "mer_raw_edits": token_edit_distance(raw_ref, raw_hyp),
        "mixed_ref_tokens": ref_tags.count("mixed"),
    }
    counts.update(_boundary_counts(ref_tags, hyp_tags, pairs))
    counts.update(_en_counts(ref, hyp, ref_tags, hyp_tags, pairs))
    counts.update(_fa_counts(ref, hyp, ref_tags, hyp_tags))
    counts.update(_language_counts(ref_tags, hyp_tags, pairs))
    return {key: counts[key] for key in COUNT_KEYS}


# ---------------------------------------------------------------------- validation


class ProtocolError(InputError, ValueError):
    """Input that the protocol refuses; the message names file, line and field.

    One of the library's input errors (callers catching `InputError` see it); its
    message adds the field, which `InputError`'s does not."""

    def __init__(
        self,
        problem: str,
        *,
        source: str | None = None,
        line: int | None = None,
        field: str | None = None,
    ) -> None:
        self.problem, self.source, self.line, self.field = problem, source, line, field
        where = [str(source)] if source is not None else []
        if line is not None:
            where.append(f"line {line}")
        if field is not None:
            where.append(f"field '{field}'")
        ScoringError.__init__(self, f"{', '.join(where)}: {problem}" if where else problem)


_JSON_TYPES = {
    dict: "object",
    list: "array",
    str: "string",
    int: "number",
    float: "number",
    bool: "boolean",
    type(None): "null",
}


def _json_type(value: object) -> str:
    return _JSON_TYPES.get(type(value), type(value).__name__)


def _short(value: object) -> str:
    """A bounded one-line repr for error messages (repr escapes newlines)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _validate_row(row: object, line: int, source: str | None) -> dict[str, str]:
    """One row checked against §6 and §9; returns only the four protocol fields."""
    where = {"source": source, "line": line}
    if not isinstance(row, Mapping):
        raise ProtocolError(f"row must be a JSON object, got {_json_type(row)}", **where)
    for field in ROW_FIELDS:
        if field not in row:
            raise ProtocolError("missing", field=field, **where)
        if not isinstance(row[field], str):
            problem = f"must be a string, got {_json_type(row[field])}"
            raise ProtocolError(problem, field=field, **where)
    if not _ID_RE.fullmatch(row["id"]):
        problem = f"{_short(row['id'])} does not match ^[a-z0-9][a-z0-9-]{{0,63}}$"
        raise ProtocolError(problem, field="id", **where)
    if row["category"] not in CATEGORIES:
        problem = f"unknown category {_short(row['category'])}"
        raise ProtocolError(problem, field="category", **where)
    return {field: row[field] for field in ROW_FIELDS}


def _validate_numbered(
    numbered: Iterable[tuple[int, object]], source: str | None
) -> list[dict[str, str]]:
    """Validate ``(line, row)`` pairs and refuse duplicate ids."""
    rows: list[dict[str, str]] = []
    first_seen: dict[str, int] = {}
    for line, raw in numbered:
        row = _validate_row(raw, line, source)
        if row["id"] in first_seen:
            problem = f"duplicate id {_short(row['id'])} (first on line {first_seen[row['id']]})"
            raise ProtocolError(problem, source=source, line=line, field="id")
        first_seen[row["id"]] = line
        rows.append(row)
    return rows


def validate_rows(rows: Iterable[object], source: str | None = None) -> list[dict[str, str]]:
    """Validate in-memory rows (line = 1-based position); raise :class:`ProtocolError`.

    Extra keys are allowed and dropped: the output never carries them anyway.
    """
    return _validate_numbered(enumerate(rows, 1), source)


class _DuplicateKey(ValueError):
    """A JSON object with the same key twice (json would silently keep the last)."""


def _object_without_duplicates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    result: dict[str, object] = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKey(key)
        result[key] = value
    return result


def _parse_jsonl(data: bytes, source: str) -> Iterator[tuple[int, object]]:
    """Yield ``(line, value)`` per non-blank line. Splitting the bytes on ``\\n``
    only, since str.splitlines would also cut at U+2028 inside a JSON string."""
    for line, raw in enumerate(data.split(b"\n"), 1):
        if line == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]  # tolerate a UTF-8 byte-order mark
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            problem = f"not valid UTF-8 at byte {exc.start + 1}"
            raise ProtocolError(problem, source=source, line=line) from None
        if not text.strip():
            continue
        try:
            yield line, json.loads(text, object_pairs_hook=_object_without_duplicates)
        except _DuplicateKey as exc:
            problem = "appears twice in the object"
            raise ProtocolError(problem, source=source, line=line, field=str(exc)) from None
        except json.JSONDecodeError as exc:
            problem = f"invalid JSON at column {exc.colno}: {exc.msg}"
            raise ProtocolError(problem, source=source, line=line) from None


def read_rows(path: str) -> list[dict[str, str]]:
    """Read and fully validate a rows JSONL file; raise :class:`ProtocolError`."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise ProtocolError(f"cannot read file: {exc.strerror or exc}", source=path) from None
    return _validate_numbered(_parse_jsonl(data, path), path)


# --------------------------------------------------------------------- aggregation


def _rate(numerator: int, denominator: int) -> float | None:
    """A rate, or ``None`` (JSON null, never 0) when the denominator is 0."""
    return None if denominator == 0 else numerator / denominator


def _block(per_row: Sequence[Mapping[str, int]]) -> dict[str, object]:
    """Summed counts, every §8 metric as sum/sum, and ``n``."""
    totals = {key: sum(counts[key] for counts in per_row) for key in COUNT_KEYS}
    block: dict[str, object] = {
        name: _rate(sum(totals[k] for k in numerators), totals[denominator])
        for name, (numerators, denominator) in METRICS.items()
    }
    block["n"] = len(per_row)
    block["counts"] = totals
    return block


def aggregate(rows: Iterable[Mapping[str, object]], split: str = "heldout") -> dict[str, object]:
    """The aggregate-only result (§9) for the rows of ``split`` (heldout/dev/all).

    ``prompt_digest`` covers the held-out ids among all rows given, whatever the
    split scored. Per-category blocks exist for categories with scored rows and
    carry ``indicative`` when they have fewer than 20 rows (§3).
    """
    if split not in SPLITS:
        raise ValueError(f"split must be one of {', '.join(SPLITS)}, got {split!r}")
    checked = validate_rows(rows)
    scored = [row for row in checked if split == "all" or split_of(row["id"]) == split]
    counted = [
        (row["category"], score_utterance(row["reference"], row["hypothesis"])) for row in scored
    ]
    per_category = {}
    for category in CATEGORIES:
        block = _block([counts for cat, counts in counted if cat == category])
        if block["n"]:
            per_category[category] = {**block, "indicative": block["n"] < MIN_HELDOUT_PER_CATEGORY}
    return {
        "schema": SCHEMA,
        "protocol": PROTOCOL_VERSION,
        "normalizer": dict(NORMALIZER),
        "split": {
            "name": split,
            "seed": SEED,
            "fraction": HELDOUT_FRACTION,
            "prompt_count": len(scored),
            "prompt_digest": prompt_digest(row["id"] for row in checked),
        },
        "overall": _block([counts for _, counts in counted]),
        "per_category": per_category,
    }


# ----------------------------------------------------------------------------- CLI


class _UsageError(Exception):
    """Raised instead of argparse's print-usage-and-exit, to keep stderr to one line."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise _UsageError(message)


def _build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python -m scoring codeswitch",
        description=f"Score rows under {PROTOCOL_VERSION}; writes aggregate numbers only.",
    )
    parser.add_argument("rows", help="JSONL, one {id, category, reference, hypothesis} per line")
    parser.add_argument(
        "--split", choices=SPLITS, default="heldout", help="rows to score (default: heldout)"
    )
    parser.add_argument("--out", required=True, help="aggregate JSON to write (atomically)")
    return parser


def _write_json_atomic(path: str, payload: object) -> None:
    """Write to a temp file in the target folder, then os.replace: never a torn file."""
    text = json.dumps(payload, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".codeswitch-", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _summary(result: Mapping[str, object], out: str) -> str:
    overall, split = result["overall"], result["split"]
    shown = {name: overall[name] for name in ("mer", "boundary_error_rate", "fa_cer")}
    rates = ", ".join(f"{k}={'null' if v is None else f'{v:.4f}'}" for k, v in shown.items())
    scored = f"scored {split['prompt_count']} prompts ({split['name']})"
    return f"{PROTOCOL_VERSION}: {scored}; {rates}; wrote {out}"


def _run(args: argparse.Namespace) -> str:
    """Validate everything, compute, write; return the summary line."""
    if (
        os.path.exists(args.out)
        and os.path.exists(args.rows)
        and os.path.samefile(args.rows, args.out)
    ):
        raise ProtocolError("refusing to overwrite the input rows file", source=args.out)
    result = aggregate(read_rows(args.rows), split=args.split)
    try:
        _write_json_atomic(args.out, result)
    except OSError as exc:
        raise ProtocolError(f"cannot write file: {exc.strerror or exc}", source=args.out) from None
    return _summary(result, args.out)


def main(argv: Sequence[str]) -> int:
    """CLI entry; ``argv`` excludes the ``codeswitch`` word. Returns the exit status:
    0 on success, 2 on any bad input (one line on stderr, nothing written)."""
    prog = "python -m scoring codeswitch"
    try:
        summary = _run(_build_parser().parse_args(list(argv)))
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else 0
    except (_UsageError, ProtocolError) as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return 2
    print(summary)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
