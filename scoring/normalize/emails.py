"""Spoken email addresses and web addresses: "john at gmail dot com" = john@gmail.com.

"at" and "dot" (fr arobase/point, de Klammeraffe/Punkt, es arroba/punto) are ordinary words
almost everywhere ("meet at noon", "a dot on the map", "el punto es"), so they are not
symbol words: they become @ and . only inside an address, which is recognized by its end,
a known top-level domain. Two rules, both on only for a config with an `emails` section:

- `punctuation` keeps the dots of a written address (john@gmail.com, www.example.com,
  booking.com): the token survives as one word on both sides.
- `emails` (late: after punctuation, fillers, spelled codes and digit runs, so it reads
  the words a second pass reads too): a chain label (sep label)+ where each sep is a dot
  word or an at word, at most one @ in all, ending in a domain of `domains` (or of
  `domains_after_at` when an @ came before it: Spanish "es" ends juan arroba empresa punto
  es, not "el punto es que"), is written as one token. A label is a word, or a written
  piece of an address ("gmail.com", "jean@gmail" from a spoken symbol), so "john at
  gmail.com" = john@gmail.com. The chain starts at its first label: English "look at
  google.com" reads look@google.com, on both sides alike.

>>> read = build_spoken_emails(["at"], ["dot"], ["com"], [])
>>> read("mail john dot smith at gmail dot com meet at noon by a dot on the map")
'mail john.smith@gmail.com meet at noon by a dot on the map'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

import regex

__all__ = ["build_spoken_emails", "web_probe", "web_token_test"]

StepFn = Callable[[str], str]

# A label: word characters, or a written address piece joined by . and @.
_LABEL = regex.compile(r"^\w+(?:[.@]\w+)*$")
# A written address as the punctuation step sees it (lower case; / for a path). Not with
# an underscore at an edge: tokenize splits that off ("_john@x.com" reads _ john@x.com).
_WEB = regex.compile(r"^(?!_)\w+(?:[.@/]\w+)+(?<!_)$")
_INNER_DOT = regex.compile(r"[^\W\d_]\.\w|\w\.[^\W\d_]")


def build_spoken_emails(
    at_words: Iterable[str],
    dot_words: Iterable[str],
    domains: Iterable[str],
    domains_after_at: Iterable[str],
    symbol_words: frozenset[str] = frozenset(),
    lower_case: bool = True,
) -> StepFn:
    """The `emails` step. A chain with a spoken symbol word right before or after it
    ("dash 1 at gmail.com") is left as it is: the symbol step ran first and did not take
    its words for a code, and a second pass must not find one in the address either."""
    ats = frozenset(word.lower() for word in at_words)
    dots = frozenset(word.lower() for word in dot_words)
    separators = ats | dots
    # Substrings to look for first, in the text as the case step left it (`lower_case`).
    dot_probes = [f" {word} " for word in sorted(dots)]
    one_dot = next(iter(dots)) if len(dots) == 1 else None
    at_probes = [f" {word} " for word in sorted(ats)]
    anywhere = frozenset(domain.lower() for domain in domains)
    after_at = anywhere | frozenset(domain.lower() for domain in domains_after_at)

    def valid(address: str) -> bool:
        if address.count("@") > 1:
            return False
        head, dot, last = address.rpartition(".")
        if not dot or not head or "@" in last:
            return False
        if "@" in address:
            return "." in address.partition("@")[2] and last.lower() in after_at
        return last.lower() in anywhere

    def label(token: str, lowered: str) -> bool:
        return lowered not in separators and _LABEL.match(token) is not None

    def read(text: str) -> str:
        probe = text if lower_case else text.lower()
        if not (one_dot in probe if one_dot else any(word in probe for word in dots)) and not (
            "." in text and _INNER_DOT.search(text)
        ):
            return text  # no dot word, and no written domain for an at word to join
        padded = f" {probe} "
        if not any(word in padded for word in dot_probes) and not any(
            word in padded for word in at_probes
        ):
            return text
        tokens = text.split()
        lowered = [token.lower() for token in tokens]
        out: list[str] = []
        i, n = 0, len(tokens)
        while i < n:
            if not label(tokens[i], lowered[i]):
                out.append(tokens[i])
                i += 1
                continue
            address, best, j = tokens[i], None, i
            while j + 2 < n and lowered[j + 1] in separators:
                sep, nxt = j + 1, j + 2
                if not label(tokens[nxt], lowered[nxt]):
                    break
                address += ("@" if lowered[sep] in ats else ".") + tokens[nxt]
                if address.count("@") > 1:
                    break
                j = nxt
                if valid(address):
                    best = (address, j + 1)
            if best is not None and symbol_words.intersection(
                (lowered[i - 1] if i else "", lowered[best[1]] if best[1] < n else "")
            ):
                best = None
            if best is None:
                out.append(tokens[i])
                i += 1
            else:
                out.append(best[0])
                i = best[1]
        return " ".join(out)

    return read


def web_token_test(domains: Iterable[str]) -> Callable[[str], bool]:
    """Is a token a written email or web address, whose dots the punctuation step keeps?
    An email (x@host.tld), or a host whose last label is a known domain or that starts with
    www (www.example.com, booking.com, gmail.com/help)."""
    known = frozenset(domain.lower() for domain in domains)

    def is_web(token: str) -> bool:
        if "." not in token or not _WEB.match(token):
            return False
        if "@" in token:
            local, _, host = token.partition("@")
            host = host.split("/", 1)[0]
            return "@" not in host and "." in host and host.rpartition(".")[2].isalpha()
        host = token.split("/", 1)[0]
        return host.startswith("www.") or host.rpartition(".")[2] in known

    return is_web


def web_probe(domains: Iterable[str]) -> Callable[[str], bool]:
    """A cheap first test for a written address in a text: an @, www. or .<domain>."""
    alternatives = "|".join(sorted({regex.escape(domain.lower()) for domain in domains}))
    pattern = re.compile(rf"@|www\.|\.(?:{alternatives})")

    def maybe(text: str) -> bool:
        if "@" not in text:
            dots = text.count(".")
            # every dot a sentence end (". " or at the end): no address
            if dots == text.count(". ") + text.endswith("."):
                return False
        return pattern.search(text) is not None

    return maybe
