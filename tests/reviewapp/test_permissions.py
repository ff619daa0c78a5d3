"""Who may do what, for EVERY URL of the review app: each URL name × GET and POST (and
htmx GETs) × anonymous / no role / reviewer / maintainer of another language / maintainer
of the object's language → the expected status. No write succeeds without the role.

The cases are built from `reviewapp.urls.urlpatterns`: a new URL without an entry in
EXPECTED (and, if it takes arguments, in URL_ARGS) fails `test_every_url_has_expectations`,
so nobody can add an endpoint without saying who may use it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import URLPattern, URLResolver, reverse

from reviewapp import urls as reviewapp_urls
from reviewapp.models import (
    Adjudication,
    Assignment,
    AuditEvent,
    ConfigVersion,
    Conversation,
    DataFinding,
    Flag,
    ImportBatch,
    Job,
    Language,
    Notification,
    Proposal,
    ProposalComment,
    RegionLabel,
    ReviewPass,
    Turn,
    TurnReference,
)
from reviewapp.services import proposals
from reviewapp.services.accounts import do_make_maintainer, do_make_reviewer
from reviewapp.services.flag_states import do_close_flags
from reviewapp.services.flags import do_create_flag
from reviewapp.services.passes import do_create_pass
from reviewapp.services.repairs import do_repair
from reviewapp.services.scoring import create_job
from tests.conftest import PASSWORD
from tests.reviewapp.factories import scored_conversation, shifted_conversation, with_fillers

pytestmark = pytest.mark.django_db

PERSONAS = ("anonymous", "outsider", "reviewer", "maintainer_fr", "maintainer_de")
LOGIN = "login"  # a redirect to the login page
REFUSED = {LOGIN, 400, 401, 403, 404, 405}


def row(anonymous, outsider, reviewer, other_maintainer, own_maintainer) -> dict:
    """Expected statuses; the objects are German and the flag is the reviewer's."""
    statuses = (anonymous, outsider, reviewer, other_maintainer, own_maintainer)
    return dict(zip(PERSONAS, statuses, strict=True))


READ = row(LOGIN, 403, 200, 200, 200)
GET_ONLY = row(LOGIN, 405, 405, 405, 405)  # the method check answers before the role check

