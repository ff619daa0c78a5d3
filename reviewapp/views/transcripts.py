"""A reference in sclite's transcript syntax (a trn turn's), shown readably: each
alternation marked as one place with its alternatives, `@` shown as "no word", every
word escaped. The words the scorer chose are the aligned reference of the turn's score.

>>> str(transcript_markup("a { b / @ } c"))[:60]
'a <span class="alternation" title="alternatives: the score t'
"""

from __future__ import annotations

from html import escape

from django.utils.safestring import SafeString, mark_safe

from scoring.alternations import Alternation, Item, TranscriptError, parse_transcript

__all__ = ["transcript_markup"]

ALTERNATION_TITLE = "alternatives: the score takes the one that fits the hypothesis best"
NO_WORD = '<span class="no-word" title="no word">∅</span>'


def transcript_markup(reference: str) -> SafeString:
    """The reference with its alternations marked; as plain escaped text when it breaks the
    syntax (a correction may), so the page still shows what is stored."""
    try:
        items = parse_transcript(reference)
    except TranscriptError:
        return mark_safe(escape(reference))  # noqa: S308 (escaped)
    return mark_safe(_items(items))  # noqa: S308 (every word is escaped)


def _items(items: tuple[Item, ...]) -> str:
    return " ".join(_item(item) for item in items)


def _item(item: Item) -> str:
    if not isinstance(item, Alternation):
        return escape(item)
    options = ' <span class="alternation-or">/</span> '.join(
        _items(option) if option else NO_WORD for option in item.options
    )
    return f'<span class="alternation" title="{ALTERNATION_TITLE}">{{ {options} }}</span>'
