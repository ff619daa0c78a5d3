"""Browse: the conversations list, one conversation's aligned turns, and a region's "why".

Every page works without JavaScript; with htmx, the same URL answers a fragment (a
template partial of the page) when the request comes from htmx.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field

from django import forms
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from scoring.errors import ScoringError

from .. import alignment
from ..languages import LANGUAGE_CHOICES, LANGUAGES, RTL_LANGUAGES
from ..models import Conversation, Dataset, Flag, Language, Score, Turn
from ..queries import ConversationFilters, conversation_rows, open_flag_counts, scored_versions
from ..services.configs import scorer_for
from .access import get_conversation_for_user, get_region_for_user, require_reviewer

PAGE_SIZE = 50
# The same pattern the normalizer's annotations step drops: notes, not speech.
ANNOTATION = re.compile(r"\[[^\[\]]*\]")
KIND_LABELS = alignment.LABELS


def percent(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"


# --- list ------------------------------------------------------------------------------------


class ConversationFilterForm(forms.Form):
    language = forms.ChoiceField(choices=[("", "All languages"), *LANGUAGE_CHOICES], required=False)
    dataset = forms.ModelChoiceField(
        queryset=Dataset.objects.order_by("name"), required=False, empty_label="All datasets"
    )
    model = forms.ChoiceField(choices=[], required=False)
    rate_min = forms.FloatField(label="Rate from (%)", min_value=0, required=False)
    rate_max = forms.FloatField(label="Rate to (%)", min_value=0, required=False)
    kinds = forms.MultipleChoiceField(
        label="With errors of kind",
        choices=[("S", "Substitution"), ("D", "Deletion"), ("I", "Insertion")],
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    flagged = forms.ChoiceField(
        choices=[("", "Flagged or not"), ("yes", "With open flags"), ("no", "Without open flags")],
        required=False,
    )
    q = forms.CharField(label="Text contains", max_length=200, required=False)
    sort = forms.ChoiceField(
        choices=[
            ("rate_desc", "Highest rate first"),
            ("rate_asc", "Lowest rate first"),
            ("newest", "Newest first"),
            ("id", "By id"),
        ],
        required=False,
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        models = Conversation.objects.exclude(model="").order_by("model").values_list("model")
        self.fields["model"].choices = [("", "All models")] + [
            (name, name) for (name,) in models.distinct()
        ]

    def filters(self) -> ConversationFilters:
        data = self.cleaned_data
        return ConversationFilters(
            language=data.get("language") or "",
            dataset=data["dataset"].pk if data.get("dataset") else None,
            model=data.get("model") or "",
            rate_min=None if data.get("rate_min") is None else data["rate_min"] / 100,
            rate_max=None if data.get("rate_max") is None else data["rate_max"] / 100,
            kinds=tuple(data.get("kinds") or ()),
            flagged=data.get("flagged") or "",
            q=(data.get("q") or "").strip(),
            sort=data.get("sort") or "rate_desc",
        )


@require_GET
def conversation_list(request: HttpRequest) -> HttpResponse:
    require_reviewer(request)
    form = ConversationFilterForm(request.GET or None)
    filters = form.filters() if form.is_valid() else ConversationFilters()
    rows = conversation_rows(filters, scored_versions())
    page = Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    context = {"form": form, "page": page, "query": query.urlencode()}
    flags = open_flag_counts(row.pk for row in page)
    for row in page:
        row.rate_display = percent(row.rate)
        row.open_flags = flags.get(row.pk, 0)
    if request.htmx and request.htmx.target == "results":
        return render(request, "reviewapp/conversations.html#results", context)
    return render(request, "reviewapp/conversations.html", context)


# --- one conversation ------------------------------------------------------------------------


@dataclass
class RegionView:
    region: alignment.Region
    ref_span: str
    hyp_span: str
    summary: str
    rescued: bool
    flagged: bool


@dataclass
class TurnView:
    turn: Turn
    score: Score | None
    status: str  # scored, context, no_config, pending
    segments: list[alignment.Segment] = field(default_factory=list)
    regions: list[RegionView] = field(default_factory=list)
    flags: list[Flag] = field(default_factory=list)

    @property
    def ref_parts(self) -> list[tuple[str, bool]]:
        return annotated(self.turn.reference)

    @property
    def hyp_parts(self) -> list[tuple[str, bool]]:
        return annotated(self.turn.hypothesis)

    @property
    def annotations(self) -> list[tuple[str, str]]:
        """[("reference", "slow"), ...]: notes shown as labels beside the aligned words."""
        found = [("reference", text) for text, note in self.ref_parts if note]
        return found + [("hypothesis", text) for text, note in self.hyp_parts if note]

    @property
    def metric(self) -> str:
        return "CER" if self.score and self.score.unit == "char" else "WER"

    @property
    def rate_display(self) -> str:
        return percent(self.score.rate) if self.score else "—"

    @property
    def rate_json(self) -> str:
        """The exact rate, as `python -m scoring score --json` prints it."""
        return json.dumps(self.score.rate) if self.score else "null"

    @property
    def normalizer_label(self) -> str:
        stamp = self.score.normalizer if self.score else {}
        if not isinstance(stamp, dict):
            return ""
        return (
            f"{stamp.get('name', '?')}@{stamp.get('version', '?')}+{str(stamp.get('hash', ''))[:6]}"
        )


def annotated(text: str) -> list[tuple[str, bool]]:
    """Split raw text into (text, is_annotation) parts; `[slow]` -> ("slow", True)."""
    text = unicodedata.normalize("NFC", text)
    parts, last = [], 0
    for match in ANNOTATION.finditer(text):
        if match.start() > last:
            parts.append((text[last : match.start()], False))
        parts.append((match.group()[1:-1].strip(), True))
        last = match.end()
    if last < len(text):
        parts.append((text[last:], False))
    return parts


def _summary(columns: list[alignment.Column]) -> str:
    counts: dict[str, int] = {}
    for column in columns:
        counts[column.kind] = counts.get(column.kind, 0) + 1
    return ", ".join(
        f"{n} {KIND_LABELS[kind]}{'s' if n > 1 and kind != 'rescued' else ''}"
        for kind, n in counts.items()
    )


def turn_view(turn: Turn, score: Score | None, language: Language | None, flags) -> TurnView:
    if not turn.scored:
        return TurnView(turn, None, "context", flags=flags)
    if score is None:
        has_config = language is not None and language.active_version_id is not None
        return TurnView(turn, None, "pending" if has_config else "no_config", flags=flags)
    ref_tokens = alignment.tokens(score.reference_normalized, score.unit)
    hyp_tokens = alignment.tokens(score.hypothesis_normalized, score.unit)
    found = alignment.regions(score.alignment)
    details = score.details if isinstance(score.details, dict) else {}
    rescued = alignment.rescued_regions(
        details.get("code_switch"), found, ref_tokens, hyp_tokens, score.unit
    )
    segments = alignment.segments(score.alignment, ref_tokens, hyp_tokens, rescued)
    open_spans = {
        (f.ref_start, f.ref_end, f.hyp_start, f.hyp_end)
        for f in flags
        if f.status == Flag.Status.OPEN and f.version_id == score.version_id
    }
    views = [
        RegionView(
            region=segment.region,
            ref_span=segment.region.ref_span(ref_tokens, score.unit),
            hyp_span=segment.region.hyp_span(hyp_tokens, score.unit),
            summary=_summary(segment.columns),
            rescued=segment.rescued,
            flagged=(
                segment.region.ref_start,
                segment.region.ref_end,
                segment.region.hyp_start,
                segment.region.hyp_end,
            )
            in open_spans,
        )
        for segment in segments
        if segment.region is not None
    ]
    return TurnView(turn, score, "scored", segments, views, flags)


@require_GET
def conversation_detail(request: HttpRequest, pk: int) -> HttpResponse:
    conversation = get_conversation_for_user(request, pk)
    language = (
        Language.objects.select_related("active_version", "scored_version")
        .filter(code=conversation.language)
        .first()
    )
    turns = list(conversation.turns.order_by("index"))
    scores = {}
    if language is not None and language.scored_version_id is not None:
        scores = {
            s.turn_id: s
            for s in Score.objects.filter(
                turn__conversation=conversation, version_id=language.scored_version_id
            )
        }
    flags: dict[int, list[Flag]] = {}
    for flag in Flag.objects.filter(turn__conversation=conversation).select_related(
        "author", "version"
    ):
        flags.setdefault(flag.turn_id, []).append(flag)
    raw = request.GET.get("view") == "raw"
    context = {
        "conversation": conversation,
        "language": language,
        "language_name": LANGUAGES.get(conversation.language, conversation.language),
        "direction": "rtl" if conversation.language in RTL_LANGUAGES else "ltr",
        "turns": [
            turn_view(t, scores.get(t.pk), language, sorted(flags.get(t.pk, []), key=_by_time))
            for t in turns
        ],
        "raw": raw,
    }
    if request.htmx and request.htmx.target == "turns":
        return render(request, "reviewapp/conversation.html#turns", context)
    return render(request, "reviewapp/conversation.html", context)


def _by_time(flag: Flag):
    return (flag.created_at, flag.pk)


# --- why -------------------------------------------------------------------------------------


@require_GET
def why(request: HttpRequest, pk: int, region: int) -> HttpResponse:
    """Both sides of one error region after every normalizer step."""
    turn, score, chosen = get_region_for_user(request, pk, region)
    context = {"turn": turn, "score": score, "region": chosen, "why": None, "error": ""}
    try:
        scorer = scorer_for(score.version)
    except ScoringError as exc:
        context["error"] = f"The normalizer of this version cannot be rebuilt: {exc}"
    else:
        details = score.details if isinstance(score.details, dict) else {}
        profile = details.get("profile")
        profile = profile if profile in scorer.normalizer.profiles else None
        ref_trace = scorer.normalizer.trace(turn.reference, profile)
        hyp_trace = scorer.normalizer.trace(turn.hypothesis, profile)
        stored = (score.reference_normalized, score.hypothesis_normalized)
        context["why"] = alignment.why(ref_trace, hyp_trace, chosen, score.unit, stored=stored)
        context["steps"] = [
            (step, ref, hyp) for (step, ref), (_, hyp) in zip(ref_trace, hyp_trace, strict=True)
        ]
        context["profile"] = profile
    ref_tokens = alignment.tokens(score.reference_normalized, score.unit)
    hyp_tokens = alignment.tokens(score.hypothesis_normalized, score.unit)
    context["ref_span"] = chosen.ref_span(ref_tokens, score.unit)
    context["hyp_span"] = chosen.hyp_span(hyp_tokens, score.unit)
    details = score.details if isinstance(score.details, dict) else {}
    context["rescued"] = chosen.index in alignment.rescued_regions(
        details.get("code_switch"), [chosen], ref_tokens, hyp_tokens, score.unit
    )
    if request.htmx:
        return render(request, "reviewapp/why.html#panel", context)
    return render(request, "reviewapp/why.html", context)
