"""Review passes: a reproducible sample, queues with exactly k reviewers per turn, labels
from flags and from the pass, "reviewed, no flag", adjudication, progress, agreement."""

from __future__ import annotations

import doctest
from collections import Counter

import pytest
from django.core.exceptions import PermissionDenied
from hypothesis import given
from hypothesis import strategies as st

from reviewapp import pass_queries
from reviewapp.models import Adjudication, Assignment, AuditEvent, RegionLabel, Score, Turn
from reviewapp.pass_queries import agreement_of, units
from reviewapp.services import passes
from reviewapp.services.flags import do_create_flag, do_withdraw_flag
from reviewapp.services.passes import (
    PassError,
    distribute,
    do_adjudicate,
    do_create_pass,
    do_label,
    do_mark_reviewed,
    next_turn,
    progress,
)
from tests.reviewapp.factories import DatasetFactory, scored_conversation

pytestmark = pytest.mark.django_db

#: Two error regions each: red/rad (0) and blue/blew (1).
TWO_REGIONS = ("the red car is blue today", "the rad car is blew today")


@pytest.fixture
def corpus():
    """Twelve English turns with two error regions each, and one without an error."""
    conversations = [scored_conversation([TWO_REGIONS] * 4) for _ in range(3)]
    scored_conversation([("all is well", "all is well")])
    return conversations


@pytest.fixture
def team(make_user, reviewer):
    return [reviewer, make_user("otto-reviewer"), make_user("paula-reviewer")]


@pytest.fixture
def maintainer_en(make_user):
    return make_user("erin-maintainer-en", maintains=["en"])


def create(user, reviewers, **options):
    defaults = {"name": "Pass", "language": "en", "overlap": 2, "seed": 42}
    return do_create_pass(user, reviewers=reviewers, **{**defaults, **options})


def queue(review_pass, user) -> list[int]:
    return list(
        Assignment.objects.filter(review_pass=review_pass, reviewer=user)
        .order_by("position")
        .values_list("turn", flat=True)
    )


def review(review_pass, user, turn, labels):
    """Give a turn's regions these labels: "none" is left to "reviewed, no flag";
    `flag:<category>` flags the region, a bare category labels it on the pass."""
    score = Score.objects.get(turn=turn, version=review_pass.version)
    for region, label in enumerate(labels):
        if label.startswith("flag:"):
            do_create_flag(user, score, region, category=label.removeprefix("flag:"))
        elif label != "none":
            do_label(user, review_pass, turn, region, label)
    do_mark_reviewed(user, review_pass, turn)


# The fixed table of the pass below: per turn in queue order, the labels of the turn's
# first and second reviewer on regions 0 and 1 ("-": the second has not reviewed it).
TABLE = [
    (("flag:false_error", "none"), ("false_error", "none")),
    (("flag:real_error", "none"), ("real_error", "false_error")),
    (("flag:false_error", "none"), ("real_error", "none")),
    (("flag:reference_error", "flag:real_error"), ("reference_error", "real_error")),
    (("false_error", "none"), ("flag:false_error", "none")),
    (("false_error", "none"), "-"),
]