EXPECTED: dict[str, dict[str, dict]] = {
    "dashboard": {"GET": READ, "POST": GET_ONLY},
    "healthz": {"GET": row(200, 200, 200, 200, 200), "POST": row(405, 405, 405, 405, 405)},
    "import": {
        "GET": row(LOGIN, 403, 403, 200, 200),
        # maintainer_fr may import, but not this German file: refused, nothing written
        "POST": row(LOGIN, 403, 403, 400, 302),
    },
    "api_import": {
        "GET": row(405, 405, 405, 405, 405),
        "POST": row(401, 401, 401, 401, 401),  # a session is not a token
    },
    "import_detail": {"GET": READ, "POST": GET_ONLY},
    # data quality: maintainers of the conversation's language re-pair and restore
    "finding_repair": {"GET": GET_ONLY, "POST": row(LOGIN, 403, 403, 403, 302)},
    "repairing_restore": {"GET": GET_ONLY, "POST": row(LOGIN, 403, 403, 403, 302)},
    # browse and flag
    "conversations": {"GET": READ, "POST": GET_ONLY},
    "conversation": {"GET": READ, "POST": GET_ONLY},
    "why": {"GET": READ, "POST": GET_ONLY},
    "why_turn": {"GET": READ, "POST": GET_ONLY},
    "flag_new": {"GET": READ, "POST": row(LOGIN, 403, 302, 302, 302)},
    "flag_queue": {"GET": READ, "POST": GET_ONLY},
    # flag every identical region at once: anyone who may flag one
    "flag_all": {"GET": READ, "POST": row(LOGIN, 403, 302, 302, 302)},
    # author only: the flag belongs to the reviewer
    "flag_edit": {
        "GET": row(LOGIN, 403, 200, 403, 403),
        "POST": row(LOGIN, 403, 302, 403, 403),
    },
    "flag_withdraw": {"GET": GET_ONLY, "POST": row(LOGIN, 403, 302, 403, 403)},
    # reference corrections: anyone who reviews reads them; a maintainer of the language
    # decides (the reference-error flag is another reviewer's)
    "references": {"GET": READ, "POST": GET_ONLY},
    "reference_review": {"GET": READ, "POST": GET_ONLY},
    "reference_accept": {"GET": GET_ONLY, "POST": row(LOGIN, 403, 403, 403, 302)},
    "reference_reject": {"GET": GET_ONLY, "POST": row(LOGIN, 403, 403, 403, 302)},
    # maintainers of the flag's language close any flag of it, and reopen it
    "flag_close": {"GET": GET_ONLY, "POST": row(LOGIN, 403, 403, 403, 302)},
    "flag_reopen": {"GET": GET_ONLY, "POST": row(LOGIN, 403, 403, 403, 302)},
    # configs: proposals, versions, background jobs (the proposal is the reviewer's)
    "proposals": {"GET": READ, "POST": GET_ONLY},
    "proposal_new": {"GET": READ, "POST": row(LOGIN, 403, 302, 302, 302)},
    "proposal": {"GET": READ, "POST": GET_ONLY},
    "proposal_edit": {
        "GET": row(LOGIN, 403, 200, 403, 403),
        "POST": row(LOGIN, 403, 302, 403, 403),
    },
    "proposal_preview": {"GET": GET_ONLY, "POST": row(LOGIN, 403, 302, 302, 302)},
    "proposal_approve": {"GET": GET_ONLY, "POST": row(LOGIN, 403, 403, 403, 302)},
    "proposal_reject": {"GET": GET_ONLY, "POST": row(LOGIN, 403, 403, 403, 302)},
    # the author or a maintainer of the language rebases a stale proposal
    "proposal_rebase": {"GET": GET_ONLY, "POST": row(LOGIN, 403, 302, 403, 302)},
    # anyone who reviews may take part in a proposal's discussion
    "proposal_comment": {"GET": GET_ONLY, "POST": row(LOGIN, 403, 302, 302, 302)},
    "config_history": {"GET": READ, "POST": GET_ONLY},
    "config_revert": {"GET": GET_ONLY, "POST": row(LOGIN, 403, 302, 302, 302)},
    "ablation": {"GET": READ, "POST": GET_ONLY},
    "fixtures": {"GET": READ, "POST": GET_ONLY},
    "job": {"GET": READ, "POST": GET_ONLY},
    "job_cancel": {"GET": GET_ONLY, "POST": row(LOGIN, 403, 403, 403, 302)},
    "job_retry": {"GET": GET_ONLY, "POST": row(LOGIN, 403, 403, 403, 302)},
    "turn": {"GET": row(LOGIN, 403, 302, 302, 302), "POST": GET_ONLY},
    # recordings under AUDIO_ROOT: for reviewers, like the transcripts
    "audio": {"GET": READ, "POST": GET_ONLY},
    # everyone with a role has notifications of their own
    "notifications": {"GET": READ, "POST": GET_ONLY},
    "notification_badge": {"GET": READ, "POST": GET_ONLY},
    "notification_read": {"GET": GET_ONLY, "POST": row(LOGIN, 403, 302, 302, 302)},
    # team review: the pass is German; its queues are the reviewer's and maintainer_de's
    "passes": {"GET": READ, "POST": GET_ONLY},
    # maintainer_fr may create passes, but not this German one: refused, nothing written
    "pass_new": {"GET": row(LOGIN, 403, 403, 200, 200), "POST": row(LOGIN, 403, 403, 400, 302)},
    "pass": {"GET": READ, "POST": GET_ONLY},
    "pass_queue": {"GET": READ, "POST": GET_ONLY},  # everyone sees their own queue
    "pass_next": {"GET": row(LOGIN, 403, 302, 302, 302), "POST": GET_ONLY},
    "pass_turn": {"GET": row(LOGIN, 403, 200, 403, 200), "POST": GET_ONLY},
    "pass_reviewed": {"GET": GET_ONLY, "POST": row(LOGIN, 403, 302, 403, 302)},
    "pass_label": {"GET": GET_ONLY, "POST": row(LOGIN, 403, 302, 403, 302)},
    "pass_disagreements": {"GET": READ, "POST": GET_ONLY},
    "pass_adjudicate": {"GET": GET_ONLY, "POST": row(LOGIN, 403, 403, 403, 302)},
    "agreement": {"GET": READ, "POST": GET_ONLY},
    # comparing two models and downloading the report: reading, like the other pages
    "compare": {"GET": READ, "POST": GET_ONLY},
    "compare_report": {"GET": READ, "POST": GET_ONLY},
    "turns_export": {"GET": READ, "POST": GET_ONLY},
}


