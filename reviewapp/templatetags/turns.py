"""A turn as people name it: its conversation's id and its index ("call-0042 · turn 7"),
linked to its place on the conversation page; never a database id.

Rows that name turns by id (an impact preview's flips, a proposal's linked flags) get
their turns' labels in one query with the `with_turns` filter, then each is written
with `{% turn_link row.turn_ref %}`::

    {% load turns %}
    {% for row in r.error_to_match|with_turns %}{% turn_link row.turn_ref %}: …{% endfor %}
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django import template
from django.urls import reverse

from ..models import Turn

register = template.Library()

__all__ = ["TurnRef", "turn_link", "turn_refs", "with_turns"]


@dataclass(frozen=True)
class TurnRef:
    pk: int
    index: int
    conversation_id: int
    conversation: str  # the conversation's external id, as imported

    @property
    def url(self) -> str:
        return reverse("reviewapp:conversation", args=[self.conversation_id]) + f"#turn-{self.pk}"

    @property
    def label(self) -> str:
        return f"{self.conversation} · turn {self.index}"


def turn_refs(ids: Iterable[int]) -> dict[int, TurnRef]:
    """The turns of `ids` that exist, by id, in one query."""
    rows = Turn.objects.filter(pk__in=set(ids)).values_list(
        "pk", "index", "conversation_id", "conversation__external_id"
    )
    return {row[0]: TurnRef(*row) for row in rows}


def _turn_id(row) -> int | None:
    """A flip row names its turn by id ({"turn": 1144}); a linked flag row by its flag."""
    turn = row.get("turn")
    if isinstance(turn, int):
        return turn
    flag = row.get("flag")
    return getattr(flag, "turn_id", None)


@register.filter
def with_turns(rows) -> list[dict]:
    """The rows (dicts), each with "turn_ref": its turn's TurnRef (None if deleted)."""
    rows = list(rows or ())
    refs = turn_refs(i for i in map(_turn_id, rows) if i is not None)
    return [{**row, "turn_ref": refs.get(_turn_id(row))} for row in rows]


@register.inclusion_tag("reviewapp/_turn_link.html")
def turn_link(ref: TurnRef | None) -> dict:
    if ref is None:
        return {"missing": True}
    return {"url": ref.url, "conversation": ref.conversation, "index": ref.index}
