"""Known-answer tests for the fa-en-cs-v1 code-switch scorer.

Every expected number below was computed by hand from the protocol text; the
arithmetic is in the comments next to it.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.errors import InputError
from scoring.protocols import fa_en_cs_v1 as cs

ZWNJ = "\u200c"

# ---------------------------------------------------------------------- fixture
# One row per §3 example, plus a second rapid_switch row with a mixed token.
# (id, category, reference, hypothesis)
FIXTURE = [
    # GitHub transliterated into Persian script.
    (
        "fa-with-en-term-01",
        "fa_with_en_term",
        "این فایل را در GitHub گذاشتم",
        "این فایل را در گیتهاب گذاشتم",
    ),
    # Casing error on pip, trailing Persian comma on uv.
    (
        "product-names-01",
        "product_names",
        "برای نصب از pip و uv استفاده کن",
        "برای نصب از Pip و uv، استفاده کن",
    ),
    # Wrong version; Arabic Yeh and Kaf in the hypothesis (only mer_raw sees them).
    (
        "numbers-versions-01",
        "numbers_versions",
        f"می{ZWNJ}خواهم Python 3.12 را نصب کنم",
        f"مي{ZWNJ}خواهم Python 3.11 را نصب كنم",
    ),
    # bug written in Persian script: one boundary moves (one missed, one spurious).
    (
        "en-clause-in-fa-01",
        "en_clause_in_fa",
        "گفت that's not a bug و رفت",
        "گفت that's not a باگ و رفت",
    ),
    # Persian clause written in Finglish.
    (
        "fa-clause-in-en-01",
        "fa_clause_in_en",
        "I told him خیلی ممنون and left",
        "I told him kheili mamnoon and left",
    ),
    # Persian word dropped between two English words.
    ("rapid-switch-01", "rapid_switch", "این PR را merge کن", "این PR merge کن"),
    # Mixed-script reference token; merge transliterated.
    ("rapid-switch-02", "rapid_switch", "PRها را merge کردم", "PRها را مرج کردم"),
]
ROWS = [dict(zip(cs.ROW_FIELDS, row, strict=True)) for row in FIXTURE]

# Hand-computed counts per row. Character counts: این 3, فایل 4, را 2, در 2, گذاشتم 6,
# گیتهاب 6, برای 4, نصب 3, از 2, و 1, استفاده 7, کن 2, می‌خواهم 8 (ZWNJ counts),
# کنم 3, گفت 3, رفت 3, باگ 3, خیلی 4, ممنون 5, کردم 4, مرج 3.
EXPECTED_ROW_COUNTS = {
    # tags fa fa fa fa en fa; 1 sub. Ref boundaries fa>en, en>fa; hyp has none.
    # fa: "این فایل را در گذاشتم" (17 letters + 4 spaces = 21) vs the same with
    # "گیتهاب " inserted: 7 edits. Lang: 6 aligned, GitHub/گیتهاب disagree -> 5.
    "fa-with-en-term-01": dict(
        ref_tokens=6,
        mer_edits=1,
        ref_tokens_raw=6,
        mer_raw_edits=1,
        ref_boundaries=2,
        hyp_boundaries=0,
        matched_boundaries=0,
        missed_boundaries=2,
        spurious_boundaries=0,
        ref_en_tokens=1,
        en_preserved=0,
        en_preserved_casefold=0,
        en_transliterated=1,
        fa_ref_chars=21,
        fa_char_edits=7,
        lang_aligned_tokens=6,
        lang_agreeing_tokens=5,
        mixed_ref_tokens=0,
    ),
    # 8 tokens, subs pip->Pip and uv->uv، ; 4 boundaries on both sides, all aligned.
    # en: uv==uv after stripping "،" (1 exact); Pip/pip casefold (2 casefolded).
    # fa: "برای نصب از و استفاده کن" = 19 + 5 spaces = 24, identical -> 0.
    "product-names-01": dict(
        ref_tokens=8,
        mer_edits=2,
        ref_tokens_raw=8,
        mer_raw_edits=2,
        ref_boundaries=4,
        hyp_boundaries=4,
        matched_boundaries=4,
        missed_boundaries=0,
        spurious_boundaries=0,
        ref_en_tokens=2,
        en_preserved=1,
        en_preserved_casefold=2,
        en_transliterated=0,
        fa_ref_chars=24,
        fa_char_edits=0,
        lang_aligned_tokens=8,
        lang_agreeing_tokens=8,
        mixed_ref_tokens=0,
    ),
    # Normalised: only 3.12->3.11 differs (1 edit). Raw: also مي‌خواهم and كنم (3).
    # Tags fa en neutral fa fa fa: boundaries fa>en (0,1) and en>fa (1,3) across 3.12.
    # fa: "می‌خواهم را نصب کنم" = 8+2+3+3 + 3 spaces = 19. Lang: 5 (3.12 is neutral).
    "numbers-versions-01": dict(
        ref_tokens=6,
        mer_edits=1,
        ref_tokens_raw=6,
        mer_raw_edits=3,
        ref_boundaries=2,
        hyp_boundaries=2,
        matched_boundaries=2,
        missed_boundaries=0,
        spurious_boundaries=0,
        ref_en_tokens=1,
        en_preserved=1,
        en_preserved_casefold=1,
        en_transliterated=0,
        fa_ref_chars=19,
        fa_char_edits=0,
        lang_aligned_tokens=5,
        lang_agreeing_tokens=5,
        mixed_ref_tokens=0,
    ),
    # Ref tags fa en en en en fa fa, hyp fa en en en fa fa fa. Hyp fa>en (0,1)
    # matches ref (0,1); hyp en>fa (3,4) maps to ref tokens 3,4, which do not
    # bracket ref en>fa (4,5): 1 matched, 1 missed, 1 spurious.
    # fa: "گفت و رفت" (9) vs "گفت باگ و رفت": 4 inserted.
    "en-clause-in-fa-01": dict(
        ref_tokens=7,
        mer_edits=1,
        ref_tokens_raw=7,
        mer_raw_edits=1,
        ref_boundaries=2,
        hyp_boundaries=2,
        matched_boundaries=1,
        missed_boundaries=1,
        spurious_boundaries=1,
        ref_en_tokens=4,
        en_preserved=3,
        en_preserved_casefold=3,
        en_transliterated=1,
        fa_ref_chars=9,
        fa_char_edits=4,
        lang_aligned_tokens=7,
        lang_agreeing_tokens=6,
        mixed_ref_tokens=0,
    ),
    # 2 subs; ref en>fa and fa>en, hyp all en. fa: "خیلی ممنون" = 10 vs "" -> 10.
    "fa-clause-in-en-01": dict(
        ref_tokens=7,
        mer_edits=2,
        ref_tokens_raw=7,
        mer_raw_edits=2,
        ref_boundaries=2,
        hyp_boundaries=0,
        matched_boundaries=0,
        missed_boundaries=2,
        spurious_boundaries=0,
        ref_en_tokens=5,
        en_preserved=5,
        en_preserved_casefold=5,
        en_transliterated=0,
        fa_ref_chars=10,
        fa_char_edits=10,
        lang_aligned_tokens=7,
        lang_agreeing_tokens=5,
        mixed_ref_tokens=0,
    ),
    # را deleted. Ref fa en fa en fa: 4 boundaries. Hyp fa en en fa: fa>en (0,1)
    # -> ref (0,1) claims ref (0,1); en>fa (2,3) -> ref (3,4) claims ref (3,4).
    # fa: "این را کن" (9) vs "این کن": 3 deleted. Lang: 4 aligned (را deleted).
    "rapid-switch-01": dict(
        ref_tokens=5,
        mer_edits=1,
        ref_tokens_raw=5,
        mer_raw_edits=1,
        ref_boundaries=4,
        hyp_boundaries=2,
        matched_boundaries=2,
        missed_boundaries=2,
        spurious_boundaries=0,
        ref_en_tokens=2,
        en_preserved=2,
        en_preserved_casefold=2,
        en_transliterated=0,
        fa_ref_chars=9,
        fa_char_edits=3,
        lang_aligned_tokens=4,
        lang_agreeing_tokens=4,
        mixed_ref_tokens=0,
    ),
    # Tags mixed fa en fa: PRها makes no boundary; را>merge, merge>کردم do (2).
    # Hyp mixed fa fa fa: none. fa: "را کردم" (7) vs "را مرج کردم": 4 inserted.
    # Lang: 3 aligned fa/en ref tokens (PRها excluded), merge/مرج disagree -> 2.
    "rapid-switch-02": dict(
        ref_tokens=4,
        mer_edits=1,
        ref_tokens_raw=4,
        mer_raw_edits=1,
        ref_boundaries=2,
        hyp_boundaries=0,
        matched_boundaries=0,
        missed_boundaries=2,
        spurious_boundaries=0,
        ref_en_tokens=1,
        en_preserved=0,
        en_preserved_casefold=0,
        en_transliterated=1,
        fa_ref_chars=7,
        fa_char_edits=4,
        lang_aligned_tokens=3,
        lang_agreeing_tokens=2,
        mixed_ref_tokens=1,
    ),
}

# Sums over all seven rows:
#   tokens 6+8+6+7+7+5+4 = 43; edits 1+2+1+1+2+1+1 = 9; raw edits 1+2+3+1+2+1+1 = 11
#   ref boundaries 2+4+2+2+2+4+2 = 18; hyp 0+4+2+2+0+2+0 = 10; matched 0+4+2+1+0+2+0 = 9
#   -> missed 18-9 = 9, spurious 10-9 = 1
#   en 1+2+1+4+5+2+1 = 16; preserved 0+1+1+3+5+2+0 = 12; casefold 0+2+1+3+5+2+0 = 13;
#   transliterated 1+0+0+1+0+0+1 = 3
#   fa chars 21+24+19+9+10+9+7 = 99; fa edits 7+0+0+4+10+3+4 = 28
#   lang aligned 6+8+5+7+7+4+3 = 40; agreeing 5+8+5+6+5+4+2 = 35; mixed 1
EXPECTED_OVERALL = {
    "mer": 9 / 43,
    "mer_raw": 11 / 43,
    "boundary_error_rate": (9 + 1) / 18,
    "boundary_recall": 9 / 18,
    "boundary_precision": 9 / 10,
    "en_preservation": 12 / 16,
    "en_preservation_casefold": 13 / 16,
    "en_transliteration_rate": 3 / 16,
    "fa_cer": 28 / 99,
    "token_language_accuracy": 35 / 40,
}

# rapid_switch = rapid-switch-01 + rapid-switch-02:
#   tokens 5+4 = 9, edits 1+1 = 2 (raw the same); boundaries ref 4+2 = 6, hyp 2+0 = 2,
#   matched 2 -> missed 4, spurious 0; en 2+1 = 3, preserved 2, casefold 2, translit 1;
#   fa 3+4 = 7 edits over 9+7 = 16 chars; lang 4+2 = 6 of 4+3 = 7.
EXPECTED_RAPID_SWITCH = {
    "mer": 2 / 9,
    "mer_raw": 2 / 9,
    "boundary_error_rate": 4 / 6,
    "boundary_recall": 2 / 6,
    "boundary_precision": 2 / 2,
    "en_preservation": 2 / 3,
    "en_preservation_casefold": 2 / 3,
    "en_transliteration_rate": 1 / 3,
    "fa_cer": 7 / 16,
    "token_language_accuracy": 6 / 7,
}

# The held-out rows are product-names-01 and rapid-switch-01 (pinned below):
#   tokens 8+5 = 13, edits 2+1 = 3 (raw too); boundaries ref 4+4 = 8, hyp 4+2 = 6,
#   matched 4+2 = 6 -> missed 2, spurious 0; en 2+2 = 4, preserved 1+2 = 3,
#   casefold 2+2 = 4, transliterated 0 (a real 0, the denominator is 4);
#   fa 0+3 = 3 edits over 24+9 = 33 chars; lang 8+4 = 12 of 12.
EXPECTED_HELDOUT = {
    "mer": 3 / 13,
    "mer_raw": 3 / 13,
    "boundary_error_rate": 2 / 8,
    "boundary_recall": 6 / 8,
    "boundary_precision": 6 / 6,
    "en_preservation": 3 / 4,
    "en_preservation_casefold": 4 / 4,
    "en_transliteration_rate": 0 / 4,
    "fa_cer": 3 / 33,
    "token_language_accuracy": 12 / 12,
}

# §6 known answer, computed once with the one-liner in test_split_known_answer.
PINNED_SPLIT = {
    "fa-with-en-term-01": "dev",
    "product-names-01": "heldout",
    "numbers-versions-01": "dev",
    "en-clause-in-fa-01": "dev",
    "fa-clause-in-en-01": "dev",
    "rapid-switch-01": "heldout",
    "rapid-switch-02": "dev",
}


def assert_metrics(block: dict, expected: dict) -> None:
    for name, value in expected.items():
        assert block[name] == pytest.approx(value), name
    assert set(cs.METRICS) <= set(block)


# ------------------------------------------------------------------- normaliser


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("علي", "علی"),  # Arabic Yeh U+064A -> Persian Yeh U+06CC
        ("علی\u0649", "علیی"),  # Alef Maksura U+0649 folded too (documented choice)
        ("كتاب", "کتاب"),  # Arabic Kaf U+0643 -> Keheh U+06A9
        (f"می{ZWNJ}خواهم", f"می{ZWNJ}خواهم"),  # ZWNJ kept inside the word
        ("Python 3.12، ۱۴۰۳!", "Python 3.12، ۱۴۰۳!"),  # digits, punctuation kept
        ("GitHub github", "GitHub github"),  # case-sensitive
        ("  a \t\n b\u00a0\u2009c  ", "a b c"),  # whitespace runs collapsed, stripped
        ("e\u0301", "\u00e9"),  # NFC
        ("\u064a\u0654", "\u0626"),  # NFC before folding: Yeh+Hamza stays U+0626
        ("", ""),
    ],
)
def test_normalize_fa_eval_v1(raw: str, expected: str) -> None:
    assert cs.normalize_fa_eval_v1(raw) == expected


def test_normalizer_is_idempotent_and_identified() -> None:
    text = "  مي\u200cخواهم   كتاب e\u0301 "
    once = cs.normalize_fa_eval_v1(text)
    assert cs.normalize_fa_eval_v1(once) == once
    assert cs.NORMALIZER["name"] == "fa-eval-v1" and cs.NORMALIZER["version"] == "1"
    assert re.fullmatch(r"[0-9a-f]{64}", cs.NORMALIZER["hash"])


# ------------------------------------------------------------------ script tags


@pytest.mark.parametrize(
    ("token", "tag"),
    [
        ("GitHub", "en"),
        ("گیتهاب", "fa"),  # English in Persian script is fa, on purpose
        ("PRها", "mixed"),
        ("3.12", "neutral"),
        ("۱۴۰۳", "neutral"),  # Persian digits are not letters
        ("،", "neutral"),
        ("kheili", "en"),  # Finglish is en, on purpose
        ("GitHub،", "en"),
        (f"می{ZWNJ}خواهم", "fa"),
        ("Ωμέγα", "neutral"),  # letters of neither script
    ],
)
def test_script_tag(token: str, tag: str) -> None:
    assert cs.script_tag(token) == tag


# ------------------------------------------------------------------------ split


def test_split_known_answer() -> None:
    def independent(i: str) -> str:
        digest = hashlib.sha256(f"yazses-fa-en-cs-v1\x00{i}".encode()).digest()
        return "heldout" if int.from_bytes(digest[:8], "big") / 2**64 < 0.5 else "dev"

    for prompt_id, split in PINNED_SPLIT.items():
        assert independent(prompt_id) == split
        assert cs.split_of(prompt_id) == split


def test_prompt_digest() -> None:
    expected = hashlib.sha256(b"product-names-01\nrapid-switch-01").hexdigest()
    assert cs.prompt_digest(reversed(list(PINNED_SPLIT))) == expected


# -------------------------------------------------------------------- alignment


def test_alignment_prefers_diagonal_over_deletion() -> None:
    # ref a b / hyp c costs 2 either way: (sub a, del b) or (del a, sub b).
    # Backtracking from the end, the diagonal b~c wins over deleting b.
    assert cs.align_tokens(["a", "b"], ["c"]) == [(0, None), (1, 0)]
    # ref a / hyp b c: the diagonal a~c wins over inserting c.
    assert cs.align_tokens(["a"], ["b", "c"]) == [(None, 0), (0, 1)]
    assert cs.align_tokens([], ["x"]) == [(None, 0)]
    assert cs.align_tokens(["x"], []) == [(0, None)]


def test_tie_break_is_visible_in_metrics() -> None:
    # "فایل GitHub" -> "github": cost 2 both ways. Diagonal first pairs GitHub with
    # github (case-folded preserved); deletion first would delete GitHub instead.
    counts = cs.score_utterance("فایل GitHub", "github")
    assert counts["mer_edits"] == 2
    assert counts["ref_en_tokens"] == 1
    assert counts["en_preserved"] == 0
    assert counts["en_preserved_casefold"] == 1
    assert counts["lang_aligned_tokens"] == 1 and counts["lang_agreeing_tokens"] == 1


# The distances before rapidfuzz computed them: the naive Levenshtein the protocol was
# frozen with, kept here as the reference the fast one must agree with.
def naive_edit_distance(a, b) -> int:
    previous = list(range(len(b) + 1))
    for i, item_a in enumerate(a, 1):
        current = [i]
        for j, item_b in enumerate(b, 1):
            substitution = previous[j - 1] + (item_a != item_b)
            current.append(min(substitution, previous[j] + 1, current[j - 1] + 1))
        previous = current
    return previous[-1]


def alignment_edits(reference, hypothesis) -> int:
    """The edits of the protocol's own alignment, counted pair by pair (the old way)."""
    pairs = cs.align_tokens(reference, hypothesis)
    return sum(r is None or h is None or reference[r] != hypothesis[h] for r, h in pairs)


