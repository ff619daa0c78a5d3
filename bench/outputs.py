"""Every language's normalizer output on a fixed set of texts, as JSON: a change that must
not alter outputs (a speed-up) is checked by diffing this file before and after.

    python -m bench.outputs /tmp/speed-before.json
    python -m bench.outputs /tmp/speed-after.json --diff /tmp/speed-before.json

The texts: every `spoken` and `written` of the NeMo dev set (each language's normalizer on
its own lines and on the English lines), every reference and hypothesis of the demo
conversations (with the conversation's language), and the bench's distinct English corpus
(5,000 pairs, English normalizer). Output: {language: {text: normalized}}.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from scoring import build_normalizer, config_languages, load_bundle

from .data import english_distinct

ROOT = Path(__file__).resolve().parent.parent
DEV = ROOT.parent / "shared" / "data" / "nemo" / "dev.jsonl"
DEMO = ROOT / "reviewapp" / "demo" / "demo_conversations.jsonl"
DISTINCT_PAIRS = 5_000


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def texts_by_language() -> dict[str, list[str]]:
    """The texts each language's normalizer is run on (duplicates kept once)."""
    languages = config_languages()
    dev = _rows(DEV)
    english_dev = [r[side] for r in dev if r["lang"] == "en" for side in ("spoken", "written")]
    texts: dict[str, list[str]] = {language: [] for language in languages}
    for language in languages:
        own = [r[side] for r in dev if r["lang"] == language for side in ("spoken", "written")]
        texts[language] += own + english_dev
    for conversation in _rows(DEMO):
        language = conversation["language"]
        for turn in conversation["turns"]:
            texts.setdefault(language, []).extend([turn["reference"], turn["hypothesis"]])
    for reference, hypothesis in english_distinct(DISTINCT_PAIRS).pairs:
        texts["en"] += [reference, hypothesis]
    return {language: list(dict.fromkeys(found)) for language, found in texts.items()}


def outputs() -> dict[str, dict[str, str]]:
    result = {}
    for language, texts in sorted(texts_by_language().items()):
        normalizer = build_normalizer(load_bundle(language))
        result[language] = {text: normalizer(text) for text in texts}
    return result


def differences(before: dict, after: dict) -> list[str]:
    lines = []
    for language in sorted(set(before) | set(after)):
        old, new = before.get(language, {}), after.get(language, {})
        for text in sorted(set(old) | set(new)):
            if old.get(text) != new.get(text):
                lines.append(f"{language}: {text!r}: {old.get(text)!r} -> {new.get(text)!r}")
    return lines


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    result = outputs()
    Path(argv[0]).write_text(json.dumps(result, ensure_ascii=False, indent=0, sort_keys=True))
    count = sum(len(texts) for texts in result.values())
    print(f"{count} texts in {len(result)} languages written to {argv[0]}")
    if argv[1:2] == ["--diff"]:
        before = json.loads(Path(argv[2]).read_text(encoding="utf-8"))
        found = differences(before, result)
        print("\n".join(found[:50]))
        print(f"{len(found)} differences from {argv[2]}")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
