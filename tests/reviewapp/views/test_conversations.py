"""The conversations list and the conversation page: filters in the database, aligned
tokens with non-colour markers, the numbers of the CLI, and honest "not scored" turns."""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from reviewapp.models import ConfigVersion, Conversation, Language, Turn
from reviewapp.services.configs import create_version
from reviewapp.services.flags import do_create_flag
from tests.reviewapp.factories import (
    DatasetFactory,
    cli_score,
    htmx,
    scored_conversation,
)

pytestmark = pytest.mark.django_db


# --- helpers shared by the page tests (imported by test_dashboard, test_flags, ...) ----------


# --- conversation page -----------------------------------------------------------------------


def page_of(client, conversation, headers=None, **params):
    url = reverse("reviewapp:conversation", args=[conversation.pk])
    return client.get(url, params, headers=headers)


def test_turn_numbers_equal_the_cli(client_for, reviewer):
    reference, hypothesis = "I fly to l a x today", "I fly to LAX today now"
    conversation = scored_conversation([(reference, hypothesis)])
    html = page_of(client_for(reviewer), conversation).content.decode()
    cli = cli_score("en", reference, hypothesis)
    turn = conversation.turns.get()
    tag = re.search(rf'<p class="turn-score" id="score-{turn.pk}"[^>]*>', html).group()
    shown = dict(re.findall(r'data-([a-z-]+)="([^"]*)"', tag))
    assert json.loads(shown["rate"]) == cli["wer"]
    assert int(shown["errors"]) == cli["errors"]
    assert int(shown["ref-len"]) == cli["ref_words"]
    assert (int(shown["substitutions"]), int(shown["deletions"]), int(shown["insertions"])) == (
        cli["substitutions"],
        cli["deletions"],
        cli["insertions"],
    )
    label = f"{cli['normalizer']['name']}@{cli['normalizer']['version']}+"
    assert label + cli["normalizer"]["hash"][:6] in html


def test_tokens_carry_a_marker_and_a_label_besides_colour(client_for, reviewer):
    conversation = scored_conversation([("book the l a x flight", "look the LAX flight now")])
    html = page_of(client_for(reviewer), conversation).content.decode()
    assert 'class="col col-substitute"' in html
    assert 'class="col col-delete"' in html
    assert 'class="col col-insert"' in html
    assert '<span class="mark" aria-hidden="true">S</span>' in html
    assert '<span class="visually-hidden">deletion:</span>' in html
    assert 'id="legend"' in html


def test_a_region_rescued_by_code_switching_is_shown_as_rescued(client_for, reviewer):
    conversation = scored_conversation([("my flight", "my fight"), ("the seat", "the seed")])
    score = conversation.turns.get(index=0).scores.get()
    # the block as scoring/codeswitch/report.py writes it (and unknown keys around it)
    rescue = {"reference": "flight", "hypothesis": "fight", "reference_span": [1, 2]}
    score.details = {"code_switch": {"rescues": [{**rescue, "hypothesis_span": [1, 2]}]}}
    score.save()
    Score = type(score)
    other = Score.objects.get(turn__conversation=conversation, turn__index=1)
    other.details = {"code_switch": {"rescues": "not a list", "languages": ["hi", "en"]}}
    other.save()
    html = page_of(client_for(reviewer), conversation).content.decode()
    html = html[html.index('<section id="turns"') :]  # not the legend
    assert html.count('class="col col-rescued"') == 1
    assert '<span class="mark" aria-hidden="true">R</span>' in html
    assert '<span class="visually-hidden">rescued by code-switching:</span>' in html
    assert html.count('class="col col-substitute"') == 1  # the other turn, defensively read


def test_regions_are_focusable_and_link_to_why_and_flag(client_for, reviewer):
    conversation = scored_conversation([("book the l a x flight", "look the LAX flight")])
    turn = conversation.turns.get()
    html = page_of(client_for(reviewer), conversation).content.decode()
    assert f'id="r-{turn.pk}-0" tabindex="0"' in html
    assert f'id="r-{turn.pk}-1" tabindex="0"' in html
    why = reverse("reviewapp:why", args=[turn.pk, 1])
    assert f'href="{why}" hx-get="{why}"' in html
    flag = reverse("reviewapp:flag_new", args=[turn.pk, 1]) + "?category=false_error"
    assert f'href="{flag}" hx-get="{flag}"' in html