@pytest.mark.parametrize("row", ROWS, ids=[row["id"] for row in ROWS])
def test_rapidfuzz_distances_equal_the_naive_ones_on_the_fixture(row: dict) -> None:
    ref, hyp = row["reference"], row["hypothesis"]
    assert cs.char_edit_distance(ref, hyp) == naive_edit_distance(ref, hyp)
    for tokens in (str.split, cs.tokenize):
        ref_tokens, hyp_tokens = tokens(ref), tokens(hyp)
        assert cs.token_edit_distance(ref_tokens, hyp_tokens) == naive_edit_distance(
            ref_tokens, hyp_tokens
        )
        assert cs.token_edit_distance(ref_tokens, hyp_tokens) == alignment_edits(
            ref_tokens, hyp_tokens
        )


@given(st.text("abاب ", max_size=12), st.text("abاب ", max_size=12))
def test_rapidfuzz_distances_equal_the_naive_ones(reference: str, hypothesis: str) -> None:
    assert cs.char_edit_distance(reference, hypothesis) == naive_edit_distance(
        reference, hypothesis
    )
    ref_tokens, hyp_tokens = reference.split(), hypothesis.split()
    assert cs.token_edit_distance(ref_tokens, hyp_tokens) == alignment_edits(ref_tokens, hyp_tokens)