def url_names(patterns=None, namespace="reviewapp") -> list[str]:
    names = []
    for pattern in reviewapp_urls.urlpatterns if patterns is None else patterns:
        if isinstance(pattern, URLResolver):
            names += url_names(pattern.url_patterns, namespace)
        elif isinstance(pattern, URLPattern):
            names.append(pattern.name or f"<unnamed {pattern.pattern}>")
    return names


def cases():
    """One case per URL name with expectations × method × persona (× htmx for GETs); a
    name without expectations fails `test_every_url_has_expectations` instead."""
    for name in url_names():
        for method, statuses in EXPECTED.get(name, {}).items():
            for persona in statuses:
                yield pytest.param(name, method, persona, False, id=f"{name}-{method}-{persona}")
                if method == "GET":
                    yield pytest.param(
                        name, method, persona, True, id=f"{name}-{method}-{persona}-htmx"
                    )


def make_personas() -> dict:
    """The logged-in personas of the matrix (conftest's, made once for the module)."""
    from django.contrib.auth import get_user_model

    return {
        "outsider": get_user_model().objects.create_user("olga-outsider", password=PASSWORD),
        "reviewer": do_make_reviewer("rita-reviewer", PASSWORD),
        "maintainer_fr": do_make_maintainer("fanny-maintainer-fr", PASSWORD, ["fr"]),
        "maintainer_de": do_make_maintainer("max-maintainer-de", PASSWORD, ["de"]),
    }


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """The personas and objects, built once for the whole matrix: each case runs in a
    savepoint inside this module's transaction (pytest-django's `db`), so a case's writes
    are undone before the next one, as Django's setUpTestData does for a TestCase."""
    with django_db_blocker.unblock(), transaction.atomic():
        personas = make_personas()
        yield {"personas": personas, "objects": make_objects(personas)}
        transaction.set_rollback(True)


def make_user(username: str, *, maintains: list[str]):
    return do_make_maintainer(username, PASSWORD, maintains)


def make_objects(personas: dict) -> dict:
    reviewer, maintainer_de = personas["reviewer"], personas["maintainer_de"]
    # two error regions: the reviewer's flag is on the first, flag_new asks for the second
    # (a second open flag of one author on one region is refused, not written)
    pair = ("das Konto ist leer", "das Kondo ist lehr")
    conversation = scored_conversation([pair], language="de")
    # another model's hypothesis of the same reference: the pair the compare pages compare
    scored_conversation(
        [(pair[0], pair[0])], language="de", model="stt-other", external_id=conversation.external_id
    )
    turn = conversation.turns.get()
    flag = do_create_flag(reviewer, turn.scores.get(), 0, category="false_error", note="mine")
    # data quality: an import with a shifted conversation, and another one re-paired (before
    # the versions below: the factories make version 1 the active one)
    batch = ImportBatch.objects.create(content_hash="perm", source_name="perm.jsonl")
    shifted = shifted_conversation("de", batch=batch)
    repaired = shifted_conversation("de")
    repairing = do_repair(maintainer_de, repaired.findings.get(kind=DataFinding.Kind.SHIFT))
    reference_flag = do_create_flag(
        do_make_reviewer("rolf-reviewer", PASSWORD),
        turn.scores.get(),
        0,
        category="reference_error",
        proposed_reference="das Konto ist lehr",
    )
    # someone else's flag a maintainer closed as won't fix: the one to reopen
    closer = make_user("closer-de", maintains=["de"])
    closed = do_create_flag(closer, turn.scores.get(), 0, category="real_error", note="theirs")
    do_close_flags(closer, [closed.pk], status="wont_fix", reason="a name")
    v1 = Language.objects.get(code="de").active_version
    # a stale proposal (its base, v1, is no longer active) and a fresh one on v2
    stale = proposals.do_create_proposal(reviewer, "de", with_fillers(v1, "ähmja"), title="s")
    approved = proposals.do_create_proposal(reviewer, "de", with_fillers(v1, "öhm"), title="a")
    proposals.do_approve(make_user("approver-de", maintains=["de"]), approved)
    v2 = Language.objects.get(code="de").active_version
    fresh = proposals.do_create_proposal(reviewer, "de", with_fillers(v2, "hmja"), title="f")
    running = create_job(Job.Kind.RESCORE, "de", v2, [])
    Job.objects.filter(pk=running.pk).update(status=Job.Status.RUNNING)
    failed = create_job(Job.Kind.RESCORE, "de", v2, [turn.pk])
    Job.objects.filter(pk=failed.pk).update(status=Job.Status.FAILED)
    clip = Path(settings.AUDIO_ROOT) / "perm" / "clip.wav"
    clip.parent.mkdir(parents=True, exist_ok=True)
    clip.write_bytes(b"RIFF....WAVE")
    review_pass = do_create_pass(
        maintainer_de, name="p", language="de", reviewers=[reviewer, maintainer_de], overlap=2
    )
    return {
        "batch": batch,
        "finding": shifted.findings.get(kind=DataFinding.Kind.SHIFT),
        "repairing": repairing,
        "audio": "perm/clip.wav",
        "pass": review_pass,
        "pass_reviewers": [reviewer.pk, maintainer_de.pk],
        "conversation": conversation,
        "turn": turn,
        "flag": flag,
        "reference_flag": reference_flag,
        "closed": closed,
        "proposal": fresh,
        "stale": stale,
        "running": running,
        "failed": failed,
        "v2": v2,
    }


