"""Imports: the upload page (maintainers) and the token-authenticated JSON endpoint. An
import's result page, with its data-quality findings, is in `views.dataquality`."""

from __future__ import annotations

import functools
import logging
from collections import Counter

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.core.exceptions import RequestDataTooBig
from django.db import DataError, InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from scoring.formats import ID_STYLES, Source

from ..languages import language_choices
from ..roles import maintained_languages
from ..services.import_formats import CONVERSATIONS, FormatError, options_from
from ..services.imports import ImportRefused, do_import
from ..services.tokens import user_for_key
from .access import require_maintainer

MAX_UPLOAD_BYTES = 50_000_000
# The database went away mid-import: the transaction rolled back on the server.
DATABASE_DOWN = (
    "The database did not answer, so nothing was imported (the whole file was rolled back). "
    "Try again in a moment."
)
logger = logging.getLogger(__name__)


def _unstorable(source: str, exc: Exception) -> str:
    """A value the parser let through but the database refused (a NUL character, a lone
    surrogate, a value longer than its column): the import rolled back whole."""
    reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return f"{source}: a value cannot be stored ({reason}); nothing was imported"


FORMAT_CHOICES = [
    (CONVERSATIONS, "Conversations: JSON Lines or EVA run records"),
    ("trn", "sclite trn: reference file and hypothesis file"),
    ("kaldi", "Kaldi text: reference file and hypothesis file"),
    ("text", "Parallel text: line n of the reference against line n of the hypothesis"),
    ("jsonl", "Pairs: JSON Lines of id, reference, hypothesis (the CLI's jsonl)"),
    ("nemo", "NeMo manifest (text and pred_text)"),
    ("csv", "CSV with a header row"),
    ("tsv", "TSV with a header row"),
]


class ImportForm(forms.Form):
    format = forms.ChoiceField(choices=FORMAT_CHOICES, initial=CONVERSATIONS, required=False)
    file = forms.FileField(help_text="The file, or the reference file of trn, Kaldi and text.")
    hypothesis_file = forms.FileField(
        required=False, help_text="The hypothesis file of trn, Kaldi and parallel text."
    )
    language = forms.ChoiceField(
        required=False,
        choices=lambda: [("", "—"), *language_choices()],
        help_text="The language of a trn, Kaldi, text, pairs, NeMo, CSV or TSV file.",
    )
    model = forms.CharField(
        required=False, max_length=100, help_text="The model whose hypotheses the file holds."
    )
    columns = forms.CharField(
        required=False,
        max_length=500,
        help_text="CSV and TSV: role=column, e.g. id=utt,reference=ref,hypothesis=hyp.",
    )
    id_style = forms.ChoiceField(
        required=False,
        choices=[("", "—")] + [(style, style) for style in ID_STYLES],
        help_text="trn and Kaldi: read the speaker from utterance ids (rm: cmh_sa01 is cmh).",
    )
    dataset = forms.CharField(
        max_length=100, initial="default", help_text="Dataset for conversations that name none."
    )
    merge = forms.BooleanField(
        required=False, help_text="Add only conversations not already imported."
    )

    def clean(self) -> dict:
        data = super().clean()
        hyp = data.get("hypothesis_file")
        hypothesis = None if hyp is None else Source(hyp.name, _read_upload(hyp))
        try:
            data["options"] = options_from(data, hypothesis)
        except FormatError as exc:
            field = exc.where.replace(" ", "_")
            if field in self.fields:
                self.add_error(field, exc.problem)
            else:
                self.add_error(None, str(exc))
        return data


def _read_upload(upload) -> bytes:
    if upload.size > MAX_UPLOAD_BYTES:
        raise forms.ValidationError(
            f"{upload.name}: larger than {MAX_UPLOAD_BYTES // 1_000_000} MB"
        )
    return upload.read()


@require_http_methods(["GET", "POST"])
def upload(request: HttpRequest) -> HttpResponse:
    languages = require_maintainer(request)
    form = ImportForm(request.POST or None, request.FILES or None)
    error = None
    status = 200
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            error = f"{upload.name}: larger than {MAX_UPLOAD_BYTES // 1_000_000} MB"
        else:
            try:
                result = do_import(
                    upload.read(),
                    upload.name,
                    user=request.user,
                    allowed_languages=languages,
                    merge=form.cleaned_data["merge"],
                    default_dataset=form.cleaned_data["dataset"],
                    options=form.cleaned_data["options"],
                )
            except ImportRefused as exc:
                error, status = str(exc), exc.status
            except (DataError, UnicodeEncodeError) as exc:
                error = _unstorable(upload.name, exc)
            except (OperationalError, InterfaceError):
                logger.exception("import of %s: the database did not answer", upload.name)
                error, status = DATABASE_DOWN, 503
            else:
                found = len(result.findings)
                messages.success(
                    request,
                    (
                        f"Imported {result.conversations} conversations and {result.turns} turns; "
                        f"scoring runs in the background. The data-quality checks found "
                        f"{found} problem{'' if found == 1 else 's'}."
                    ),
                )
                return redirect("reviewapp:import_detail", result.batch.pk)
    if request.method == "POST" and status == 200:
        # an empty or missing file is refused by the form: still a refusal, not a 200
        status = 400
    return render(request, "reviewapp/import.html", {"form": form, "error": error}, status=status)


