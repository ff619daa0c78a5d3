"""The form renderer (settings.FORM_RENDERER): Django's own, with the widgets our filter
bars show written as Python.

Django renders every widget, option and label through its template engine: a select of
twelve options is some thirty template renders (each option includes two templates). On
the conversation list (nine fields) that was about a quarter of the request's time in a
cProfile (`python -m bench.page_profile`), and about a sixth of an empty flag queue's.
The functions below write the same markup as Django's templates in
`django/forms/templates/django/forms/` for inputs, selects with their options, checkbox
and radio options, and labels: the same characters, escaped the same way
(tests/reviewapp/test_form_renderer.py renders generated widgets of each kind, and the
filter forms, both ways and compares). Any other template, any template an app
overrides, and any value these functions do not read as the template would (a number or
date where a text is expected, which the template engine would localize), goes to the
templates as before.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from pathlib import Path

import django.forms
from django.forms.renderers import DjangoTemplates
from django.utils.functional import Promise
from django.utils.html import escape
from django.utils.safestring import SafeData

__all__ = ["FormRenderer"]


class _Unwritten(Exception):
    """A value the template would read differently: render with the template."""


def _text(value) -> str:
    """`{{ value }}` of a text: escaped unless marked safe. Anything else (numbers, dates)
    the template engine localizes first: left to it."""
    if isinstance(value, SafeData):
        return str(value)
    if isinstance(value, str | Promise):
        return escape(value)
    raise _Unwritten


def _formatted(value) -> str:
    """`{{ value|stringformat:'s' }}`: any value as `%s` formats it, escaped unless the
    value was marked safe (the filter keeps a safe value safe)."""
    if isinstance(value, tuple):  # the filter formats a tuple as one value
        value = str(value)
    try:
        shown = "%s" % value  # noqa: UP031 (the filter's own formatting)
    except (ValueError, TypeError):
        shown = ""
    return shown if isinstance(value, SafeData) else escape(shown)


def _attrs(attrs) -> str:
    """attrs.html: ` name="value"` for each attribute, ` name` for True, none for False."""
    if not attrs:
        return ""
    parts = []
    for name, value in attrs.items():
        if value is False:
            continue
        shown = "" if value is True else f'="{_formatted(value)}"'
        parts.append(f" {_text(name)}{shown}")
    return "".join(parts)


def _input(widget: dict) -> str:
    value = widget["value"]
    shown = "" if value is None else f' value="{_formatted(value)}"'
    return (
        f'<input type="{_text(widget["type"])}" name="{_text(widget["name"])}"{shown}'
        f"{_attrs(widget['attrs'])}>"
    )


def _option(widget: dict) -> str:
    return (
        f'<option value="{_formatted(widget["value"])}"{_attrs(widget["attrs"])}>'
        f"{_text(widget['label'])}</option>"
    )


def _input_option(widget: dict) -> str:
    """A checkbox or radio of a multiple choice: the input, in its label when wrapped
    (input.html ends with a line break, which the label keeps before its text)."""
    if not widget.get("wrap_label"):
        return _input(widget)
    id_ = widget["attrs"].get("id")
    label_for = f' for="{_text(id_)}"' if id_ else ""
    return f"<label{label_for}>{_input(widget)}\n {_text(widget['label'])}</label>"


def _select(widget: dict) -> str:
    parts = [f'<select name="{_text(widget["name"])}"{_attrs(widget["attrs"])}>']
    for group_name, options, _index in widget["optgroups"]:
        if group_name:
            parts.append(f'\n  <optgroup label="{_text(group_name)}">')
        for option in options:
            if option["template_name"] != OPTION:
                raise _Unwritten
            # select_option.html ends with a line break, kept by the include
            parts.append(f"\n  {_option(option)}\n")
        if group_name:
            parts.append("\n  </optgroup>")
    parts.append("\n</select>")
    return "".join(parts)


def _label(context: dict) -> str:
    if not context["use_tag"]:
        return _text(context["label"])
    tag = _text(context["tag"])
    return f"<{tag}{_attrs(context['attrs'])}>{_text(context['label'])}</{tag}>"


WIDGETS = "django/forms/widgets/"
OPTION = WIDGETS + "select_option.html"
#: template name -> the function writing its markup from the template's context
_WRITERS: dict[str, Callable[[dict], str]] = {
    **{
        f"{WIDGETS}{kind}.html": lambda context: _input(context["widget"])
        for kind in ("input", "text", "number", "email", "url", "search", "hidden", "password")
    },
    f"{WIDGETS}select.html": lambda context: _select(context["widget"]),
    OPTION: lambda context: _option(context["widget"]),
    f"{WIDGETS}checkbox_option.html": lambda context: _input_option(context["widget"]),
    f"{WIDGETS}radio_option.html": lambda context: _input_option(context["widget"]),
    "django/forms/label.html": _label,
}


class FormRenderer(DjangoTemplates):
    """Django's template renderer, except for the templates in `_WRITERS`."""

    @cached_property
    def writers(self) -> dict[str, Callable[[dict], str]]:
        """The writers of templates that resolve to Django's own files: an app that
        overrides a widget's template (templates/django/forms/...) gets its template."""
        own = Path(django.forms.__file__).parent / "templates"
        return {
            name: write
            for name, write in _WRITERS.items()
            if Path(self.engine.get_template(name).origin.name).is_relative_to(own)
        }

    def render(self, template_name, context, request=None):
        write = self.writers.get(template_name)
        if write is not None:
            try:
                return write(context).strip()
            except (_Unwritten, KeyError):
                pass
        return super().render(template_name, context, request)