#: The URL arguments of each URL name that takes any, from the `objects` fixture.
URL_ARGS = {
    "import_detail": lambda o: [o["batch"].pk],
    "finding_repair": lambda o: [o["finding"].conversation_id, o["finding"].pk],
    "repairing_restore": lambda o: [o["repairing"].pk],
    "conversation": lambda o: [o["conversation"].pk],
    "why": lambda o: [o["turn"].pk, 0],
    "why_turn": lambda o: [o["turn"].pk],
    "flag_new": lambda o: [o["turn"].pk, 1],
    "flag_edit": lambda o: [o["flag"].pk],
    "flag_withdraw": lambda o: [o["flag"].pk],
    "reference_review": lambda o: [o["reference_flag"].pk],
    "reference_accept": lambda o: [o["reference_flag"].pk],
    "reference_reject": lambda o: [o["reference_flag"].pk],
    "flag_reopen": lambda o: [o["closed"].pk],
    "proposal": lambda o: [o["proposal"].pk],
    "proposal_edit": lambda o: [o["proposal"].pk],
    "proposal_preview": lambda o: [o["proposal"].pk],
    "proposal_approve": lambda o: [o["proposal"].pk],
    "proposal_reject": lambda o: [o["proposal"].pk],
    "proposal_rebase": lambda o: [o["stale"].pk],
    "proposal_comment": lambda o: [o["proposal"].pk],
    "config_history": lambda o: ["de"],
    "config_revert": lambda o: ["de", 1],
    "ablation": lambda o: ["de"],
    "fixtures": lambda o: ["de"],
    "job": lambda o: [o["running"].pk],
    "job_cancel": lambda o: [o["running"].pk],
    "job_retry": lambda o: [o["failed"].pk],
    "turn": lambda o: [o["turn"].pk],
    "audio": lambda o: [o["audio"]],
    "pass": lambda o: [o["pass"].pk],
    "pass_queue": lambda o: [o["pass"].pk],
    "pass_next": lambda o: [o["pass"].pk],
    "pass_turn": lambda o: [o["pass"].pk, o["turn"].pk],
    "pass_reviewed": lambda o: [o["pass"].pk, o["turn"].pk],
    "pass_label": lambda o: [o["pass"].pk, o["turn"].pk, 0],
    "pass_disagreements": lambda o: [o["pass"].pk],
    "pass_adjudicate": lambda o: [o["pass"].pk, o["turn"].pk, 0],
    "agreement": lambda o: ["de"],
    "compare_report": lambda o: ["json"],
}


def url_args(name: str, objects: dict) -> list:
    return URL_ARGS[name](objects) if name in URL_ARGS else []


#: The query of a GET that needs one (the pair whose regions flag_all flags).
COMPARED = {"language": "de", "dataset": "test-set", "a": "stt-test", "b": "stt-other"}
GET_QUERY = {
    "flag_all": {"language": "de", "ref": "leer", "hyp": "lehr"},
    "compare": COMPARED,
    "compare_report": COMPARED,
    "turns_export": {"language": "de", "dataset": "test-set", "model": "stt-test"},
}


