"""Forms of the config workflow: validation lives here, not in the views."""

from __future__ import annotations

import json

from django import forms

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
