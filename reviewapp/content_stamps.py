"""The content stamp: a counter the database bumps whenever a table the pages show changes.

Pages answer a revisit with 304 Not Modified when nothing they show has changed
(`views.conditional`). "Nothing changed" must hold whatever code path wrote: a service,
a `.update()`, raw SQL, a COPY, a migration. So the counter is bumped by triggers, in the
writing transaction, and becomes visible with the data at commit (MVCC): a reader that
reads the stamp before its data never sees a stamp newer than its data, at worst an older
one (a wasted render, never a stale 304).

One counter for all languages: a write anywhere makes every page render once more. Per
language rows would keep other languages' ETags, but most tables the pages read have no
language column (users, groups, datasets, config versions, findings), and a row per key
is one more lock a writer takes.

Contention: the stamp is one row, and an UPDATE of it holds the row's lock until commit.
On PostgreSQL a writing statement does not touch it: a statement trigger notes the
transaction once (a row in `reviewapp_contentstampwrite`), and a deferred constraint
trigger on that row bumps the counter when the transaction commits. The lock is held
for the commit only, so a long transaction (an import, a rescore's plan, a chunk's scores)
does not hold up other writers, and no transaction waits on another lock while holding
it. SQLite has one writer at a time anyway: its row triggers bump the counter directly.

The row carries a random `generation`, new whenever the row is created: a counter that
starts again (the table emptied by hand) never repeats an earlier stamp.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connection

__all__ = [
    "STAMP_KEY",
    "TRACKED_TABLES",
    "UNTRACKED_TABLES",
    "create_stamp_sql",
    "drop_stamp_sql",
    "read_stamp",
    "stamp_triggers_sql",
    "drop_triggers_sql",
    "installed_trigger_tables",
]

# the stamp's table; on PostgreSQL also reviewapp_contentstampwrite: a row per writing
# transaction, until it commits
STAMP_KEY = "content"

#: every table whose rows the conversation list, a conversation and the flag queue show,
#: or whose rows decide what they show (roles, scored versions)
TRACKED_TABLES = (
    "auth_user",  # names, roles (is_superuser, is_active)
    "auth_group",
    "auth_user_groups",
    "reviewapp_maintainerlanguage",
    "reviewapp_configversion",
    "reviewapp_language",  # active and scored versions
    "reviewapp_dataset",
    "reviewapp_importbatch",
    "reviewapp_conversation",
    "reviewapp_turn",
    "reviewapp_turnreference",
    "reviewapp_score",
    "reviewapp_conversationsummary",  # the list's sums; the queue's "counting…"
    "reviewapp_paircount",
    "reviewapp_flag",
    "reviewapp_proposal",
    "reviewapp_proposal_flags",
    "reviewapp_reviewpass",  # a conversation reached from a review pass
    "reviewapp_reviewpass_reviewers",
    "reviewapp_assignment",
    "reviewapp_datafinding",  # a conversation's data-quality banner
    "reviewapp_repairing",
)

#: tables none of those pages reads, with the reason; a model added later must be in one
#: of the two lists (tests/reviewapp/test_content_stamps.py)
UNTRACKED_TABLES = {
    "django_session": "the session key is part of each ETag",
    "django_admin_log": "the admin's",
    "django_content_type": "written by migrations",
    "auth_permission": "roles are groups, not permissions",
    "auth_group_permissions": "roles are groups, not permissions",
    "auth_user_user_permissions": "roles are groups, not permissions",
    "axes_accessattempt": "login throttling",
    "axes_accessattemptexpiration": "login throttling",
    "axes_accessfailurelog": "login throttling",
    "axes_accesslog": "login throttling",
    "reviewapp_job": "progress is on the job and dashboard pages, not these",
    "reviewapp_jobchunk": "progress is on the job and dashboard pages, not these",
    "reviewapp_apitoken": "import credentials",
    "reviewapp_auditevent": "the audit trail, written beside the writes it records",
    "reviewapp_notification": "the badge is fetched apart (hx-get), not part of a page",
    "reviewapp_proposalcomment": "the proposal pages'",
    "reviewapp_regionlabel": "a pass's own turn pages'",
    "reviewapp_adjudication": "a pass's own pages'",
}


def read_stamp() -> str:
    """The current stamp, in one query ("" when the row is missing: every write creates it)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT counter, generation FROM reviewapp_contentstamp WHERE key = %s",
            [STAMP_KEY],
        )
        row = cursor.fetchone()
    return "" if row is None else f"{row[1]}:{row[0]}"


# --- schema (migrations call these) -----------------------------------------------------------

# a missing row is created with a new generation
_BUMP = {
    "postgresql": (
        "INSERT INTO reviewapp_contentstamp (key, counter, generation) "
        "VALUES ('content', 1, gen_random_uuid()::text) "
        "ON CONFLICT (key) DO UPDATE SET counter = reviewapp_contentstamp.counter + 1"
    ),
    "sqlite": (
        "INSERT INTO reviewapp_contentstamp (key, counter, generation) "
        "VALUES ('content', 1, lower(hex(randomblob(16)))) "
        "ON CONFLICT (key) DO UPDATE SET counter = counter + 1"
    ),
}

