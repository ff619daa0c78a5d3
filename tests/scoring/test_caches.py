"""`scoring.clear_caches()` empties every memo of the library, so a benchmark's "cold" row
reads every text from scratch, and no module keeps a cache that call cannot reach."""

import json
import re
from pathlib import Path

from scoring import caches, clear_caches, load_scorer
from scoring.stamp import code_fingerprint, package_fingerprint

PACKAGE = Path(caches.__file__).resolve().parent
DEMO = PACKAGE.parent / "reviewapp" / "demo" / "demo_conversations.jsonl"
# a cache made straight from functools (or a dict kept across calls) would escape the registry
UNREGISTERED = re.compile(r"functools\.(lru_cache|cache)\b|\blru_cache\(|@cache\b")


def _score_demo_pairs() -> list:
    scorers = []
    for line in DEMO.read_text("utf-8").splitlines():
        record = json.loads(line)
        scorer = load_scorer(record["language"])
        for turn in record["turns"]:
            scorer.score(turn["reference"], turn["hypothesis"])
        scorers.append(scorer)
    return scorers


def test_scoring_fills_memos_that_clear_caches_empties():
    scorers = _score_demo_pairs()
    assert sum(size for _, size in caches.memo_sizes()) > 0
    assert any(scorer.normalizer._memo for scorer in scorers)

    assert clear_caches() > 0

    assert [(name, size) for name, size in caches.memo_sizes() if size] == []
    assert [s.normalizer.identity for s in scorers if s.normalizer._memo] == []


def test_clear_caches_can_keep_the_code_stamp_and_nothing_else(tmp_path):
    _score_demo_pairs()
    code_fingerprint()
    # read from __pycache__, the stamp parses nothing: parse a module, as a miss does
    (tmp_path / "probe.py").write_text("PROBE = 1\n", "utf-8")
    package_fingerprint(tmp_path)
    clear_caches(code_stamp=False)
    left = {name for name, size in caches.memo_sizes() if size}
    assert left == {"code_fingerprint", "_code"}
    clear_caches()
    assert [(name, size) for name, size in caches.memo_sizes() if size] == []


def test_clear_caches_drops_built_scorers():
    first = load_scorer("en")
    clear_caches()
    assert load_scorer("en") is not first


def test_scores_are_the_same_before_and_after_clearing():
    scorer = load_scorer("en")
    before = scorer.score("I'm at twenty five past four", "im at 4:25").as_dict()
    clear_caches()
    after = load_scorer("en").score("I'm at twenty five past four", "im at 4:25").as_dict()
    assert after == before


def test_no_module_keeps_a_functools_cache_of_its_own():
    found = [
        f"{path.relative_to(PACKAGE)}:{number}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.name != "caches.py"
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if UNREGISTERED.search(line)
    ]
    assert found == []


def test_a_cache_by_content_keeps_the_newest_and_is_emptied_with_the_others():
    kept = caches.ByContent(maxsize=2)
    for key in ("a", "b", "c"):
        assert kept.keep(key, key.upper()) == key.upper()
    assert dict(kept) == {"b": "B", "c": "C"}  # the oldest went first
    clear_caches()
    assert not kept
