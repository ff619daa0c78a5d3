"""Breakdowns of scored utterances: a row per group (speaker, dataset, model, any field)
and the total, with sclite's summary columns and a bootstrap interval of the rate.

sclite's columns: `Snt` utterances, `Wrd` reference words, `Corr`, `Sub`, `Del`, `Ins`,
`Err` (Sub + Del + Ins) and `S.Err` (utterances with an error). Reports come as a plain
table, JSON, CSV, or sclite's `sum` layout (percentages, then the mean, standard
deviation and median over the groups).

>>> from scoring.evaluate import Utterance
>>> from scoring.formats import Record
>>> from scoring.metrics import Counts
>>> rows = [Utterance(Record("1", "", "", "ann"), Counts(1, 0, 0, 4, 4)),
...         Utterance(Record("2", "", "", "bob"), Counts(0, 0, 0, 3, 3))]
>>> summary = summarize(rows, metric="wer", group_by="speaker")
>>> [(row.label, row.sentences, row.counts.errors, row.sentence_errors) for row in summary.rows]
[('ann', 1, 1, 1), ('bob', 1, 0, 0)]
>>> summary.total.counts.ref_len, round(summary.total.rate, 4)
(7, 0.1429)
"""

from __future__ import annotations

import csv
import io
import json
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from .errors import InputError
from .evaluate import Utterance
from .formats import Record
from .metrics import Counts
from .stats import LEVEL, Interval, bootstrap_rate

__all__ = [
    "NO_VALUE",
    "Bootstrap",
    "Row",
    "Summary",
    "field_value",
    "format_sclite",
    "format_table",
    "summarize",
    "to_csv",
    "unit_of",
]

NO_VALUE = "(none)"  # the group of a record without the field


@dataclass(frozen=True)
class Bootstrap:
    """How to draw intervals: `replicates` resamples from `random.Random(seed)` of units,
    each an utterance, or all utterances sharing a value of the field `unit` (drawn
    together: a conversation's turns are not independent)."""

    replicates: int
    seed: int = 0
    unit: str | None = None

    def as_dict(self) -> dict:
        unit = self.unit or "utterance"
        return {"replicates": self.replicates, "seed": self.seed, "unit": unit, "level": LEVEL}


@dataclass(frozen=True)
class Row:
    label: str
    sentences: int
    sentence_errors: int
    counts: Counts
    interval: Interval | None = None

    @property
    def rate(self) -> float | None:
        return self.counts.rate

    def as_dict(self, metric: str) -> dict:
        c = self.counts
        return {
            "group": self.label,
            "sentences": self.sentences,
            "words": c.ref_len,
            "correct": c.hits,
            "substitutions": c.substitutions,
            "deletions": c.deletions,
            "insertions": c.insertions,
            "errors": c.errors,
            "sentence_errors": self.sentence_errors,
            metric: c.rate,
            "interval": None if self.interval is None else self.interval.as_dict(),
        }


@dataclass(frozen=True)
class Summary:
    metric: str
    group_by: str | None
    rows: tuple[Row, ...]  # one per group, by label; none without group_by
    total: Row
    bootstrap: Bootstrap | None = None

    def as_dict(self) -> dict:
        return {
            "group_by": self.group_by,
            "bootstrap": None if self.bootstrap is None else self.bootstrap.as_dict(),
            "groups": [row.as_dict(self.metric) for row in self.rows],
            "total": self.total.as_dict(self.metric),
        }


def field_value(record: Record, field: str) -> str:
    """The record's value of `field` as a label: `speaker` is the record's speaker, any
    other name a metadata field (`dataset`, `model`, `lang`, ...)."""
    value = record.speaker if field == "speaker" else record.metadata.get(field)
    if value is None:
        return NO_VALUE
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def unit_of(record: Record, field: str) -> str:
    """The resampling unit a record belongs to; a record without the field is an error
    (lumping all such records into one unit would be a made-up conversation)."""
    key = field_value(record, field)
    if key == NO_VALUE:
        problem = f"utterance {record.id!r} has no {field!r} to resample by"
        raise InputError("--resample", record.line, problem)
    return key


