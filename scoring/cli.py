"""Command-line interface: `python -m scoring` (or `lexicheck`) with a command:
normalize, score, compare, ablate, labels, check-data, codeswitch, schema.

`score` reads a pair of strings, one file holding both sides (`--input F --format
jsonl|nemo|csv|tsv`) or a reference and a hypothesis file (`--ref-file R --hyp-file H
--format trn|kaldi|text`); `--group-by`, `--bootstrap` and `--report` break the score
down. `compare A B` compares two hypothesis sets on the same references.

Bad input (an unreadable file, a bad line, an unknown language, a bad config) exits
with status 2 and one line on stderr naming the file and line; never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

from . import report as reports
from .ablation import ablate, format_table
from .compare import compare, format_comparison
from .config import LanguageConfig
from .corpus import PairInput, unusable_reason
from .dataquality import KINDS
from .dataquality.files import check_file, configured_scripts
from .errors import InputError, ScoringError
from .evaluate import ALIGNMENTS, Evaluation, Utterance, evaluate
from .formats import (
    ID_STYLES,
    PAIRED_FORMATS,
    SINGLE_FORMATS,
    Record,
    parse_columns,
    read_paired,
    read_pairs,
    read_single,
)
from .jsonl import read_jsonl
from .scorer import Scorer, load_scorer

__all__ = ["main"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=_prog(), description=__doc__.split("\n")[0])
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
    score.add_argument("--input", help="one file of pairs (--format jsonl, nemo, csv, tsv)")
    score.add_argument("--ref-file", help="reference file (--format trn, kaldi, text)")
    score.add_argument("--hyp-file", help="hypothesis file (--format trn, kaldi, text)")
    _formats(score)
    score.add_argument("--no-alignment", action="store_true", help="leave ops out of --json")
    score.add_argument(
        "--group-by", metavar="FIELD",
        help="a row per value: speaker, dataset, model, or any field or column",
    )  # fmt: skip
    _bootstrap(score, default=0)
    score.add_argument(
        "--report", choices=("json", "csv", "sclite"),
        help="print the breakdown as JSON, CSV or sclite's summary table",
    )  # fmt: skip

    compared = commands.add_parser("compare", help="compare two hypothesis sets (A, B)")
    _common(compared)
    compared.add_argument("a", metavar="A", help="system A: a hypothesis file, or a file of pairs")
    compared.add_argument("b", metavar="B", help="system B, the same way")
    compared.add_argument("--ref-file", help="the references, for --format trn, kaldi, text")
    _formats(compared)
    _bootstrap(compared, default=1000)
    compared.add_argument("--top", type=int, default=10, help="list the N most different units")

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


def _prog() -> str:
    return "lexicheck" if Path(sys.argv[0]).name == "lexicheck" else "python -m scoring"


def _formats(sub: argparse.ArgumentParser) -> None:
    sub.add_argument(
        "--format", choices=PAIRED_FORMATS + SINGLE_FORMATS,
        help="trn, kaldi, text (two files); jsonl (default), nemo, csv, tsv (one file)",
    )  # fmt: skip
    sub.add_argument(
        "--columns", metavar="ROLE=COLUMN,...",
        help="csv/tsv column names of id, reference, hypothesis, speaker",
    )  # fmt: skip
    sub.add_argument("--id-style", choices=ID_STYLES, help="trn/kaldi: the speaker from the id")
    sub.add_argument(
        "--align", choices=tuple(ALIGNMENTS),
        help="sclite's weights (0/3/3/4; the default for trn) or equal ones (the rest)",
    )  # fmt: skip


def _bootstrap(sub: argparse.ArgumentParser, *, default: int) -> None:
    sub.add_argument(
        "--bootstrap", type=int, default=default, metavar="N",
        help=f"95%% interval from N resamples (default {default})",
    )  # fmt: skip
    sub.add_argument("--seed", type=int, default=0, help="seed of the resampling (default 0)")
    sub.add_argument(
        "--resample", metavar="FIELD",
        help="resample groups sharing this field (a conversation id), not utterances",
    )  # fmt: skip


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
        print(f"{_prog()} {args.command}: error: {exc}", file=sys.stderr)
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
    if args.input or args.ref_file or args.hyp_file:
        return _score_file(scorer, args)
    if args.ref is None or args.hyp is None:
        raise InputError("score", None, "give --ref and --hyp, or --input FILE")
    for option in ("format", "group_by", "report", "resample"):
        if getattr(args, option):
            name = "--" + option.replace("_", "-")
            raise InputError(name, None, "reads files: give --input, or --ref-file and --hyp-file")
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
    if args.report and args.json:
        raise InputError("--report", None, "give --report or --json, not both")
    records = _records(args)  # read and check every line before printing anything
    run = evaluate(scorer, records, align=_align(args))
    breakdown = args.group_by or args.bootstrap or args.resample or args.report
    summary = _summary(run, records, args) if breakdown else None
    if args.report:
        print(_report(run, summary, args), end="")
    elif args.json:
        _print_json_lines(run, summary, alignment=not args.no_alignment)
    else:
        _print_text(run, summary)
    return 0


def _print_json_lines(run: Evaluation, summary: reports.Summary | None, *, alignment: bool):
    """A line per pair, then the corpus summary (with the breakdown when asked for)."""
    for pair, score, reason in run.results:
        if score is None:
            out = {"id": pair.id, "skipped": True, "reason": reason}
        else:
            out = {"id": pair.id, **score.as_dict(alignment=alignment)}
        print(json.dumps(out, ensure_ascii=False))
    out = run.corpus.as_dict()
    if summary is not None:
        out["breakdown"] = summary.as_dict()
    print(json.dumps(out, ensure_ascii=False))


def _print_text(run: Evaluation, summary: reports.Summary | None) -> None:
    corpus = run.corpus
    for skipped in corpus.skipped:
        print(f"skipped {skipped.id}: {skipped.reason}")
    if corpus.profile_counts:
        for name, counts in _variants(None, corpus.profile_counts, corpus.raw_counts):
            value = "n/a" if counts.rate is None else f"{counts.rate:.4f}"
            print(f"profile={name} {corpus.metric} {counts.errors}/{counts.ref_len} = {value}")
    if summary is not None:
        print(reports.format_table(summary))
    print(corpus.report_line())  # the honest line comes last


def _records(args: argparse.Namespace) -> list[Record]:
    """The records of `--input`, or of `--ref-file` with `--hyp-file`, by `--format`."""
    if args.input:
        if args.ref_file or args.hyp_file:
            raise InputError("score", None, "give --input, or --ref-file and --hyp-file, not both")
        return _single(args, args.input)
    if not (args.ref_file and args.hyp_file):
        raise InputError("score", None, "give both --ref-file and --hyp-file")
    return _paired(args, args.ref_file, args.hyp_file)


def _single(args: argparse.Namespace, path: str) -> list[Record]:
    fmt = args.format or "jsonl"
    if fmt in PAIRED_FORMATS:
        problem = f"{fmt} reads a reference and a hypothesis file: give --ref-file"
        raise InputError("--format", None, problem)
    if args.id_style:
        raise InputError("--id-style", None, f"reads trn and kaldi ids, not {fmt} records")
    columns = parse_columns(args.columns) if args.columns else None
    return read_single(fmt, path, columns=columns)


def _paired(args: argparse.Namespace, ref_file: str, hyp_file: str) -> list[Record]:
    if args.format not in PAIRED_FORMATS:
        problem = "give trn, kaldi or text with --ref-file"
        if args.format:
            problem = f"{args.format} holds both sides in one file: give --input"
        raise InputError("--format", None, problem)
    if args.columns:
        raise InputError("--columns", None, "is for csv and tsv files")
    return read_paired(args.format, ref_file, hyp_file, id_style=args.id_style)


def _align(args: argparse.Namespace) -> str:
    return args.align or ("sclite" if args.format == "trn" else "levenshtein")


def _summary(run: Evaluation, records: list[Record], args) -> reports.Summary:
    bootstrap = _bootstrap_of(args)
    if args.group_by == "speaker" and all(r.speaker is None for r in records):
        problem = "no record has a speaker: give --id-style (trn, kaldi) or a speaker field"
        raise InputError("--group-by", None, problem)
    return reports.summarize(
        run.utterances, metric=run.corpus.metric, group_by=args.group_by, bootstrap=bootstrap
    )


def _bootstrap_of(args: argparse.Namespace) -> reports.Bootstrap | None:
    """How to draw intervals, or None for `--bootstrap 0`."""
    if not args.bootstrap:
        if args.resample:
            raise InputError("--resample", None, "needs --bootstrap N")
        return None
    return reports.Bootstrap(args.bootstrap, args.seed, args.resample)


def _report(run: Evaluation, summary: reports.Summary, args: argparse.Namespace) -> str:
    corpus = run.corpus
    if args.report == "csv":
        return reports.to_csv(summary)
    if args.report == "sclite":
        table = reports.format_sclite(summary, args.hyp_file or args.input)
        notes = [f"skipped {s.id}: {s.reason}" for s in corpus.skipped]
        return table + "".join(f"{line}\n" for line in [*notes, corpus.report_line()])
    out = {
        "format": args.format or "jsonl",
        "align": run.align,
        "metric": corpus.metric,
        "unit": corpus.unit,
        "normalizer": corpus.normalizer,
        "scored": corpus.scored,
        "manifest": corpus.manifest,
        "skipped": [s.as_dict() for s in corpus.skipped],
        **summary.as_dict(),
        "utterances": [_utterance(u, corpus.metric) for u in run.utterances],
    }
    return json.dumps(out, ensure_ascii=False) + "\n"


def _utterance(utterance: Utterance, metric: str) -> dict:
    record = utterance.record
    out = {"id": record.id, "speaker": record.speaker, **utterance.counts.as_dict(metric)}
    return out | ({"metadata": dict(record.metadata)} if record.metadata else {})


def _compare(args: argparse.Namespace) -> int:
    scorer = load_scorer(args.lang, args.config_dir)
    bootstrap = _bootstrap_of(args) or reports.Bootstrap(0, args.seed)  # 0: no interval
    if args.ref_file:
        a_records = _paired(args, args.ref_file, args.a)
        b_records = _paired(args, args.ref_file, args.b)
    elif args.format in PAIRED_FORMATS:
        raise InputError("--ref-file", None, f"{args.format}: give the references with --ref-file")
    else:
        a_records, b_records = _single(args, args.a), _single(args, args.b)
        _same_references(a_records, b_records, args.a, args.b)
    align = _align(args)
    run_a = evaluate(scorer, a_records, align=align)
    run_b = evaluate(scorer, b_records, align=align)
    skipped = {s.id for s in run_a.corpus.skipped} | {s.id for s in run_b.corpus.skipped}
    a = [u for u in run_a.utterances if u.record.id not in skipped]
    b = [u for u in run_b.utterances if u.record.id not in skipped]
    result = compare(a, b, bootstrap=bootstrap, metric=run_a.corpus.metric)
    if args.json:
        out = result.as_dict(args.top) | {"names": {"a": args.a, "b": args.b}}
        out |= {"align": align, "normalizer": run_a.corpus.normalizer, "skipped": sorted(skipped)}
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(format_comparison(result, args.a, args.b, top=args.top))
        for pair_id in sorted(skipped):
            print(f"skipped {pair_id} (in A or B)")
    return 0


def _same_references(a: list[Record], b: list[Record], a_name: str, b_name: str) -> None:
    """Two files of pairs compare only if they hold the same utterances and references."""
    by_id = {r.id: r for r in a}
    for record in b:
        other = by_id.pop(record.id, None)
        if other is None:
            raise InputError(b_name, record.line, f"utterance {record.id!r} is not in {a_name}")
        if other.reference != record.reference:
            problem = f"utterance {record.id!r} has another reference than in {a_name}"
            raise InputError(b_name, record.line, problem)
    for record in by_id.values():
        raise InputError(a_name, record.line, f"utterance {record.id!r} is not in {b_name}")


def _ablate(args: argparse.Namespace) -> int:
    scorer = load_scorer(args.lang, args.config_dir)
    given = read_pairs(args.input)
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
    scripts = configured_scripts(args.config_dir)
    checked, found = check_file(args.file, languages=args.lang, scripts=scripts)
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
    "compare": _compare,
    "ablate": _ablate,
    "labels": _labels,
    "check-data": _check_data,
    "schema": _schema,
}