def _json_errors(view):
    """The API answers JSON, never HTML: whatever fails unexpectedly inside the view is
    logged and answered as a JSON 500, not Django's HTML error page."""

    @functools.wraps(view)
    def wrapped(request: HttpRequest, *args, **kwargs) -> JsonResponse:
        try:
            return view(request, *args, **kwargs)
        except Exception:
            logger.exception("API import failed unexpectedly")
            return JsonResponse(
                {"error": "the server failed unexpectedly; nothing was imported. Try again, "
                 "or report it if it happens again."},
                status=500,
            )  # fmt: skip

    return wrapped


@login_not_required
@csrf_exempt  # no cookies: the bearer token is the credential
@_json_errors
def api_import(request: HttpRequest) -> JsonResponse:
    """POST JSON Lines with `Authorization: Bearer <token>`; answers JSON, never HTML.
    `?format=trn&language=en&model=m` (and `columns`, `id_style`) import the scoring
    library's formats; two files come as a multipart form (`file`, `hypothesis_file`)."""
    if request.method != "POST":
        response = JsonResponse({"error": "use POST"}, status=405)
        response["Allow"] = "POST"
        return response
    user = _token_user(request)
    if user is None:
        return JsonResponse({"error": "a valid API token is required"}, status=401)
    languages = maintained_languages(user)
    if not languages:
        return JsonResponse({"error": "only maintainers can import"}, status=403)
    source = request.GET.get("name") or "api-upload.jsonl"
    if request.META.get("HTTP_TRANSFER_ENCODING") and not request.META.get("CONTENT_LENGTH"):
        # Django reads a body without Content-Length (Transfer-Encoding: chunked) as empty.
        return JsonResponse(
            {"error": f"{source}: send the body with a Content-Length header (chunked "
             "transfer encoding is not supported); nothing was imported"},
            status=411,
        )  # fmt: skip
    try:
        data, source, hypothesis = _api_files(request, source)
    except RequestDataTooBig:  # "answers JSON, never HTML", even for a body that is too big
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        return JsonResponse(
            {"error": f"{source}: the request body is larger than {limit} bytes; nothing was "
             "imported (split the file, or use the upload page)"},
            status=413,
        )  # fmt: skip
    except ValueError as exc:
        return JsonResponse({"error": str(exc)}, status=400)
    try:
        options = options_from(request.GET, hypothesis)
    except FormatError as exc:
        return JsonResponse(
            {"error": f"{exc}; nothing was imported", "where": exc.where}, status=400
        )
    try:
        result = do_import(
            data,
            source,
            user=user,
            allowed_languages=languages,
            merge=request.GET.get("merge") == "1",
            default_dataset=request.GET.get("dataset") or "default",
            options=options,
        )
    except ImportRefused as exc:
        status = 403 if "you do not maintain" in exc.problem else exc.status
        return JsonResponse({"error": str(exc), "where": exc.where}, status=status)
    except (DataError, UnicodeEncodeError) as exc:
        return JsonResponse({"error": _unstorable(source, exc), "where": source}, status=400)
    except (OperationalError, InterfaceError):
        logger.exception("API import of %s: the database did not answer", source)
        return JsonResponse({"error": DATABASE_DOWN}, status=503)
    return JsonResponse(
        {
            "batch": result.batch.pk,
            "conversations": result.conversations,
            "turns": result.turns,
            "skipped_existing": result.skipped_existing,
            "jobs": [job.pk for job in result.jobs],
            "findings": _finding_counts(result.findings),
        },
        status=201,
    )


def _api_files(request: HttpRequest, source: str) -> tuple[bytes, str, Source | None]:
    """(file, its name, the hypothesis file): the body, or for two files (trn, kaldi,
    text) a multipart form with `file` and `hypothesis_file`."""
    if request.content_type != "multipart/form-data":
        return request.body, source, None
    upload, hyp = request.FILES.get("file"), request.FILES.get("hypothesis_file")
    if upload is None:
        raise ValueError("a multipart import needs a part named file; nothing was imported")
    hypothesis = None if hyp is None else Source(hyp.name, hyp.read())
    return upload.read(), upload.name, hypothesis


def _finding_counts(findings) -> dict[str, int]:
    """{kind: count} of an import's data-quality findings (kinds with none left out)."""
    return dict(Counter(finding.kind for finding in findings))


def _token_user(request: HttpRequest):
    header = request.headers.get("Authorization", "")
    if not header.startswith("Bearer "):
        return None
    return user_for_key(header.removeprefix("Bearer ").strip())
