"""Browse: the conversations list, one conversation's aligned turns, and a region's "why".

Every page works without JavaScript; with htmx, the same URL answers a fragment (a
template partial of the page) when the request comes from htmx.
"""

from __future__ import annotations

import html
import json
import re
import unicodedata
from dataclasses import dataclass, field
from functools import cached_property
from urllib.parse import urlencode

from django import forms
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_GET

from scoring.align import Region
from scoring.errors import ScoringError
from scoring.normalize.annotations import ANNOTATION

from .. import alignment
from ..audio import turn_audio
from ..formats import percent
from ..languages import is_rtl, language_filter_choices, language_name
from ..models import Assignment, Conversation, Dataset, Flag, Language, Score, Turn, TurnReference
from ..queries import (
    ConversationFilters,
    conversation_models,
    conversation_rows,
    page_counts,
    scored_versions,
    shown_score,
)
from ..services.configs import scorer_for
from ..services.references import ScorePair, reference_history, score_pair
from ..urlmakers import maker_for
from .access import (
    can_close_flags,
    get_conversation_for_user,
    get_region_for_user,
    get_turn_for_user,
    require_reviewer,
)
from .conditional import conditional_page
from .conversation_rows import rows_markup
from .dataquality import conversation_banner
from .flag_items import FlagViewer, flags_markup, item_flags
from .markup_cache import cached_markup, turn_markup_key
from .stamped import numbered_page, stamped
from .transcripts import transcript_markup

PAGE_SIZE = 50
KIND_LABELS = alignment.LABELS


# --- list ------------------------------------------------------------------------------------


#: the list's filter choices: datasets as (id, name), and model names
FilterChoices = tuple[list[tuple[int, str]], list[str]]


def filter_choices() -> FilterChoices:
    """The datasets and the STT models the list filters by."""
    return list(Dataset.objects.order_by("name").values_list("pk", "name")), conversation_models()


class ConversationFilterForm(forms.Form):
    language = forms.ChoiceField(choices=language_filter_choices, required=False)
    dataset = forms.TypedChoiceField(choices=[], coerce=int, empty_value=None, required=False)
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

    def __init__(self, *args, choices: FilterChoices | None = None, **kwargs) -> None:
        """`choices`: the datasets and models to filter by (`filter_choices`), read when None."""
        super().__init__(*args, **kwargs)
        datasets, models = filter_choices() if choices is None else choices
        self.fields["dataset"].choices = [("", "All datasets"), *datasets]
        self.fields["model"].choices = [("", "All models")] + [(name, name) for name in models]

    def filters(self) -> ConversationFilters:
        data = self.cleaned_data
        return ConversationFilters(
            language=data.get("language") or "",
            dataset=data.get("dataset"),
            model=data.get("model") or "",
            rate_min=None if data.get("rate_min") is None else data["rate_min"] / 100,
            rate_max=None if data.get("rate_max") is None else data["rate_max"] / 100,
            kinds=tuple(data.get("kinds") or ()),
            flagged=data.get("flagged") or "",
            q=(data.get("q") or "").strip(),
            sort=data.get("sort") or "rate_desc",
        )


@require_GET
@conditional_page
def conversation_list(request: HttpRequest) -> HttpResponse:
    require_reviewer(request)
    choices = stamped(request, ("list-choices",), filter_choices)
    form = ConversationFilterForm(request.GET or None, choices=choices)
    filters = form.filters() if form.is_valid() else ConversationFilters()
    asked = request.GET.get("page")
    count, number, rows_html = stamped(
        request, ("list", filters, asked), lambda: _list_page(filters, asked)
    )
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "form": form,
        "page": numbered_page(count, number, PAGE_SIZE),
        "query": query.urlencode(),
        "rows_html": mark_safe(rows_html),  # noqa: S308 (rows_markup: every text escaped)
    }
    if request.htmx and request.htmx.target == "results":
        return render(request, "reviewapp/conversations.html#results", context)
    return render(request, "reviewapp/conversations.html", context)


