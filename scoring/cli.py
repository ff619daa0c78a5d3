"""Command-line interface: `python -m scoring normalize|score|ablate|labels|check-data|…`.

Bad input (an unreadable file, a bad JSON line, an unknown language, a bad config) exits
with status 2 and one line on stderr naming the file and line; never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterator

from .ablation import ablate, format_table
from .config import LanguageConfig
from .corpus import PairInput, iter_scores, new_corpus, unusable_reason
from .dataquality import KINDS
from .dataquality.files import check_file, configured_code_switch
from .errors import InputError, ScoringError
from .jsonl import read_jsonl
from .scorer import Scorer, load_scorer

__all__ = ["main"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m scoring", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    normalize = commands.add_parser("normalize", help="print normalized text")
    _common(normalize)
    normalize.add_argument("text", nargs="?", help="the text (or use --input)")
    normalize.add_argument("--input", help='JSONL of {"id", "text"}')
    normalize.add_argument("--profile", help="a named profile (e.g. strict, folded)")
    normalize.add_argument("--trace", action="store_true", help="print the text after every step")

    score = commands.add_parser("score", help="score reference against hypothesis")
    _common(score)
    score.add_argument("--ref", help="reference text")
    score.add_argument("--hyp", help="hypothesis text")
    score.add_argument("--input", help='JSONL of {"id", "reference", "hypothesis"}')
    score.add_argument("--no-alignment", action="store_true", help="leave ops out of --json")

    ablation = commands.add_parser("ablate", help="corpus score after each normalizer step")
    _common(ablation)
    ablation.add_argument(
        "--input", required=True, help='JSONL of {"id", "reference", "hypothesis"}'
    )

    labels = commands.add_parser("labels", help="false errors left / real errors hidden")
    labels.add_argument("--input", required=True, help="conversations JSONL with labels")
    labels.add_argument("--lang", action="append", help="only these languages (repeatable)")
    labels.add_argument("--config-dir", help="configs folder (default: the project's configs/)")
    labels.add_argument("--examples", type=int, default=0, help="show N examples per kind")
    labels.add_argument(
        "--without",
        action="append",
        metavar="FIELD",
        help="compare with these config fields left out, e.g. emails, hindi.fractional_times "
        "(repeatable): what the rule removes and what it hides",
    )

    check = commands.add_parser(
        "check-data",
        help="data-quality findings of a conversations file",
        description="Shifted, empty, much shorter and wrong-script hypotheses, and duplicates, "
        "in a conversations file (JSONL, or EVA records one a line). Exits 1 when anything "
        "is found, 0 when nothing is.",
    )
    check.add_argument("file", help="conversations JSONL, as the review app imports them")
    check.add_argument("--lang", action="append", help="only these languages (repeatable)")
    check.add_argument("--config-dir", help="configs folder (default: the project's configs/)")
    check.add_argument("--json", action="store_true", help="one JSON object per finding")

    commands.add_parser("codeswitch", help="fa-en-cs-v1 aggregate (see --help)", add_help=False)
    commands.add_parser("schema", help="print the JSON Schema of a language config")
    return parser


def _common(sub: argparse.ArgumentParser) -> None:
    sub.add_argument("--lang", required=True, help="language code, e.g. en, de, fr-CA")
    sub.add_argument("--config-dir", help="configs folder (default: the project's configs/)")
    sub.add_argument("--json", action="store_true", help="JSON output")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["codeswitch"]:
        from .protocols import fa_en_cs_v1

        return fa_en_cs_v1.main(argv[1:])
    args = build_parser().parse_args(argv)
    try:
        return _COMMANDS[args.command](args)
    except ScoringError as exc:
        print(f"python -m scoring {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


def _normalize(args: argparse.Namespace) -> int:
    scorer = load_scorer(args.lang, args.config_dir)
    normalizer = scorer.normalizer
    if args.profile and args.profile not in normalizer.profiles:
        raise InputError("--profile", None, f"{args.lang} has no profile {args.profile!r}")
    if args.input:
        for number, row in read_jsonl(args.input):
            text = _field(row, "text", args.input, number)
            out = {"id": row.get("id"), "normalized": normalizer(text, args.profile)}
            print(json.dumps(out, ensure_ascii=False) if args.json else out["normalized"])
        return 0
    if args.text is None:
        raise InputError("normalize", None, "give TEXT or --input FILE")
    if args.trace:
        for step, text in normalizer.trace(args.text, args.profile):
            print(f"{step:<16} {text}")
        return 0
    normalized = normalizer(args.text, args.profile)
    print(json.dumps({"normalized": normalized}, ensure_ascii=False) if args.json else normalized)
    return 0


def _score(args: argparse.Namespace) -> int:
    scorer = load_scorer(args.lang, args.config_dir)
    if args.input:
        return _score_file(scorer, args)
    if args.ref is None or args.hyp is None:
        raise InputError("score", None, "give --ref and --hyp, or --input FILE")
    result = scorer.score(args.ref, args.hyp)
    if args.json:
        print(json.dumps(result.as_dict(alignment=not args.no_alignment), ensure_ascii=False))
    else:
        label = result.normalizer.label()
        for name, counts in _variants(result.counts, result.profiles, result.raw):
            print(_pair_line(result.metric, result.unit, label, counts, name))
    return 0


def _variants(counts, profiles, raw) -> list[tuple[str | None, object]]:
    """The default score, or one per profile then the uncleaned one (Hausa: strict,
    folded, raw), so every published variant sits side by side."""
    if not profiles:
        return [(None, counts)]
    rows = [(name, p.counts if hasattr(p, "counts") else p) for name, p in profiles.items()]
    return rows + ([("raw", raw)] if raw is not None else [])


def _pair_line(metric: str, unit: str, label: str, counts, profile: str | None) -> str:
    value = "n/a" if counts.rate is None else f"{counts.rate:.4f}"
    line = f"{metric} {unit} {value} {label} errors={counts.errors} ref={counts.ref_len}"
    return f"{line} profile={profile}" if profile else line


def _score_file(scorer: Scorer, args: argparse.Namespace) -> int:
    corpus = new_corpus(scorer)
    pairs = list(_pairs(args.input))  # read and check every line before printing anything
    for pair, score, reason in iter_scores(scorer, pairs, corpus):
        if not args.json:
            continue
        if score is None:
            out = {"id": pair.id, "skipped": True, "reason": reason}
        else:
            out = {"id": pair.id, **score.as_dict(alignment=not args.no_alignment)}
        print(json.dumps(out, ensure_ascii=False))
    if args.json:
        print(json.dumps(corpus.as_dict(), ensure_ascii=False))
    else:
        for skipped in corpus.skipped:
            print(f"skipped {skipped.id}: {skipped.reason}")
        if corpus.profile_counts:
            for name, counts in _variants(None, corpus.profile_counts, corpus.raw_counts):
                value = "n/a" if counts.rate is None else f"{counts.rate:.4f}"
                print(f"profile={name} {corpus.metric} {counts.errors}/{counts.ref_len} = {value}")
        print(corpus.report_line())  # the honest line comes last
    return 0


def _pairs(path: str) -> Iterator[PairInput]:
    seen: set[str] = set()
    for number, row in read_jsonl(path):
        pair_id = row.get("id")
        if not isinstance(pair_id, (str, int)) or isinstance(pair_id, bool):
            raise InputError(path, number, 'field "id" is missing or not a string')
        pair_id = str(pair_id)
        if pair_id in seen:
            raise InputError(path, number, f"duplicate id {pair_id!r}")
        seen.add(pair_id)
        yield PairInput(pair_id, row.get("reference"), row.get("hypothesis"))


def _ablate(args: argparse.Namespace) -> int:
    scorer = load_scorer(args.lang, args.config_dir)
    given = list(_pairs(args.input))
    # a pair the scorer refuses has no row in any step: count it and say why, as `score` does
    checked = [(p, _ablation_problem(scorer, p)) for p in given]
    skipped = [(p.id, reason) for p, reason in checked if reason is not None]
    pairs = [(p.reference, p.hypothesis) for p, reason in checked if reason is None]
    rows = ablate(scorer, pairs)
    metric = "cer" if scorer.unit == "char" else "wer"
    if args.json:
        table = [{"step": r.step, metric: r.rate, **r.counts.as_dict(metric)} for r in rows]
        report = {"normalizer": scorer.identity.as_dict(), "steps": table}
        report |= {"scored": len(pairs), "manifest": len(given)}
        report["skipped"] = [{"id": pair_id, "reason": reason} for pair_id, reason in skipped]
        print(json.dumps(report, ensure_ascii=False))
    else:
        print(f"{scorer.identity.label()}  {len(pairs)}/{len(given)} pairs scored")
        print(format_table(rows, metric))
        for pair_id, reason in skipped:
            print(f"skipped {pair_id}: {reason}")
    return 0


def _ablation_problem(scorer: Scorer, pair: PairInput) -> str | None:
    """Why a pair has no row: a missing text, or one the normalizer refuses (a config rule
    past the text's time budget, a text grown past its size limit)."""
    reason = unusable_reason(pair)
    if reason is None:
        try:
            scorer.normalizer(pair.reference)
            scorer.normalizer(pair.hypothesis)
        except ScoringError as exc:
            reason = str(exc)
    return reason


def _labels(args: argparse.Namespace) -> int:
    from .labels import format_comparison, format_report, measure

    records = []
    for number, row in read_jsonl(args.input):
        _field(row, "language", args.input, number)  # a conversation names its language
        records.append(row)
    languages = set(args.lang) if args.lang else None
    as_is = measure(records, args.config_dir, languages)
    if not args.without:
        print(format_report(as_is, examples=args.examples))
        return 0
    ablated = measure(records, args.config_dir, languages, without=args.without)
    print(format_comparison(as_is, ablated, " + ".join(args.without)))
    return 0


def _check_data(args: argparse.Namespace) -> int:
    code_switch = configured_code_switch(args.config_dir)
    checked, found = check_file(args.file, languages=args.lang, code_switch=code_switch)
    kinds = Counter(item.finding.kind for item in found)
    conversations = len({item.line for item in found})
    if args.json:
        for item in found:
            print(json.dumps(item.as_dict(), ensure_ascii=False))
        summary = {"summary": True, "conversations": checked, "with_findings": conversations}
        print(json.dumps({**summary, "findings": {k: kinds[k] for k in KINDS if kinds[k]}}))
        return 1 if found else 0
    for item in found:
        print(f"{args.file}:{item.line}: {item.conversation}: {item.finding.message}")
    counts = ", ".join(f"{kind} {kinds[kind]}" for kind in KINDS if kinds[kind])
    summary = f"{len(found)} finding(s) in {conversations} of {checked} conversation(s)"
    print(f"{summary}: {counts}" if counts else summary)
    return 1 if found else 0


def _schema(args: argparse.Namespace) -> int:
    print(json.dumps(LanguageConfig.model_json_schema(), indent=2, ensure_ascii=False))
    return 0


def _field(row: dict, name: str, path: str, number: int) -> str:
    value = row.get(name)
    if not isinstance(value, str):
        raise InputError(path, number, f'field "{name}" is missing or not a string')
    return value


_COMMANDS = {
    "normalize": _normalize,
    "score": _score,
    "ablate": _ablate,
    "labels": _labels,
    "check-data": _check_data,
    "schema": _schema,
}
