"""Config versions pin the versions of the languages they code-switch with (Hindi pins a
version of English). Existing versions pin the companion version active now, the one
their scorers were being built with; `manage.py restamp_versions` then gives a new version
to every active one whose recorded stamp this code no longer computes."""

from django.db import migrations, models


def pin_active_companions(apps, schema_editor):
    ConfigVersion = apps.get_model("reviewapp", "ConfigVersion")
    Language = apps.get_model("reviewapp", "Language")
    current = {}
    for row in Language.objects.exclude(active_version=None).select_related("active_version"):
        current[row.code] = row.active_version.number
    for version in ConfigVersion.objects.order_by("pk"):
        others = version.content.get("config", {}).get("code_switch_languages") or []
        pins = {other: current[other] for other in others if other in current}
        if pins:
            ConfigVersion.objects.filter(pk=version.pk).update(companions=pins)


class Migration(migrations.Migration):
    dependencies = [
        ("reviewapp", "0002_conversation_summaries_pair_counts"),
    ]

    operations = [
        migrations.AddField(
            model_name="configversion",
            name="companions",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.RunPython(pin_active_companions, migrations.RunPython.noop),
    ]