def test_a_pass_with_overlap_two_over_a_seeded_sample(corpus, team, maintainer_en):
    review_pass = create(maintainer_en, team, sample_size=6)

    # the queues: 6 turns, each to exactly 2 distinct reviewers, 4 turns each
    turns = sorted({t for user in team for t in queue(review_pass, user)})
    assert len(turns) == 6
    per_turn = Counter(t for user in team for t in queue(review_pass, user))
    assert set(per_turn.values()) == {2}
    for user in team:
        assert len(queue(review_pass, user)) == len(set(queue(review_pass, user))) == 4
    # the same seed over the same corpus draws the same turns, shared out the same way
    again = create(maintainer_en, team, sample_size=6)
    assert [queue(again, u) for u in team] == [queue(review_pass, u) for u in team]

    # everyone works their queue; the second reviewer of the last turn does not finish it
    ordered = list(Assignment.objects.filter(review_pass=review_pass).order_by("position", "pk"))
    by_turn: dict[int, list] = {}
    for a in ordered:
        by_turn.setdefault(a.turn_id, []).append(a.reviewer)
    for (turn_id, (first, second)), (labels_1, labels_2) in zip(
        by_turn.items(), TABLE, strict=True
    ):
        turn = Turn.objects.get(pk=turn_id)
        review(review_pass, first, turn, labels_1)
        if labels_2 != "-":
            review(review_pass, second, turn, labels_2)
    laggard = by_turn[ordered[-1].turn_id][1]

    # progress: 11 of 12 reviews, 5 of 6 turns reviewed by both of their reviewers
    figures = progress([review_pass])[review_pass.pk]
    assert (figures.turns, figures.complete, figures.assigned, figures.reviewed) == (6, 5, 12, 11)
    assert figures.percent == 91
    assert {(r.username, r.assigned, r.reviewed) for r in figures.reviewers} == {
        (u.username, 4, 3 if u == laggard else 4) for u in team
    }

    # agreement on the table, by hand. Pairable units (the last turn's have one value):
    #   [f,f] [n,n] [r,r] [n,f] [f,r] [n,n] [ref,ref] [r,r] [f,f] [n,n]  -> n = 20 values
    #   coincidences: o_ff = 4, o_nn = 6, o_rr = 4, o_refref = 2, o_nf = o_fn = 1,
    #   o_fr = o_rf = 1: diagonal 16, off it 4. n_f = 6, n_n = 7, n_r = 5, n_ref = 2.
    #   sum over c != k of n_c n_k = 400 - (36 + 49 + 25 + 4) = 286
    #   alpha = 1 - 19 * 4 / 286 = 0.7343; percent agreement = 8 / 10 pairs agree.
    found = units([review_pass])
    assert len(found) == 12
    result = agreement_of(found, seed=review_pass.seed)
    assert result.alpha == pytest.approx(1 - 76 / 286)
    assert result.percent == pytest.approx(0.8)
    assert result.units == 10
    low, high = result.alpha_ci
    assert low <= result.alpha <= high
    assert sum(u.disagrees for u in found) == 2


def test_the_same_seed_and_corpus_draw_the_same_turns_and_another_seed_others(
    corpus, team, maintainer_en
):
    first = create(maintainer_en, team, sample_size=5, seed=7)
    same = create(maintainer_en, team, sample_size=5, seed=7)
    other = create(maintainer_en, team, sample_size=5, seed=8)

    def drawn(p):
        return set(Assignment.objects.filter(review_pass=p).values_list("turn", flat=True))

    assert drawn(first) == drawn(same)
    assert drawn(first) != drawn(other)


def test_a_turn_imported_later_never_reshuffles_a_sample(corpus, team, maintainer_en):
    before = create(maintainer_en, team, sample_size=11, seed=3)
    scored_conversation([TWO_REGIONS])
    after = create(maintainer_en, team, sample_size=12, seed=3)

    def drawn(p):
        return set(Assignment.objects.filter(review_pass=p).values_list("turn", flat=True))

    assert drawn(before) < drawn(after)


def test_filters_choose_turns_with_errors_only(corpus, team, maintainer_en):
    everything = create(maintainer_en, team)
    assert Assignment.objects.filter(review_pass=everything).values("turn").distinct().count() == 12
    other = DatasetFactory(name="other-set")
    scored_conversation([TWO_REGIONS], dataset=other, model="stt-other")
    by_set = create(maintainer_en, team, dataset=other)
    by_model = create(maintainer_en, team, model="stt-other")
    for p in (by_set, by_model):
        assert Assignment.objects.filter(review_pass=p).values("turn").distinct().count() == 1
    with pytest.raises(PassError, match="no turn"):
        create(maintainer_en, team, rate_min=0.9)


