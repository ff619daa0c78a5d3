"""The top-level fields of a language config as a Markdown table: name, JSON type, default.

Generated from the schema (`LanguageConfig`), so configs/README.md cannot drift from the
code: a test compares the README's table with this output. Run
``python -m scoring.config.fieldtable`` to print it.

>>> table = field_table()
>>> table.splitlines()[2]
'| `schema_version` | `1` | `1` |'
"""

from __future__ import annotations

import json
from typing import Any

from .models import LEXICON_FIELDS, LanguageConfig

__all__ = ["field_table", "json_type"]

REQUIRED = "required"


def field_table() -> str:
    """One row per field of a config file, in the schema's order."""
    schema = LanguageConfig.model_json_schema()
    rows = ["| field | type | default |", "| --- | --- | --- |"]
    for name, prop in schema["properties"].items():
        kind = json_type(prop)
        if name in LEXICON_FIELDS:
            kind += ", or a lexicon file name"
        rows.append(f"| `{name}` | {_cell(kind)} | {_cell(_default(name))} |")
    return "\n".join(rows) + "\n"


def json_type(prop: dict[str, Any]) -> str:
    """A JSON Schema property as words a config writer reads: `array of string`."""
    if "$ref" in prop:
        return f"object ({prop['$ref'].rsplit('/', 1)[-1]})"
    if "const" in prop:
        return f"`{json.dumps(prop['const'])}`"
    if "enum" in prop:
        return " or ".join(f"`{json.dumps(value)}`" for value in prop["enum"])
    if "anyOf" in prop:
        return " or ".join(json_type(part) for part in prop["anyOf"])
    kind = prop.get("type", "any")
    if kind == "array":
        return f"array of {json_type(prop.get('items', {}))}"
    if kind == "object":
        values = prop.get("additionalProperties") or next(
            iter(prop.get("patternProperties", {}).values()), None
        )
        return f"object of {json_type(values)}" if values else "object"
    return kind


def _default(name: str) -> str:
    field = LanguageConfig.model_fields[name]
    if field.is_required():
        return REQUIRED
    value = field.default_factory() if field.default_factory is not None else field.default
    return f"`{json.dumps(value, ensure_ascii=False)}`"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def main() -> int:
    print(field_table(), end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