def _list_page(filters: ConversationFilters, asked: str | None) -> tuple[int, int, str]:
    """(conversations, page number, the page's rows' markup) for the list."""
    rows = conversation_rows(filters, scored_versions())
    page = Paginator(rows, PAGE_SIZE).get_page(asked)
    counts = page_counts(row.pk for row in page)
    url = maker_for("reviewapp:conversation")
    for row in page:
        row.url = url(row.pk)
        row.rate_display = percent(row.rate)
        row.user_turns, row.open_flags, row.corrected = counts.get(row.pk, (0, 0, 0))
    return page.paginator.count, page.number, str(rows_markup(page))


# --- one conversation ------------------------------------------------------------------------


@dataclass
class RegionView:
    region: Region
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
    audio: str = ""  # the URL that plays the turn's recording (reviewapp.audio), set by the view
    #: the score on the original reference under the same version (a corrected turn)
    original: Score | None = None
    #: the versions of a corrected turn's reference, oldest first (none: never corrected)
    references: list[TurnReference] = field(default_factory=list)

    @cached_property
    def ref_parts(self) -> list[tuple[str, bool]]:
        return annotated(self.turn.reference)

    @cached_property
    def hyp_parts(self) -> list[tuple[str, bool]]:
        return annotated(self.turn.hypothesis)

    @cached_property
    def annotations(self) -> list[tuple[str, str]]:
        """[("reference", "slow"), ...]: notes shown as labels beside the aligned words."""
        found = [("reference", text) for text, note in self.ref_parts if note]
        return found + [("hypothesis", text) for text, note in self.hyp_parts if note]

    @cached_property
    def display_forms(self) -> dict[str, str]:
        """Normalized tokens as the turn wrote them, where that differs only by a zero-width
        non-joiner. Persian writes می‌خواهم with one; the normalizer removes it, so both
        spellings score the same, but a token shown without it is drawn joined (میخواهم),
        which a reader takes for another spelling. The page shows the written form."""
        forms: dict[str, str] = {}
        for text in (self.turn.reference, self.turn.hypothesis):
            if ZWNJ not in text:
                continue
            for word in text.split():
                word = word.strip(_EDGE_PUNCTUATION)
                if ZWNJ in word:
                    forms.setdefault(word.replace(ZWNJ, ""), word)
        return forms

    def error_words(self, side: str) -> frozenset[str]:
        """The normalized words of the turn's (not rescued) error regions on one side, for
        the raw view to mark the imported words that read the same. Words only: a
        character-scored language has no words to find in its raw text."""
        if not self.score or self.score.unit == "char":
            return frozenset()
        words = set()
        for view in self.regions:
            if not view.rescued:
                words.update((view.ref_span if side == "ref" else view.hyp_span).split())
        return frozenset(words)

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


# --- a turn's markup, built in Python -------------------------------------------------------
#
# A 50-turn conversation has thousands of token columns; rendered as template partials
# they cost most of the page's time. The same markup is built here. Every text that comes
# from data (tokens, spans, notes, labels) goes through `_escape`; the rest are constants
# of this module and of `alignment` (kinds, markers, labels) and integers.
#
# `_escape` is `html.escape`, the function `django.utils.html.escape` applies (it returns
# `SafeString(html.escape(str(text)))`: the same five characters, the same entities),
# called directly: Django's wrapper first checks every argument for a lazy translation
# string, which cost more than the escaping itself over the ~2,000 texts of a page.
# tests/security/test_escaping.py and tests/browser/test_xss.py check the result.
_escape = html.escape
ZWNJ = "\u200c"
_EDGE_PUNCTUATION = "\"'.,;:!?()[]{}«»“”‘’،؛؟…-"

_GAP = {
    "ref": '<span class="gap" aria-hidden="true">—</span>'
    '<span class="visually-hidden">nothing in the reference</span>',
    "hyp": '<span class="gap" aria-hidden="true">—</span>'
    '<span class="visually-hidden">nothing in the hypothesis</span>',
}
_SPACE = '<span aria-label="space">␣</span>'
_COLUMN_HEAD = {
    kind: f'<span class="col col-{kind}">\n<span class="mark" aria-hidden="true">{marker}</span>\n'
    + (
        ""
        if kind == "equal"
        else f'<span class="visually-hidden">{alignment.LABELS[kind]}:</span>\n'
    )
    for kind, marker in alignment.MARKERS.items()
}


def _token(text: str | None, side: str) -> str:
    if text is None:
        return _GAP[side]
    if text == " ":
        return _SPACE
    return _escape(text)


