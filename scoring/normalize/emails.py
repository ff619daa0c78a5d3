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
>>> italian = build_spoken_emails(["chiocciola"], ["punto"], ["it"], [], word_letters="aeio")
>>> italian("è l u c a chiocciola libero punto it o a mario chiocciola libero punto it")
'è luca@libero.it o a mario@libero.it'
>>> read("a dot b c@g mail dot com or c@d")
'a.bc@gmail.com or c@d'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

import regex

__all__ = ["build_spoken_emails", "web_probe", "web_token_test"]

StepFn = Callable[[str], str]

# A written piece of an address: word characters joined by . @ / - _ (gmail.com, jean@gmail,
# drive-sim, www.example.com/help).
_LABEL = regex.compile(r"^\w+(?:[.@/_-]\w+)*$")
# A written address as the punctuation step sees it (lower case): an optional scheme, then
# pieces joined by . @ / - _. Not with an underscore at an edge: tokenize splits that off
# ("_john@x.com" reads _ john@x.com).
_WEB = regex.compile(r"^(?:[a-z]+:/{2,3})?(?!_)\w+(?:[.@/_-]+\w+)+(?<!_)$")
_INNER_DOT = regex.compile(r"[^\W\d_]\.\w|\w\.[^\W\d_]")
_SCHEMES = frozenset({"http", "https", "ftp", "file"})
# Two words the spoken symbol step joined with an @ (fr "b c arobase g mail" = b c@g mail):
# read apart, so the letters spelled around it are labels of the address too.
_JOINED_AT = regex.compile(r"^(\w+)@(\w+)$")


