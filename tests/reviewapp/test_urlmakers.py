"""`id_url` and `{% id_url %}` give what `reverse` and `{% url %}` give, for any URL
configuration and script prefix, at one `reverse` per pattern."""

import pytest
from django.template import Context, Template
from django.test import override_settings
from django.urls import NoReverseMatch, clear_script_prefix, reverse, set_script_prefix

from reviewapp import urlmakers
from reviewapp.urlmakers import id_url

CASES = [
    ("reviewapp:flag_edit", (7,)),
    ("reviewapp:turn", (123456,)),
    ("reviewapp:why", (12, 0)),
    ("reviewapp:flag_close", ()),
]


@pytest.mark.parametrize(("name", "ids"), CASES)
def test_id_url_is_reverse(name, ids):
    assert id_url(name, *ids) == reverse(name, args=ids)
    assert id_url(name, *ids) == reverse(name, args=ids)  # the kept maker


def test_the_tag_writes_what_url_writes():
    text = (
        "{% load id_urls %}{% id_url 'reviewapp:flag_edit' pk %}|{% url 'reviewapp:flag_edit' pk %}"
    )
    mine, django = Template(text).render(Context({"pk": 42})).split("|")
    assert mine == django == "/flags/42/edit"


def test_a_script_prefix_gets_its_own_maker():
    plain = id_url("reviewapp:flag_edit", 3)
    set_script_prefix("/mounted/")
    try:
        assert id_url("reviewapp:flag_edit", 3) == "/mounted" + plain
        assert id_url("reviewapp:flag_edit", 3) == reverse("reviewapp:flag_edit", args=[3])
    finally:
        clear_script_prefix()
    assert id_url("reviewapp:flag_edit", 3) == plain


def test_another_url_configuration_gets_its_own_maker():
    id_url("reviewapp:flag_edit", 3)  # a maker kept for the project's URLs
    with override_settings(ROOT_URLCONF="tests.reviewapp.urls_elsewhere"):
        assert id_url("reviewapp:flag_edit", 3) == "/elsewhere/flags/3/edit"


def test_reverse_is_called_once_per_pattern(monkeypatch):
    urlmakers._MAKERS.clear()
    calls = []
    real = urlmakers.reverse
    monkeypatch.setattr(urlmakers, "reverse", lambda *a, **k: calls.append(a) or real(*a, **k))
    urls = [id_url("reviewapp:flag_reopen", pk) for pk in range(50)]
    assert urls == [reverse("reviewapp:flag_reopen", args=[pk]) for pk in range(50)]
    assert len(calls) == 1


def test_ids_must_be_integers():
    with pytest.raises(ValueError):
        id_url("reviewapp:flag_edit", "7/../../admin")
    with pytest.raises(NoReverseMatch):
        id_url("reviewapp:flag_edit")  # a pattern reversed with too few ids