def _column(column: alignment.Column, shown: dict[str, str] | None = None) -> str:
    ref_text, hyp_text = column.ref, column.hyp
    if shown:
        ref_text, hyp_text = shown.get(ref_text, ref_text), shown.get(hyp_text, hyp_text)
    ref = _token(ref_text, "ref")
    same = column.hyp is not None and column.hyp == column.ref  # a match: escape once
    hyp = ref if same else _token(hyp_text, "hyp")
    return (
        f"{_COLUMN_HEAD[column.kind]}"
        f'<span class="tok ref" dir="auto">{ref}</span>\n'
        f'<span class="tok hyp" dir="auto">{hyp}</span>\n</span>'
    )


def body_markup(tv: TurnView, raw: bool, lang: str, direction: str, urls: tuple) -> SafeString:
    """Inside a turn's <article>, before its flags: the header (title, score, annotations),
    the aligned tokens (or, in the raw view and for turns without a score, both texts as
    imported), and the list of error regions with their actions."""
    lang = _escape(lang)
    parts = [f'<header class="turn-head">\n{head_markup(tv)}\n</header>']
    if raw or tv.status != "scored" or not tv.segments:
        parts.append(
            f'<dl class="texts">\n<dt>Reference</dt><dd dir="auto" lang="{lang}">'
            f"{_raw_reference(tv)}</dd>\n"
            f'<dt>Hypothesis</dt><dd dir="auto" lang="{lang}">'
            f"{_raw_text(tv.hyp_parts, tv.error_words('hyp'))}</dd>\n"
            "</dl>"
        )
    else:
        parts.append(
            f'<div class="alignment" dir="{direction}" lang="{lang}" role="group" '
            f'aria-label="Turn {int(tv.turn.index)}: reference above, hypothesis below">\n'
            '<span class="col col-head" aria-hidden="true"><span class="mark"></span>'
            '<span class="tok ref">ref</span><span class="tok hyp">hyp</span></span>\n'
            f"{alignment_markup(tv)}\n</div>"
        )
    if tv.regions:
        parts.append(
            f'<ol class="regions" aria-label="Error regions of turn {int(tv.turn.index)}">\n'
            f"{regions_markup(tv, raw, urls)}\n</ol>\n"
            f'<div class="panel" id="panel-{tv.turn.pk}" aria-live="polite"></div>'
        )
    return mark_safe("\n".join(parts))  # noqa: S308 (every data text is escaped)


def _raw_reference(tv: TurnView) -> str:
    if tv.turn.alternations:
        return transcript_markup(tv.turn.reference)
    return _raw_text(tv.ref_parts, tv.error_words("ref"))


def _raw_text(parts: list[tuple[str, bool]], marks: frozenset[str] = frozenset()) -> str:
    """Text as imported; an annotation such as [slow] as a label, not as speech; a word
    that reads as a word of an error region (case and edge punctuation aside) marked."""
    return "".join(
        f'<span class="annotation" dir="auto" title="annotation, not speech">{_escape(text)}</span>'
        if note
        else _marked(text, marks)
        for text, note in parts
    )


_WORD = re.compile(r"\S+")


def _marked(text: str, marks: frozenset[str]) -> str:
    if not marks:
        return _escape(text)

    def mark(match: re.Match) -> str:
        word = match.group()
        if word.strip(_EDGE_PUNCTUATION).casefold() in marks:
            return f'<mark class="raw-error">{_escape(word)}</mark>'
        return _escape(word)

    return _WORD.sub(mark, text)  # what lies between words is whitespace: nothing to escape


_STATUS_LINES = {
    "no_config": '<p class="turn-score notice">Not scored: no config for this language yet.</p>',
    "pending": '<p class="turn-score notice">Not scored yet.</p>',
}


