"""The README's "Formats and reports" commands run as written."""

import re
import shlex
from pathlib import Path

import pytest

from scoring.cli import main

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()
SECTION = README.split("## Formats and reports", 1)[1].split("\n## ", 1)[0]
BLOCK = re.search(r"```sh\n(.*?)```", SECTION, flags=re.DOTALL).group(1)
FOLDER = re.search(r"^F=(\S+)$", BLOCK, flags=re.MULTILINE).group(1)
COMMANDS = [line for line in BLOCK.splitlines() if line.startswith("lexicheck ")]


def test_one_command_per_format():
    for fmt in ("trn", "kaldi", "text", "nemo", "csv", "tsv", "jsonl"):
        assert any(f"--format {fmt} " in command for command in COMMANDS), fmt


@pytest.mark.parametrize("command", COMMANDS)
def test_the_command_runs(command, monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    argv = shlex.split(command.replace("$F", FOLDER))[1:]
    assert main(argv) == 0, capsys.readouterr().err
    assert capsys.readouterr().out