def test_a_protocol_error_is_one_of_the_librarys_input_errors() -> None:
    error = cs.ProtocolError("missing", source="rows.jsonl", line=2, field="id")
    assert isinstance(error, InputError) and isinstance(error, ValueError)
    assert str(error) == "rows.jsonl, line 2, field 'id': missing"


def boundary_triple(counts: dict) -> tuple[int, int, int]:
    return counts["ref_boundaries"], counts["hyp_boundaries"], counts["matched_boundaries"]


def test_boundary_needs_aligned_flanks_and_same_direction() -> None:
    # Hyp en>fa where the ref has fa>en at the same place: no match.
    counts = cs.score_utterance("سلام GitHub", "GitHub سلام")
    assert boundary_triple(counts) == (1, 1, 0)
    # A reference boundary is claimed at most once, and flanks may be far apart:
    # ref fa en fa en, hyp fa en (two middle tokens deleted) -> 1 of 3 matched.
    counts = cs.score_utterance("الف GitHub ب pip", "الف pip")
    assert boundary_triple(counts) == (3, 1, 1)
    assert (counts["missed_boundaries"], counts["spurious_boundaries"]) == (2, 0)


# ---------------------------------------------------------------------- metrics


@pytest.mark.parametrize("row", ROWS, ids=[row["id"] for row in ROWS])
def test_score_utterance_counts(row: dict) -> None:
    assert cs.score_utterance(row["reference"], row["hypothesis"]) == EXPECTED_ROW_COUNTS[row["id"]]