def head_markup(tv: TurnView) -> SafeString:
    """The title of a turn, its score (or why it has none) and its annotations."""
    turn = tv.turn
    parts = [
        f'<h2 id="turn-{turn.pk}-title">Turn {int(turn.index)} '
        f'<span class="speaker" dir="auto">{_escape(turn.speaker or "user")}</span></h2>'
    ]
    if tv.status == "scored":
        parts.append(score_markup(tv))
        if not tv.regions and turn.reference != turn.hypothesis:
            # a match the normalizer made: which step hid the difference is worth a look
            url = reverse("reviewapp:why_turn", args=[turn.pk])
            parts.append(
                f'<p class="why-turn"><a href="{url}">Why these match</a> '
                '<span class="muted">(the texts differ as imported)</span></p>'
            )
    elif tv.status == "context":
        speaker = _escape(turn.speaker or "assistant")
        parts.append(f'<p class="turn-score muted">Context: {speaker} turn, not scored.</p>')
    else:
        parts.append(_STATUS_LINES.get(tv.status, _STATUS_LINES["pending"]))
    if turn.alternations:
        # the aligned words are the alternatives the score took; this shows the choices
        parts.append(
            f'<p class="alternations-note" id="alternations-{int(turn.pk)}">Reference with '
            f"alternations, as imported: {transcript_markup(turn.reference)}</p>"
        )
    if tv.audio:
        parts.append(audio_markup(tv))
    if tv.references:
        parts.append(reference_markup(tv))
    if tv.annotations:
        notes = "".join(
            f'<span class="annotation" dir="auto"><span class="visually-hidden">{side} '
            f"annotation: </span>{_escape(text)}</span> "
            for side, text in tv.annotations
        )
        parts.append(f'<p class="annotations">{notes}</p>')
    return mark_safe("\n".join(parts))  # noqa: S308 (every data text above is escaped)


def _review_pass_context(request: HttpRequest, conversation: Conversation, language) -> dict:
    """Reached from a review pass (`?pass=<id>`): the user's queue on this page, for the
    `n` (next turn) and `c` (reviewed, no flag) keys. Empty when the user has no turn of
    that pass here (a pass of others, or no pass)."""
    pass_id = request.GET.get("pass", "")
    if not pass_id.isdigit():
        return {}
    mine = Assignment.objects.filter(
        review_pass_id=int(pass_id), reviewer=request.user, turn__conversation=conversation
    ).select_related("review_pass")
    rows = list(mine)
    if not rows:
        return {}
    review_pass = rows[0].review_pass
    reviewed = maker_for("reviewapp:pass_reviewed", 2)
    return {
        "review_pass": review_pass,
        "next_url": reverse("reviewapp:pass_next", args=[review_pass.pk]),
        # flags count in a pass only under its version: say so when the page shows another
        "other_version": language is None or review_pass.version_id != language.scored_version_id,
        "turns": {a.turn_id: (a.state, reviewed(review_pass.pk, a.turn_id)) for a in rows},
    }


def audio_markup(tv: TurnView) -> str:
    """A player for the turn's segment of its recording; `space` plays and pauses the
    current turn's (static/js/review.js), and the script stops it at `data-end`."""
    turn = tv.turn
    end = "" if turn.end_time is None else f' data-end="{float(turn.end_time):g}"'
    return (
        f'<p class="turn-audio"><audio controls preload="none" src="{_escape(tv.audio)}"'
        f' data-start="{float(turn.start_time or 0):g}"{end}'
        f' aria-label="Recording of turn {int(turn.index)}"></audio></p>'
    )


def score_markup(tv: TurnView) -> SafeString:
    """The rate and counts of a scored turn; `data-*` carry the exact numbers."""
    score, pk = tv.score, tv.turn.pk
    errors, ref_len = int(score.errors), int(score.ref_len)
    subs, dels, ins = int(score.substitutions), int(score.deletions), int(score.insertions)
    unit = "characters" if score.unit == "char" else "words"
    number = int(score.reference_version)
    # which reference the score used, said where the turn has more than one
    used = f"· on reference v{number}\n" if tv.references else ""
    return mark_safe(  # noqa: S308 (numbers and constants; the normalizer label is escaped)
        f'<p class="turn-score" id="score-{pk}" data-rate="{_escape(tv.rate_json)}" '
        f'data-errors="{errors}" data-ref-len="{ref_len}" data-substitutions="{subs}" '
        f'data-deletions="{dels}" data-insertions="{ins}" data-reference-version="{number}">\n'
        f'{tv.metric} <strong class="rate">{_escape(tv.rate_display)}</strong>\n'
        f'<span class="counts">({errors}/{ref_len} {unit}: {subs} S, {dels} D, {ins} I)</span>\n'
        f"{used}"
        f'· <code class="normalizer">{_escape(tv.normalizer_label)}</code>\n</p>'
    )


