"""Token helpers shared by the steps. Steps work on whitespace-separated tokens.

We never use `\\b` regexes to find words: `\\b` misfires inside words of scripts with
combining marks (Devanagari matras are not `\\w` in every engine). Split, then map tokens.
"""

from __future__ import annotations

import unicodedata

import regex

__all__ = ["EDGE_PUNCT", "is_punctuation", "split_edges", "strip_edges"]


# Punctuation that may stick to the start or end of a word ("Hello," "(yes)" "¿qué?").
# The apostrophe is not in it: it belongs to words (l'homme, saʼa, don't).
EDGE_PUNCT = '.,;:!?¡¿"“”„«»()[]{}<>…。、「」『』！？，：；·・।॥،؛؟'


def strip_edges(token: str) -> str:
    return token.strip(EDGE_PUNCT)


def is_punctuation(token: str) -> bool:
    """Only punctuation characters (Unicode P*): "," "..." "'" "«"."""
    return all(unicodedata.category(ch)[0] == "P" for ch in token)


_EDGES = regex.compile(r"^(\p{P}*)(.*?)(\p{P}*)$", flags=regex.DOTALL)


def split_edges(token: str, keep: str = "") -> list[str]:
    """`"(Hello,"` -> `["(", "Hello", ","]`; inner punctuation (3.5, M4-B) stays put.

    Characters in `keep` stay with the word even at its edges (Hausa ʼ is a letter).
    """
    if token[0].isalnum() and token[-1].isalnum():
        return [token]  # the common case, without a regex
    lead, core, trail = _EDGES.match(token).groups()
    if keep:
        while lead and lead[-1] in keep:
            lead, core = lead[:-1], lead[-1] + core
        while trail and trail[0] in keep:
            trail, core = trail[1:], core + trail[0]
    if not core:
        return [token]
    return [part for part in (lead, core, trail) if part]
