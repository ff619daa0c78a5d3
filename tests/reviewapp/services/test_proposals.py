"""Proposals: checks, impact preview, approval that fans out, rejection, rebase."""

import copy
import threading

import pytest
from django.core.exceptions import PermissionDenied
from django.db import connection

from reviewapp.models import AuditEvent, ConfigVersion, Flag, Job, Language, Proposal, Score
from reviewapp.services import proposals
from reviewapp.services.configs import ensure_languages
from reviewapp.services.preview import create_preview_job, run_preview
from reviewapp.services.scoring import run_chunk
from tests.reviewapp.factories import ConversationFactory, TurnFactory, with_fillers

pytestmark = pytest.mark.django_db(transaction=True)


def score_all(job):
    for chunk_id in job.chunks.values_list("pk", flat=True):
        run_chunk(chunk_id)


@pytest.fixture
def english_corpus(reviewer):
    ensure_languages()
    version = Language.objects.get(code="en").active_version
    conv = ConversationFactory(language="en")
    turns = {
        "filler": TurnFactory(
            conversation=conv, reference="ahem I need help", hypothesis="I need help"
        ),
        "real": TurnFactory(
            conversation=conv, reference="well I need help", hypothesis="I need help"
        ),
        "other": TurnFactory(conversation=conv, reference="my flight", hypothesis="my fight"),
    }
    from reviewapp.services.scoring import create_job

    score_all(create_job(Job.Kind.SCORE, "en", version, [t.pk for t in turns.values()]))
    Language.objects.filter(config_language="en").update(scored_version=version)
    Flag.objects.create(
        turn=turns["real"],
        version=version,
        language="en",
        author=reviewer,
        category=Flag.Category.REAL_ERROR,
        ref_start=0,
        ref_end=1,
        hyp_start=0,
        hyp_end=0,
        ref_span="well",
    )
    return version, turns


def test_schema_errors_block_and_lint_warns(english_corpus):
    version, _ = english_corpus
    bad = copy.deepcopy(version.content)
    bad["config"]["fillerz"] = []
    assert proposals.check_content(bad)[0].level == "error"
    assert "unknown field" in proposals.check_content(bad)[0].message
    odd = with_fillers(version, " ahem")
    assert any(
        p.level == "warning" and "whitespace" in p.message for p in proposals.check_content(odd)
    )


def test_rule_diff_names_the_rule(english_corpus):
    version, _ = english_corpus
    diff = proposals.rule_diff(version, with_fillers(version, "ahem"))
    assert [c.describe() for c in diff] == ['added fillers: "ahem"']


def test_preview_rescores_only_touched_turns_and_writes_nothing(english_corpus, reviewer):
    version, turns = english_corpus
    proposal = proposals.do_create_proposal(
        reviewer, "en", with_fillers(version, "ahem", "well"), title="more fillers"
    )
    scores_before = Score.objects.count()
    result = run_preview(create_preview_job(proposal).pk)
    assert Score.objects.count() == scores_before
    assert Job.objects.get(kind=Job.Kind.PREVIEW).total == 2  # "my fight" has neither word
    assert result["overall"]["errors_before"] == 3
    assert result["overall"]["errors_after"] == 1
    assert [row["turn"] for row in result["error_to_match"]] == sorted(
        [turns["filler"].pk, turns["real"].pk]
    )
    # the reviewer said "well ... " vs "..." was a real STT error: warn about hiding it
    assert [row["turn"] for row in result["over_normalization"]] == [turns["real"].pk]