def summarize(
    utterances: Sequence[Utterance],
    *,
    metric: str,
    group_by: str | None = None,
    bootstrap: Bootstrap | None = None,
) -> Summary:
    groups: dict[str, list[Utterance]] = {}
    if group_by is not None:
        for utterance in utterances:
            groups.setdefault(field_value(utterance.record, group_by), []).append(utterance)
    rows = tuple(_row(label, groups[label], bootstrap) for label in sorted(groups))
    total = _row("Sum", utterances, bootstrap)
    return Summary(metric, group_by, rows, total, bootstrap)


def _row(label: str, utterances: Sequence[Utterance], bootstrap: Bootstrap | None) -> Row:
    counts = sum((u.counts for u in utterances), Counts())
    wrong = sum(1 for u in utterances if u.counts.errors)
    interval = None
    if bootstrap is not None:
        interval = bootstrap_rate(
            _units(utterances, bootstrap.unit),
            replicates=bootstrap.replicates,
            seed=bootstrap.seed,
        )
    return Row(label, len(utterances), wrong, counts, interval)


def _units(utterances: Sequence[Utterance], field: str | None) -> list[tuple[int, int]]:
    """(errors, words) per resampling unit, in order of first appearance."""
    if field is None:
        return [(u.counts.errors, u.counts.ref_len) for u in utterances]
    units: dict[str, Counts] = {}
    for u in utterances:
        key = unit_of(u.record, field)
        units[key] = units.get(key, Counts()) + u.counts
    return [(c.errors, c.ref_len) for c in units.values()]


def _percent(value: float | None) -> str:
    return "n/a" if value is None else f"{100 * value:.2f}%"


def format_table(summary: Summary) -> str:
    """A row per group, then the total, with counts, the rate and its interval."""
    head = [summary.group_by or "", "Snt", "Wrd", "Corr", "Sub", "Del", "Ins", "Err", "S.Err"]
    head.append(summary.metric.upper())
    with_interval = summary.bootstrap is not None
    if with_interval:
        head.append(f"{LEVEL:.0%} CI")
    lines = [head]
    for row in (*summary.rows, summary.total):
        c = row.counts
        cells = [row.label, row.sentences, c.ref_len, c.hits, c.substitutions, c.deletions,
                 c.insertions, c.errors, row.sentence_errors, _percent(row.rate)]  # fmt: skip
        if with_interval:
            i = row.interval
            cells.append("n/a" if i is None else f"[{_percent(i.low)}, {_percent(i.high)}]")
        lines.append([str(cell) for cell in cells])
    widths = [max(len(line[k]) for line in lines) for k in range(len(head))]
    out = []
    for line in lines:
        first = line[0].ljust(widths[0])
        rest = [cell.rjust(width) for cell, width in zip(line[1:], widths[1:], strict=True)]
        out.append("  ".join([first, *rest]).rstrip())
    return "\n".join(out)


def to_csv(summary: Summary) -> str:
    """A line per group and one for the total (`row` says which)."""
    names = ["row", "group", "sentences", "words", "correct", "substitutions", "deletions",
             "insertions", "errors", "sentence_errors", summary.metric,
             "ci_low", "ci_high"]  # fmt: skip
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(names)
    for kind, row in [("group", r) for r in summary.rows] + [("total", summary.total)]:
        data = row.as_dict(summary.metric)
        interval = data.pop("interval") or {}
        values = [kind, *data.values(), interval.get("low"), interval.get("high")]
        writer.writerow(["" if v is None else v for v in values])
    return buffer.getvalue()


# sclite's `sum` report: fixed columns, percentages of Wrd (S.Err of Snt), one decimal.
_COUNTS_HEAD = " # Snt # Wrd "
_PERCENT_HEAD = " Corr    Sub    Del    Ins    Err  S.Err "


