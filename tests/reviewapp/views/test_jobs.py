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