def test_aggregate_all_hand_checked() -> None:
    result = cs.aggregate(ROWS, split="all")
    assert result["schema"] == "yazses.bench.codeswitch/1"
    assert result["protocol"] == "fa-en-cs-v1"
    assert result["normalizer"] == cs.NORMALIZER
    assert result["split"] == {
        "name": "all",
        "seed": "yazses-fa-en-cs-v1",
        "fraction": 0.5,
        "prompt_count": 7,
        "prompt_digest": hashlib.sha256(b"product-names-01\nrapid-switch-01").hexdigest(),
    }
    overall = result["overall"]
    assert_metrics(overall, EXPECTED_OVERALL)
    assert overall["n"] == 7
    assert overall["counts"]["mixed_ref_tokens"] == 1
    assert overall["counts"]["missed_boundaries"] == 9
    assert overall["counts"]["spurious_boundaries"] == 1
    assert set(result["per_category"]) == set(cs.CATEGORIES)
    assert_metrics(result["per_category"]["rapid_switch"], EXPECTED_RAPID_SWITCH)
    assert result["per_category"]["rapid_switch"]["n"] == 2
    assert result["per_category"]["rapid_switch"]["indicative"] is True


def test_aggregate_is_sum_over_sum_not_mean() -> None:
    # Row A: 1 edit / 1 token (rate 1.0); row B: 0 / 3. Mean of rates would be 0.5.
    rows = [
        {"id": "a", "category": "rapid_switch", "reference": "x", "hypothesis": "y"},
        {"id": "b", "category": "rapid_switch", "reference": "x y z", "hypothesis": "x y z"},
    ]
    assert cs.aggregate(rows, split="all")["overall"]["mer"] == pytest.approx(1 / 4)


