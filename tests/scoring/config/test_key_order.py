"""A bundle's content hash sorts its keys, and a stored version may come back with its
keys in another order (PostgreSQL's jsonb keeps them by length, then bytes), so what a
normalizer does must not depend on the order of a JSON object's keys. Scorers are
cached by content hash: a normalizer built from reordered content would otherwise be
handed out for the file's content too, and score the same pair differently depending
on which of the two was built first in the process."""

import json
from pathlib import Path

import pytest

from scoring.config.loader import bundle_from_data, config_languages, load_bundle
from scoring.normalize.chain import build_normalizer

DEMO = Path(__file__).parents[3] / "reviewapp" / "demo" / "demo_conversations.jsonl"

# Written forms whose reading depends on a table's order (numeric dates read their month
# by its place in the calendar), beside every demo turn of the language.
ORDERED_FORMS = [
    "07/25/2012", "25/07/2012", "2012-07-25", "15.01.2020", "02.03.2003", "1.10.2010",
    "02.03", "on 03/04/2021 at 4:30", "¥12,05", "$3.50", "12 kg",
]  # fmt: skip


def jsonb_order(value):
    """The order PostgreSQL's jsonb gives an object's keys: shorter first, then bytewise."""
    if isinstance(value, dict):
        keys = sorted(value, key=lambda key: (len(key.encode()), key.encode()))
        return {key: jsonb_order(value[key]) for key in keys}
    if isinstance(value, list):
        return [jsonb_order(item) for item in value]
    return value


def reversed_order(value):
    if isinstance(value, dict):
        return {key: reversed_order(value[key]) for key in reversed(list(value))}
    if isinstance(value, list):
        return [reversed_order(item) for item in value]
    return value


def texts_of(language: str) -> list[str]:
    texts = set(ORDERED_FORMS)
    with DEMO.open(encoding="utf-8") as lines:
        for line in lines:
            conversation = json.loads(line)
            if conversation["language"].split("-")[0] == language:
                for turn in conversation["turns"]:
                    texts.update((turn["reference"], turn["hypothesis"]))
    return sorted(texts)


@pytest.mark.parametrize("reorder", [jsonb_order, reversed_order])
@pytest.mark.parametrize("language", config_languages())
def test_key_order_changes_no_normalized_text(language, reorder):
    bundle = load_bundle(language)
    reordered = bundle_from_data(reorder(bundle.data))
    assert reordered.content_hash == bundle.content_hash
    as_written, as_reordered = build_normalizer(bundle), build_normalizer(reordered)
    differ = [
        (text, as_written(text), as_reordered(text))
        for text in texts_of(language)
        if as_written(text) != as_reordered(text)
    ]
    assert not differ, differ[:5]


def test_a_numeric_date_reads_its_month_from_the_calendar():
    bundle = load_bundle("en")
    stored = build_normalizer(bundle_from_data(jsonb_order(bundle.data)))
    assert stored("I fly on 07/25/2012") == "i fly on 25 july 2012"
