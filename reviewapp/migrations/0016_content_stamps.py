"""The content stamp and its triggers (reviewapp/content_stamps.py): what lets the pages
answer 304 Not Modified when nothing they show has changed."""

from django.db import migrations

from reviewapp.content_stamps import (
    create_stamp_sql,
    drop_stamp_sql,
    drop_triggers_sql,
    stamp_triggers_sql,
)

# the tables as of this migration (a later one that tracks more adds its own)
TABLES = (
    "auth_user",
    "auth_group",
    "auth_user_groups",
    "reviewapp_maintainerlanguage",
    "reviewapp_configversion",
    "reviewapp_language",
    "reviewapp_dataset",
    "reviewapp_importbatch",
    "reviewapp_conversation",
    "reviewapp_turn",
    "reviewapp_turnreference",
    "reviewapp_score",
    "reviewapp_conversationsummary",
    "reviewapp_paircount",
    "reviewapp_flag",
    "reviewapp_proposal",
    "reviewapp_proposal_flags",
    "reviewapp_reviewpass",
    "reviewapp_reviewpass_reviewers",
    "reviewapp_assignment",
    "reviewapp_datafinding",
    "reviewapp_repairing",
)


def install(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    for sql in create_stamp_sql(vendor) + stamp_triggers_sql(vendor, TABLES):
        schema_editor.execute(sql)


def uninstall(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    for sql in drop_triggers_sql(vendor, TABLES) + drop_stamp_sql(vendor):
        schema_editor.execute(sql)


class Migration(migrations.Migration):
    dependencies = [
        ("reviewapp", "0015_job_planning"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [migrations.RunPython(install, uninstall)]