def test_overlap_above_the_number_of_reviewers_is_refused(corpus, team, maintainer_en):
    with pytest.raises(PassError, match="choose at least 3 reviewers"):
        create(maintainer_en, team[:2], overlap=3)
    assert not Assignment.objects.exists()


def test_only_a_maintainer_of_the_language_creates_a_pass(corpus, team, maintainer_de):
    with pytest.raises(PermissionDenied):
        create(maintainer_de, team)
    with pytest.raises(PermissionDenied):
        create(team[0], team)


def test_only_reviewers_can_be_assigned(corpus, team, maintainer_en, outsider):
    with pytest.raises(PassError, match="not reviewers: olga-outsider"):
        create(maintainer_en, [*team, outsider])


def test_creating_a_pass_is_audited(corpus, team, maintainer_en):
    review_pass = create(maintainer_en, team, sample_size=4)
    event = AuditEvent.objects.get(action=AuditEvent.Action.PASS_CREATED)
    assert event.object_id == str(review_pass.pk) and event.language == "en"
    assert event.data["turns"] == 4 and event.data["seed"] == 42
    assert event.data["reviewers"] == sorted(u.username for u in team)


@given(
    turns=st.integers(0, 40),
    reviewers=st.integers(1, 7),
    overlap=st.integers(1, 7),
    seed=st.integers(0, 2**31),
)
def test_distribution_reaches_k_distinct_reviewers_with_balanced_loads(
    turns, reviewers, overlap, seed
):
    people = list(range(100, 100 + reviewers))
    if overlap > reviewers:
        with pytest.raises(PassError):
            distribute(range(turns), people, overlap, seed)
        return
    shares = distribute(range(turns), people, overlap, seed)
    assert all(len(set(r)) == len(r) == overlap for r in shares.values())
    loads = Counter(r for chosen in shares.values() for r in chosen)
    counts = [loads.get(p, 0) for p in people]
    assert max(counts) - min(counts) <= 1
    assert distribute(range(turns), people, overlap, seed) == shares


def test_pairs_of_reviewers_mix():
    shares = distribute(range(30), [1, 2, 3, 4], 2, seed=5)
    pairs = {tuple(sorted(r)) for r in shares.values()}
    assert len(pairs) == 6


# --- queues, labels, reviewed ---------------------------------------------------------------


@pytest.fixture
def duo_pass(corpus, team, maintainer_en):
    """Two reviewers, overlap 2, three turns: both have every turn."""
    return create(maintainer_en, team[:2], sample_size=3)


def test_next_turn_walks_the_queue_and_skips_reviewed_turns(duo_pass, reviewer):
    mine = queue(duo_pass, reviewer)
    assert next_turn(duo_pass, reviewer).pk == mine[0]
    assert next_turn(duo_pass, reviewer, after=mine[0]).pk == mine[1]
    assert next_turn(duo_pass, reviewer, after=mine[2]).pk == mine[0]  # round to the start
    turn = next_turn(duo_pass, reviewer)
    do_mark_reviewed(reviewer, duo_pass, turn)
    assert next_turn(duo_pass, reviewer).pk == mine[1]
    for _ in mine[1:]:
        do_mark_reviewed(reviewer, duo_pass, next_turn(duo_pass, reviewer))
    assert next_turn(duo_pass, reviewer) is None