def post_data(name: str, objects: dict) -> dict:
    if name == "import":
        line = {"id": "perm-1", "language": "de", "turns": [{"reference": "a", "hypothesis": "b"}]}
        content = (json.dumps(line) + "\n").encode()
        return {"file": SimpleUploadedFile("perm.jsonl", content), "dataset": "perm"}
    if name in {"flag_new", "flag_edit"}:
        return {"category": "real_error", "note": "changed"}
    if name == "flag_all":
        return {**GET_QUERY[name], "category": "real_error", "note": "all of them"}
    if name in {"proposal_new", "proposal_edit"}:
        content = with_fillers(objects["v2"], "ähmhm")
        return {
            "language": "de",
            "title": "t",
            "description": "",
            "action": "save",
            "content": json.dumps(content, ensure_ascii=False),
        }
    if name == "flag_close":
        return {"flag": [objects["flag"].pk], "status": "wont_fix", "reason": "a brand name"}
    if name == "proposal_reject":
        return {"reason": "not a filler in German"}
    if name == "proposal_approve":
        return {"message": "hmja is a filler"}
    if name == "proposal_comment":
        return {"text": "Is this a filler everywhere?"}
    if name == "pass_new":
        return {
            "name": "second look",
            "language": "de",
            "overlap": 2,
            "reviewers": objects["pass_reviewers"],
        }
    if name in {"pass_label", "pass_adjudicate"}:
        return {"label": "real_error"}
    if name == "reference_accept":
        return {"text": "das Konto ist lehr"}
    if name == "reference_reject":
        return {"reason": "the reference says what was meant"}
    return {}


#: A statement that writes to one of the app's tables (Django quotes table names).
APP_WRITE = re.compile(r'^\s*(?:INSERT INTO|UPDATE|DELETE FROM)\s+"(reviewapp_\w+)"', re.I)


def app_tables_written(queries: list[dict]) -> set[str]:
    return {m.group(1) for q in queries if (m := APP_WRITE.match(q["sql"]))}


def state() -> tuple:
    """Everything a write in this app could change."""
    flags = list(
        Flag.objects.order_by("pk").values_list(
            "pk",
            "category",
            "note",
            "status",
            "proposed_reference",
            "resolution_note",
            "close_reason",
            "duplicate_of",
            "closed_by",
        )
    )
    return (
        flags,
        list(Turn.objects.order_by("pk").values_list("pk", "reference", "reference_version")),
        TurnReference.objects.count(),
        AuditEvent.objects.count(),
        Conversation.objects.count(),
        ImportBatch.objects.count(),
        list(Proposal.objects.order_by("pk").values_list("pk", "status", "base_version", "title")),
        list(Job.objects.order_by("pk").values_list("pk", "status")),
        ConfigVersion.objects.count(),
        list(Notification.objects.order_by("pk").values_list("pk", "read_at")),
        ProposalComment.objects.count(),
        ReviewPass.objects.count(),
        list(Assignment.objects.order_by("pk").values_list("pk", "state")),
        RegionLabel.objects.count(),
        Adjudication.objects.count(),
        list(DataFinding.objects.order_by("pk").values_list("pk", flat=True)),
    )


def test_every_url_has_expectations():
    missing = sorted(set(url_names()) - set(EXPECTED))
    assert not missing, f"say who may use these URLs in EXPECTED: {missing}"
    for name, methods in EXPECTED.items():
        for method, statuses in methods.items():
            assert set(statuses) == set(PERSONAS), (name, method)


@pytest.mark.parametrize(("name", "method", "persona", "is_htmx"), list(cases()))
def test_permission_matrix(client, world, name, method, persona, is_htmx):
    objects = world["objects"]
    expected = EXPECTED[name][method][persona]
    if persona != "anonymous":
        user = world["personas"][persona]
        client.force_login(user)
        # something of their own to mark as read
        Notification.objects.create(recipient=user, proposal=objects["proposal"], text="t")
    url = reverse(f"reviewapp:{name}", args=url_args(name, objects))
    headers = {"HX-Request": "true"} if is_htmx else None
    # A GET must not send one write to the app's tables: the statements it ran say so,
    # and reading the tables before and after (two dozen queries) is left to the POSTs,
    # where a refused write may be written and rolled back inside the request.
    before = state() if method == "POST" else None
    with CaptureQueriesContext(connection) as ran:
        if method == "GET":
            response = client.get(url, GET_QUERY.get(name), headers=headers)
        else:
            response = client.post(url, post_data(name, objects), headers=headers)
    if expected == LOGIN:
        assert response.status_code == 302, response.content[:300]
        assert response["Location"].startswith(reverse("login"))
    else:
        assert response.status_code == expected, response.content[:300]
    if method == "GET":
        assert not app_tables_written(ran.captured_queries), "a GET wrote"
    elif expected in REFUSED:
        assert state() == before, "a refused request changed data"
    else:
        assert state() != before, "an allowed write wrote nothing"