def format_sclite(summary: Summary, title: str) -> str:
    """The summary in the layout of sclite's `-o sum` report."""
    label_head = {"speaker": "SPKR"}.get(summary.group_by or "", (summary.group_by or "").upper())
    labels = [row.label for row in summary.rows] + [label_head, "Sum/Avg", "Median"]
    width = max(8, max(len(label) for label in labels) + 1)
    inner = width + 1 + len(_COUNTS_HEAD) + 1 + len(_PERCENT_HEAD)
    dashes = f"|{'-' * width}+{'-' * len(_COUNTS_HEAD)}+{'-' * len(_PERCENT_HEAD)}|"
    double = f"|{'=' * inner}|"
    by = "SPEAKER" if summary.group_by == "speaker" else label_head
    heading = "SYSTEM SUMMARY PERCENTAGES" + (f" by {by}" if summary.group_by else "")
    head = f"|{(' ' + label_head).ljust(width)}|{_COUNTS_HEAD}|{_PERCENT_HEAD}|"
    lines = [heading.center(inner + 2).rstrip(), "", f",{'-' * inner}."]
    lines += [f"|{title.center(inner)}|", f"|{'-' * inner}|", head]
    for row in summary.rows:
        lines += [dashes, _sclite_line((" " + row.label).ljust(width), _columns(row))]
    lines += [double if summary.rows else dashes]
    lines.append(_sclite_line(" Sum/Avg".ljust(width), _columns(summary.total)))
    if summary.rows:
        per_group = [_columns(row) for row in summary.rows]
        lines.append(double)
        for name, measure in (("Mean", statistics.fmean), ("S.D.", _stdev),
                              ("Median", statistics.median)):  # fmt: skip
            values = [_over(measure, [g[k] for g in per_group]) for k in range(8)]
            lines.append(_sclite_line(name.center(width), values, decimals=True))
    lines.append(f"`{'-' * inner}'")
    lines += _interval_notes(summary)
    return "\n".join(lines) + "\n"


def _columns(row: Row) -> list[float | None]:
    """Snt, Wrd, then Corr, Sub, Del, Ins, Err in percent of Wrd, S.Err of Snt."""
    c = row.counts

    def of_words(value: int) -> float | None:
        if c.ref_len:
            return 100 * value / c.ref_len
        return 0.0 if value == 0 else None

    shares = [of_words(v) for v in (c.hits, c.substitutions, c.deletions, c.insertions, c.errors)]
    sentence = 100 * row.sentence_errors / row.sentences if row.sentences else 0.0
    return [row.sentences, c.ref_len, *shares, sentence]


def _sclite_line(label: str, values: list, *, decimals: bool = False) -> str:
    def cell(value, width: int, whole: bool) -> str:
        if value is None:
            return "n/a".rjust(width)
        return f"{value:>{width}d}" if whole else f"{value:>{width}.1f}"

    counts = cell(values[0], 5, not decimals) + cell(values[1], 7, not decimals) + " "
    shares = cell(values[2], 5, False) + "".join(cell(v, 7, False) for v in values[3:]) + " "
    return f"|{label}|{counts}|{shares}|"


def _over(measure, values: list[float | None]) -> float | None:
    defined = [v for v in values if v is not None]
    return measure(defined) if defined else None


def _stdev(values: list[float]) -> float:
    """The sample standard deviation (n - 1), 0 for a single group."""
    return statistics.stdev(values) if len(values) > 1 else 0.0


def _interval_notes(summary: Summary) -> list[str]:
    if summary.bootstrap is None:
        return []
    b = summary.bootstrap
    lines = [
        "",
        f"{LEVEL:.0%} bootstrap interval of Err ({b.replicates} resamples of "
        f"{b.unit or 'utterance'}s, seed {b.seed}):",
    ]
    for row in (*summary.rows, summary.total):
        i = row.interval
        where = "n/a" if i is None else f"[{100 * i.low:.1f}, {100 * i.high:.1f}]"
        lines.append(f"  {'Sum/Avg' if row is summary.total else row.label}: {where}")
    return lines