def test_annotations_are_labels_not_words(client_for, reviewer):
    conversation = scored_conversation([("[slow] my flight", "my fight")])
    html = page_of(client_for(reviewer), conversation).content.decode()
    assert "[slow]" not in html[html.index('<section id="turns"') :]
    assert '<span class="visually-hidden">reference annotation: </span>slow</span>' in html
    raw = page_of(client_for(reviewer), conversation, view="raw").content.decode()
    assert 'class="annotation" dir="auto" title="annotation, not speech">slow</span>' in raw


def test_phones_in_brackets_are_shown_as_speech_as_the_normalizer_scores_them(client_for, reviewer):
    conversation = scored_conversation([("say [HH AH0 L OW1]", "say hello")])
    raw = page_of(client_for(reviewer), conversation, view="raw").content.decode()
    turns = raw[raw.index('<section id="turns"') :]
    assert 'class="annotation"' not in turns
    assert '<mark class="raw-error">AH0</mark>' in turns  # a scored word, here missed


def test_raw_view_is_a_fragment_for_htmx(client_for, reviewer):
    conversation = scored_conversation([("my flight", "my fight")])
    response = page_of(
        client_for(reviewer),
        conversation,
        view="raw",
        headers=htmx("turns"),
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="turns" data-view="raw"')
    assert "<html" not in html


def test_a_page_and_its_htmx_fragment_vary_on_hx_request(client_for, reviewer):
    """The browser must not answer Back (to a URL htmx pushed) with the cached fragment."""
    client = client_for(reviewer)
    conversation = scored_conversation([("my flight", "my fight")])
    for response in (
        list_page(client, language="en"),
        list_page(client, language="en", headers=htmx("results")),
        page_of(client, conversation, view="raw", headers=htmx("turns")),
        client.get(reverse("reviewapp:flag_queue"), {"language": "en"}, headers=htmx("queue")),
    ):
        assert "HX-Request" in response["Vary"]


def test_filter_forms_take_their_state_from_the_url(client_for, reviewer):
    client = client_for(reviewer)
    for html in (
        list_page(client).content.decode(),
        client.get(reverse("reviewapp:flag_queue")).content.decode(),
    ):
        form = re.search(r'<form method="get"[^>]*>', html).group()
        assert 'autocomplete="off"' in form and "data-url-state" in form
        assert "/static/js/filters.js" in html


def test_assistant_turns_are_context_and_text_has_direction_and_language(client_for, reviewer):
    conversation = scored_conversation(
        [("How can I help?", "How can I help?"), ("my flight", "my fight")],
        speakers=["assistant", "user"],
    )
    html = page_of(client_for(reviewer), conversation).content.decode()
    assert 'class="turn turn-context"' in html
    assert "Context: assistant turn, not scored." in html
    assert 'lang="en"' in html and 'dir="auto"' in html


def test_language_without_config_is_shown_as_not_scored(client_for, reviewer):
    Language.objects.create(code="ko", config_language="")
    conversation = scored_conversation([("서울역", "서울 역")], language="ko", score=False)
    response = page_of(client_for(reviewer), conversation)
    assert response.status_code == 200
    assert b"Not scored: no config for this language yet." in response.content


def test_rescoring_page_says_which_version_the_scores_are_from(client_for, reviewer):
    conversation = scored_conversation([("my flight", "my fight")])
    old = ConfigVersion.objects.get(language="en")
    new = create_version("en", old.content, message="next")
    Language.objects.filter(code="en").update(active_version=new)
    html = page_of(client_for(reviewer), conversation).content.decode()
    assert "Scores are from version 1" in html
    assert "version 2 is being scored" in html


def test_transcripts_are_escaped(client_for, reviewer):
    conversation = scored_conversation([("<script>alert(1)</script>", "script alert one")])
    html = page_of(client_for(reviewer), conversation, view="raw").content.decode()
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_page_queries_do_not_grow_with_turns(client_for, reviewer, django_assert_num_queries):
    client = client_for(reviewer)
    small = scored_conversation([("my flight", "my fight")])
    big = scored_conversation([("my flight", "my fight")] * 12)
    turn = big.turns.first()
    score = turn.scores.get()
    do_create_flag(reviewer, score, 0, category="real_error", note="")
    page_of(client, small)  # warm the session
    # 11: two of them read the data-quality banner (findings, re-pairings), one the
    # content stamp of the page's ETag (views/conditional.py)
    with django_assert_num_queries(11) as small_queries:
        page_of(client, small)
    with django_assert_num_queries(len(small_queries.captured_queries)):
        page_of(client, big)


@given(
    st.lists(st.sampled_from("abcd"), max_size=8),
    st.lists(st.sampled_from("abcd"), max_size=8),
)
def test_regions_from_stored_ops_equal_the_library_regions(ref, hyp):
    from reviewapp.alignment import regions
    from scoring.align import align

    result = align(ref, hyp)
    stored = json.loads(json.dumps([op.as_list() for op in result.ops]))  # as a JSONField
    assert regions(stored) == list(result.regions)


# --- why -------------------------------------------------------------------------------------


def test_why_shows_every_step_and_that_they_stay_different(client_for, reviewer):
    conversation = scored_conversation([("I fly to l a x", "I fly to LAX")])
    turn = conversation.turns.get()
    response = client_for(reviewer).get(reverse("reviewapp:why", args=[turn.pk, 0]))
    html = response.content.decode()
    assert response.status_code == 200
    assert 'data-verdict="stay_different"' in html
    for step in ("input", "tokenize", "case", "whitespace"):
        assert f'data-step="{step}"' in html
    assert '<td dir="auto">l a x</td>' in html and '<td dir="auto">lax</td>' in html


def test_why_marks_the_step_that_made_them_equal():
    from reviewapp.alignment import why
    from scoring.align import Region

    trace_ref = [("input", "Krüger"), ("case", "krüger"), ("char_folds", "krueger")]
    trace_hyp = [("input", "Krueger"), ("case", "krueger"), ("char_folds", "krueger")]
    result = why(trace_ref, trace_hyp, Region(0, 0, 1, 0, 1), "word")
    assert (result.verdict, result.step) == ("made_equal", "char_folds")
    assert [row.decisive for row in result.rows] == [False, False, True]


def test_why_is_a_fragment_for_htmx(client_for, reviewer):
    conversation = scored_conversation([("I fly to l a x", "I fly to LAX")])
    turn = conversation.turns.get()
    response = client_for(reviewer).get(reverse("reviewapp:why", args=[turn.pk, 0]), headers=htmx())
    assert (
        response.content.decode().lstrip().startswith(f'<section class="why" id="why-{turn.pk}-0"')
    )


def test_why_of_a_missing_region_is_404(client_for, reviewer):
    conversation = scored_conversation([("my flight", "my flight")])
    turn = conversation.turns.get()
    response = client_for(reviewer).get(reverse("reviewapp:why", args=[turn.pk, 0]))
    assert response.status_code == 404


# --- the list --------------------------------------------------------------------------------


def list_page(client, headers=None, **params):
    return client.get(reverse("reviewapp:conversations"), params, headers=headers)


def ids(response) -> list[str]:
    return re.findall(r'<tr id="conversation-(\d+)"', response.content.decode())


def test_conversation_rate_is_a_ratio_of_sums(client_for, reviewer):
    # one error in 1 word and none in 9 words: 1/10, not the mean of 100% and 0%
    conversation = scored_conversation(
        [
            ("flight", "fight"),
            ("the cat sat on the mat in the sun", "the cat sat on the mat in the sun"),
        ]
    )
    response = list_page(client_for(reviewer))
    html = response.content.decode()
    row = html[html.index(f'id="conversation-{conversation.pk}"') :]
    assert "10.0%" in row[:2000] and "(1/10)" in row[:2000]


def test_filters(client_for, reviewer):
    client = client_for(reviewer)
    clean = scored_conversation([("my flight", "my flight")], external_id="clean")
    sub = scored_conversation([("my flight", "my fight")], external_id="sub")
    ins = scored_conversation([("my flight", "my flight now")], model="other")
    dele = scored_conversation([("my flight now", "my flight")], dataset=DatasetFactory(name="b"))
    de = scored_conversation([("das Konto", "das Kondo")], language="de")
    flagged = scored_conversation([("the seat", "the seed")])
    do_create_flag(
        reviewer, Turn.objects.get(conversation=flagged).scores.get(), 0, category="real_error"
    )
    every = {str(c.pk) for c in (clean, sub, ins, dele, de, flagged)}
    assert set(ids(list_page(client))) == every
    assert ids(list_page(client, language="de")) == [str(de.pk)]
    assert ids(list_page(client, model="other")) == [str(ins.pk)]
    assert ids(list_page(client, dataset=dele.dataset_id)) == [str(dele.pk)]
    assert ids(list_page(client, kinds="I")) == [str(ins.pk)]
    assert ids(list_page(client, kinds="D")) == [str(dele.pk)]
    assert set(ids(list_page(client, kinds=["S", "D"]))) == {
        str(sub.pk),
        str(dele.pk),
        str(de.pk),
        str(flagged.pk),
    }
    assert ids(list_page(client, flagged="yes")) == [str(flagged.pk)]
    assert str(flagged.pk) not in ids(list_page(client, flagged="no"))
    assert ids(list_page(client, q="FIGHT")) == [str(sub.pk)]
    assert ids(list_page(client, rate_max=0)) == [str(clean.pk)]
    assert str(clean.pk) not in ids(list_page(client, rate_min=10))


def test_sort_by_rate_both_ways(client_for, reviewer):
    client = client_for(reviewer)
    low = scored_conversation([("a b c d", "a b c x")])
    high = scored_conversation([("a b", "x y")])
    assert ids(list_page(client))[:2] == [str(high.pk), str(low.pk)]
    assert ids(list_page(client, sort="rate_asc"))[:2] == [str(low.pk), str(high.pk)]


def test_not_scored_conversations_are_listed_honestly(client_for, reviewer):
    Language.objects.create(code="ja", config_language="")
    scored_conversation([("東京駅", "東京 駅")], language="ja", score=False)
    html = list_page(client_for(reviewer)).content.decode()
    assert "not scored" in html and "0/1" in html


def test_paginated_by_50_with_links_that_work_without_js(client_for, reviewer):
    dataset = DatasetFactory(name="many")
    conversations = Conversation.objects.bulk_create(
        Conversation(dataset=dataset, external_id=f"c{i:03}", language="en") for i in range(51)
    )
    assert len(conversations) == 51
    response = list_page(client_for(reviewer), language="en")
    html = response.content.decode()
    assert len(ids(response)) == 50
    assert 'href="?language=en&amp;page=2"' in html
    assert 'hx-get="?language=en&amp;page=2"' in html
    assert len(ids(list_page(client_for(reviewer), language="en", page=2))) == 1


def test_results_are_a_fragment_for_htmx(client_for, reviewer):
    scored_conversation([("my flight", "my fight")])
    response = list_page(client_for(reviewer), language="en", headers=htmx("results"))
    assert response.content.decode().lstrip().startswith('<section id="results"')


def test_list_queries_do_not_grow_with_rows(client_for, reviewer, django_assert_num_queries):
    client = client_for(reviewer)
    scored_conversation([("my flight", "my fight")])
    list_page(client)
    with django_assert_num_queries(10) as few:  # one: the content stamp of the ETag
        list_page(client, q="flight", kinds="S", flagged="no")
    for _ in range(10):
        scored_conversation([("my flight", "my fight"), ("the seat", "the seed")])
    with django_assert_num_queries(len(few.captured_queries)):
        list_page(client, q="flight", kinds="S", flagged="no")


def test_why_names_a_rule_that_runs_out_of_budget_instead_of_failing(
    client_for, reviewer, monkeypatch
):
    from scoring.errors import RuleTimeout
    from scoring.normalize import Normalizer

    conversation = scored_conversation([("I fly to l a x", "I fly to LAX")])
    turn = conversation.turns.get()

    def slow(self, text, profile=None):
        raise RuleTimeout("replacements.3", "pattern '(a+)+$' timed out")

    monkeypatch.setattr(Normalizer, "trace", slow)
    response = client_for(reviewer).get(reverse("reviewapp:why", args=[turn.pk, 0]))
    assert response.status_code == 200
    assert "replacements.3" in response.content.decode()


def test_persian_words_keep_their_zero_width_non_joiner_on_screen(client_for, reviewer):
    """The normalizer removes the ZWNJ (both spellings score the same); the page shows the
    word as written, so می‌خواهم is not drawn joined as میخواهم."""
    conversation = scored_conversation(
        [("من می\u200cخواهم بروم، لطفاً", "من میخواهم برم لطفاً")], language="fa"
    )
    page = client_for(reviewer).get(reverse("reviewapp:conversation", args=[conversation.pk]))
    html = page.content.decode()
    assert "می\u200cخواهم" in html
    assert ">میخواهم<" not in html
    score = conversation.turns.get().scores.get()
    assert "\u200c" not in score.reference_normalized  # scoring still folds it


def test_a_turn_that_matched_although_its_texts_differ_shows_which_step_hid_it(
    client_for, reviewer
):
    conversation = scored_conversation(
        [("I need twenty five dollars", "I need $25"), ("my flight", "my fight")]
    )
    matched, erred = conversation.turns.order_by("index")
    client = client_for(reviewer)
    page = client.get(reverse("reviewapp:conversation", args=[conversation.pk])).content.decode()
    link = reverse("reviewapp:why_turn", args=[matched.pk])
    assert f'href="{link}">Why these match' in page
    assert reverse("reviewapp:why_turn", args=[erred.pk]) not in page  # its regions have a why
    html = client.get(link).content.decode()
    assert 'id="why-turn-verdict"' in html and "made them the same" in html
    assert 'aria-current="step"' in html


def test_the_raw_view_marks_the_words_of_error_regions(client_for, reviewer):
    conversation = scored_conversation([('Book my "flight", please', "book my fight please")])
    url = reverse("reviewapp:conversation", args=[conversation.pk])
    html = client_for(reviewer).get(url, {"view": "raw"}).content.decode()
    assert '<mark class="raw-error">&quot;flight&quot;,</mark>' in html  # escaped
    assert '<mark class="raw-error">fight</mark>' in html
    assert '<mark class="raw-error">Book' not in html


# --- a reference with alternations (a trn turn) ----------------------------------------------


def test_a_reference_with_alternations_shows_them_marked_and_the_chosen_words_aligned(
    client_for, reviewer
):
    reference = "the cat sat on { @ / <b>the</b> } (big) mat"
    conversation = scored_conversation([(reference, "the cat sat on mat")], alternations=True)
    turn = conversation.turns.get()
    html = page_of(client_for(reviewer), conversation).content.decode()
    note = re.search(rf'<p class="alternations-note" id="alternations-{turn.pk}">.*?</p>', html)
    assert note, "the alternations are shown above the turn"
    assert note.group().count('<span class="alternation"') == 2
    assert '<span class="no-word" title="no word">∅</span>' in note.group()
    assert "&lt;b&gt;the&lt;/b&gt;" in note.group() and "<b>" not in html
    # the aligned reference is the path the score took: no error, no brace as a word
    tag = re.search(rf'<p class="turn-score" id="score-{turn.pk}"[^>]*>', html).group()
    assert 'data-errors="0"' in tag
    assert 'class="tok ref">{<' not in html
    raw = page_of(client_for(reviewer), conversation, view="raw").content.decode()
    texts = re.search(r'<dl class="texts">.*?</dl>', raw, re.S).group()
    assert texts.count('<span class="alternation"') == 2


def test_a_plain_reference_with_braces_shows_them_as_text(client_for, reviewer):
    conversation = scored_conversation([("a { b / c } d", "a b d")])
    html = page_of(client_for(reviewer), conversation).content.decode()
    assert 'class="alternations-note"' not in html and 'class="alternation"' not in html
