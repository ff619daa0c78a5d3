"""Proposals: checks, impact preview, approval that fans out, rejection, rebase."""

import copy
import re
import threading
import time

import pytest
from django.core.exceptions import PermissionDenied
from django.db import connection

from reviewapp.models import AuditEvent, ConfigVersion, Flag, Job, Language, Proposal, Score
from reviewapp.services import proposals
from reviewapp.services.configs import ensure_languages
from reviewapp.services.preview import create_preview_job, run_preview
from reviewapp.services.scoring import run_chunk
from tests.reviewapp.factories import ConversationFactory, TurnFactory, with_fillers, with_rules
from tests.support.services import require_postgresql

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


def test_two_simultaneous_approvals_never_fork_the_chain(english_corpus, reviewer, make_user):
    require_postgresql()  # row locks
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


# --- the checks that block saving and approval ---------------------------------------

EVIL_TEXT = "a" * 2000 + "b"  # `(a+)+$` backtracks on it past the rule's timeout
NOT_IDEMPOTENT = ("flight", "flight plan")  # a second pass adds another "plan"


@pytest.fixture
def english_sample(db):
    """Twelve English turns with an error each: enough for the guards to apply."""
    ensure_languages()
    conversation = ConversationFactory(language="en")
    TurnFactory.create_batch(12, conversation=conversation)
    return Language.objects.get(code="en").active_version


def saved_before_the_checks(author, base, content) -> Proposal:
    """A proposal written straight to the table, as one saved before save was checked."""
    return Proposal.objects.create(
        language="en", base_version=base, content=content, title="old", author=author
    )


#: name -> (rules appended to English, what the refusal says)
REFUSED = {
    "not idempotent": ([NOT_IDEMPOTENT], r"config: not idempotent on 'my flight is at seven'"),
    "times out": ([("(a+)+$", "")], r"replacements\.0: .*'\(a\+\)\+\$' timed out"),
    "grows past its limit": (
        [(".+", r"\g<0> \g<0>")] * 24,
        r"replacements\.\d+: .*made the text \d+ characters long",
    ),
}


@pytest.mark.parametrize("name", list(REFUSED))
def test_a_blocking_error_refuses_save_edit_and_approval(english_sample, reviewer, make_user, name):
    rules, says = REFUSED[name]
    TurnFactory(conversation=ConversationFactory(language="en"), reference=EVIL_TEXT)
    bad = with_rules(english_sample, *rules)
    with pytest.raises(proposals.ProposalError, match=says):
        proposals.do_create_proposal(reviewer, "en", bad, title="bad")
    assert not Proposal.objects.exists()
    good = proposals.do_create_proposal(
        reviewer, "en", with_fillers(english_sample, "ahem"), title="good"
    )
    with pytest.raises(proposals.ProposalError, match=says):
        proposals.do_edit_proposal(reviewer, good, bad, title="bad", description="")
    assert Proposal.objects.get().content == with_fillers(english_sample, "ahem")
    # saved before saving was checked, or while the sample did not show it: no override
    old = saved_before_the_checks(reviewer, english_sample, bad)
    maintainer = make_user("mia-en", maintains=["en"])
    for reason in ("", "I know what I am doing"):
        with pytest.raises(proposals.ProposalError, match=says):
            proposals.do_approve(maintainer, old, override_reason=reason)
    assert ConfigVersion.objects.filter(language="en").count() == 1
    assert Proposal.objects.get(pk=old.pk).status == Proposal.Status.PENDING


def test_the_check_finds_what_the_normalizer_memo_would_hide(english_sample):
    """A normalizer takes its own output as final (idempotence is what lets it): the
    second pass of the check must not be answered from that memory."""
    checks = proposals.check_proposal(with_rules(english_sample, NOT_IDEMPOTENT), english_sample)
    [error] = checks.errors
    assert error.message.startswith("not idempotent on 'my flight is at seven': a second pass")
    once, twice = re.findall(r"'(my flight[^']*)'", error.message)[1:]
    assert twice.count("plan") > once.count("plan") > 0


def test_a_timing_out_rule_is_found_quickly_and_named(english_sample):
    TurnFactory(conversation=ConversationFactory(language="en"), reference=EVIL_TEXT)
    started = time.monotonic()
    checks = proposals.check_proposal(with_rules(english_sample, ("(a+)+$", "")), english_sample)
    assert time.monotonic() - started < 10
    assert [p.field for p in checks.errors] == ["replacements.0"]
    assert f"on the turn {EVIL_TEXT[:60]!r}" in checks.errors[0].message


def test_the_sample_is_bounded_and_the_same_every_time(english_sample, monkeypatch):
    monkeypatch.setattr(proposals, "SAMPLE_TURNS", 5)
    TurnFactory(conversation=ConversationFactory(language="en"), reference=EVIL_TEXT)
    content = with_rules(english_sample, ("(a+)+$", ""))
    for _ in range(2):
        checks = proposals.check_proposal(content, english_sample)
        assert (checks.problems, checks.sample, checks.total) == ((), 5, 13)
    monkeypatch.setattr(proposals, "SAMPLE_TURNS", 13)
    assert proposals.check_proposal(content, english_sample).errors


