"""`manage.py import_conversations FILE`: says what it imported and what the checks found."""

from __future__ import annotations

import io
import json

import pytest
from django.core.management import CommandError, call_command

from reviewapp.models import Conversation, ImportBatch

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


def test_it_imports_a_trn_pair_with_its_language_and_model(tmp_path):
    ref, hyp = tmp_path / "ref.trn", tmp_path / "hyp.trn"
    ref.write_text("hello there (ann_1)\nfine thanks (bob_1)\n")
    hyp.write_text("hello (ann_1)\nfine tanks (bob_1)\n")
    out = io.StringIO()
    call_command(
        "import_conversations", str(ref), "--format", "trn", "--hyp-file", str(hyp),
        "--id-style", "rm", "--language", "en", "--model", "m-a", "--dataset", "calls",
        stdout=out,
    )  # fmt: skip
    assert out.getvalue().startswith("Imported 2 conversations, 2 turns")
    rows = Conversation.objects.order_by("external_id").values_list(
        "external_id", "language", "model", "dataset__name"
    )
    assert list(rows) == [("ann", "en", "m-a", "calls"), ("bob", "en", "m-a", "calls")]


def test_it_maps_csv_columns(tmp_path):
    path = tmp_path / "run.csv"
    path.write_text("utt,conversation,ref,hyp\nu1,c1,hello there,hello\n")
    call_command(
        "import_conversations", str(path), "--format", "csv", "--language", "en",
        "--columns", "id=utt,reference=ref,hypothesis=hyp", stdout=io.StringIO(),
    )  # fmt: skip
    assert Conversation.objects.get().metadata["utterances"] == ["u1"]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--format", "trn", "--language", "en"], "--hyp-file: trn needs a hypothesis file"),
        (["--format", "csv"], "--language: '' is not a language"),
        (["--format", "csv", "--language", "en", "--columns", "id"], "--columns: 'id' is not"),
        (["--language", "en"], "--language: are for the formats"),
    ],
)
def test_bad_options_are_named_and_import_nothing(tmp_path, extra, message):
    path = tmp_path / "ref.trn"
    path.write_text("hello (u1)\n")
    with pytest.raises(CommandError) as caught:
        call_command("import_conversations", str(path), *extra)
    assert str(caught.value).startswith(message)
    assert not ImportBatch.objects.exists()


def test_a_bad_line_of_a_formatted_file_is_named(tmp_path):
    ref, hyp = tmp_path / "ref.txt", tmp_path / "hyp.txt"
    ref.write_text("one\ntwo\n")
    hyp.write_text("one\n")
    with pytest.raises(CommandError, match=r"ref.txt, line 2: has no partner line in hyp.txt"):
        call_command(
            "import_conversations", str(ref), "--format", "text", "--hyp-file", str(hyp),
            "--language", "en",
        )  # fmt: skip
    assert not ImportBatch.objects.exists()


FORMATS = "tests/fixtures/scoring/formats"


@pytest.mark.parametrize(
    ("arguments", "conversations", "turns"),
    [
        (["ref.trn", "--format", "trn", "--hyp-file", "hyp.trn", "--id-style", "rm"], 2, 4),
        (["ref.text", "--format", "kaldi", "--hyp-file", "hyp.text", "--id-style", "spu_id"], 2, 3),
        (["ref.txt", "--format", "text", "--hyp-file", "hyp.txt"], 3, 3),
        (["manifest.json", "--format", "nemo"], 2, 3),
        (["runs.csv", "--format", "csv", "--columns", "id=utt,reference=ref,hypothesis=hyp"], 3, 3),
        (["runs.tsv", "--format", "tsv"], 2, 3),
    ],
)
def test_the_readme_sample_files_import(arguments, conversations, turns):
    """The sample files of the README's "Formats and reports", as it shows them."""
    file, *options = arguments
    options = [f"{FORMATS}/{o}" if o.startswith(("hyp.", "ref.")) else o for o in options]
    out = io.StringIO()
    call_command(
        "import_conversations", f"{FORMATS}/{file}", *options, "--language", "en", stdout=out
    )
    assert out.getvalue().startswith(f"Imported {conversations} conversations, {turns} turns")