def test_reviewed_no_flag_labels_every_unflagged_region_none(duo_pass, reviewer):
    turn = next_turn(duo_pass, reviewer)
    do_create_flag(reviewer, Score.objects.get(turn=turn), 1, category="real_error")
    do_mark_reviewed(reviewer, duo_pass, turn)
    rows = RegionLabel.objects.filter(review_pass=duo_pass, reviewer=reviewer)
    assert list(rows.values_list("region", "label", "ref_span", "hyp_span")) == [
        (0, "none", "red", "rad")
    ]
    assert pass_queries.labels_of(duo_pass, turn.pk, reviewer.pk) == {
        (1, 2, 1, 2): "none",
        (4, 5, 4, 5): "real_error",
    }
    # marking it again writes nothing
    events = AuditEvent.objects.filter(action=AuditEvent.Action.PASS_REVIEWED).count()
    do_mark_reviewed(reviewer, duo_pass, turn)
    assert RegionLabel.objects.count() == 1
    assert AuditEvent.objects.filter(action=AuditEvent.Action.PASS_REVIEWED).count() == events


def test_a_turn_outside_your_queue_cannot_be_reviewed_or_labelled(duo_pass, team):
    outside = team[2]
    turn = next_turn(duo_pass, team[0])
    with pytest.raises(PermissionDenied):
        do_mark_reviewed(outside, duo_pass, turn)
    with pytest.raises(PermissionDenied):
        do_label(outside, duo_pass, turn, 0, "real_error")


def test_a_label_must_name_a_region_and_a_known_label(duo_pass, reviewer):
    turn = next_turn(duo_pass, reviewer)
    with pytest.raises(PassError, match="no error region 2"):
        do_label(reviewer, duo_pass, turn, 2, "real_error")
    with pytest.raises(PassError, match="unknown label"):
        do_label(reviewer, duo_pass, turn, 0, "typo")


def test_a_label_equal_to_the_current_one_writes_nothing(duo_pass, reviewer):
    turn = next_turn(duo_pass, reviewer)
    assert do_label(reviewer, duo_pass, turn, 0, "real_error") is not None
    assert do_label(reviewer, duo_pass, turn, 0, "real_error") is None
    assert RegionLabel.objects.count() == 1
    assert AuditEvent.objects.filter(action=AuditEvent.Action.PASS_LABELED).count() == 1


def labels(review_pass, turn, reviewer) -> dict:
    return {u.key: u.labels.get(reviewer.pk) for u in units([review_pass]) if u.turn == turn.pk}


def test_labels_count_only_once_the_turn_is_reviewed(duo_pass, reviewer):
    turn = next_turn(duo_pass, reviewer)
    do_label(reviewer, duo_pass, turn, 0, "real_error")
    assert labels(duo_pass, turn, reviewer) == {(1, 2, 1, 2): None}
    do_mark_reviewed(reviewer, duo_pass, turn)
    assert labels(duo_pass, turn, reviewer) == {(1, 2, 1, 2): "real_error", (4, 5, 4, 5): "none"}


def test_the_newest_of_a_flag_and_a_pass_label_counts(duo_pass, reviewer):
    turn = next_turn(duo_pass, reviewer)
    score = Score.objects.get(turn=turn)
    do_mark_reviewed(reviewer, duo_pass, turn)  # both regions "none"
    flag = do_create_flag(reviewer, score, 0, category="false_error")  # a second look
    assert labels(duo_pass, turn, reviewer)[(1, 2, 1, 2)] == "false_error"
    do_label(reviewer, duo_pass, turn, 0, "reference_error")
    assert labels(duo_pass, turn, reviewer)[(1, 2, 1, 2)] == "reference_error"
    do_label(reviewer, duo_pass, turn, 0, "none")
    do_withdraw_flag(reviewer, flag)
    assert labels(duo_pass, turn, reviewer)[(1, 2, 1, 2)] == "none"


def test_a_withdrawn_flag_leaves_none_on_a_reviewed_turn(duo_pass, reviewer):
    turn = next_turn(duo_pass, reviewer)
    flag = do_create_flag(reviewer, Score.objects.get(turn=turn), 0, category="real_error")
    do_mark_reviewed(reviewer, duo_pass, turn)
    do_withdraw_flag(reviewer, flag)
    assert labels(duo_pass, turn, reviewer) == {(1, 2, 1, 2): "none", (4, 5, 4, 5): "none"}


