"""Flag pages: inline htmx forms that also work as plain posts, author-only changes, and
the flag queue grouped by span pair with how often the pair occurs in the corpus."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from reviewapp.models import AuditEvent, Flag
from reviewapp.services.flags import do_create_flag
from tests.reviewapp.factories import htmx, scored_conversation

pytestmark = pytest.mark.django_db


@pytest.fixture
def turn():
    conversation = scored_conversation([("book the l a x flight", "look the LAX flight")])
    return conversation.turns.get()


def new_url(turn, region=1):
    return reverse("reviewapp:flag_new", args=[turn.pk, region])


def test_form_preselects_the_category_and_focuses_the_note(client_for, reviewer, turn):
    response = client_for(reviewer).get(new_url(turn) + "?category=reference_error")
    html = response.content.decode()
    assert response.status_code == 200
    checked = re.search(r'<input[^>]*value="reference_error"[^>]*>', html).group()
    assert "checked" in checked
    assert "data-autofocus" in html
    assert '<q dir="auto" lang="en">l a x</q>' in html


def test_form_is_a_fragment_for_htmx(client_for, reviewer, turn):
    response = client_for(reviewer).get(new_url(turn) + "?category=false_error", headers=htmx())
    html = response.content.decode().lstrip()
    assert html.startswith(
        f'<form method="post" action="{new_url(turn)}" id="flag-form-{turn.pk}-1"'
    )


def test_plain_post_saves_and_redirects_to_the_turn(client_for, reviewer, turn):
    response = client_for(reviewer).post(
        new_url(turn), {"category": "false_error", "note": "spelled-out code"}
    )
    conversation_url = reverse("reviewapp:conversation", args=[turn.conversation_id])
    assert response.status_code == 302
    assert response["Location"] == f"{conversation_url}#turn-{turn.pk}"
    flag = Flag.objects.get()
    assert (flag.author, flag.category, flag.ref_span, flag.hyp_span, flag.note) == (
        reviewer,
        "false_error",
        "l a x",
        "lax",
        "spelled-out code",
    )
    assert AuditEvent.objects.filter(action="flag:created", object_id=str(flag.pk)).exists()


def test_htmx_post_answers_the_turns_flags_out_of_band_escaped(client_for, reviewer, turn):
    note = '"><img src=x onerror=alert(1)>'
    response = client_for(reviewer).post(
        new_url(turn), {"category": "false_error", "note": note}, headers=htmx()
    )
    html = response.content.decode()
    flag = Flag.objects.get()
    assert response.status_code == 200
    # the form's place is left empty; the flag goes to the turn's list, not the panel
    assert html.startswith(f'<div class="flags" id="flags-{turn.pk}" hx-swap-oob="true">')
    assert f'<div class="flag flag-open" id="flag-{flag.pk}" tabindex="-1" data-autofocus>' in html
    assert "<img" not in html
    assert "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;" in html


def test_a_regions_first_flag_brings_its_badge_out_of_band(
    client_for, reviewer, maintainer_de, turn
):
    first = client_for(reviewer).post(new_url(turn), {"category": "false_error"}, headers=htmx())
    assert (
        f'<span hx-swap-oob="afterend:#ra-{turn.pk}-1 > .region-text">'
        '<span class="badge flagged">flagged</span></span>'
    ) in first.content.decode()
    second = client_for(maintainer_de).post(
        new_url(turn), {"category": "false_error"}, headers=htmx()
    )
    assert f'id="flags-{turn.pk}"' in second.content.decode()
    assert "badge flagged" not in second.content.decode()  # the badge is there already
    assert Flag.objects.count() == 2


def test_the_form_for_a_region_i_flagged_is_my_flag_instead(client_for, reviewer, turn):
    client = client_for(reviewer)
    client.post(new_url(turn), {"category": "false_error", "note": "first"}, headers=htmx())
    flag = Flag.objects.get()
    for response in (
        client.get(new_url(turn) + "?category=false_error", headers=htmx()),
        client.get(new_url(turn) + "?category=false_error"),  # the page without JavaScript
    ):
        html = response.content.decode()
        assert response.status_code == 200
        assert f'id="flag-exists-{turn.pk}-1"' in html and 'class="flag-form"' not in html
        assert f"#flag-{flag.pk}" in html and "You flagged this region already" in html


def test_a_second_save_on_the_same_region_adds_no_flag(client_for, reviewer, turn):
    client = client_for(reviewer)
    client.post(new_url(turn), {"category": "false_error", "note": "first"}, headers=htmx())
    again = client.post(new_url(turn), {"category": "real_error", "note": "x"}, headers=htmx())
    assert f'id="flag-exists-{turn.pk}-1"' in again.content.decode()
    plain = client.post(new_url(turn), {"category": "real_error", "note": "x"})
    assert plain.status_code == 302 and plain["Location"].endswith(f"#turn-{turn.pk}")
    assert list(Flag.objects.values_list("category", "note")) == [("false_error", "first")]
    assert AuditEvent.objects.filter(action="flag:created").count() == 1


def test_bad_category_is_refused_without_a_write(client_for, reviewer, turn):
    response = client_for(reviewer).post(new_url(turn), {"category": "typo", "note": ""})
    assert response.status_code == 400
    assert (
        not Flag.objects.exists() and not AuditEvent.objects.exclude(action="role:changed").exists()
    )


def test_a_turn_without_a_score_cannot_be_flagged(client_for, reviewer):
    from reviewapp.models import Language

    Language.objects.create(code="hi", config_language="")
    conversation = scored_conversation([("नमस्ते", "नमस्ते जी")], language="hi", score=False)
    turn = conversation.turns.get()
    response = client_for(reviewer).post(new_url(turn, 0), {"category": "real_error"})
    assert response.status_code == 404


@pytest.fixture
def flag(reviewer, turn):
    return do_create_flag(reviewer, turn.scores.get(), 1, category="false_error", note="first")


def test_author_edits_inline(client_for, reviewer, flag):
    url = reverse("reviewapp:flag_edit", args=[flag.pk])
    client = client_for(reviewer)
    form = client.get(url, headers=htmx()).content.decode()
    assert form.lstrip().startswith(f'<form method="post" action="{url}" id="flag-{flag.pk}"')
    response = client.post(url, {"category": "real_error", "note": "second"}, headers=htmx())
    assert f'id="flag-{flag.pk}"' in response.content.decode()
    flag.refresh_from_db()
    assert (flag.category, flag.note) == ("real_error", "second")
    assert AuditEvent.objects.filter(action="flag:edited").count() == 1


def test_author_withdraws_without_js(client_for, reviewer, flag):
    response = client_for(reviewer).post(reverse("reviewapp:flag_withdraw", args=[flag.pk]))
    assert response.status_code == 302
    flag.refresh_from_db()
    assert flag.status == Flag.Status.WITHDRAWN
    assert AuditEvent.objects.filter(action="flag:withdrawn").count() == 1


@pytest.mark.parametrize("persona", ["maintainer_de", "maintainer_fr"])
def test_someone_else_cannot_edit_or_withdraw(client_for, request, flag, persona):
    client = client_for(request.getfixturevalue(persona))
    edit = reverse("reviewapp:flag_edit", args=[flag.pk])
    assert client.get(edit).status_code == 403
    assert client.post(edit, {"category": "real_error", "note": "x"}).status_code == 403
    assert client.post(reverse("reviewapp:flag_withdraw", args=[flag.pk])).status_code == 403
    flag.refresh_from_db()
    assert (flag.category, flag.note, flag.status) == ("false_error", "first", "open")
    assert not AuditEvent.objects.exclude(action__in=["flag:created", "role:changed"]).exists()


def test_edit_and_withdraw_links_only_for_the_author(client_for, reviewer, maintainer_de, flag):
    page = reverse("reviewapp:conversation", args=[flag.turn.conversation_id])
    edit = reverse("reviewapp:flag_edit", args=[flag.pk])
    assert edit in client_for(reviewer).get(page).content.decode()
    assert edit not in client_for(maintainer_de).get(page).content.decode()


# --- the queue -------------------------------------------------------------------------------


def queue(client, **params):
    return client.get(reverse("reviewapp:flag_queue"), params)


def group_rows(response) -> list[tuple[str, str, int]]:
    html = response.content.decode()
    rows = re.findall(
        r'<tr class="flag-group" data-corpus-turns="(\d+)">.*?<q>(.*?)</q>.*?<q>(.*?)</q>',
        html,
        flags=re.S,
    )
    return [(ref, hyp, int(n)) for n, ref, hyp in rows]


def test_queue_groups_same_pair_and_counts_the_corpus(client_for, reviewer, maintainer_de):
    lax = [("I fly to l a x", "I fly to LAX")]
    a = scored_conversation(lax * 3)
    b = scored_conversation(lax + [("my seat", "my seed")])
    scored_conversation(lax)  # in the corpus, never flagged
    first, second = a.turns.all()[:2]
    do_create_flag(reviewer, first.scores.get(), 0, category="false_error")
    do_create_flag(maintainer_de, second.scores.get(), 0, category="false_error")
    seed = b.turns.get(index=1)
    do_create_flag(reviewer, seed.scores.get(), 0, category="real_error")
    rows = group_rows(queue(client_for(reviewer)))
    assert rows == [("l a x", "lax", 5), ("seat", "seed", 1)]  # most frequent first


def test_queue_leaves_out_withdrawn_flags_and_filters_by_language(client_for, reviewer):
    en = scored_conversation([("my seat", "my seed")]).turns.get()
    de = scored_conversation([("das Konto", "das Kondo")], language="de").turns.get()
    gone = do_create_flag(reviewer, en.scores.get(), 0, category="real_error")
    do_create_flag(reviewer, de.scores.get(), 0, category="real_error")
    from reviewapp.services.flags import do_withdraw_flag

    do_withdraw_flag(reviewer, gone)
    client = client_for(reviewer)
    assert group_rows(queue(client)) == [("konto", "kondo", 1)]
    assert group_rows(queue(client, language="en")) == []


def test_queue_queries_do_not_grow_with_flags(client_for, reviewer, django_assert_num_queries):
    client = client_for(reviewer)
    turn = scored_conversation([("my seat", "my seed")]).turns.get()
    do_create_flag(reviewer, turn.scores.get(), 0, category="real_error")
    queue(client)
    with django_assert_num_queries(8) as few:  # one: the content stamp of the ETag
        queue(client)
    for pair in [("a b", "a c"), ("x y", "x z"), ("one", "two")]:
        turn = scored_conversation([pair] * 2).turns.first()
        do_create_flag(reviewer, turn.scores.get(), 0, category="false_error")
    with django_assert_num_queries(len(few.captured_queries)):
        queue(client)


# --- a flag on part of a region --------------------------------------------------------------


@pytest.fixture
def mixed():
    """One region: l a x today / lax tuday (reference tokens 3-6, hypothesis tokens 3-4)."""
    return scored_conversation([("I fly to l a x today", "I fly to LAX tuday")]).turns.get()


def boxes(html: str, side: str) -> list[tuple[str, bool, bool]]:
    """(value, checked, disabled) of each token checkbox of one side."""
    found = re.findall(rf'<input type="checkbox" name="{side}" value="(\d+)"([^>]*)>', html)
    return [(value, "checked" in rest, "disabled" in rest) for value, rest in found]


def test_the_form_lists_the_regions_tokens_all_ticked(client_for, reviewer, mixed):
    html = client_for(reviewer).get(new_url(mixed, 0), headers=htmx()).content.decode()
    assert boxes(html, "ref") == [(str(i), True, False) for i in range(3, 7)]
    assert boxes(html, "hyp") == [("3", True, False), ("4", True, False)]
    assert '<input type="hidden" name="split" value="True"' in html
    assert 'lang="en">' + '<input type="checkbox" name="hyp" value="4"' in html.replace("\n", "")


def test_a_region_of_one_token_has_no_token_choice(client_for, reviewer):
    turn = scored_conversation([("book it for me", "look it for me now")]).turns.get()
    html = client_for(reviewer).get(new_url(turn, 1)).content.decode()  # the insertion
    assert "now" in html
    assert 'name="split"' not in html and 'name="ref"' not in html


def test_two_flags_of_two_categories_on_one_region(client_for, reviewer, mixed):
    client = client_for(reviewer)
    lax = {"category": "false_error", "split": "True", "ref": ["3", "4", "5"], "hyp": ["3"]}
    response = client.post(new_url(mixed, 0), lax, headers=htmx())
    assert f'id="flags-{mixed.pk}"' in response.content.decode()
    # the next form ticks the tokens left and greys out the flagged ones
    html = client.get(new_url(mixed, 0) + "?category=real_error", headers=htmx()).content.decode()
    assert boxes(html, "ref") == [
        ("3", False, True),
        ("4", False, True),
        ("5", False, True),
        ("6", True, False),
    ]
    assert boxes(html, "hyp") == [("3", False, True), ("4", True, False)]
    today = {"category": "real_error", "split": "True", "ref": ["6"], "hyp": ["4"]}
    client.post(new_url(mixed, 0), today, headers=htmx())
    assert list(Flag.objects.order_by("pk").values_list("category", "ref_span", "hyp_span")) == [
        ("false_error", "l a x", "lax"),
        ("real_error", "today", "tuday"),
    ]
    # every token is flagged now: the region's form is the reviewer's flag instead
    html = client.get(new_url(mixed, 0), headers=htmx()).content.decode()
    assert f'id="flag-exists-{mixed.pk}-0"' in html


def test_a_part_shows_the_region_as_flagged(client_for, reviewer, mixed):
    client = client_for(reviewer)
    part = {"category": "real_error", "split": "True", "ref": ["6"], "hyp": ["4"]}
    response = client.post(new_url(mixed, 0), part, headers=htmx())
    assert "badge flagged" in response.content.decode()
    page = client.get(reverse("reviewapp:conversation", args=[mixed.conversation_id]))
    assert '<span class="badge flagged">flagged</span>' in page.content.decode()


def test_tokens_that_are_not_neighbours_are_refused_with_a_reason(client_for, reviewer, mixed):
    data = {"category": "false_error", "split": "True", "ref": ["3", "5"], "hyp": ["3"]}
    response = client_for(reviewer).post(new_url(mixed, 0), data)
    assert response.status_code == 400
    assert "choose neighbouring words in the reference" in response.content.decode()
    # the ticks stay as they were sent
    assert boxes(response.content.decode(), "ref") == [
        ("3", True, False),
        ("4", False, False),
        ("5", True, False),
        ("6", False, False),
    ]
    assert not Flag.objects.exists()


def test_a_part_on_tokens_flagged_already_is_refused_in_the_form(client_for, reviewer, mixed):
    client = client_for(reviewer)
    data = {"category": "false_error", "split": "True", "ref": ["3", "4", "5"], "hyp": ["3"]}
    client.post(new_url(mixed, 0), data, headers=htmx())
    again = {"category": "real_error", "split": "True", "ref": ["5", "6"], "hyp": ["4"]}
    response = client.post(new_url(mixed, 0), again, headers=htmx())
    html = response.content.decode()
    assert 'class="flag-form"' in html and "you already flagged these tokens" in html
    assert Flag.objects.count() == 1
