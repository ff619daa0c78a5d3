"""Write approved configs back to configs/, and reviewed flags as test fixtures."""

from __future__ import annotations

import json
from pathlib import Path

from scoring.config.loader import canonical_json

from ..models import Flag, Language
from .configs import scorer_for

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


def fixture_cases(language: str, flag_ids: list[int] | None = None) -> list[dict]:
    """Reviewed cases: addressed false errors must stay fixed; real errors must stay errors.

    Open and addressed flags only (`EXPORTED`): never a withdrawn, won't-fix or duplicate
    flag, even when asked for by id. Flags that say the same of the same turn (the same
    spans, category and state: two reviewers' flags of one region) are one case, the
    first flag's, so no error counts twice.
    """
    flags = (
        Flag.objects.filter(language__in=_codes(language), status__in=EXPORTED)
        .exclude(category=Flag.Category.REFERENCE_ERROR)
        .select_related("turn", "version", "addressed_by")
        .order_by("pk")
    )
    if flag_ids:
        flags = flags.filter(pk__in=flag_ids)
    cases, seen = [], set()
    for flag in flags:
        key = (flag.turn_id, flag.ref_span, flag.hyp_span, flag.category, flag.addressed_by_id)
        if key not in seen:
            seen.add(key)
            cases.append(_case(flag))
    return cases


def _codes(language: str) -> list[str]:
    return list(
        Language.objects.filter(config_language=language).values_list("code", flat=True)
    ) or [language]


def _case(flag: Flag) -> dict:
    turn = flag.turn
    case = {
        "flag_id": flag.pk,
        "language": turn.language,
        "category": flag.category,
        "status": flag.status,
        "note": flag.note,
        "reference": turn.reference,
        "hypothesis": turn.hypothesis,
        "ref_span": flag.ref_span,
        "hyp_span": flag.hyp_span,
        "flagged_under": flag.version.label,
        "errors_when_flagged": _errors(flag.version, turn),
    }
    if flag.category == Flag.Category.FALSE_ERROR and flag.addressed_by_id:
        case["expect"] = "stays_fixed"
        case["fixed_by"] = flag.addressed_by.label
        case["errors_after_fix"] = _errors(flag.addressed_by, turn)
    elif flag.category == Flag.Category.REAL_ERROR:
        case["expect"] = "stays_error"
    else:
        case["expect"] = "open"  # a known false error nobody has fixed yet
    return case


def _errors(version, turn) -> int:
    return scorer_for(version).score(turn.reference, turn.hypothesis).counts.errors


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
        existing = {c["flag_id"]: c for c in json.loads(path.read_text("utf-8"))["cases"]}
    existing.update({c["flag_id"]: c for c in cases})
    for flag_id in drop:
        existing.pop(flag_id, None)
    payload = {
        "schema": FIXTURE_SCHEMA,
        "language": language,
        "cases": [existing[k] for k in sorted(existing)],
    }
    path.write_text(dump_json(payload), encoding="utf-8")
    return path
