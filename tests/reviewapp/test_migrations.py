"""Data migrations: rows stored before a migration come out of it as the code expects."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("reviewapp", "0002_conversation_summaries_pair_counts")]
AFTER = [("reviewapp", "0003_configversion_companions")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def test_existing_versions_pin_the_companion_versions_active_at_migration_time():
    apps = migrate(BEFORE)
    try:
        ConfigVersion = apps.get_model("reviewapp", "ConfigVersion")
        Language = apps.get_model("reviewapp", "Language")

        def version(language, number, companions=()):
            config = {"code_switch_languages": list(companions)} if companions else {}
            return ConfigVersion.objects.create(
                language=language,
                number=number,
                content={"config": config, "lexicons": {}},
                content_hash=f"{language}{number}",
                normalizer_name=f"{language}-norm",
                normalizer_version="1.0.0",
                normalizer_hash="0" * 64,
            )

        version("en", 1)
        en_v2 = version("en", 2)
        hi_v1 = version("hi", 1, ["en"])
        fa_v1 = version("fa", 1)
        Language.objects.create(code="en", config_language="en", active_version=en_v2)
        Language.objects.create(code="hi", config_language="hi", active_version=hi_v1)

        apps = migrate(AFTER)
        ConfigVersion = apps.get_model("reviewapp", "ConfigVersion")
        pins = dict(ConfigVersion.objects.values_list("language", "companions").filter(number=1))
        assert pins == {"en": {}, "hi": {"en": 2}, "fa": {}}
        assert ConfigVersion.objects.get(pk=fa_v1.pk).companions == {}
    finally:
        migrate(executor_leaf())


def executor_leaf():
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()