def build_spoken_emails(
    at_words: Iterable[str],
    dot_words: Iterable[str],
    domains: Iterable[str],
    domains_after_at: Iterable[str],
    symbol_words: frozenset[str] = frozenset(),
    lower_case: bool = True,
    symbols: Mapping[str, str] | None = None,
    colon_words: Iterable[str] = (),
    digits: Callable[[str], list[str]] | None = None,
    zero_words: Iterable[str] = (),
    word_letters: Iterable[str] = (),
    at_always: bool = False,
) -> StepFn:
    """The `emails` step.

    A chain is labels joined by separators: an at word (@), a dot word (.), and the spoken
    symbols for - _ / (`symbols`: dash, underscore, slash), with a scheme in front if said
    ("http colon slash slash" = http://). A label is one word, or letters spelled one by
    one and digits around at most one word, as an address is said: "m s n" = msn, "g mail"
    = gmail, "abc 1" = abc1, "a 1 b 2" = a1b2; a letter is ASCII (fr "à c l" is à cl);
    a letter after a word starts no label ("my email is a at b dot com" is a@b.com, not
    isa@b.com), and a word of one accented letter is no spelled letter (it "è luca at" is
    è luca@, fr "à jean"), nor are letters that are words (`word_letters`) before a word
    (it "o a mario at" is o a mario@). Words the spoken symbol step joined with an @ (b
    c@g mail) are read apart, so the letters spelled around it are labels too. The chain
    is written as one token when it is an address: an @ and a known domain after it, a
    host ending in a known domain, or a scheme or www in front (any host then:
    http://www.comdailynews.ab/sm).

    A chain with a spoken symbol word right before or after it that is not part of it
    ("dash 1 at gmail.com") is left as it is: the symbol step ran first and did not take
    its words for a code, and a second pass must not find one in the address either.

    With `digits` (codes.per_character), numbers joined by three dot words or more are
    one digit string, as the digit_strings step writes 123.123.0.40. A group may be said
    in pieces, digit by digit or with a zero word (`zero_words`: oh), and is written
    joined: an IP address said "one two three dot one two three dot oh dot four oh" is
    123.123.0.40, four groups of at most three digits kept apart (123 123 0 40).

    With `at_always`, for an at word that is no ordinary word (es arroba, not English at),
    the at word is @ with no domain after it: it joins the names around it (juan arroba
    empresa = juan@empresa; not after a bare number, una arroba de trigo is a weight), and
    before a name with none before it is a user name (arroba j e n s e n = @jensen)."""
    zeros = frozenset(word.lower() for word in zero_words)
    letter_words = frozenset(word.lower() for word in word_letters if len(word) == 1)
    ats = frozenset(word.lower() for word in at_words) | {"@"}
    dots = frozenset(word.lower() for word in dot_words)
    marks = {word.lower(): mark for word, mark in (symbols or {}).items() if mark in "-_/"}
    colons = [tuple(word.lower().split()) for word in colon_words]
    separators = ats | dots | frozenset(marks)

    def separates(lowered: list[str], j: int) -> bool:
        """A separator word at j, or a whole colon phrase (es "dos puntos", not "dos")."""
        return lowered[j] in separators or any(
            tuple(lowered[j : j + len(phrase)]) == phrase for phrase in colons
        )

    # Substrings to look for first, in the text as the case step left it (`lower_case`).
    dot_probes = [f" {word} " for word in sorted(dots)]
    one_dot = next(iter(dots)) if len(dots) == 1 else None
    at_probes = [f" {word} " for word in sorted(ats)]
    anywhere = frozenset(domain.lower() for domain in domains)
    after_at = anywhere | frozenset(domain.lower() for domain in domains_after_at)

    def valid(address: str) -> bool:
        if address.count("@") > 1:
            return False
        scheme, sep, rest = address.partition("://")
        if sep:
            host = rest.split("/", 1)[0]
            return scheme in _SCHEMES and ("." in host or (scheme == "file" and not host))
        host = address.split("/", 1)[0]
        if host.startswith("www.") and "." in host[4:]:
            return host.rpartition(".")[2].isalpha()
        head, dot, last = host.rpartition(".")
        if not dot or not head or "@" in last:
            return False
        if "@" in host:
            return "." in host.partition("@")[2] and last.lower() in after_at
        return last.lower() in anywhere

    def separator(lowered: list[str], j: int) -> tuple[int, str] | None:
        """(tokens taken, written separator) at j: @ . - _ /, or :// after a scheme."""
        word = lowered[j]
        if word in ats:
            return 1, "@"
        if word in dots:
            return 1, "."
        if word in marks:
            return 1, marks[word]
        for phrase in colons:
            end = j + len(phrase)
            if tuple(lowered[j:end]) == phrase:
                slashes = 0
                while end < len(lowered) and marks.get(lowered[end]) == "/":
                    slashes, end = slashes + 1, end + 1
                if slashes >= 2:
                    return end - j, ":" + "/" * slashes
        return None

    def label(tokens: list[str], lowered: list[str], j: int) -> int:
        """The end of a label starting at j (j itself when there is none)."""
        k, word_seen = j, False
        while k < len(tokens) and not separates(lowered, k):
            token = tokens[k]
            if _LABEL.match(token) is None:
                break
            if len(token) == 1 and token.isascii() or token.isdigit():
                if word_seen and not token.isdigit():
                    break  # "is a": a letter after a word
            elif word_seen:
                break  # two words: "look at" is not a label
            elif k > j and letter_words.issuperset(lowered[j:k]):
                return j  # "e a mario": letters that are words, before a word
            else:
                word_seen = True
            k += 1
        return k

    def digit_group(tokens, lowered, j) -> tuple[str, int]:
        """The digits of a group said in pieces from j (4 0, 4 oh), and the index after."""
        group = ""
        while j < len(tokens) and (tokens[j].isdigit() or lowered[j] in zeros):
            group += tokens[j] if tokens[j].isdigit() else "0"
            j += 1
        return group, j

    def digit_chain(tokens, lowered, i) -> tuple[str, int] | None:
        first, j = digit_group(tokens, lowered, i)
        groups = [first]
        while j + 1 < len(tokens) and lowered[j] in dots:
            group, after = digit_group(tokens, lowered, j + 1)
            if not group:
                break
            groups.append(group)
            j = after
        if len(groups) < 4 or digits is None:
            return None
        if len(groups) == 4 and all(len(group) <= 3 for group in groups):
            return " ".join(groups), j  # an IP address: 192.168.0.1 is not 192.168.01
        return " ".join(digits("".join(groups))), j

    def read_chain(tokens, lowered, i) -> tuple[str, int] | None:
        """(address, index after) of the longest address starting at i, or None."""
        n = len(tokens)
        end = label(tokens, lowered, i)
        if end == i:
            return None
        address, best, j = "".join(tokens[i:end]), None, end
        while j < n:
            found = separator(lowered, j)
            if found is None:
                break
            taken, mark = found
            if mark.startswith(":") and address.lower() not in _SCHEMES:
                break
            nxt = label(tokens, lowered, j + taken)
            if nxt == j + taken:
                break
            address += mark + "".join(tokens[j + taken : nxt])
            if address.count("@") > 1:
                break
            j = nxt
            if valid(address) or (at_always and mark == "@" and not address[0].isdigit()):
                best = (address, j)
        return best

    def handle(tokens: list[str], lowered: list[str], i: int) -> tuple[str, int] | None:
        """With `at_always`, an at word before a name that no address took, and not after
        a number (es una arroba de trigo is a weight): the name, as the punctuation step
        leaves a written one (arroba j e n s e n = @jensen = jensen)."""
        if not at_always or lowered[i] not in ats or (i and tokens[i - 1].isdigit()):
            return None
        end = label(tokens, lowered, i + 1)
        if end > i + 2 and len(tokens[i + 1]) == 1 and not tokens[end - 1].isdigit():
            # spelled letters, then a word: the word is the sentence going on
            # (arroba p a n en instagram), not a piece of the name as in g mail
            if len(tokens[end - 1]) > 1:
                end -= 1
        return ("".join(tokens[i + 1 : end]), end) if end > i + 1 else None

    def read(text: str) -> str:
        probe = text if lower_case else text.lower()
        if at_always and any(word in f" {probe} " for word in at_probes):
            pass  # an at word, which is @ even with no dot word after it
        elif not (one_dot in probe if one_dot else any(word in probe for word in dots)) and not (
            "." in text and _INNER_DOT.search(text)
        ):
            return text  # no dot word, and no written domain for an at word to join
        padded = f" {probe} "
        if not any(word in padded for word in dot_probes) and not any(
            word in padded for word in at_probes
        ):
            return text
        tokens, glued = _apart_at_signs(text.split())
        lowered = [token.lower() for token in tokens]
        out: list[str] = []
        i, n = 0, len(tokens)
        while i < n:
            best = None if separates(lowered, i) else read_chain(tokens, lowered, i)
            if best is None and tokens[i].isdigit():
                best = digit_chain(tokens, lowered, i)
            if best is None:
                best = handle(tokens, lowered, i)
            if best is not None and symbol_words.intersection(
                (lowered[i - 1] if i else "", lowered[best[1]] if best[1] < n else "")
            ):
                best = None
            written, after = (tokens[i], i + 1) if best is None else best
            if i in glued:  # the rest of a word the symbol step joined: joined again
                out[-1] += written
            else:
                out.append(written)
            i = after
        return " ".join(out)

    return read


