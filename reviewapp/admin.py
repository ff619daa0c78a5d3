from django.contrib import admin

from .models import MaintainerLanguage


@admin.register(MaintainerLanguage)
class MaintainerLanguageAdmin(admin.ModelAdmin):
    list_display = ("user", "language")
    list_filter = ("language",)