def reference_markup(tv: TurnView) -> SafeString:
    """A corrected turn: its current reference version, who corrected it and what it
    was; the score on the original reference where it differs from the one shown (both
    scores are reported), and a note when the shown score used an older reference."""
    pk, current = tv.turn.pk, tv.references[-1]
    previous = tv.references[-2].text if len(tv.references) > 1 else ""
    who = _escape(current.author.username) if current.author else "?"
    if current.accepted_by and current.accepted_by != current.author:
        who += f", accepted by {_escape(current.accepted_by.username)}"
    parts = [
        f'<p class="reference-version" id="reference-{pk}" '
        f'data-reference-version="{int(current.number)}">Reference v{int(current.number)} '
        f'(corrected by {who}; was: <q dir="auto">{_escape(previous)}</q>'
        + (
            f'; originally: <q dir="auto">{_escape(tv.references[0].text)}</q>'
            if len(tv.references) > 2
            else ""
        )
        + ")</p>"
    ]
    score = tv.score
    if score is not None and score.reference_version < current.number:
        parts.append(
            f'<p class="notice" id="reference-pending-{pk}">This score is on reference '
            f"v{int(score.reference_version)}: the turn is being scored on v"
            f"{int(current.number)}.</p>"
        )
    pair = ScorePair(score, tv.original) if score is not None else None
    if pair is not None and pair.differ:
        original = tv.original
        errors, ref_len = int(original.errors), int(original.ref_len)
        subs, dels, ins = (
            int(original.substitutions),
            int(original.deletions),
            int(original.insertions),
        )
        parts.append(
            f'<p class="turn-score original-score" id="score-original-{pk}" '
            f'data-rate="{_escape(json.dumps(original.rate))}" data-errors="{errors}" '
            f'data-ref-len="{ref_len}" data-reference-version="1">\n'
            f"On the original reference (v1): {tv.metric} "
            f'<strong class="rate">{_escape(percent(original.rate))}</strong>\n'
            f'<span class="counts">({errors}/{ref_len}: {subs} S, {dels} D, {ins} I)</span>\n'
            "</p>"
        )
    elif pair is not None and tv.original is not None:
        parts.append(
            f'<p class="muted original-score-same" id="score-original-{pk}">'
            "The same score on the original reference (v1).</p>"
        )
    return mark_safe("\n".join(parts))  # noqa: S308 (every data text above is escaped)


def alignment_markup(tv: TurnView) -> SafeString:
    """The turn's columns: runs of matches, and each error region as a focusable group."""
    pk, parts, shown = tv.turn.pk, [], tv.display_forms
    for segment in tv.segments:
        columns = "\n".join(_column(column, shown) for column in segment.columns)
        region = segment.region
        if region is None:
            parts.append(columns)
            continue
        rescued = segment.rescued
        parts.append(
            f'<span class="region{" region-rescued" if rescued else ""}" '
            f'id="r-{pk}-{region.index}" tabindex="0" role="group" '
            f'data-actions="ra-{pk}-{region.index}" aria-describedby="ra-{pk}-{region.index}" '
            f'aria-label="Error region {region.index + 1} of turn {int(tv.turn.index)}'
            f'{", rescued" if rescued else ""}">\n{columns}\n</span>'
        )
    return mark_safe("\n".join(parts))  # noqa: S308 (every data text above is escaped)


_ACTIONS = (
    ("false_error", "False error", "f"),
    ("real_error", "Real error", "e"),
    ("reference_error", "Reference error", "r"),
)


