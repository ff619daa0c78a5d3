"""`manage.py import_conversations FILE`: says what it imported and what the checks found."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from reviewapp.models import ImportBatch

pytestmark = pytest.mark.django_db


def test_it_reports_the_import_and_its_findings(tmp_path):
    turns = [
        {"reference": "Mein Konto ist gesperrt.", "hypothesis": ""},
        {"reference": "Anmelde-Konto", "hypothesis": "Anmeldekonto"},
    ]
    path = tmp_path / "run.jsonl"
    path.write_text(json.dumps({"id": "c1", "language": "de", "turns": turns}) + "\n")
    out = io.StringIO()
    call_command("import_conversations", str(path), stdout=out)
    batch = ImportBatch.objects.get()
    assert out.getvalue().strip() == (
        f"Imported 1 conversations, 2 turns (batch {batch.pk}); 0 already present; 1 scoring "
        f"job(s) queued; 1 data-quality finding(s) (`manage.py check_data --batch {batch.pk} "
        "--list` lists them)."
    )


def test_a_bad_file_is_an_error_and_imports_nothing(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"id": "c1"}\n')
    with pytest.raises(CommandError, match="bad.jsonl, line 1"):
        call_command("import_conversations", str(path))
    assert not ImportBatch.objects.exists()
