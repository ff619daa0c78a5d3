from django import forms
from django.contrib import admin

from .languages import language_choices
from .models import MaintainerLanguage


class MaintainerLanguageForm(forms.ModelForm):
    # The model field has no choices (the configs are the list): offer them here.
    language = forms.ChoiceField(choices=language_choices)

    class Meta:
        model = MaintainerLanguage
        fields = ("user", "language")


@admin.register(MaintainerLanguage)
class MaintainerLanguageAdmin(admin.ModelAdmin):
    form = MaintainerLanguageForm
    list_display = ("user", "language")
    list_filter = ("language",)
