"""`manage.py import_conversations FILE`: import conversations, all or nothing: our JSONL
or EVA records, or the scoring library's formats (`--format trn --hyp-file HYP`, ...)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from reviewapp.services.import_formats import (
    CONVERSATIONS,
    FORMATS,
    FormatError,
    ImportOptions,
    options_from,
)
from reviewapp.services.imports import ImportRefused, do_import
from scoring.formats import ID_STYLES, Source

FIELDS = ("format", "language", "model", "columns", "id_style")
# what import_formats calls a field, as this command's option
OPTION_OF = {"hypothesis file": "--hyp-file", "id style": "--id-style", "id_style": "--id-style"}


class Command(BaseCommand):
    help = (
        "Import conversations (our JSONL or EVA records, or trn, kaldi, text, nemo, csv, tsv "
        "files); nothing is imported on error."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="the file, or the reference file of trn, kaldi, text")
        parser.add_argument("--format", choices=FORMATS, default=CONVERSATIONS)
        parser.add_argument("--hyp-file", help="the hypothesis file of trn, kaldi and text")
        parser.add_argument("--columns", help="csv/tsv: id=utt,reference=ref,hypothesis=hyp")
        parser.add_argument("--id-style", choices=ID_STYLES, help="trn/kaldi: speaker in ids")
        parser.add_argument("--language", default="", help="the language of a formatted file")
        parser.add_argument("--model", default="", help="the model of a formatted file")
        parser.add_argument("--dataset", default="default", help="dataset for rows without one")
        parser.add_argument(
            "--merge", action="store_true", help="add only conversations not already imported"
        )

    def handle(self, *args, file: str, dataset: str, merge: bool, **options) -> None:
        path = Path(file)
        data = _read(path)
        import_options = _options(options)
        try:
            result = do_import(
                data, path.name, merge=merge, default_dataset=dataset, options=import_options
            )
        except ImportRefused as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(
            f"Imported {result.conversations} conversations, {result.turns} turns "
            f"(batch {result.batch.pk}); {result.skipped_existing} already present; "
            f"{len(result.jobs)} scoring job(s) queued; {len(result.findings)} data-quality "
            f"finding(s) (`manage.py check_data --batch {result.batch.pk} --list` lists them)."
        )


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise CommandError(f"{path}: cannot be read: {exc.strerror}") from None


def _options(options: dict) -> ImportOptions:
    hyp_file = options["hyp_file"]
    hypothesis = Source(Path(hyp_file).name, _read(Path(hyp_file))) if hyp_file else None
    fields = {name: options[name] or "" for name in FIELDS}
    try:
        return options_from(fields, hypothesis)
    except FormatError as exc:
        option = OPTION_OF.get(exc.where, f"--{exc.where}")
        raise CommandError(f"{option}: {exc.problem}") from None
