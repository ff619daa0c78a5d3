"""The compare page and its reports: two models on the same references, the verdict of
`scoring.compare`, the turns that differ most, downloads, and who may see them."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from django.urls import reverse

from reviewapp.models import Score
from scoring.compare import compare
from scoring.evaluate import Utterance
from scoring.formats import Record
from scoring.metrics import Counts
from scoring.report import Bootstrap
from tests.reviewapp.factories import DatasetFactory, scored_conversation

pytestmark = pytest.mark.django_db

REFERENCES = [
    "my flight leaves at seven tonight",
    "please change my seat to the window",
    "I need a receipt for the taxi",
]
# session, user, roles, the form's datasets and models, the language, the scores
QUERIES = 7
WORSE = ["my fight leaves at seven tonight", "please change my seat", "I need a receipt for taxi"]


def two_models(conversations: int = 6, *, b_hypotheses=REFERENCES, first: int = 0):
    """Model A with errors, model B with `b_hypotheses`, on the same references."""
    calls = DatasetFactory(name="calls")
    pairs = {}
    for n in range(first, first + conversations):
        for model, hyps in (("m-a", WORSE), ("m-b", b_hypotheses)):
            pairs[(model, n)] = scored_conversation(
                list(zip(REFERENCES, hyps, strict=True)),
                external_id=f"call-{n}",
                model=model,
                dataset=calls,
            )
    return pairs


def page(client, **params):
    query = {"language": "en", "dataset": "calls", "a": "m-a", "b": "m-b", **params}
    return client.get(reverse("reviewapp:compare"), query)


def report(client, fmt: str, **params):
    query = {"language": "en", "dataset": "calls", "a": "m-a", "b": "m-b", **params}
    return client.get(reverse("reviewapp:compare_report", args=[fmt]), query)


def test_the_better_model_wins_with_both_tests(client_for, reviewer):
    two_models()
    response = page(client_for(reviewer))
    assert response.status_code == 200
    result = response.context["result"]
    assert result.comparison.verdict.startswith("B makes fewer errors than A")
    assert result.comparison.sign.b_better == 6  # one unit per conversation
    assert result.comparison.interval.high < 0
    body = response.content.decode()
    assert "B (m-b) makes fewer errors than A (m-a): both tests agree" in body
    assert 'id="compare-turns"' in body and 'id="compare-summary"' in body
    assert f"sign test p = {result.comparison.sign.p_value:.3g}" in body


def test_the_same_hypotheses_are_no_significant_difference(client_for, reviewer):
    two_models(b_hypotheses=WORSE)
    response = page(client_for(reviewer))
    assert "no significant difference at the 5% level" in response.content.decode()
    assert 'id="compare-no-turns"' in response.content.decode()


def test_the_turns_that_differ_most_link_to_both_conversations(client_for, reviewer):
    pairs = two_models(conversations=2)
    response = page(client_for(reviewer))
    turns = response.context["result"].turns
    assert {(t.external_id, t.index, t.errors_a, t.errors_b) for t in turns} == {
        (f"call-{n}", i, e, 0) for n in range(2) for i, e in ((0, 1), (1, 3), (2, 1))
    }
    assert turns[0].index == 1  # the largest gap first
    first_a, first_b = pairs[("m-a", 0)], pairs[("m-b", 0)]
    body = response.content.decode()
    assert reverse("reviewapp:conversation", args=[first_a.pk]) + "#turn-" in body
    assert reverse("reviewapp:conversation", args=[first_b.pk]) + "#turn-" in body


def test_the_numbers_are_scoring_compare_on_the_turn_counts(client_for, reviewer):
    two_models(conversations=3)
    result = page(client_for(reviewer)).context["result"]
    # the same counts through the library directly: per conversation, as the page resamples
    counts_a = [u.counts for u in result_utterances(result, "a")]
    assert sum(c.errors for c in counts_a) == 3 * 5
    expected = compare(
        result_utterances(result, "a"),
        result_utterances(result, "b"),
        bootstrap=Bootstrap(1000, 0, "conversation"),
    )
    assert result.comparison.difference == expected.difference
    assert result.comparison.interval == expected.interval
    assert result.comparison.sign == expected.sign


def result_utterances(result, side: str) -> list[Utterance]:
    """The scores the factory wrote for one model, as the library's utterances."""
    model = result.model_a if side == "a" else result.model_b
    rows = Score.objects.filter(turn__conversation__model=model).select_related(
        "turn__conversation"
    )
    utterances = []
    for s in sorted(rows, key=lambda s: (s.turn.conversation.external_id, s.turn.index)):
        external_id = s.turn.conversation.external_id
        record = Record(
            f"{external_id} #{s.turn.index}", "", "", metadata={"conversation": external_id}
        )
        counts = Counts(s.substitutions, s.deletions, s.insertions, s.ref_len, s.hyp_len)
        utterances.append(Utterance(record, counts))
    return utterances


