"""Write approved configs back to configs/, and reviewed flags as test fixtures.

A fixture case comes from a flag (`flag_id`) or, with `adjudicated`, from a maintainer's
adjudication of a region in a review pass (`adjudication_id`): the adjudicated label only,
whatever the reviewers' flags said.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from scoring.config.loader import canonical_json

from ..models import Adjudication, Conversation, Flag, Language, TurnReference
from .configs import scorer_for
from .scoring import score_text

FIXTURE_SCHEMA = 1


def dump_json(data) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2, sort_keys=False) + "\n"


def export_configs(folder: Path) -> list[str]:
    """Write every active version whose content differs from the files; returns names."""
    written = []
    seen = set()
    for language in Language.objects.exclude(active_version=None).select_related("active_version"):
        version = language.active_version
        if version.language in seen:
            continue
        seen.add(version.language)
        written += _write_bundle(folder, version.language, version.content)
    return written


def _write_bundle(folder: Path, language: str, content: dict) -> list[str]:
    files = {f"{language}.json": content["config"], **content["lexicons"]}
    written = []
    for name, data in files.items():
        path = folder / name
        current = json.loads(path.read_text(encoding="utf-8")) if path.exists() else None
        if current is None or canonical_json(current) != canonical_json(data):
            tmp = path.with_suffix(".json.tmp")
            tmp.write_text(dump_json(data), encoding="utf-8")
            tmp.replace(path)
            written.append(name)
    return written


#: The flags that are cases: open ones and those a config version addressed. A withdrawn
#: flag was taken back by its author. A won't-fix flag is one the config will not act on
#: (its reason says why): as a false error it can neither stay fixed nor stay an error (a
#: case would fail the day someone fixes it after all, or pass for a fix nobody made),
#: and as a real error a maintainer did not confirm it. A duplicate repeats its original,
#: which is exported in its place. Reopening either makes it a case again.
EXPORTED = (Flag.Status.OPEN, Flag.Status.ADDRESSED)


def fixture_cases(
    language: str, flag_ids: list[int] | None = None, *, adjudicated: bool = False
) -> list[dict]:
    """Reviewed cases: addressed false errors must stay fixed; real errors must stay errors.
    `adjudicated`: the cases of adjudicated regions only (`adjudicated_cases`).

    Open and addressed flags only (`EXPORTED`): never a withdrawn, won't-fix or duplicate
    flag, even when asked for by id. Flags that say the same of the same turn (the same
    spans, category and state: two reviewers' flags of one region) are one case, the
    first flag's, so no error counts twice.

    A case holds the turn's current reference and names its version; a flag made on an
    earlier version of the reference (corrected since) also carries that text, and its
    `errors_when_flagged` are counted on it: what the reviewer saw."""
    if adjudicated:
        return adjudicated_cases(language)
    flags = (
        Flag.objects.filter(language__in=_codes(language), status__in=EXPORTED)
        .exclude(category=Flag.Category.REFERENCE_ERROR)
        .select_related("turn", "version", "addressed_by")
        .order_by("pk")
    )
    if flag_ids:
        flags = flags.filter(pk__in=flag_ids)
    flags = list(flags)
    earlier = _earlier_references(flags)
    cases, seen = [], set()
    for flag in flags:
        key = (flag.turn_id, flag.ref_span, flag.hyp_span, flag.category, flag.addressed_by_id)
        if key not in seen:
            seen.add(key)
            cases.append(_case(flag, earlier.get((flag.turn_id, flag.reference_version))))
    return cases


def _earlier_references(flags: list[Flag]) -> dict[tuple[int, int], str]:
    """{(turn id, version number): text} of the reference versions flags were made on
    that are not their turn's current one, in one query (none when there are none)."""
    wanted = {
        (flag.turn_id, flag.reference_version)
        for flag in flags
        if flag.reference_version != flag.turn.reference_version
    }
    if not wanted:
        return {}
    rows = TurnReference.objects.filter(turn_id__in={turn_id for turn_id, _ in wanted})
    return {
        (turn_id, number): text
        for turn_id, number, text in rows.values_list("turn_id", "number", "text")
        if (turn_id, number) in wanted
    }


def _codes(language: str) -> list[str]:
    return list(Language.objects.codes_for(language)) or [language]


def _case(flag: Flag, flagged_reference: str | None) -> dict:
    turn = flag.turn
    seen = turn.reference if flagged_reference is None else flagged_reference
    case = {
        "flag_id": flag.pk,
        "language": turn.language,
        "category": flag.category,
        "status": flag.status,
        "note": flag.note,
        "reference": turn.reference,
        "reference_version": turn.reference_version,
        "hypothesis": turn.hypothesis,
        "ref_span": flag.ref_span,
        "hyp_span": flag.hyp_span,
        "flagged_under": flag.version.label,
        "flagged_on_reference_version": flag.reference_version,
        "errors_when_flagged": _errors(flag.version, turn, seen),
        **_syntax(turn),
    }
    if flagged_reference is not None:
        case["flagged_reference"] = flagged_reference
    if flag.category == Flag.Category.FALSE_ERROR and flag.addressed_by_id:
        case["expect"] = "stays_fixed"
        case["fixed_by"] = flag.addressed_by.label
        case["errors_after_fix"] = _errors(flag.addressed_by, turn)
    elif flag.category == Flag.Category.REAL_ERROR:
        case["expect"] = "stays_error"
    else:
        case["expect"] = "open"  # a known false error nobody has fixed yet
    return case


def adjudicated_cases(language: str) -> list[dict]:
    """The newest adjudication of each region of the language's review passes, as cases.

    A false error is expected to stay fixed when a flag on the region (the same turn,
    version and spans) was addressed by a config version, else it is "open"; a real error
    must stay an error. Reference errors and "none" say nothing about the normalizer and
    are left out, as reference-error flags are.
    """
    decisions = (
        Adjudication.objects.filter(review_pass__language__in=_codes(language))
        .select_related("turn", "review_pass__version", "maintainer")
        .order_by("created_at", "pk")
    )
    newest = {}
    for decision in decisions:
        newest[decision.review_pass_id, decision.turn_id, *_span_key(decision)] = decision
    kept = [
        d
        for d in sorted(newest.values(), key=lambda d: d.pk)
        if d.label in (Flag.Category.FALSE_ERROR, Flag.Category.REAL_ERROR)
    ]
    fixes = {}
    addressed = Flag.objects.filter(
        turn__in={d.turn_id for d in kept}, addressed_by__isnull=False
    ).select_related("addressed_by")
    for flag in addressed:
        fixes[flag.turn_id, flag.version_id, *_span_key(flag)] = flag.addressed_by
    return [_adjudicated_case(d, fixes) for d in kept]


def _span_key(row) -> tuple[int, int, int, int]:
    return (row.ref_start, row.ref_end, row.hyp_start, row.hyp_end)


def _adjudicated_case(decision: Adjudication, fixes: dict) -> dict:
    turn, version = decision.turn, decision.review_pass.version
    case = {
        "adjudication_id": decision.pk,
        "language": turn.language,
        "category": decision.label,
        "status": "adjudicated",
        "note": decision.note,
        "reference": turn.reference,
        "reference_version": turn.reference_version,
        "hypothesis": turn.hypothesis,
        "ref_span": decision.ref_span,
        "hyp_span": decision.hyp_span,
        "flagged_under": version.label,
        "errors_when_flagged": _errors(version, turn),
        "adjudicated_by": decision.maintainer.username,
        **_syntax(turn),
    }
    fix = fixes.get((turn.pk, version.pk, *_span_key(decision)))
    if decision.label == Flag.Category.REAL_ERROR:
        case["expect"] = "stays_error"
    elif fix is not None:
        case["expect"] = "stays_fixed"
        case["fixed_by"] = fix.label
        case["errors_after_fix"] = _errors(fix, turn)
    else:
        case["expect"] = "open"
    return case


def case_id(case: dict) -> str:
    """`flag12` or `adjudication3`: what names a case in a fixture file."""
    if "adjudication_id" in case:
        return f"adjudication{case['adjudication_id']}"
    return f"flag{case['flag_id']}"


def _case_order(case: dict) -> tuple[int, int]:
    """Flag cases first (as files written before adjudications have them), by id."""
    if "adjudication_id" in case:
        return (1, case["adjudication_id"])
    return (0, case["flag_id"])


def _errors(version, turn, reference: str | None = None) -> int:
    """The errors the worker counts for the turn under `version`, on `reference` (the
    text as flagged) when given, else on the turn's current reference."""
    text = turn.reference if reference is None else reference
    scorer = scorer_for(version)
    return score_text(scorer, text, turn.hypothesis, alternations=turn.alternations).counts.errors


def _syntax(turn) -> dict:
    """`alternations: true` for a reference in sclite's transcript syntax (a trn turn's),
    so the fixture test scores the case as the worker did; nothing for the others."""
    return {"alternations": True} if turn.alternations else {}


def dropped_flag_ids(language: str) -> set[int]:
    """Flags of the language that are no longer cases (withdrawn, won't fix, duplicate):
    `write_fixtures` removes them from a file an earlier export wrote."""
    return set(
        Flag.objects.filter(language__in=_codes(language))
        .exclude(status__in=EXPORTED)
        .values_list("pk", flat=True)
    )


def write_fixtures(
    folder: Path, language: str, cases: list[dict], *, drop: set[int] = frozenset()
) -> Path:
    """Merge the cases into the language's file by flag id; cases of the flags in `drop`
    (`dropped_flag_ids`) leave it."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{language}.json"
    existing = {}
    if path.exists():
        existing = {case_id(c): c for c in json.loads(path.read_text("utf-8"))["cases"]}
    existing.update({case_id(c): c for c in cases})
    for flag_id in drop:
        existing.pop(f"flag{flag_id}", None)
    payload = {
        "schema": FIXTURE_SCHEMA,
        "language": language,
        "cases": sorted(existing.values(), key=_case_order),
    }
    path.write_text(dump_json(payload), encoding="utf-8")
    return path


TURN_COLUMNS = ("conversation", "id", "speaker", "reference", "hypothesis", "alternations")


def turns_csv(language: str, dataset: str, model: str) -> str:
    """Every turn of one model's conversations in a dataset, as CSV that the import reads
    back (`--format csv`: a `conversation` column groups the turns). A turn's id is the
    utterance id it was imported with, or `conversation#index`; its reference is the
    current one (corrections included); `alternations` is 1 where the reference is in
    sclite's transcript syntax (a trn turn's)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(TURN_COLUMNS)
    conversations = Conversation.objects.filter(
        language=language, dataset__name=dataset, model=model
    ).order_by("external_id")
    for conversation in conversations.prefetch_related("turns"):
        turns = sorted(conversation.turns.all(), key=lambda turn: turn.index)
        ids = conversation.metadata.get("utterances")
        if not isinstance(ids, list) or len(ids) != len(turns):
            ids = [f"{conversation.external_id}#{turn.index}" for turn in turns]
        for utterance_id, turn in zip(ids, turns, strict=True):
            writer.writerow(
                [
                    conversation.external_id,
                    utterance_id,
                    turn.speaker,
                    turn.reference,
                    turn.hypothesis,
                    "1" if turn.alternations else "",
                ]  # fmt: skip
            )
    return buffer.getvalue()