def test_a_flag_made_before_the_pass_counts(corpus, team, maintainer_en):
    turn = corpus[0].turns.first()
    do_create_flag(team[0], Score.objects.get(turn=turn), 0, category="false_error")
    review_pass = create(maintainer_en, team[:2])
    do_mark_reviewed(team[0], review_pass, turn)
    assert labels(review_pass, turn, team[0])[(1, 2, 1, 2)] == "false_error"


def test_flags_of_others_do_not_count(duo_pass, team):
    turn = next_turn(duo_pass, team[0])
    do_create_flag(team[2], Score.objects.get(turn=turn), 0, category="false_error")
    do_mark_reviewed(team[0], duo_pass, turn)
    assert labels(duo_pass, turn, team[0])[(1, 2, 1, 2)] == "none"
    assert team[2].pk not in {r for u in units([duo_pass]) for r in u.labels}


# --- adjudication -----------------------------------------------------------------------------


def test_adjudication_is_kept_apart_and_the_labels_stay(duo_pass, team, maintainer_en):
    turn = next_turn(duo_pass, team[0])
    do_label(team[0], duo_pass, turn, 0, "real_error")
    do_mark_reviewed(team[0], duo_pass, turn)
    do_mark_reviewed(team[1], duo_pass, turn)
    (disputed,) = [u for u in units([duo_pass]) if u.is_open]
    assert disputed.key == (1, 2, 1, 2) and disputed.region == 0
    do_adjudicate(maintainer_en, duo_pass, turn, 0, "false_error", note="an inflection")
    (unit,) = [u for u in units([duo_pass]) if u.disagrees]
    assert not unit.is_open
    assert unit.labels == {team[0].pk: "real_error", team[1].pk: "none"}
    assert (unit.adjudication.label, unit.adjudication.note) == ("false_error", "an inflection")
    assert unit.adjudication.maintainer == maintainer_en.username
    # a second decision replaces the first; both are kept
    do_adjudicate(maintainer_en, duo_pass, turn, 0, "real_error")
    (unit,) = [u for u in units([duo_pass]) if u.disagrees]
    assert unit.adjudication.label == "real_error"
    assert Adjudication.objects.count() == 2
    assert AuditEvent.objects.filter(action=AuditEvent.Action.PASS_ADJUDICATED).count() == 2


def test_only_a_maintainer_of_the_language_adjudicates(duo_pass, team, maintainer_de):
    turn = next_turn(duo_pass, team[0])
    for user in (maintainer_de, team[0]):
        with pytest.raises(PermissionDenied):
            do_adjudicate(user, duo_pass, turn, 0, "real_error")


def test_a_turn_outside_the_pass_cannot_be_adjudicated(duo_pass, corpus, maintainer_en):
    inside = set(Assignment.objects.filter(review_pass=duo_pass).values_list("turn", flat=True))
    outside = next(t for c in corpus for t in c.turns.all() if t.pk not in inside)
    with pytest.raises(PassError, match="not in this pass"):
        do_adjudicate(maintainer_en, duo_pass, outside, 0, "real_error")


def test_units_are_read_in_a_fixed_number_of_queries(
    corpus, team, maintainer_en, django_assert_num_queries
):
    first = create(maintainer_en, team, sample_size=2)
    for turn in queue(first, team[0]):
        do_mark_reviewed(team[0], first, first.assignments.filter(turn=turn).first().turn)
    with django_assert_num_queries(4):
        units([first])
    second = create(maintainer_en, team)
    for user in team:
        for assignment in second.assignments.filter(reviewer=user).select_related("turn"):
            review(second, user, assignment.turn, ("flag:false_error", "none"))
    with django_assert_num_queries(4):
        assert len(units([first, second])) > 20


def test_doctests():
    assert doctest.testmod(passes).failed == 0