def test_aggregate_heldout_and_dev() -> None:
    heldout = cs.aggregate(ROWS, split="heldout")
    assert heldout["split"]["prompt_count"] == 2 and heldout["overall"]["n"] == 2
    assert_metrics(heldout["overall"], EXPECTED_HELDOUT)
    assert heldout["overall"]["en_transliteration_rate"] == 0.0  # 0/4 is 0, not null
    assert set(heldout["per_category"]) == {"product_names", "rapid_switch"}
    dev = cs.aggregate(ROWS, split="dev")
    assert dev["split"]["prompt_count"] == 5
    assert dev["split"]["prompt_digest"] == heldout["split"]["prompt_digest"]
    # dev edits 9-3 = 6 over 43-13 = 30 tokens
    assert dev["overall"]["mer"] == pytest.approx(6 / 30)


def test_zero_denominators_are_null() -> None:
    # No English anywhere, no switch on either side.
    rows = [
        {
            "id": "fa-only",
            "category": "fa_with_en_term",
            "reference": "سلام دنیا",
            "hypothesis": "سلام دنيا",
        }
    ]
    overall = cs.aggregate(rows, split="all")["overall"]
    for name in (
        "en_preservation",
        "en_preservation_casefold",
        "en_transliteration_rate",
        "boundary_error_rate",
        "boundary_recall",
        "boundary_precision",
    ):
        assert overall[name] is None, name
    assert overall["mer"] == 0.0 and overall["fa_cer"] == 0.0
    # A spurious switch with no reference switch: only precision is defined.
    rows[0]["hypothesis"] = "سلام World"
    overall = cs.aggregate(rows, split="all")["overall"]
    assert overall["boundary_error_rate"] is None and overall["boundary_recall"] is None
    assert overall["boundary_precision"] == 0.0
    # No rows scored at all: every metric null, n = 0.
    empty = cs.aggregate([], split="heldout")
    assert empty["overall"]["n"] == 0 and empty["per_category"] == {}
    assert all(empty["overall"][name] is None for name in cs.METRICS)


