"""The config history names each version's stamp and the companion versions it pins."""

from __future__ import annotations

import pytest
from django.urls import reverse

from reviewapp.models import ConfigVersion, Language, Proposal
from reviewapp.services import proposals
from reviewapp.services.configs import ensure_languages
from tests.reviewapp.factories import with_fillers

pytestmark = pytest.mark.django_db


@pytest.fixture
def ahem_approved(reviewer, make_user) -> Proposal:
    """English v2 (ahem a filler), approved from a reviewer's proposal; Hindi, which pins
    English, gets its dependency bump."""
    ensure_languages()
    en_v1 = Language.objects.get(code="en").active_version
    proposal = proposals.do_create_proposal(
        reviewer, "en", with_fillers(en_v1, "ahem"), title="ahem is a filler"
    )
    proposals.do_approve(make_user("mia-en", maintains=["en"]), proposal)
    return proposal


def version_row(html: str, number: int) -> str:
    start = html.index(f'<tr id="version-{number}">')
    return html[start : html.index("</tr>", start)]


def test_history_shows_a_dependency_bump_with_its_pinned_english(
    client_for, reviewer, ahem_approved
):
    hi_v2 = Language.objects.get(code="hi").active_version
    page = client_for(reviewer).get(reverse("reviewapp:config_history", args=["hi"]))
    row = version_row(page.content.decode(), 2)
    assert f"<code>{hi_v2.label}</code>" in row and "with en v2" in row
    assert "Dependency bump to en v2" in row and "configs/" not in row
    assert "with en v1" in version_row(page.content.decode(), 1)


def chart_of(html: str, chart_id: str) -> str:
    start = html.index(f'<figure class="chart" id="{chart_id}">')
    return html[start : html.index("</figure>", start)]


def test_the_rate_chart_has_axes_values_and_a_text_alternative(client_for, reviewer, ahem_approved):
    page = client_for(reviewer).get(reverse("reviewapp:config_history", args=["en"]))
    chart = chart_of(page.content.decode(), "rate-chart")
    assert 'role="img" aria-labelledby="rate-chart-title rate-chart-desc"' in chart
    assert '<title id="rate-chart-title">Corpus rate per version</title>' in chart
    assert '<desc id="rate-chart-desc">2 bars. No value: v1, v2.' in chart  # nothing scored
    assert chart.count('class="axis"') == 2 and '<text class="tick"' in chart
    table = chart[chart.index('<div class="visually-hidden"><table') :]
    assert '<th scope="row">v1</th><td>n/a</td>' in table
    assert '<th scope="row">v2</th><td>n/a</td>' in table
    assert "style=" not in chart  # the CSP allows no inline style


def test_the_ablation_chart_writes_each_steps_value(client_for, reviewer):
    from tests.reviewapp.factories import scored_conversation

    scored_conversation([("book it for me", "look it for me")])
    page = client_for(reviewer).get(reverse("reviewapp:ablation", args=["en"]))
    chart = chart_of(page.content.decode(), "ablation-chart")
    assert '<title id="ablation-chart-title">WER after each step</title>' in chart
    assert '<svg class="bars rows"' in chart  # dozens of steps: one row each
    assert '<text class="value" x="' in chart and ">25.00%</text>" in chart
    assert '<th scope="row">input</th><td>25.00%</td>' in chart
    assert "style=" not in chart


def test_the_rule_diff_of_a_list_shows_only_the_items_added_or_removed(
    client_for, reviewer, make_user
):
    import copy

    ensure_languages()
    en_v1 = Language.objects.get(code="en").active_version
    content = copy.deepcopy(en_v1.content)
    abbreviations = content["config"]["abbreviations"]
    gone = abbreviations.pop(0)
    abbreviations.append({"written": "Dept.", "expansion": "department"})
    proposal = proposals.do_create_proposal(reviewer, "en", content, title="Dept.")
    proposals.do_approve(make_user("mia-en", maintains=["en"]), proposal)
    page = client_for(reviewer).get(
        reverse("reviewapp:config_history", args=["en"]), {"a": 1, "b": 2}
    )
    html = page.content.decode()
    changes = html[html.index('<ul class="changes"') : html.index('<table id="versions"')]
    assert "<code>changed abbreviations</code>" in changes
    assert (
        '<li class="item-added"><span class="delta-mark" aria-hidden="true">+</span> added '
        "<code>{&quot;written&quot;: &quot;Dept.&quot;, &quot;expansion&quot;: "
        "&quot;department&quot;}</code></li>"
    ) in changes
    assert changes.count('<li class="item-removed">') == 1
    assert f"&quot;{gone['written']}&quot;" in changes
    kept = abbreviations[0]["written"]  # an item in both versions is not listed
    assert f"&quot;{kept}&quot;" not in changes


# --- access, revert, diff and the fixture download -----------------------------------------


def test_a_language_without_a_config_has_no_history_page(client_for, reviewer):
    Language.objects.create(code="ko", config_language="")
    client = client_for(reviewer)
    assert client.get(reverse("reviewapp:config_history", args=["ko"])).status_code == 404
    assert client.get(reverse("reviewapp:config_history", args=["xx"])).status_code == 404


def test_a_revert_is_a_proposal_a_maintainer_decides(client_for, reviewer, ahem_approved):
    url = reverse("reviewapp:config_revert", args=["en", 1])
    response = client_for(reviewer).post(url)
    revert = Proposal.objects.exclude(pk=ahem_approved.pk).get()
    assert response.status_code == 302
    assert response["Location"] == reverse("reviewapp:proposal", args=[revert.pk])
    assert (revert.title, revert.status, revert.content) == (
        "Revert en to v1",
        Proposal.Status.PENDING,
        ConfigVersion.objects.get(language="en", number=1).content,
    )
    assert Language.objects.get(code="en").active_version.number == 2  # nothing applied yet


def test_a_revert_to_the_active_content_is_refused_with_the_reason(client_for, reviewer):
    ensure_languages()
    url = reverse("reviewapp:config_revert", args=["en", 1])
    response = client_for(reviewer).post(url, follow=True)
    assert response.redirect_chain[-1][0] == reverse("reviewapp:config_history", args=["en"])
    assert not Proposal.objects.exists()
    [message] = [str(m) for m in response.context["messages"]]
    assert message == "it changes nothing: the config is the same as v1"


def test_a_revert_to_a_version_that_does_not_exist_is_not_found(client_for, reviewer):
    ensure_languages()
    url = reverse("reviewapp:config_revert", args=["en", 9])
    assert client_for(reviewer).post(url).status_code == 404
    assert client_for(reviewer).get(url).status_code == 405


def test_the_diff_shows_only_for_two_versions_that_exist(client_for, reviewer, ahem_approved):
    client = client_for(reviewer)
    url = reverse("reviewapp:config_history", args=["en"])
    assert "diff_pair" in client.get(url, {"a": "1", "b": "2"}).context
    assert "diff_pair" not in client.get(url, {"a": "1", "b": "7"}).context
    assert "diff_pair" not in client.get(url).context


def test_the_fixture_download_is_a_named_json_attachment(client_for, reviewer):
    ensure_languages()
    response = client_for(reviewer).get(reverse("reviewapp:fixtures", args=["fr-CA"]))
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="fr.json"'
    assert response.json() == {"schema": 1, "language": "fr", "cases": []}
