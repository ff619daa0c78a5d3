"""The checks over a conversations file: every kind found with its line, duplicates across
the file, EVA records, and bad lines named."""

from __future__ import annotations

import json
import re

import pytest

from scoring.dataquality import (
    DUPLICATE_CONVERSATION,
    EMPTY,
    SCRIPT,
    SHIFT,
    UNCHECKED,
    ExpectedScripts,
)
from scoring.dataquality.files import check_file, configured_scripts, read_conversations
from scoring.errors import InputError
from tests.scoring.dataquality.test_shift import REFERENCES, TRANSCRIPTS


def write(tmp_path, *rows) -> str:
    path = tmp_path / "conversations.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
    return str(path)


def conversation(cid: str, hypotheses, language: str = "en") -> dict:
    turns = [{"speaker": "assistant", "reference": "Hello!", "hypothesis": "Hello!"}]
    turns += [
        {"reference": ref, "hypothesis": hyp, "speaker": "user"}
        for ref, hyp in zip(REFERENCES, hypotheses, strict=True)
    ]
    return {"id": cid, "language": language, "turns": turns}


def test_findings_come_with_their_line_and_conversation(tmp_path):
    shifted = TRANSCRIPTS[1:] + [""]
    path = write(
        tmp_path,
        conversation("ok", TRANSCRIPTS),
        conversation("shifted", shifted),
        conversation("copy", TRANSCRIPTS),
    )
    checked, found = check_file(path)
    assert checked == 3
    summary = [(f.line, f.conversation, f.finding.kind, f.finding.first) for f in found]
    assert summary == [
        (2, "shifted", SHIFT, 1),  # turn indices count the assistant's turn 0
        (2, "shifted", EMPTY, 10),
        (3, "copy", DUPLICATE_CONVERSATION, None),
    ]
    assert found[2].finding.message == "the same turns as conversation ok (line 1)"
    assert found[0].as_dict()["line"] == 2


def test_only_the_languages_asked_for_are_checked(tmp_path):
    path = write(tmp_path, conversation("en", [""] * 10), conversation("de", [""] * 10, "de"))
    checked, found = check_file(path, languages=["de"])
    assert checked == 1 and {f.conversation for f in found} == {"de"}


def test_the_scripts_come_from_the_callers_configs(tmp_path):
    row = {
        "id": "hi-1",
        "language": "hi",
        "turns": [{"reference": "मेरा खाता बंद हो गया है", "hypothesis": "mera khata band hai"}],
    }
    path = write(tmp_path, row)
    assert check_file(path)[1] == []  # no scripts given: no script check
    found = check_file(path, scripts=configured_scripts())[1]
    assert [f.finding.kind for f in found] == [SCRIPT]
    assert "hardly any Devanagari" in found[0].finding.message  # en's Latin is allowed


def test_configured_scripts_are_a_configs_and_its_code_switch_languages(tmp_path):
    scripts = configured_scripts()
    assert scripts("hi") == ExpectedScripts(("Devanagari",), ("Latin",))  # hi code-switches
    assert scripts("fa") == ExpectedScripts(("Arabic",), ())
    assert scripts("fr-CA") == scripts("fr")  # a variant is scored, and checked, by its base
    assert scripts("xx") == UNCHECKED  # no config
    plain = {"language": "sw", "name": "sw-norm", "version": "1.0.0"}
    (tmp_path / "sw.json").write_text(json.dumps(plain))
    assert configured_scripts(tmp_path)("sw") == UNCHECKED  # a config listing none


def test_eva_records_one_a_line(tmp_path):
    record = {
        "id": "eva-1",
        "language": "en",
        "intended_user_turns": {"10": "Please send the code to my mobile.", "2": "Hello there"},
        "transcribed_user_turns": {"10": "", "2": "hello there"},
    }
    (conv,) = read_conversations(write(tmp_path, record))
    assert [(t.index, t.reference) for t in conv.turns] == [
        (0, "Hello there"),
        (1, "Please send the code to my mobile."),
    ]
    assert [f.finding.kind for f in check_file(write(tmp_path, record))[1]] == [EMPTY]


@pytest.mark.parametrize(
    ("row", "problem"),
    [
        ({"language": "en", "turns": []}, '"id" is missing'),
        ({"id": "a", "turns": []}, '"language" is missing'),
        ({"id": "a", "language": "en"}, '"turns" is missing'),
        ({"id": "a", "language": "en", "turns": ["x"]}, "turns[0] is not an object"),
        ({"id": "a", "language": "en", "turns": [{"reference": "x"}]}, "turns[0]: reference"),
        (
            {"id": "a", "language": "en", "intended_user_turns": {"1": "a"},
             "transcribed_user_turns": {"2": "a"}},
            "turn ids differ",
        ),
    ],
)  # fmt: skip
def test_a_bad_line_is_named(tmp_path, row, problem):
    path = write(tmp_path, conversation("ok", TRANSCRIPTS), row)
    with pytest.raises(InputError, match=f"line 2: .*{re.escape(problem)}"):
        check_file(path)
