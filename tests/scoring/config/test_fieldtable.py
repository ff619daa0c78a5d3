"""The field table of configs/README.md, generated from the config schema."""

import subprocess
import sys

from scoring.config.fieldtable import field_table, json_type
from scoring.config.models import LanguageConfig
from tests.scoring.helpers import ROOT


def rows() -> dict[str, list[str]]:
    table = {}
    for line in field_table().splitlines()[2:]:
        name, kind, default = (cell.strip() for cell in line.strip("|").split(" | "))
        table[name.strip("`")] = [kind, default]
    return table


def test_every_field_has_one_row_in_the_schema_order():
    assert list(rows()) == list(LanguageConfig.model_fields)


def test_required_fields_say_so_and_the_others_give_their_default():
    table = rows()
    assert table["language"] == ["string", "required"]
    assert table["unit"] == ['`"word"` or `"char"`', '`"word"`']
    assert table["fillers"] == ["array of string", "`[]`"]
    assert table["numbers"] == ["object (Numbers) or null", "`null`"]
    assert table["spellings"][0] == "object of string, or a lexicon file name"


def test_json_types_read_as_words():
    assert json_type({"type": "array", "items": {"type": "integer"}}) == "array of integer"
    assert json_type({"anyOf": [{"type": "string"}, {"type": "null"}]}) == "string or null"
    assert json_type({"type": "object"}) == "object"


def test_the_module_prints_the_table():
    out = subprocess.run(
        [sys.executable, "-m", "scoring.config.fieldtable"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    assert out == field_table()