def test_turns_without_a_partner_of_the_same_reference_are_left_out(client_for, reviewer):
    pairs = two_models(conversations=2)
    turn = pairs[("m-b", 1)].turns.get(index=2)
    turn.reference = "another reference"
    turn.save()
    result = page(client_for(reviewer)).context["result"]
    assert (result.paired, result.left_out) == (5, 2)


def test_a_model_cannot_be_compared_with_itself(client_for, reviewer):
    two_models(conversations=1)
    response = page(client_for(reviewer), b="m-a")
    assert response.status_code == 400
    assert "choose a model other than A" in response.content.decode()
    assert response.context["result"] is None


def test_the_empty_form_is_a_page_without_a_result(client_for, reviewer):
    two_models(conversations=1)
    response = client_for(reviewer).get(reverse("reviewapp:compare"))
    assert response.status_code == 200
    assert 'id="verdict"' not in response.content.decode()


def test_transcript_and_model_names_are_escaped(client_for, reviewer):
    calls = DatasetFactory(name="calls")
    for model in ("m-a", "<b>m-b</b>"):
        scored_conversation(
            [(REFERENCES[0], WORSE[0] if model == "m-a" else REFERENCES[0])],
            external_id="<script>alert(1)</script>",
            model=model,
            dataset=calls,
        )
    body = page(client_for(reviewer), b="<b>m-b</b>").content.decode()
    assert "<script>alert(1)</script>" not in body
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body
    assert "<b>m-b</b>" not in body


