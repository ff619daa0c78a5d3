"""configs/README.md documents the chain in the order the code runs it."""

import re
from pathlib import Path

from scoring.config.fieldtable import field_table
from scoring.config.models import LanguageConfig
from scoring.normalize import STEP_ORDER

README = (Path(__file__).resolve().parents[2] / "configs" / "README.md").read_text()


def test_the_numbered_list_is_the_step_order():
    listed = re.findall(r"^\d+\. `([a-z_]+)`", README, flags=re.MULTILINE)
    assert listed == list(STEP_ORDER)


def test_every_field_is_documented():
    for name in LanguageConfig.model_fields:
        assert f"`{name}`" in README, name


def test_the_field_table_is_the_generated_one():
    """The table between the fieldtable markers is `python -m scoring.config.fieldtable`'s
    output: regenerate it there when a field changes."""
    found = re.search(
        r"<!-- fieldtable: begin \(python -m scoring.config.fieldtable\) -->\n(.*?)"
        r"<!-- fieldtable: end -->",
        README,
        flags=re.DOTALL,
    )
    assert found, "configs/README.md lost its fieldtable markers"
    assert found.group(1) == field_table()
