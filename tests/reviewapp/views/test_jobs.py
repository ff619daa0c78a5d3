"""The job page: progress, the version's stamp, and why a job failed."""

from __future__ import annotations

import pytest
from django.db import models
from django.urls import reverse

from reviewapp.models import ConfigVersion, Job, Language
from reviewapp.services import scoring
from reviewapp.services.configs import ensure_languages
from tests.reviewapp.factories import TurnFactory

pytestmark = pytest.mark.django_db


def test_a_stamp_mismatch_shows_both_stamps_on_the_job_page(client_for, reviewer):
    ensure_languages()
    version = Language.objects.get(code="en").active_version
    models.QuerySet(ConfigVersion).filter(pk=version.pk).update(normalizer_hash="abc123" * 10)
    version.refresh_from_db()
    job = scoring.create_job(Job.Kind.RESCORE, "en", version, [TurnFactory().pk])
    scoring.run_chunk(job.chunks.get().pk)
    page = client_for(reviewer).get(reverse("reviewapp:job", args=[job.pk])).content.decode()
    assert f'<code class="stamp">{version.label}</code>' in page
    computed = scoring.scorer_for(version).identity.label()
    assert (
        f"stamp mismatch: en v1 was recorded as {version.label}, this worker computes {computed}"
    ) in page


def test_the_job_page_names_each_turn_left_without_a_score(client_for, reviewer):
    ensure_languages()
    version = Language.objects.get(code="en").active_version
    turns = [t.pk for t in TurnFactory.create_batch(3)]
    job = scoring.create_job(Job.Kind.RESCORE, "en", version, turns)
    chunk = job.chunks.get()
    scoring.split_failed_chunk(chunk.pk, "time limit exceeded")
    first, second = chunk.parts.order_by("index")
    scoring.split_failed_chunk(first.pk, "time limit exceeded")
    for part in first.parts.all():
        scoring.split_failed_chunk(part.pk, "time limit exceeded")
    scoring.run_chunk(second.pk)
    client = client_for(reviewer)
    page = client.get(reverse("reviewapp:job", args=[job.pk])).content.decode()
    assert f'<ul id="job-{job.pk}-failed-turns" class="failed-turns">' in page
    for turn_id in turns[:2]:
        assert f"<li>turn {turn_id}: time limit exceeded</li>" in page
    assert "1/3 turns, 2 failed" in " ".join(page.split())
    # the fragment the page polls says it too, once the job is over
    fragment = client.get(reverse("reviewapp:job", args=[job.pk]), HTTP_HX_REQUEST="true")
    assert fragment.status_code == 286
    assert f"<li>turn {turns[0]}: time limit exceeded</li>" in fragment.content.decode()
