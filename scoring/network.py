"""Align a hypothesis against a reference that may hold alternations, as sclite does:
the reference is a word network (an alternation is a fork whose branches join again, `@`
a branch with no word) and one dynamic programme finds the cheapest path through it and
the alignment along that path. Each alternation thereby gets the alternative that costs
least, in context, without trying every combination.

sclite's documented word weights are 0 for a correct word, 3 for an insertion, 3 for a
deletion and 4 for a substitution (`SCLITE`). Its documentation says no error is counted
where `@` meets no word; here passing through `@` costs nothing. `LEVENSHTEIN` weighs every
error 1, as jiwer and Kaldi's compute-wer do. Between paths of equal cost, the one with
fewer errors wins, then the one through fewer `@`s. (Such ties are rare, about 1 in 10,000
random short pairs, e.g. `a a a { b b / @ }` against `b c b`; sclite's documentation does
not say how it breaks them.)

The reference words counted (sclite's `# Wrd`) are those on the chosen path.

>>> from scoring.alternations import parse_transcript
>>> ref = parse_transcript("i've { um / uh / @ } as far as i'm concerned")
>>> a = align_network(ref, "i've as far as i'm concerned".split())
>>> a.ref, a.errors
(("i've", 'as', 'far', 'as', "i'm", 'concerned'), 0)
>>> a = align_network(parse_transcript("{ @ / the } cat"), ["a", "cat"])
>>> a.ref, (a.substitutions, a.deletions, a.insertions)
(('cat',), (0, 0, 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .align import Alignment
from .alternations import Alternation, Item

__all__ = ["LEVENSHTEIN", "SCLITE", "Costs", "align_network"]


@dataclass(frozen=True)
class Costs:
    """Weights of the edit operations; a correct word costs 0."""

    name: str
    substitution: int
    insertion: int
    deletion: int


SCLITE = Costs("sclite", substitution=4, insertion=3, deletion=3)
LEVENSHTEIN = Costs("levenshtein", substitution=1, insertion=1, deletion=1)

_TAG = {"equal": "equal", "substitute": "replace", "delete": "delete", "insert": "insert"}


def align_network(
    reference: Sequence[Item], hypothesis: Sequence[str], costs: Costs = SCLITE
) -> Alignment:
    """The cheapest alignment of `hypothesis` against any path through `reference`."""
    incoming = _network(reference)
    hyp = tuple(hypothesis)
    ops = _backtrace(incoming, hyp, _table(incoming, hyp, costs))
    return _alignment(ops, hyp)


def _network(items: Sequence[Item]) -> list[list[tuple[int, str | None]]]:
    """Arcs into each node as (from node, word or None for no word). Nodes are numbered
    as they are made and every arc goes forward, so number order is a topological order;
    the last node is the end."""
    incoming: list[list[tuple[int, str | None]]] = [[]]

    def build(sequence: Sequence[Item], node: int) -> int:
        for item in sequence:
            if isinstance(item, Alternation):
                ends = [build(option, node) for option in item.options]
                incoming.append([(end, None) for end in ends])
            else:
                incoming.append([(node, item)])
            node = len(incoming) - 1
        return node

    build(items, 0)
    return incoming


def _table(incoming, hyp: tuple[str, ...], costs: Costs) -> list[list[tuple[int, tuple]]]:
    """For each node and each hypothesis prefix, the best (key, back pointer). A key packs
    (weighted cost, errors, `@`s passed) into one integer that orders as that tuple does;
    a back pointer is (kind, node before, reference word)."""
    scale = sum(len(arcs) for arcs in incoming) + len(hyp) + 1
    sub = (costs.substitution * scale + 1) * scale
    ins = (costs.insertion * scale + 1) * scale
    dele = (costs.deletion * scale + 1) * scale
    table = [[(ins * j, ("insert", 0, None)) for j in range(len(hyp) + 1)]]
    for node in range(1, len(incoming)):
        row: list[tuple[int, tuple]] = []
        for j in range(len(hyp) + 1):
            best: tuple[int, tuple] | None = None
            for source, word in incoming[node]:
                before = table[source]
                if word is None:
                    option = (before[j][0] + 1, ("null", source, None))
                    best = option if best is None or option[0] < best[0] else best
                    continue
                if j:  # a diagonal step first: between equal costs it wins
                    hit = word == hyp[j - 1]
                    kind = "equal" if hit else "substitute"
                    option = (before[j - 1][0] + (0 if hit else sub), (kind, source, word))
                    best = option if best is None or option[0] < best[0] else best
                option = (before[j][0] + dele, ("delete", source, word))
                best = option if best is None or option[0] < best[0] else best
            if j and row[j - 1][0] + ins < best[0]:
                best = (row[j - 1][0] + ins, ("insert", node, None))
            row.append(best)
        table.append(row)
    return table


def _backtrace(incoming, hyp, table) -> list[tuple[str, str | None]]:
    """(kind, reference word) from the start to the end; `null` steps left out."""
    ops = []
    node, j = len(incoming) - 1, len(hyp)
    while (node, j) != (0, 0):
        kind, source, word = table[node][j][1]
        if kind != "null":
            ops.append((kind, word))
        if kind in ("equal", "substitute", "insert"):
            j -= 1
        node = source
    ops.reverse()
    return ops


def _alignment(ops, hyp: tuple[str, ...]) -> Alignment:
    ref: list[str] = []
    counts = {"substitute": 0, "delete": 0, "insert": 0, "equal": 0}
    blocks: list[list] = []
    h = 0
    for kind, word in ops:
        counts[kind] += 1
        r1, h1 = len(ref), h
        if word is not None:
            ref.append(word)
        if kind != "delete":
            h += 1
        tag = _TAG[kind]
        if blocks and blocks[-1][0] == tag:
            blocks[-1][2], blocks[-1][4] = len(ref), h
        else:
            blocks.append([tag, r1, len(ref), h1, h])
    return Alignment(
        tuple(ref), hyp, counts["substitute"], counts["delete"], counts["insert"],
        tuple(tuple(block) for block in blocks),
    )  # fmt: skip