def regions_markup(tv: TurnView, raw: bool, urls: tuple | None = None) -> SafeString:
    """The list items of the turn's error regions: spans, "why" and the flag links.
    `urls`: the makers of the why and flag URLs (`maker_for`), kept per process."""
    why_url, flag_url = urls or (maker_for("reviewapp:why", 2), maker_for("reviewapp:flag_new", 2))
    pk, items = tv.turn.pk, []
    all_url = reverse("reviewapp:flag_all")  # flag every region that reads the same
    for rv in tv.regions:
        index = rv.region.index
        anchor = f"ra-{pk}-{index}"
        classes = (
            "region-actions"
            + (" region" if raw else "")
            + (" region-rescued" if rv.rescued else "")
        )
        focus = f' tabindex="0" data-actions="{anchor}"' if raw else ""
        why = _escape(why_url(pk, index))
        flag = _escape(flag_url(pk, index))
        links = "\n".join(
            f'<a data-action="{action}" href="{flag}?category={action}" '
            f'hx-get="{flag}?category={action}" hx-target="#panel-{pk}">'
            f"{label} <kbd>{key}</kbd></a>"
            for action, label, key in _ACTIONS
        )
        same = urlencode(
            {"language": tv.turn.language, "ref": rv.ref_span, "hyp": rv.hyp_span, "turn": pk}
        )
        links += (
            f'\n<a data-action="all" href="{_escape(f"{all_url}?{same}")}">'
            "Flag all identical <kbd>a</kbd></a>"
        )
        items.append(
            f'<li id="{anchor}" class="{classes}"{focus}>\n'
            f'<span class="region-text"><q dir="auto">{_escape(rv.ref_span) or "∅"}</q> → '
            f'<q dir="auto">{_escape(rv.hyp_span) or "∅"}</q> '
            f'<span class="muted">({_escape(rv.summary)})</span></span>\n'
            + ('<span class="badge flagged">flagged</span>\n' if rv.flagged else "")
            + f'<a data-action="why" href="{why}" hx-get="{why}" hx-target="#panel-{pk}">Why?</a>\n'
            f"{links}\n</li>"
        )
    return mark_safe("\n".join(items))  # noqa: S308 (every data text above is escaped)


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


def turn_status(turn: Turn, score: Score | None, language: Language | None) -> str:
    """scored, context (not a user turn), pending (a config scores it) or no_config."""
    if not turn.scored:
        return "context"
    if score is None:
        has_config = language is not None and language.active_version_id is not None
        return "pending" if has_config else "no_config"
    return "scored"


def turn_view(turn: Turn, score: Score | None, language: Language | None, flags) -> TurnView:
    status = turn_status(turn, score, language)
    if status != "scored":
        return TurnView(turn, None, status, flags=flags)
    ref_tokens = alignment.tokens(score.reference_normalized, score.unit)
    hyp_tokens = alignment.tokens(score.hypothesis_normalized, score.unit)
    found = alignment.regions(score.alignment)
    details = score.details if isinstance(score.details, dict) else {}
    rescued = alignment.rescued_regions(
        details.get("code_switch"), found, ref_tokens, hyp_tokens, score.unit
    )
    segments = alignment.segments(score.alignment, ref_tokens, hyp_tokens, rescued, found)
    # a region is flagged when an open flag covers it or a part of it
    shown_open = [
        f
        for f in flags
        if f.status == Flag.Status.OPEN
        and f.version_id == score.version_id
        and f.reference_version == score.reference_version
    ]
    views = [
        RegionView(
            region=segment.region,
            ref_span=segment.region.ref_span(ref_tokens, score.unit),
            hyp_span=segment.region.hyp_span(hyp_tokens, score.unit),
            summary=_summary(segment.columns),
            rescued=segment.rescued,
            flagged=any(alignment.within(f, segment.region) for f in shown_open),
        )
        for segment in segments
        if segment.region is not None
    ]
    return TurnView(turn, score, "scored", segments, views, flags)


@dataclass(frozen=True)
class TurnBody:
    """What every user sees of a turn on its conversation page (`views.stamped` keeps it)."""

    pk: int
    index: int
    status: str
    html: str  # title, score, aligned tokens or raw texts, regions: every text escaped


@dataclass(frozen=True)
class PageTurn:
    """A turn as the page's template writes it: the user's <article>, body and flags."""

    opening: SafeString
    body_html: SafeString
    flags_html: SafeString


