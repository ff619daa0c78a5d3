"""The demo dataset: reproducible, committed as generated, and internally consistent."""

from __future__ import annotations

import json
import unicodedata
import wave
from collections import Counter
from functools import cache

import pytest

from reviewapp.demo import generate as gen
from reviewapp.languages import languages


@cache
def records() -> tuple[dict, ...]:
    return tuple(gen.generate())


def user_turns(language: str | None = None):
    """The user turns of the labelled conversations (not those with a data problem)."""
    for record in records():
        if "data_quality" in record["metadata"]:
            continue
        if language is None or record["language"] == language:
            yield from (t for t in record["turns"] if t["speaker"] == "user")


def all_labels():
    for turn in user_turns():
        yield from turn["labels"]


def test_same_seed_gives_identical_output():
    assert gen.to_jsonl(gen.generate(7)) == gen.to_jsonl(gen.generate(7))


def test_another_seed_gives_other_output():
    assert gen.to_jsonl(gen.generate(8)) != gen.to_jsonl(records())


def test_committed_file_matches_the_generator():
    committed = gen.DEFAULT_OUT.read_text(encoding="utf-8")
    assert committed == gen.to_jsonl(list(records())), (
        "regenerate with: python -m reviewapp.demo.generate "
        "--out reviewapp/demo/demo_conversations.jsonl"
    )


def test_committed_file_is_small_and_one_object_per_line():
    raw = gen.DEFAULT_OUT.read_bytes()
    assert len(raw) < 600_000
    lines = raw.decode("utf-8").splitlines()
    assert len(lines) == len(records())
    for line in lines:
        assert list(json.loads(line)) == sorted(json.loads(line))