def test_the_json_report_holds_the_summary_and_the_comparison(client_for, reviewer):
    two_models()
    response = report(client_for(reviewer), "json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert 'filename="compare-en-m-a-m-b.json"' in response["Content-Disposition"]
    data = json.loads(response.content)
    assert [group["group"] for group in data["summary"]["groups"]] == ["m-a", "m-b"]
    assert data["comparison"]["verdict"].startswith("B makes fewer errors than A")
    assert data["comparison"]["bootstrap"] == {
        "replicates": 1000,
        "seed": 0,
        "unit": "conversation",
        "level": 0.95,
    }
    assert (data["turns_compared"], data["turns_left_out"]) == (18, 0)
    assert data["turns_that_differ_most"][0] == {
        "conversation": "call-0",
        "turn": 1,
        "errors_a": 3,
        "errors_b": 0,
    }


def test_the_csv_report_has_a_row_per_model_and_the_total(client_for, reviewer):
    two_models()
    response = report(client_for(reviewer), "csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [(r["row"], r["group"]) for r in rows] == [
        ("group", "m-a"),
        ("group", "m-b"),
        ("total", "Sum"),
    ]
    assert (rows[0]["errors"], rows[1]["errors"]) == ("30", "0")


def test_the_text_report_is_sclites_summary_then_the_comparison(client_for, reviewer):
    two_models()
    text = report(client_for(reviewer), "txt").content.decode()
    assert text.split("\n")[0].strip() == "SYSTEM SUMMARY PERCENTAGES by MODEL"
    assert "| m-a " in text and "| m-b " in text
    assert "verdict  B makes fewer errors than A" in text


def test_a_report_of_an_unknown_format_or_a_bad_form_is_refused(client_for, reviewer):
    two_models(conversations=1)
    client = client_for(reviewer)
    assert report(client, "xml").status_code == 404
    response = report(client, "json", dataset="nope")
    assert response.status_code == 400
    assert response.content.decode().startswith("dataset: Select a valid choice.")


@pytest.mark.parametrize("name", ["compare", "compare_report"])
def test_people_without_a_role_are_refused(client_for, outsider, name):
    two_models(conversations=1)
    args = ["json"] if name == "compare_report" else []
    response = client_for(outsider).get(reverse(f"reviewapp:{name}", args=args))
    assert response.status_code == 403


def test_each_models_turns_download_as_csv_that_imports_back(client_for, reviewer):
    two_models(conversations=1)
    client = client_for(reviewer)
    body = page(client).content.decode()
    assert (
        reverse("reviewapp:turns_export") + "?language=en&amp;dataset=calls&amp;model=m-b" in body
    )
    response = client.get(
        reverse("reviewapp:turns_export"), {"language": "en", "dataset": "calls", "model": "m-a"}
    )
    assert response.status_code == 200
    assert 'filename="turns-en-calls-m-a.csv"' in response["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [(r["conversation"], r["id"], r["reference"], r["hypothesis"]) for r in rows] == [
        ("call-0", f"call-0#{i}", ref, hyp)
        for i, (ref, hyp) in enumerate(zip(REFERENCES, WORSE, strict=True))
    ]


def test_the_page_queries_do_not_grow_with_conversations(
    client_for, reviewer, django_assert_num_queries
):
    two_models(conversations=2)
    client = client_for(reviewer)
    page(client)  # the session and the user's roles are read once
    with django_assert_num_queries(QUERIES):
        page(client)
    two_models(conversations=4, first=2)
    with django_assert_num_queries(QUERIES):
        page(client)


# --- the pickers: the chosen language's datasets, the chosen dataset's models ---------------


def options_of(html: str, name: str) -> list[str]:
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', html, re.S).group(1)
    return re.findall(r'<option value="([^"]*)"', select)


def runs_in_three_places() -> None:
    """en: m-a and m-b in calls, m-c in chats; de: m-de in berlin."""
    two_models(1)
    chats, berlin = DatasetFactory(name="chats"), DatasetFactory(name="berlin")
    scored_conversation([("hello", "hello")], model="m-c", dataset=chats, external_id="x")
    scored_conversation([("hallo", "hallo")], language="de", model="m-de", dataset=berlin,
                        external_id="y")  # fmt: skip


def test_the_pickers_list_only_the_chosen_languages_datasets_and_datasets_models(
    client_for, reviewer
):
    runs_in_three_places()
    html = page(client_for(reviewer)).content.decode()
    assert options_of(html, "dataset") == ["calls", "chats"]
    assert options_of(html, "a") == options_of(html, "b") == ["m-a", "m-b"]
    html = page(client_for(reviewer), dataset="chats", a="m-c", b="m-a").content.decode()
    assert options_of(html, "a") == ["m-c"]


def test_the_empty_form_lists_the_first_languages_datasets_and_models(client_for, reviewer):
    runs_in_three_places()
    html = client_for(reviewer).get(reverse("reviewapp:compare")).content.decode()
    assert options_of(html, "language")[0] == "de"  # languages are listed by code
    assert options_of(html, "dataset") == ["berlin"]
    assert options_of(html, "a") == ["m-de"]


def test_listing_another_languages_pickers_shows_them_without_an_error(client_for, reviewer):
    runs_in_three_places()
    response = page(client_for(reviewer), language="de", pickers="1")
    html = response.content.decode()
    assert response.status_code == 200 and 'class="errorlist' not in html
    assert (options_of(html, "dataset"), options_of(html, "a")) == (["berlin"], ["m-de"])
    assert 'id="verdict"' not in html


def test_a_model_of_another_language_is_not_a_valid_choice(client_for, reviewer):
    runs_in_three_places()
    response = page(client_for(reviewer), b="m-de")
    assert response.status_code == 400
    assert "m-de is not one of the available choices" in response.content.decode()
