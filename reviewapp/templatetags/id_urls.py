"""`{% id_url 'reviewapp:flag_edit' flag.pk %}`: `{% url %}` for patterns whose arguments
are integers (ids, indexes), at a dict lookup and a format after the first use in the
process (`reviewapp.urlmakers.id_url`). For links repeated on every row of a page."""

from __future__ import annotations

from django import template

from .. import urlmakers

register = template.Library()


@register.simple_tag
def id_url(name: str, *ids: int) -> str:
    return urlmakers.id_url(name, *ids)