def test_main_writes_the_file(tmp_path, capsys):
    out = tmp_path / "demo.jsonl"
    assert gen.main(["--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == gen.to_jsonl(list(records()))
    assert "122 conversations" in capsys.readouterr().out


@pytest.mark.parametrize("language", list(languages()))
def test_every_language_has_enough_conversations(language):
    mine = [r for r in records() if r["language"] == language]
    assert len(mine) >= 10
    for record in mine:
        n_user = sum(1 for t in record["turns"] if t["speaker"] == "user")
        assert gen.MIN_USER_TURNS <= n_user <= gen.MAX_USER_TURNS, record["id"]


def test_only_known_languages_datasets_and_models():
    assert {r["language"] for r in records()} == set(languages())
    assert {r["dataset"] for r in records()} == set(gen.DATASETS)
    assert {r["model"] for r in records()} == set(gen.MODELS)
    for language in languages():
        mine = [r for r in records() if r["language"] == language]
        assert {r["dataset"] for r in mine} == set(gen.DATASETS)
        assert len({r["model"] for r in mine}) >= 2


def test_record_shape():
    for record in records():
        assert set(record) == {"id", "language", "dataset", "model", "metadata", "turns"}
        assert record["metadata"]["generated_by"] == "reviewapp.demo.generate"
        assert record["metadata"]["seed"] == gen.DEFAULT_SEED
        assert record["metadata"]["scenario"] in gen.SCENARIOS[record["dataset"]]
        for turn in record["turns"]:
            assert turn["speaker"] in {"user", "assistant"}
            assert set(turn) <= {"speaker", "reference", "hypothesis", "labels", "audio_url"}
            assert turn["reference"]
            assert turn["hypothesis"] or record["metadata"].get("data_quality")
            if "audio_url" in turn:
                assert turn["audio_url"].startswith(f"demo/{record['id']}/turn-")


def test_conversation_ids_are_unique():
    ids = [r["id"] for r in records()]
    assert len(ids) == len(set(ids))
    for record in records():
        assert record["id"].startswith(f"demo-{record['language'].lower()}-")


def test_labels_fit_their_texts():
    for turn in user_turns():
        assert len(turn["labels"]) <= gen.MAX_LABELS_PER_TURN
        for label in turn["labels"]:
            assert label["ref_span"] in turn["reference"], (label, turn)
            assert label["hyp_span"] in turn["hypothesis"], (label, turn)
            assert label["ref_span"] or label["hyp_span"]
            assert label["ref_span"] != label["hyp_span"]


def test_unlabelled_turns_are_identical_and_labelled_ones_differ():
    for turn in user_turns():
        same = turn["reference"] == turn["hypothesis"]
        assert same == (not turn["labels"]), turn


def test_the_data_problems_are_what_the_checks_find_and_nothing_else_is():
    from scoring.dataquality.files import check_file, configured_scripts

    checked, found = check_file(gen.DEFAULT_OUT, scripts=configured_scripts())
    assert checked == len(records())
    summary = [(item.conversation, item.finding.kind, item.finding.turns) for item in found]
    assert summary == [
        ("demo-en-011", "shift", "turns 2–8"),
        ("demo-en-011", "empty", "turn 9"),
        ("demo-de-011", "empty", "turn 0"),
        ("demo-de-011", "empty", "turn 4"),
    ]
    problems = {r["id"]: r["metadata"].get("data_quality") for r in records()}
    assert problems["demo-en-011"] == "shifted_hypotheses"
    assert problems["demo-de-011"] == "empty_hypotheses"
    assert sum(1 for problem in problems.values() if problem) == len(gen.DATA_QUALITY)


def test_assistant_turns_are_not_transcribed():
    turns = [t for r in records() for t in r["turns"] if t["speaker"] == "assistant"]
    assert turns
    assert all(t["reference"] == t["hypothesis"] and not t["labels"] for t in turns)


def test_label_kinds_are_documented_and_flags_follow_the_kind():
    assert gen.REAL_ERROR_KINDS <= set(gen.LABEL_KINDS)
    for name in gen.LABEL_KINDS:
        assert name in gen.__doc__
    for label in all_labels():
        assert label["kind"] in gen.LABEL_KINDS
        assert label["real_error"] is (label["kind"] in gen.REAL_ERROR_KINDS)
        sensitive = label["kind"] in gen.PROFILE_SENSITIVE_KINDS
        assert label.get("profile_sensitive", False) is sensitive
        assert set(label) <= {"kind", "ref_span", "hyp_span", "real_error", "profile_sensitive"}


def test_every_kind_is_used():
    assert set(Counter(label["kind"] for label in all_labels())) == set(gen.LABEL_KINDS)


def test_empty_spans_match_the_kind():
    for label in all_labels():
        if label["kind"] in {"deletion", "annotation"}:
            assert label["hyp_span"] == ""
        if label["kind"] == "insertion":
            assert label["ref_span"] == ""
        if label["kind"] == "annotation":
            assert label["ref_span"] in gen.ANNOTATIONS


def test_false_and_real_errors_are_mixed_about_sixty_forty():
    flags = Counter(label["real_error"] for label in all_labels() if label["kind"] != "annotation")
    share_false = flags[False] / (flags[False] + flags[True])
    assert 0.5 <= share_false <= 0.7


def test_some_turns_have_no_difference_and_some_carry_annotations():
    turns = list(user_turns())
    plain = sum(1 for t in turns if not t["labels"])
    annotated = sum(1 for t in turns for lab in t["labels"] if lab["kind"] == "annotation")
    assert 0 < plain < len(turns) / 4
    assert 0 < annotated < len(turns) / 10


@pytest.mark.parametrize(
    ("language", "phrase"),
    [(lang, phrase) for lang, phrases in gen.GUARD_PHRASES.items() for phrase in phrases],
)
def test_must_not_change_phrases_appear_unchanged(language, phrase):
    assert any(phrase in t["reference"] and phrase in t["hypothesis"] for t in user_turns(language))


def test_guard_phrases_cover_the_reviewed_cases():
    expected = {
        "es": {"una barra de pan", "me da igual"},
        "fr": {"il me faut"},
        "ko": {"천민수", "만나서 반갑습니다", "인터넷", "네 개인정보"},
        "ja": {"エース", "ビーフ"},
        "hi": {"कल"},
    }
    for language, phrases in expected.items():
        assert phrases <= set(gen.GUARD_PHRASES[language])


def has_label(language: str, kind: str, ref_span: str, hyp_span: str) -> bool:
    return any(
        (lab["kind"], lab["ref_span"], lab["hyp_span"]) == (kind, ref_span, hyp_span)
        for t in user_turns(language)
        for lab in t["labels"]
    )


@pytest.mark.parametrize(
    ("language", "kind", "ref_span", "hyp_span"),
    [
        ("hi", "substitution", "flight", "fight"),
        ("hi", "substitution", "7", "seven"),
        ("hi", "code_switch", "seven", "7"),
        ("hi", "substitution", "कल", "call"),
        ("de", "name_error", "Krüger", "Kruger"),
        ("ha", "substitution", "na", "da"),
        ("ha", "hooked_letter", "ƙarfe", "karfe"),
    ],
)
def test_pinned_cases_are_present(language, kind, ref_span, hyp_span):
    assert has_label(language, kind, ref_span, hyp_span)


def test_hindi_digit_to_english_word_is_a_real_error():
    for turn in user_turns("hi"):
        for label in turn["labels"]:
            if label["ref_span"].isdigit() and label["hyp_span"].isascii():
                if label["hyp_span"].isalpha():
                    assert label["real_error"], turn


def test_texts_are_nfc_and_tidy():
    for turn in user_turns():
        for text in (turn["reference"], turn["hypothesis"]):
            assert unicodedata.normalize("NFC", text) == text
            assert text == text.strip() and "  " not in text


def test_load_demo_writes_a_clip_per_recording_once(tmp_path):
    from reviewapp.demo.clips import RATE, write_demo_clips

    recorded = [
        (record, turn) for record in records() for turn in record["turns"] if "audio_url" in turn
    ]
    assert write_demo_clips(list(records()), tmp_path) == len(recorded) > 0
    assert write_demo_clips(list(records()), tmp_path) == 0
    record, turn = recorded[0]
    with wave.open(str(tmp_path / turn["audio_url"])) as clip:
        seconds = clip.getnframes() / RATE
        assert (clip.getnchannels(), clip.getsampwidth(), clip.getframerate()) == (1, 2, RATE)
    assert seconds == pytest.approx(0.3 * len(turn["reference"].split()), abs=0.01)


def test_the_language_data_is_read_from_json_files_in_order():
    assert [lang.code for lang in gen.LANGS] == json.loads(
        (gen.DATA_DIR / "order.json").read_text(encoding="utf-8")
    )["languages"]
    assert all(isinstance(value, tuple) for lang in gen.LANGS for value in lang.slots.values())


def test_a_data_file_with_an_unknown_field_names_the_file_and_field(tmp_path):
    (tmp_path / "xx.json").write_text(json.dumps({"code": "xx", "greeting": {}}))
    with pytest.raises(ValueError, match=r"^xx\.json: unknown field greeting$"):
        gen.load_lang(tmp_path / "xx.json")


def test_a_data_file_without_its_templates_is_refused(tmp_path):
    (tmp_path / "xx.json").write_text(json.dumps({"code": "xx"}))
    with pytest.raises(ValueError, match=r"^xx\.json: .*templates"):
        gen.load_lang(tmp_path / "xx.json")


def test_a_data_file_missing_from_the_order_is_refused(tmp_path):
    (tmp_path / "order.json").write_text(json.dumps({"languages": ["en"]}))
    for code in ("en", "de"):
        (tmp_path / f"{code}.json").write_text(json.dumps({"code": code}))
    with pytest.raises(ValueError, match=r"^order\.json: field languages"):
        gen.load_langs(tmp_path)
