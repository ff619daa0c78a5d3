"""Turns are named as people name them, "<conversation id> · turn <index>", linked to
their place on the conversation page: a proposal's linked flags, its preview's flips,
the flag queue. Never by a database id."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from reviewapp.models import Flag, Turn
from reviewapp.services import proposals
from reviewapp.services.flags import do_create_flag
from reviewapp.services.preview import create_preview_job, run_preview
from reviewapp.templatetags.turns import with_turns
from tests.reviewapp.factories import scored_conversation, with_fillers

pytestmark = pytest.mark.django_db


@pytest.fixture
def flagged(reviewer) -> Flag:
    conversation = scored_conversation(
        [("hello there", "hello there"), ("hmja das Konto", "das Konto")],
        language="de",
        external_id="call-0042",
    )
    score = conversation.turns.get(index=1).scores.get()
    return do_create_flag(reviewer, score, 0, category="false_error", note="a filler")


def link(turn: Turn) -> str:
    url = reverse("reviewapp:conversation", args=[turn.conversation_id])
    return (
        f'<a class="turn-link" href="{url}#turn-{turn.pk}">'
        f'<span dir="auto">{turn.conversation.external_id}</span> · turn {turn.index}</a>'
    )


def test_linked_flags_and_preview_flips_name_the_conversation_and_turn(
    client_for, reviewer, flagged
):
    version = flagged.version
    proposal = proposals.do_create_proposal(
        reviewer, "de", with_fillers(version, "hmja"), title="hmja", flags=[flagged]
    )
    run_preview(create_preview_job(proposal, reviewer).pk)
    page = client_for(reviewer).get(reverse("reviewapp:proposal", args=[proposal.pk]))
    html = page.content.decode()
    linked = html[html.index('id="flag-results"') : html.index("</table>")]
    assert link(flagged.turn) in linked
    assert '<q dir="auto" lang="de">hmja</q> → <q dir="auto" lang="de">∅</q>' in linked
    assert f"#{flagged.pk}<" not in linked
    flips = re.search(r"Turns that become matches</summary>(.*?)</details>", html, re.S).group(1)
    assert f"{link(flagged.turn)}: " in flips
    assert f"turn {flagged.turn_id}<" not in flips and "/turns/" not in flips


def test_the_flag_queue_names_the_turn_the_same_way(client_for, reviewer, flagged):
    html = client_for(reviewer).get(reverse("reviewapp:flag_queue")).content.decode()
    assert link(flagged.turn) in html


def test_with_turns_looks_all_turns_up_in_one_query(flagged, django_assert_num_queries):
    turn = flagged.turn
    rows = [{"turn": turn.pk, "before": {}}, {"turn": 10**9}, {"flag": flagged}]
    with django_assert_num_queries(1):
        labelled = with_turns(rows)
    assert [row["turn_ref"] and row["turn_ref"].label for row in labelled] == [
        "call-0042 · turn 1",
        None,  # a turn deleted since the preview ran
        "call-0042 · turn 1",
    ]
    assert labelled[0]["before"] == {} and "turn_ref" not in rows[0]  # copies
    assert with_turns([]) == []