@require_GET
@conditional_page
def conversation_detail(request: HttpRequest, pk: int) -> HttpResponse:
    conversation = get_conversation_for_user(request, pk)
    # (a list: first() would order and slice, a third more for the ORM to build)
    rows = list(Language.objects.filter(code=conversation.language).with_version_labels())
    language = rows[0] if rows else None
    flags: dict[int, list[Flag]] = {}
    for flag in item_flags(Flag.objects.filter(turn__conversation=conversation).order_by()):
        flags.setdefault(flag.turn_id, []).append(flag)
    for listed in flags.values():
        listed.sort(key=_by_time)
    raw = request.GET.get("view") == "raw"
    direction = "rtl" if is_rtl(conversation.language) else "ltr"
    bodies = stamped(
        request,
        ("conversation", conversation.pk, raw),
        lambda: _turn_bodies(
            conversation, language, flags, (raw, conversation.language, direction)
        ),
    )
    review = _review_pass_context(request, conversation, language)
    can_close = can_close_flags(
        request, conversation.language, language.config_language if language else ""
    )
    viewer = FlagViewer(request, can_close)
    passes = review.get("turns", {})
    views = [
        PageTurn(
            opening=_article(body, conversation.language, *passes.get(body.pk, ("", ""))),
            body_html=mark_safe(body.html),  # noqa: S308 (built by body_markup, escaped)
            flags_html=flags_markup(body, flags.get(body.pk, []), viewer),
        )
        for body in bodies
    ]
    context = {
        "conversation": conversation,
        "language": language,
        "language_name": language_name(conversation.language),
        "direction": direction,
        "turns": views,
        "raw": raw,
        "review": review,
        "can_close": can_close,
        "data_quality": conversation_banner(request, conversation),
    }
    if request.htmx and request.htmx.target == "turns":
        return render(request, "reviewapp/conversation.html#turns", context)
    return render(request, "reviewapp/conversation.html", context)


def _turn_bodies(
    conversation: Conversation, language, flags: dict[int, list[Flag]], view: tuple
) -> tuple[TurnBody, ...]:
    """Every turn's body on the page, in order: its scores, reference history and audio
    read here (`flags`: the conversation's, by turn, oldest first; `view`: the page's
    (raw, language, direction))."""
    # what the page shows of a turn (a deferred field read in the page would be a query
    # per turn: tests/reviewapp/views/test_conversations.py counts the queries)
    turns = list(conversation.turns.order_by("index").defer("labels"))
    # a corrected turn has two scores under a version: on its current and its original
    # reference; the page shows the first, and the second where they differ
    by_turn: dict[int, list[Score]] = {}
    if language is not None and language.scored_version_id is not None:
        for s in Score.objects.filter(
            turn__conversation=conversation, version_id=language.scored_version_id
        ):
            by_turn.setdefault(s.turn_id, []).append(s)
    pairs = {turn_id: score_pair(rows) for turn_id, rows in by_turn.items()}
    corrected = [t.pk for t in turns if t.reference_version > 1]
    history = reference_history(corrected) if corrected else {}
    urls = (maker_for("reviewapp:why", 2), maker_for("reviewapp:flag_new", 2))
    bodies = []
    for t in turns:
        pair = pairs.get(t.pk)
        shown = pair.shown if pair else None
        status = turn_status(t, shown, language)
        tv = TurnView(t, shown if status == "scored" else None, status)
        tv.flags = flags.get(t.pk, [])
        tv.original = pair.original if pair else None
        tv.references = history.get(t.pk, [])
        tv.audio = turn_audio(t, conversation)
        html = _turn_markup(tv, language, view, urls)
        bodies.append(TurnBody(int(t.pk), int(t.index), status, str(html)))
    return tuple(bodies)


def _article(body: TurnBody, language: str, pass_state: str, reviewed_url: str) -> SafeString:
    """The turn's <article> tag (a template's dozen lookups a turn, written here)."""
    pk, status = body.pk, _escape(body.status)
    state = ""
    if pass_state:
        state = f' data-pass-state="{_escape(pass_state)}"'
        state += f' data-reviewed-url="{_escape(reviewed_url)}"'
    return mark_safe(  # noqa: S308 (every text escaped)
        f'<article class="turn turn-{status}" id="turn-{pk}" lang="{_escape(language)}"'
        f' aria-labelledby="turn-{pk}-title"{state}>'
    )