def test_approval_versions_moves_pointer_addresses_flags_audits_and_rescores(
    english_corpus, reviewer, make_user
):
    version, turns = english_corpus
    maintainer = make_user("mia-en", maintains=["en"])
    flag = Flag.objects.create(
        turn=turns["filler"],
        version=version,
        language="en",
        author=reviewer,
        category=Flag.Category.FALSE_ERROR,
        ref_start=0,
        ref_end=1,
        hyp_start=0,
        hyp_end=0,
        ref_span="ahem",
    )
    proposal = proposals.do_create_proposal(
        reviewer, "en", with_fillers(version, "ahem"), title="ahem is a filler", flags=[flag]
    )
    new = proposals.do_approve(maintainer, proposal)
    assert (new.number, new.parent, new.approver, new.author) == (2, version, maintainer, reviewer)
    major, minor, patch = version.content["config"]["version"].split(".")
    assert new.content["config"]["version"] == f"{major}.{minor}.{int(patch) + 1}"
    assert Language.objects.get(code="en").active_version == new
    flag.refresh_from_db()
    assert (flag.status, flag.addressed_by) == (Flag.Status.ADDRESSED, new)
    assert set(AuditEvent.objects.values_list("action", flat=True)) >= {
        "proposal:created",
        "proposal:approved",
        "version:created",
        "rescore:queued",
    }
    rescore = Job.objects.get(kind=Job.Kind.RESCORE, language="en")
    assert rescore.status == Job.Status.DONE  # eager in tests: ran on commit
    assert Score.objects.filter(version=new).count() == 3
    assert Score.objects.filter(version=version).count() == 3  # old scores kept
    assert Language.objects.get(code="en").scored_version == new
    assert Score.objects.get(version=new, turn=turns["filler"]).errors == 0


def test_only_a_maintainer_of_the_language_approves(english_corpus, reviewer, maintainer_de):
    version, _ = english_corpus
    proposal = proposals.do_create_proposal(
        reviewer, "en", with_fillers(version, "ahem"), title="x"
    )
    for user in (reviewer, maintainer_de):
        with pytest.raises(PermissionDenied):
            proposals.do_approve(user, proposal)
    assert ConfigVersion.objects.filter(language="en").count() == 1


def test_rejection_needs_a_reason(english_corpus, reviewer, make_user):
    version, _ = english_corpus
    maintainer = make_user("mia-en", maintains=["en"])
    proposal = proposals.do_create_proposal(
        reviewer, "en", with_fillers(version, "ahem"), title="x"
    )
    with pytest.raises(proposals.ProposalError, match="needs a reason"):
        proposals.do_reject(maintainer, proposal, "  ")
    proposals.do_reject(maintainer, proposal, "ahem is a word in our scripts")
    proposal.refresh_from_db()
    assert (proposal.status, proposal.review_note) == ("rejected", "ahem is a word in our scripts")


def test_a_stale_proposal_must_be_rebased_and_rebase_keeps_its_rules(
    english_corpus, reviewer, make_user
):
    version, _ = english_corpus
    maintainer = make_user("mia-en", maintains=["en"])
    first = proposals.do_create_proposal(reviewer, "en", with_fillers(version, "ahem"), title="a")
    second = proposals.do_create_proposal(reviewer, "en", with_fillers(version, "hmmm"), title="b")
    proposals.do_approve(maintainer, first)
    with pytest.raises(proposals.ProposalError, match="rebase it first"):
        proposals.do_approve(maintainer, second)
    rebased = proposals.do_rebase(reviewer, second)
    assert rebased.base_version.number == 2
    assert {"ahem", "hmmm"} <= set(rebased.content["config"]["fillers"])
    v3 = proposals.do_approve(maintainer, rebased)
    assert (v3.number, v3.parent.number) == (3, 2)


@pytest.mark.skipif(connection.vendor == "sqlite", reason="needs row locks (PostgreSQL)")
def test_two_simultaneous_approvals_never_fork_the_chain(english_corpus, reviewer, make_user):
    version, _ = english_corpus
    maintainers = [make_user("m1", maintains=["en"]), make_user("m2", maintains=["en"])]
    props = [
        proposals.do_create_proposal(reviewer, "en", with_fillers(version, w), title=w)
        for w in ("ahem", "hmmm")
    ]
    outcomes = []
    barrier = threading.Barrier(2)

    def approve(user, proposal):
        barrier.wait()
        try:
            proposals.do_approve(user, proposal)
            outcomes.append("approved")
        except proposals.ProposalError:
            outcomes.append("rebase")
        finally:
            connection.close()

    threads = [
        threading.Thread(target=approve, args=pair) for pair in zip(maintainers, props, strict=True)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["approved", "rebase"]
    assert list(
        ConfigVersion.objects.filter(language="en").values_list("number", "parent__number")
    ) == [(1, None), (2, 1)]
    assert Proposal.objects.filter(status="approved").count() == 1