def test_aggregate_contains_no_text_and_no_ids() -> None:
    text = json.dumps(cs.aggregate(ROWS, split="all"), ensure_ascii=False, sort_keys=True)
    assert text.isascii()  # so no Persian token can be in it
    leaves: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            leaves.update(node)
            for value in node.values():
                walk(value)
        elif isinstance(node, str):
            leaves.add(node)

    walk(json.loads(text))
    words = set(re.findall(r"[^\s\"{}\[\]:,]+", text))
    for row in ROWS:
        assert row["id"] not in text
        tokens = set(row["reference"].split() + row["hypothesis"].split())
        tokens |= set(cs.tokenize(row["reference"]) + cs.tokenize(row["hypothesis"]))
        for token in tokens:
            assert token not in leaves and token not in words, token
            if len(token) >= 4:  # shorter ones ("a", "I", "uv") occur inside key names
                assert token not in text, token


def test_aggregate_refuses_bad_split_and_rows() -> None:
    with pytest.raises(ValueError):
        cs.aggregate(ROWS, split="test")
    with pytest.raises(cs.ProtocolError, match="line 2, field 'id'"):
        cs.aggregate([ROWS[0], {**ROWS[1], "id": "Bad"}], split="all")


# -------------------------------------------------------------------------- CLI