def _turn_markup(tv: TurnView, language, view: tuple[bool, str, str], urls: tuple) -> SafeString:
    """The turn's body markup, built (alignment, regions, escaping) only when no page has
    built it from the same values in this process (views/markup_cache.py). `view`: the
    page's (raw, language, direction)."""
    turn, (raw, lang, direction) = tv.turn, view
    key = turn_markup_key(
        turn,
        tv.score,
        tv.original,
        tv.references,
        tv.flags,
        status=tv.status,
        audio=tv.audio,
        view=(*view, urls[0](0, 0), urls[1](0, 0)),
    )

    def build() -> SafeString:
        full = turn_view(turn, tv.score, language, tv.flags)
        full.original, full.references, full.audio = tv.original, tv.references, tv.audio
        return body_markup(full, raw, lang, direction, urls)

    return cached_markup(key, build)


def _by_time(flag: Flag):
    return (flag.created_at, flag.pk)


def flags_of_turn(turn_id: int) -> list[Flag]:
    """A turn's flags as its conversation page lists them (oldest first)."""
    return item_flags(Flag.objects.filter(turn_id=turn_id).order_by("created_at", "pk"))


# --- why -------------------------------------------------------------------------------------


def _side_by_side(ref_trace, hyp_trace) -> list[tuple[str, str, str]]:
    """(step, reference, hypothesis) after each step of the two traces."""
    return [(step, ref, hyp) for (step, ref), (_, hyp) in zip(ref_trace, hyp_trace, strict=True)]


@require_GET
def why_turn(request: HttpRequest, pk: int) -> HttpResponse:
    """A whole turn after every normalizer step: for a turn that matched although its raw
    texts differ, the step that made them equal is where a hidden error would hide."""
    turn = get_turn_for_user(request, pk)
    score = shown_score(turn)
    if score is None:
        raise Http404("This turn has no score under its language's scored version.")
    context = {"turn": turn, "score": score, "steps": None, "error": "", "hid": None}
    try:
        scorer = scorer_for(score.version)
        details = score.details if isinstance(score.details, dict) else {}
        profile = details.get("profile")
        profile = profile if profile in scorer.normalizer.profiles else None
        ref_trace = scorer.normalizer.trace(turn.reference, profile)
        hyp_trace = scorer.normalizer.trace(turn.hypothesis, profile)
    except ScoringError as exc:  # a rule past its budget, or a config that no longer builds
        context["error"] = f"The normalizer cannot show its steps for this turn: {exc}"
    else:
        steps = _side_by_side(ref_trace, hyp_trace)
        context["steps"] = steps
        context["profile"] = profile
        # the first step after which both sides are the same, when the input differed
        if steps and steps[0][1] != steps[0][2]:
            context["hid"] = next((step for step, ref, hyp in steps if ref == hyp), None)
    return render(request, "reviewapp/why_turn.html", context)


@require_GET
def why(request: HttpRequest, pk: int, region: int) -> HttpResponse:
    """Both sides of one error region after every normalizer step."""
    turn, score, chosen = get_region_for_user(request, pk, region)
    context = {"turn": turn, "score": score, "region": chosen, "why": None, "error": ""}
    try:
        scorer = scorer_for(score.version)
    except ScoringError as exc:
        context["error"] = f"The normalizer of this version cannot be rebuilt: {exc}"
        scorer = None
    if scorer is not None:
        details = score.details if isinstance(score.details, dict) else {}
        profile = details.get("profile")
        profile = profile if profile in scorer.normalizer.profiles else None
        reference = _reference_text(turn, score.reference_version)
        try:  # a rule past the text's time or size budget is named, not a 500
            ref_trace = scorer.normalizer.trace(reference, profile)
            hyp_trace = scorer.normalizer.trace(turn.hypothesis, profile)
        except ScoringError as exc:
            context["error"] = f"The normalizer cannot show its steps for this turn: {exc}"
            scorer = None
    if scorer is not None:
        stored = (score.reference_normalized, score.hypothesis_normalized)
        context["why"] = alignment.why(ref_trace, hyp_trace, chosen, score.unit, stored=stored)
        context["steps"] = _side_by_side(ref_trace, hyp_trace)
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


def _reference_text(turn: Turn, number: int) -> str:
    """The text of version `number` of the turn's reference (the current one without a
    query)."""
    if number == turn.reference_version:
        return turn.reference
    row = TurnReference.objects.filter(turn=turn, number=number).values_list("text", flat=True)
    return row.first() or turn.reference
