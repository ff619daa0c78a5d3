"""Score a pair as sclite does: a reference that may hold alternations (`{ a / b }`, `@`,
`(word)`), aligned through `scoring.network` with chosen weights (sclite's by default).

Each run of plain words and each alternative is normalized on its own, with the
language's normalizer (its default profile where it has several), then split into
tokens; with `--lang plain` that is exactly what sclite compares (sclite also maps case
unless told not to). A rule that reads across a brace (a number word on either side) does
not see the other side, and in a language scored in characters the space at a brace is
not a token. A pair scored this way has no profiles, raw or code-switch view.

>>> from scoring import load_scorer
>>> plain = load_scorer("plain")
>>> result = score_transcript(plain, "i've { um / uh / @ } as far as i'm concerned",
...                           "I've uh as far as I'm concerned")
>>> result.counts.errors, result.counts.ref_len, result.reference
(0, 7, "i've uh as far as i'm concerned")
"""

from __future__ import annotations

from .align import join
from .alternations import map_words, parse_transcript
from .metrics import Counts
from .network import SCLITE, Costs, align_network
from .scorer import PairScore, Scorer

__all__ = ["score_transcript"]


def score_transcript(
    scorer: Scorer,
    reference: str,
    hypothesis: str,
    *,
    costs: Costs = SCLITE,
    alternations: bool = True,
) -> PairScore:
    """Normalize, align through the reference's network, count along the chosen path.
    With `alternations=False` the reference is plain text (braces are words)."""

    def words(text: str) -> list[str]:
        return scorer.tokens(_normalize(scorer, text))

    items = map_words(parse_transcript(reference), words) if alternations else words(reference)
    hyp_norm = _normalize(scorer, hypothesis)
    alignment = align_network(items, scorer.tokens(hyp_norm), costs)
    counts = Counts.of(alignment)
    ref_norm = join(alignment.ref, scorer.unit)
    return PairScore(counts, scorer.unit, scorer.identity, alignment, ref_norm, hyp_norm)


def _normalize(scorer: Scorer, text: str) -> str:
    profile = scorer.config.default_profile if scorer.normalizer.profile_steps else None
    return scorer.normalizer(text, profile)
