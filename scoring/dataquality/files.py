"""The checks over a conversations file, as `python -m scoring check-data FILE` runs them.

The file is what the review app imports, one conversation a line: `{"id", "language",
"turns": [{"reference", "hypothesis", "speaker"?}]}`, or an EVA run record a line
(`intended_user_turns` and `transcribed_user_turns`, {turn id: text}). A turn whose
speaker is the assistant (agent, system, bot) is context, as in the app. Duplicates are
looked for across the whole file, in file order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from ..config import LanguageConfig, load_bundle
from ..errors import ConfigError, InputError
from ..jsonl import read_jsonl
from . import (
    UNCHECKED,
    DuplicateIndex,
    ExpectedScripts,
    Finding,
    Origin,
    TurnText,
    check_conversation,
    in_turn_order,
)

__all__ = [
    "ASSISTANT_SPEAKERS",
    "FileFinding",
    "check_file",
    "configured_scripts",
    "read_conversations",
]

ASSISTANT_SPEAKERS = frozenset({"assistant", "agent", "system", "bot"})


@dataclass(frozen=True)
class Conversation:
    line: int
    id: str
    language: str
    turns: tuple[TurnText, ...]


@dataclass(frozen=True)
class FileFinding:
    line: int
    conversation: str
    finding: Finding

    def as_dict(self) -> dict:
        return {"line": self.line, "id": self.conversation, **self.finding.as_dict()}


def read_conversations(path: str | Path) -> Iterator[Conversation]:
    """Each conversation of the file, with its line; InputError names a bad line."""
    for line, row in read_jsonl(path):
        yield _conversation(row, str(path), line)


def _conversation(row: dict, path: str, line: int) -> Conversation:
    conv_id, language = row.get("id"), row.get("language")
    if not isinstance(conv_id, (str, int)) or isinstance(conv_id, bool):
        raise InputError(path, line, 'field "id" is missing or not a string')
    if not isinstance(language, str):
        raise InputError(path, line, 'field "language" is missing or not a string')
    if "intended_user_turns" in row or "transcribed_user_turns" in row:
        turns = _eva_turns(row, path, line)
    else:
        turns = _turns(row.get("turns"), path, line)
    return Conversation(line, str(conv_id), language, tuple(turns))


def _turns(value, path: str, line: int) -> list[TurnText]:
    if not isinstance(value, list):
        raise InputError(path, line, 'field "turns" is missing or not a list')
    turns = []
    for index, item in enumerate(value):
        if not isinstance(item, dict):
            raise InputError(path, line, f"turns[{index}] is not an object")
        reference, hypothesis = item.get("reference"), item.get("hypothesis")
        speaker = item.get("speaker") or ""
        if not all(isinstance(v, str) for v in (reference, hypothesis, speaker)):
            raise InputError(path, line, f"turns[{index}]: reference and hypothesis are texts")
        scored = speaker.lower() not in ASSISTANT_SPEAKERS
        turns.append(TurnText(index, reference, hypothesis, scored))
    return turns


def _eva_turns(row: dict, path: str, line: int) -> list[TurnText]:
    intended, transcribed = row.get("intended_user_turns"), row.get("transcribed_user_turns")
    if not isinstance(intended, dict) or not isinstance(transcribed, dict):
        raise InputError(path, line, "intended_user_turns and transcribed_user_turns are objects")
    if set(intended) != set(transcribed):
        raise InputError(path, line, "turn ids differ between intended and transcribed")
    keys = sorted(intended, key=lambda k: (0, int(k), "") if k.isdecimal() else (1, 0, k))
    turns = []
    for index, key in enumerate(keys):
        reference, hypothesis = intended[key], transcribed[key]
        if not isinstance(reference, str) or not isinstance(hypothesis, str):
            raise InputError(path, line, f"turn {key}: texts must be strings")
        turns.append(TurnText(index, reference, hypothesis))
    return turns


def configured_scripts(config_dir: str | Path | None = None) -> Callable[[str], ExpectedScripts]:
    """`scripts(language)`: the scripts its config in `config_dir` lists, and those of the
    languages it code-switches with; none for a language without a config (not checked)."""
    configs: dict[str, LanguageConfig | None] = {}

    def config_of(language: str) -> LanguageConfig | None:
        if language not in configs:
            try:
                configs[language] = load_bundle(language, config_dir).config
            except ConfigError:
                configs[language] = None
        return configs[language]

    def scripts(language: str) -> ExpectedScripts:
        config = config_of(language)
        if config is None:
            return UNCHECKED
        others = [config_of(other) for other in config.code_switch_languages]
        also = tuple(name for other in others if other for name in other.scripts)
        return ExpectedScripts(tuple(config.scripts), also)

    return scripts


def check_file(
    path: str | Path,
    *,
    languages: Iterable[str] | None = None,
    scripts: Callable[[str], ExpectedScripts] = lambda language: UNCHECKED,
) -> tuple[int, list[FileFinding]]:
    """(conversations checked, findings in file order). `languages`: only these;
    `scripts(language)`: the scripts it expects (`configured_scripts`); by default none,
    and no script check."""
    wanted = set(languages) if languages else None
    conversations = [
        c for c in read_conversations(path) if wanted is None or c.language in wanted
    ]  # every line is read and checked before anything is reported
    index = DuplicateIndex()
    found = []
    for conv in conversations:
        origin = Origin(str(conv.line), f"{conv.id} (line {conv.line})")
        findings = check_conversation(conv.turns, scripts(conv.language))
        findings = in_turn_order([*findings, *index.check(origin, conv.turns)])
        found.extend(FileFinding(conv.line, conv.id, f) for f in findings)
    return len(conversations), found