def _apart_at_signs(tokens: list[str]) -> tuple[list[str], frozenset[int]]:
    """Words joined by an @ (`_JOINED_AT`) as three tokens, and the indices of the
    tokens glued to the one before them (to join again where no address is read).

    >>> _apart_at_signs(["a", "b", "c@g", "mail"])
    (['a', 'b', 'c', '@', 'g', 'mail'], frozenset({3, 4}))
    """
    if not any("@" in token for token in tokens):
        return tokens, frozenset()
    out: list[str] = []
    glued: set[int] = set()
    for token in tokens:
        match = _JOINED_AT.match(token)
        if match is None:
            out.append(token)
            continue
        out.append(match.group(1))
        glued.update((len(out), len(out) + 1))
        out += ["@", match.group(2)]
    return out, frozenset(glued)


def web_token_test(domains: Iterable[str]) -> Callable[[str], bool]:
    """Is a token a written email or web address, whose dots the punctuation step keeps?
    An email (x@host.tld), a URL with its scheme (https://x.y/path), or a host whose last
    label is a known domain or that starts with www (www.example.com, booking.com,
    gmail.com/help)."""
    known = frozenset(domain.lower() for domain in domains)

    def is_web(token: str) -> bool:
        if "." not in token and "://" not in token or not _WEB.match(token):
            return False
        scheme, sep, rest = token.partition("://")
        if sep:
            return scheme in _SCHEMES
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
