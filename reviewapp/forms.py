"""Forms of the config workflow and of review passes: validation lives here, not in the
views."""

from __future__ import annotations

import json
from collections.abc import Iterable

from django import forms
from django.contrib.auth import get_user_model

from .languages import language_choices, language_name
from .models import Conversation, Dataset, RegionLabel
from .roles import MAINTAINER, REVIEWER
from .services.edits import available_kinds
from .services.flags import MAX_REFERENCE_CHARS


class ProposalForm(forms.Form):
    title = forms.CharField(max_length=200)
    description = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), required=False)
    content = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 24, "spellcheck": "false", "class": "code"}),
        help_text='The whole bundle: {"config": {...}, "lexicons": {...}}.',
    )

    def clean_content(self) -> dict:
        raw = self.cleaned_data["content"]
        try:
            value = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise forms.ValidationError(
                f"invalid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
            ) from None
        if not isinstance(value, dict):
            raise forms.ValidationError("the bundle must be a JSON object")
        return value


class EditForm(forms.Form):
    kind = forms.ChoiceField(choices=[])
    key = forms.CharField(required=False, max_length=200, label="Word or character")
    value = forms.CharField(required=False, max_length=200, label="Becomes")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = list(available_kinds().items())


class RejectForm(forms.Form):
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), min_length=3)


class PassForm(forms.Form):
    """A review pass: which turns (filters, or a seeded sample), by whom, how many each."""

    name = forms.CharField(max_length=200)
    language = forms.ChoiceField(choices=[])
    dataset = forms.ModelChoiceField(queryset=None, required=False, empty_label="Any dataset")
    model = forms.CharField(max_length=100, required=False, help_text="STT model; blank: any.")
    rate_min = forms.FloatField(required=False, min_value=0, label="Rate from (%)")
    rate_max = forms.FloatField(required=False, min_value=0, label="Rate to (%)")
    sample_size = forms.IntegerField(
        required=False, min_value=1, label="Sample of N turns", help_text="Blank: every match."
    )
    seed = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=2**63 - 1,
        help_text="The same seed over the same corpus draws the same turns; blank: a new one.",
    )
    overlap = forms.IntegerField(min_value=1, initial=2, help_text="Reviewers per turn.")
    reviewers = forms.ModelMultipleChoiceField(queryset=None, widget=forms.CheckboxSelectMultiple)

    def __init__(self, *args, languages: Iterable[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["language"].choices = [(c, language_name(c)) for c in sorted(languages)]
        self.fields["dataset"].queryset = Dataset.objects.order_by("name")
        self.fields["reviewers"].queryset = (
            get_user_model()
            .objects.filter(is_active=True, groups__name__in=[REVIEWER, MAINTAINER])
            .distinct()
            .order_by("username")
        )

    def clean(self) -> dict:
        data = super().clean()
        for name in ("rate_min", "rate_max"):  # the form says percent, a pass keeps ratios
            if data.get(name) is not None:
                data[name] = data[name] / 100
        return data


class AdjudicationForm(forms.Form):
    label = forms.ChoiceField(choices=[], widget=forms.RadioSelect)
    note = forms.CharField(
        max_length=2000, required=False, widget=forms.Textarea(attrs={"rows": 2})
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["label"].choices = RegionLabel.Label.choices


class ReferenceAcceptForm(forms.Form):
    """The corrected reference a maintainer accepts: the reviewer's text, or edited."""

    text = forms.CharField(
        label="Corrected reference",
        max_length=MAX_REFERENCE_CHARS,
        widget=forms.Textarea(attrs={"rows": 3, "dir": "auto"}),
        help_text="The whole turn as it should read. It becomes a new version of the "
        "reference; the old one is kept, and the turn is scored on both.",
    )


class ReferenceRejectForm(forms.Form):
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 2}),
        min_length=3,
        max_length=2000,
        help_text="Why the reference stays as it is: the reviewer reads this on the flag.",
    )


class CompareForm(forms.Form):
    """Two models of one language and dataset (GET: the page's URL is the comparison).

    The dataset picker lists the datasets that hold runs of a model in the chosen language,
    and the model pickers the models of the chosen language and dataset: "chosen" is the
    submitted (or initial) value where it is one of the choices, else the first choice
    (what a browser shows selected), so a picker never offers a pair the comparison would
    find empty."""

    language = forms.ChoiceField(choices=language_choices)
    dataset = forms.ChoiceField(choices=())
    a = forms.ChoiceField(choices=(), label="Model A")
    b = forms.ChoiceField(choices=(), label="Model B")

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        runs = Conversation.objects.exclude(model="").filter(language=self._chosen("language"))
        names = runs.order_by("dataset__name").values_list("dataset__name", flat=True)
        self.fields["dataset"].choices = [(name, name) for name in names.distinct()]
        runs = runs.filter(dataset__name=self._chosen("dataset"))
        models = runs.order_by("model").values_list("model", flat=True).distinct()
        choices = [(model, model) for model in models]
        self.fields["a"].choices = choices
        self.fields["b"].choices = choices

    def _chosen(self, name: str) -> str:
        value = self.data.get(name) if self.is_bound else self.initial.get(name)
        choices = [key for key, _ in self.fields[name].choices]
        if value not in choices:  # none, or one of another language: the first is shown
            value = choices[0] if choices else ""
        return value

    def clean(self) -> dict:
        data = super().clean()
        if data.get("a") and data.get("a") == data.get("b"):
            self.add_error("b", "choose a model other than A")
        return data


class TurnsExportForm(forms.Form):
    """One model's turns in one language and dataset."""

    language = forms.ChoiceField(choices=language_choices)
    dataset = forms.CharField(max_length=100)
    model = forms.CharField(max_length=100)