def test_a_config_slow_on_every_text_is_stopped_at_the_sample_budget(english_sample, monkeypatch):
    monkeypatch.setattr(proposals, "SAMPLE_SECONDS", 0.0)
    checks = proposals.check_proposal(with_fillers(english_sample, "ahem"), english_sample)
    assert checks.errors[0].message.startswith("too slow: it spent ")
    assert checks.sample == 1


def test_erasing_every_reference_trips_the_guards(english_sample):
    checks = proposals.check_proposal(with_rules(english_sample, (".+", "")), english_sample)
    assert not checks.errors
    assert [p.message.split(":")[0] for p in checks.guards] == [
        "it erases text",
        "it empties texts",
        "it hides errors",
    ]
    assert "12 of the 12 errors v1 finds on the sample disappear" in checks.guards[2].message


def test_an_ordinary_proposal_trips_no_guard(english_sample):
    checks = proposals.check_proposal(with_fillers(english_sample, "ahem"), english_sample)
    assert (checks.problems, checks.sample, checks.guarded) == ((), 12, True)


def test_guards_need_enough_turns(english_corpus):
    version, _ = english_corpus
    checks = proposals.check_proposal(with_rules(version, (".+", "")), version)
    assert (checks.problems, checks.sample, checks.guarded) == ((), 3, False)


def test_a_guard_is_saved_but_blocks_approval_until_a_maintainer_overrides_it(
    english_sample, reviewer, make_user
):
    erase = with_rules(english_sample, (".+", ""))
    proposal = proposals.do_create_proposal(reviewer, "en", erase, title="erase")
    maintainer = make_user("mia-en", maintains=["en"])
    with pytest.raises(proposals.ProposalError, match="guard: it erases text.*with a reason"):
        proposals.do_approve(maintainer, proposal, override_reason="  ")
    assert ConfigVersion.objects.filter(language="en").count() == 1
    reason = "the references of this language are read from markup, see the wiki"
    version = proposals.do_approve(maintainer, proposal, override_reason=reason)
    assert version.number == 2
    event = AuditEvent.objects.get(action="proposal:approved")
    assert event.actor == maintainer
    assert event.data["guard_override"]["reason"] == reason
    assert [g.split(":")[0] for g in event.data["guard_override"]["guards"]] == [
        "it erases text",
        "it empties texts",
        "it hides errors",
    ]


def test_an_approval_without_a_guard_records_no_override(english_sample, reviewer, make_user):
    proposal = proposals.do_create_proposal(
        reviewer, "en", with_fillers(english_sample, "ahem"), title="ahem"
    )
    proposals.do_approve(make_user("mia-en", maintains=["en"]), proposal, override_reason="x")
    assert "guard_override" not in AuditEvent.objects.get(action="proposal:approved").data


def test_linked_flags_are_scored_for_the_first_ones_only(english_corpus, reviewer, monkeypatch):
    version, turns = english_corpus
    flags = [
        Flag.objects.create(
            turn=turns["other"],
            version=version,
            language="en",
            author=reviewer,
            category=Flag.Category.FALSE_ERROR,
            ref_start=1,
            ref_end=2,
            hyp_start=1,
            hyp_end=2,
            ref_span="flight",
        )  # fmt: skip
        for _ in range(3)
    ]
    monkeypatch.setattr(proposals, "FLAGS_SHOWN", 2)
    results = proposals.flag_results(
        Flag.objects.filter(pk__in=[f.pk for f in flags]),
        version.content,
        with_fillers(version, "ahem"),
    )
    assert [row["flag"] for row in results.rows] == flags[:2]
    assert (results.total, results.more) == (3, 1)


def test_an_edit_while_the_approval_checks_is_not_approved_unchecked(
    english_sample, reviewer, make_user, monkeypatch
):
    """The checks run before the language is locked: an edit that lands meanwhile must
    not be approved with the verdict on the content before it."""
    proposal = proposals.do_create_proposal(
        reviewer, "en", with_fillers(english_sample, "ahem"), title="ahem"
    )
    check = proposals.check_proposal

    def check_then_edit(content, base):
        checks = check(content, base)
        erase = with_rules(english_sample, (".+", ""))
        Proposal.objects.filter(pk=proposal.pk).update(content=erase)
        return checks

    monkeypatch.setattr(proposals, "check_proposal", check_then_edit)
    with pytest.raises(proposals.ProposalError, match="changed while it was checked"):
        proposals.do_approve(make_user("mia-en", maintains=["en"]), proposal)
    assert ConfigVersion.objects.filter(language="en").count() == 1


def test_a_flag_on_a_turn_with_alternations_is_scored_through_them(english_corpus, reviewer):
    """A trn turn's flag is checked on the scores the worker gives it: `{ @ / the }` lets
    the hypothesis leave "the" out, so the turn has no error before or after."""
    version, _ = english_corpus
    turn = TurnFactory(reference="the cat sat on { @ / the } mat", hypothesis="the cat sat on mat",
                       language="en", alternations=True)  # fmt: skip
    flag = Flag.objects.create(turn=turn, version=version, language="en", author=reviewer,
                               category=Flag.Category.FALSE_ERROR, ref_start=4, ref_end=5,
                               hyp_start=4, hyp_end=4, ref_span="the")  # fmt: skip
    results = proposals.flag_results(
        Flag.objects.filter(pk=flag.pk), version.content, with_fillers(version, "ahem")
    )
    [row] = results.rows
    assert (row["before"].counts.errors, row["after"].counts.errors) == (0, 0)
    assert row["before"].counts.ref_len == 5
