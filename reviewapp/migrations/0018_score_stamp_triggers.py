"""The content stamp's triggers on reviewapp_score, again.

On SQLite, 0017's AlterField remakes the score table, and a remade table has lost its
triggers: a score written without a service would not change the stamp, and a page could
answer 304 over a changed score. The triggers' SQL is idempotent, so this runs on both
databases (on PostgreSQL the table was altered in place and they are still there).
"""

from django.db import migrations

from reviewapp.content_stamps import stamp_triggers_sql


def install(apps, schema_editor):
    for sql in stamp_triggers_sql(schema_editor.connection.vendor, ("reviewapp_score",)):
        schema_editor.execute(sql)


class Migration(migrations.Migration):
    dependencies = [("reviewapp", "0017_score_keys_unchecked")]

    # backwards, 0017 remakes the table again and 0016 drops what is left
    operations = [migrations.RunPython(install, migrations.RunPython.noop)]