_SQLITE_EVENTS = ("insert", "update", "delete")

_CREATE_TABLE = (
    "CREATE TABLE reviewapp_contentstamp (key varchar(32) PRIMARY KEY, "
    "counter bigint NOT NULL, generation varchar(40) NOT NULL)"
)

# A statement trigger notes the transaction, once: the setting is local to the
# transaction, and undone with a savepoint rolled back, as is the row inserted after it.
_NOTE_FUNCTION = """
CREATE FUNCTION reviewapp_stamp_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF current_setting('reviewapp.stamp_noted', true) IS DISTINCT FROM txid_current()::text THEN
        PERFORM set_config('reviewapp.stamp_noted', txid_current()::text, true);
        INSERT INTO reviewapp_contentstampwrite DEFAULT VALUES;
    END IF;
    RETURN NULL;
END $$
"""

# At commit, the noted row's deferred trigger bumps the stamp: its row lock is held from
# here to the end of the commit only.
_BUMP_FUNCTION = """
CREATE FUNCTION reviewapp_stamp_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM reviewapp_contentstampwrite WHERE id = NEW.id;
    INSERT INTO reviewapp_contentstamp (key, counter, generation)
        VALUES ('content', 1, gen_random_uuid()::text)
        ON CONFLICT (key) DO UPDATE SET counter = reviewapp_contentstamp.counter + 1;
    RETURN NULL;
END $$
"""


def create_stamp_sql(vendor: str) -> list[str]:
    """The stamp's table (and on PostgreSQL the functions and the commit-time trigger)."""
    if vendor == "sqlite":
        return [_CREATE_TABLE, _BUMP["sqlite"]]
    _require_postgresql(vendor)
    return [
        _CREATE_TABLE,
        _BUMP["postgresql"],
        "CREATE TABLE reviewapp_contentstampwrite (id bigserial PRIMARY KEY)",
        _NOTE_FUNCTION,
        _BUMP_FUNCTION,
        "CREATE CONSTRAINT TRIGGER reviewapp_stamp_bump AFTER INSERT "
        "ON reviewapp_contentstampwrite DEFERRABLE INITIALLY DEFERRED "
        "FOR EACH ROW EXECUTE FUNCTION reviewapp_stamp_bump()",
    ]


def drop_stamp_sql(vendor: str) -> list[str]:
    if vendor == "sqlite":
        return ["DROP TABLE reviewapp_contentstamp"]
    _require_postgresql(vendor)
    return [
        "DROP TABLE reviewapp_contentstampwrite",  # its trigger with it
        "DROP FUNCTION reviewapp_stamp_bump()",
        "DROP FUNCTION reviewapp_stamp_note()",
        "DROP TABLE reviewapp_contentstamp",
    ]


def stamp_triggers_sql(vendor: str, tables: Iterable[str]) -> list[str]:
    """Triggers that bump the stamp on every write to `tables`. Idempotent: a migration
    that remakes a table on SQLite (which drops its triggers) runs it again."""
    if vendor == "sqlite":
        return [
            f"CREATE TRIGGER IF NOT EXISTS {_sqlite_trigger(table, event)} "
            f"AFTER {event.upper()} ON {table} BEGIN {_BUMP['sqlite']}; END"
            for table in tables
            for event in _SQLITE_EVENTS
        ]
    _require_postgresql(vendor)
    return [
        f"CREATE OR REPLACE TRIGGER reviewapp_stamp "
        f"AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON {table} "
        "FOR EACH STATEMENT EXECUTE FUNCTION reviewapp_stamp_note()"
        for table in tables
    ]


def drop_triggers_sql(vendor: str, tables: Iterable[str]) -> list[str]:
    if vendor == "sqlite":
        return [
            f"DROP TRIGGER IF EXISTS {_sqlite_trigger(table, event)}"
            for table in tables
            for event in _SQLITE_EVENTS
        ]
    _require_postgresql(vendor)
    return [f"DROP TRIGGER IF EXISTS reviewapp_stamp ON {table}" for table in tables]


def installed_trigger_tables() -> set[str]:
    """The tables that have every stamp trigger, as the database says."""
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute(
                "SELECT tbl_name, name FROM sqlite_master WHERE type = 'trigger' "
                "AND name LIKE 'reviewapp_stamp_%'"
            )
            names = cursor.fetchall()
            return {
                table
                for table in {table for table, _ in names}
                if {_sqlite_trigger(table, event) for event in _SQLITE_EVENTS}
                <= {name for _, name in names}
            }
        cursor.execute(
            "SELECT tgrelid::regclass::text FROM pg_trigger WHERE tgname = 'reviewapp_stamp'"
        )
        return {table for (table,) in cursor.fetchall()}


def _sqlite_trigger(table: str, event: str) -> str:
    return f"reviewapp_stamp_{table}_{event}"


def _require_postgresql(vendor: str) -> None:
    if vendor != "postgresql":
        raise NotImplementedError(f"content stamps on {vendor}: PostgreSQL and SQLite only")
