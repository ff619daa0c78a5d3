"""The form renderer writes the markup Django's widget templates write, character for
character, for every widget and value it takes on; the rest it leaves to the templates."""

import pytest
from django import forms
from django.forms.renderers import DjangoTemplates
from django.utils.functional import lazy
from django.utils.safestring import mark_safe
from hypothesis import given, settings
from hypothesis import strategies as st

from reviewapp.form_renderer import FormRenderer

FAST, TEMPLATES = FormRenderer(), DjangoTemplates()

# texts with every character HTML escaping touches, and the odd space and line break
text = st.text(alphabet=st.sampled_from("ab <>&\"'=\n\u00e9\u0628"), max_size=6)
lazy_text = text.map(lambda s: lazy(str, str)(s))
safe_text = text.map(mark_safe)
label = st.one_of(text, lazy_text, safe_text, st.integers(-5, 5))
value = st.one_of(st.none(), text, safe_text, st.integers(-5, 5), st.floats(-2, 2))
attr_value = st.one_of(st.booleans(), text, safe_text, st.integers(0, 9))
attrs = st.dictionaries(st.sampled_from(["class", "id", "min", "dir", "data-x"]), attr_value)
choices = st.lists(st.tuples(st.one_of(text, st.integers(0, 9)), label), max_size=4)
grouped = st.lists(st.one_of(st.tuples(text, label), st.tuples(text, choices)), max_size=4)

INPUTS = [
    forms.TextInput,
    forms.NumberInput,
    forms.EmailInput,
    forms.URLInput,
    forms.SearchInput,
    forms.HiddenInput,
    forms.PasswordInput,
]
CHOOSERS = [forms.Select, forms.SelectMultiple, forms.RadioSelect, forms.CheckboxSelectMultiple]


def both(widget: forms.Widget, name: str, value, attrs: dict) -> tuple[str, str]:
    return (
        widget.render(name, value, attrs=attrs, renderer=FAST),
        widget.render(name, value, attrs=attrs, renderer=TEMPLATES),
    )


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(INPUTS), text, value, attrs)
def test_an_input_is_written_as_its_template_writes_it(kind, name, value, attrs):
    fast, template = both(kind(), name, value, attrs)
    assert fast == template


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(CHOOSERS), text, grouped, st.lists(text, max_size=2), attrs)
def test_a_choice_widget_is_written_as_its_templates_write_it(kind, name, choices, chosen, attrs):
    widget = kind(choices=choices)
    fast, template = both(widget, name, chosen, attrs)
    assert fast == template
    # each option alone, as a template iterating over a field's options renders it
    for option in widget.subwidgets(name, chosen, attrs):
        wrapped = {**option, "wrap_label": True}
        fast = FAST.render(option["template_name"], {"widget": wrapped})
        assert fast == TEMPLATES.render(option["template_name"], {"widget": wrapped})


@settings(max_examples=200, deadline=None)
@given(label, st.one_of(st.none(), attrs), st.booleans(), st.sampled_from(["label", "legend"]))
def test_a_label_is_written_as_its_template_writes_it(label, attrs, use_tag, tag):
    context = {"label": label, "attrs": attrs, "use_tag": use_tag, "tag": tag, "field": None}
    name = "django/forms/label.html"
    assert FAST.render(name, context) == TEMPLATES.render(name, context)


def test_the_writers_take_the_common_cases():
    """Without this, a renderer that always fell back would pass the tests above."""
    writers = FormRenderer()
    writers.get_template = None  # a template asked for would fail
    select = forms.Select(choices=[("a", "A <b>"), ("", "All")])
    assert 'value="a" selected>A &lt;b&gt;</option>' in select.render("s", "a", renderer=writers)
    assert forms.NumberInput().render("n", 3, {"min": 0}, renderer=writers) == (
        '<input type="number" name="n" value="3" min="0">'
    )


def test_an_unknown_value_goes_to_the_template():
    """A label that is a number is localized by the template engine: left to it."""
    template_only = FormRenderer()
    template_only.get_template = None
    with pytest.raises(TypeError):
        forms.Select(choices=[(1, 1000)]).render("s", None, renderer=template_only)
    assert forms.Select(choices=[(1, 1000)]).render("s", None, renderer=FAST) == (
        forms.Select(choices=[(1, 1000)]).render("s", None, renderer=TEMPLATES)
    )


@pytest.mark.django_db
def test_the_filter_bars_render_as_before(client):
    """The forms the list pages show, bound to hostile data, through the whole form."""
    from reviewapp.views.conversations import ConversationFilterForm
    from reviewapp.views.flags import QueueFilterForm
    from reviewapp.views.references import LanguageFilterForm

    data = {"language": '"><x>', "q": "<b>&", "rate_min": "x", "kinds": ["S", "<"], "state": "&"}
    for form_class in (ConversationFilterForm, QueueFilterForm, LanguageFilterForm):
        for bound in (None, data):
            fast = form_class(bound, renderer=FAST)
            template = form_class(bound, renderer=TEMPLATES)
            assert str(fast) == str(template)
            for a, b in zip(fast, template, strict=True):
                assert (a.label_tag(), str(a)) == (b.label_tag(), str(b))
                assert [str(w) for w in a] == [str(w) for w in b]


def test_a_template_an_app_overrides_is_rendered_not_written(tmp_path):
    """An app's templates/django/forms/... comes before Django's own: it is used."""
    from functools import cached_property
    from pathlib import Path

    import django.forms

    override = tmp_path / "django" / "forms" / "widgets" / "select.html"
    override.parent.mkdir(parents=True)
    override.write_text("<select>ours</select>")

    class WithOverride(FormRenderer):
        @cached_property
        def engine(self):
            own = Path(django.forms.__file__).parent / "templates"
            dirs = [tmp_path, own]
            return self.backend({"APP_DIRS": True, "DIRS": dirs, "NAME": "t", "OPTIONS": {}})

    rendered = forms.Select(choices=[("a", "A")]).render("s", "a", renderer=WithOverride())
    assert rendered == "<select>ours</select>"
    assert forms.TextInput().render("t", "x", renderer=WithOverride()) == (
        '<input type="text" name="t" value="x">'
    )