def write_rows(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def good_lines() -> list[str]:
    return [json.dumps(row, ensure_ascii=False) for row in ROWS]


def test_main_writes_aggregate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = write_rows(tmp_path / "rows.jsonl", good_lines())
    out = tmp_path / "agg.json"
    assert cs.main([str(rows), "--split", "all", "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert json.loads(text) == json.loads(json.dumps(cs.aggregate(ROWS, split="all")))
    assert text == json.dumps(json.loads(text), ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    captured = capsys.readouterr()
    assert captured.err == "" and len(captured.out.splitlines()) == 1
    assert "scored 7 prompts" in captured.out
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")] == []


def with_row(index: int, **changes: object) -> list[str]:
    lines = good_lines()
    row = dict(ROWS[index], **changes)
    lines[index] = json.dumps(row, ensure_ascii=False)
    return lines


def without_field(index: int, field: str) -> list[str]:
    lines = good_lines()
    row = {k: v for k, v in ROWS[index].items() if k != field}
    lines[index] = json.dumps(row, ensure_ascii=False)
    return lines


DUPLICATE_KEY_LINE = (
    '{"id": "a", "id": "b", "category": "rapid_switch", "reference": "", "hypothesis": ""}'
)


@pytest.mark.parametrize(
    ("lines", "line", "needle"),
    [
        (with_row(2, id="Numbers_Versions"), 3, "field 'id'"),
        (with_row(2, id="x" * 65), 3, "field 'id'"),
        (with_row(2, id="-leading-dash"), 3, "field 'id'"),
        (with_row(2, id="ok\n"), 3, "field 'id'"),  # "$" would have let this through
        (with_row(4, category="code_switch"), 5, "field 'category'"),
        (good_lines()[:3] + ['{"id": "x", "category": '] + good_lines()[3:], 4, "invalid JSON"),
        (without_field(1, "hypothesis"), 2, "field 'hypothesis': missing"),
        (with_row(0, reference=None), 1, "field 'reference': must be a string"),
        (good_lines() + [good_lines()[5]], 8, "duplicate id"),
        (good_lines()[:1] + ['["not", "an", "object"]'], 2, "JSON object"),
        (good_lines()[:1] + [DUPLICATE_KEY_LINE], 2, "field 'id': appears twice"),
    ],
    ids=[
        "bad-id-case",
        "bad-id-long",
        "bad-id-dash",
        "bad-id-newline",
        "unknown-category",
        "bad-json",
        "missing-field",
        "wrong-type",
        "duplicate-id",
        "not-object",
        "duplicate-key",
    ],
)
def test_main_refuses_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: list[str], line: int, needle: str
) -> None:
    rows = write_rows(tmp_path / "rows.jsonl", lines)
    out = tmp_path / "agg.json"
    assert cs.main([str(rows), "--split", "all", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1, err
    assert str(rows) in err and f"line {line}" in err and needle in err
    assert "Traceback" not in err
    assert not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["rows.jsonl"]


def test_main_refuses_unreadable_and_non_utf8(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "agg.json"
    missing = tmp_path / "missing.jsonl"
    assert cs.main([str(missing), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and str(missing) in err
    bad = tmp_path / "latin1.jsonl"
    bad.write_bytes(good_lines()[0].encode("utf-8") + b"\n" + b'{"id": "\xe9"}\n')
    assert cs.main([str(bad), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and str(bad) in err and "line 2" in err
    assert not out.exists()


def test_main_usage_error_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = write_rows(tmp_path / "rows.jsonl", good_lines())
    assert cs.main([str(rows), "--split", "test", "--out", str(tmp_path / "agg.json")]) == 2
    assert len(capsys.readouterr().err.splitlines()) == 1
    assert cs.main([str(rows), "--out", str(rows)]) == 2  # never overwrite the input
    assert "refusing" in capsys.readouterr().err
    assert rows.read_text(encoding="utf-8").count("\n") == len(ROWS)


def test_main_keeps_existing_output_on_error(tmp_path: Path) -> None:
    rows = write_rows(tmp_path / "rows.jsonl", with_row(0, category="nope"))
    out = tmp_path / "agg.json"
    out.write_text("previous", encoding="utf-8")
    assert cs.main([str(rows), "--out", str(out)]) == 2
    assert out.read_text(encoding="utf-8") == "previous"
