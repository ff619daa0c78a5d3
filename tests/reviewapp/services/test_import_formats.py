"""Imports of the scoring library's formats: every reader's good files become the right
conversations and turns; every malformed shape names its file and line and imports
nothing; the data-quality checks run on them as on JSON Lines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from reviewapp.models import Conversation, DataFinding, ImportBatch, Turn
from reviewapp.services.exports import turns_csv
from reviewapp.services.import_formats import FormatError, ImportOptions, options_from
from reviewapp.services.imports import DuplicateImport, ImportRefused, do_import
from reviewapp.services.scoring import run_chunk
from scoring.cli import main as cli_main
from scoring.formats import Source

pytestmark = pytest.mark.django_db

TRN_REF = "hello there (spk1_u1)\nhow are you (spk1_u2)\nfine thanks (spk2_u1)\n"
TRN_HYP = "hello (spk1_u1)\nhow are you (spk1_u2)\nfine tanks (spk2_u1)\n"
KALDI_REF = "spk1-u1 hello there\nspk1-u2 how are you\nspk2-u1 fine thanks\n"
KALDI_HYP = "spk1-u1 hello\nspk1-u2 how are you\nspk2-u1 fine tanks\n"
TEXT_REF = "hello there\nhow are you\n"
TEXT_HYP = "hello\nhow are you\n"
CSV = (
    "utt,conversation,speaker,ref,hyp\n"
    "u1,call-1,caller,hello there,hello\n"
    'u2,call-1,caller,"how are you, then",how are you then\n'
    "u3,call-2,caller,fine thanks,fine tanks\n"
)
CSV_COLUMNS = "id=utt,reference=ref,hypothesis=hyp"


def manifest(*rows: dict) -> bytes:
    return "".join(json.dumps(row) + "\n" for row in rows).encode()


def nemo_row(audio: str, text: str, pred: str, **extra) -> dict:
    return {"audio_filepath": audio, "duration": 1.0, "text": text, "pred_text": pred, **extra}


NEMO = manifest(
    nemo_row("a1.wav", "hello there", "hello", conversation="call-1", speaker="ann"),
    nemo_row("a2.wav", "how are you", "how are you", conversation="call-1", speaker="ann"),
    nemo_row("b1.wav", "fine thanks", "fine tanks", conversation="call-2", speaker="bob"),
)


def options(fmt: str, hyp: str | None = None, **fields) -> ImportOptions:
    hypothesis = None if hyp is None else Source("hyp", hyp.encode())
    return options_from({"format": fmt, "language": "en", "model": "m-a", **fields}, hypothesis)


def imported(data: bytes | str, name: str, opts: ImportOptions, **kwargs):
    data = data.encode() if isinstance(data, str) else data
    return do_import(data, name, options=opts, default_dataset="calls", **kwargs)


def shape() -> dict[str, list[tuple[str, str, str]]]:
    """{conversation id: [(speaker, reference, hypothesis), ...]} of what was imported."""
    out: dict[str, list[tuple[str, str, str]]] = {}
    for turn in Turn.objects.select_related("conversation").order_by("conversation", "index"):
        out.setdefault(turn.conversation.external_id, []).append(
            (turn.speaker, turn.reference, turn.hypothesis)
        )
    return out


def nothing_imported() -> bool:
    return not Conversation.objects.exists() and not ImportBatch.objects.exists()


def test_trn_groups_utterances_by_the_speaker_of_their_ids():
    result = imported(TRN_REF, "ref.trn", options("trn", TRN_HYP, id_style="rm"))
    assert (result.conversations, result.turns, result.batch.format) == (2, 3, "trn")
    assert shape() == {
        "spk1": [("spk1", "hello there", "hello"), ("spk1", "how are you", "how are you")],
        "spk2": [("spk2", "fine thanks", "fine tanks")],
    }
    conversation = Conversation.objects.get(external_id="spk1")
    assert (conversation.language, conversation.model, conversation.dataset.name) == (
        "en",
        "m-a",
        "calls",
    )
    assert conversation.metadata["utterances"] == ["spk1_u1", "spk1_u2"]


def test_trn_without_an_id_style_makes_a_conversation_of_each_utterance():
    result = imported(TRN_REF, "ref.trn", options("trn", TRN_HYP))
    assert (result.conversations, result.turns) == (3, 3)
    assert shape()["spk2_u1"] == [("", "fine thanks", "fine tanks")]


def test_kaldi_groups_by_speaker_like_trn():
    result = imported(KALDI_REF, "text", options("kaldi", KALDI_HYP, id_style="rm"))
    assert (result.conversations, result.turns, result.batch.format) == (2, 3, "kaldi")
    assert shape()["spk2"] == [("spk2", "fine thanks", "fine tanks")]


def test_parallel_text_makes_a_conversation_of_each_line():
    result = imported(TEXT_REF, "ref.txt", options("text", TEXT_HYP))
    assert (result.conversations, result.turns) == (2, 2)
    assert shape() == {"1": [("", "hello there", "hello")], "2": [("", *["how are you"] * 2)]}


def test_nemo_groups_by_its_conversation_field():
    result = imported(NEMO, "manifest.json", options("nemo"))
    assert (result.conversations, result.turns, result.batch.format) == (2, 3, "nemo")
    assert shape()["call-1"] == [("ann", "hello there", "hello"), ("ann", *["how are you"] * 2)]
    assert Conversation.objects.get(external_id="call-2").metadata["utterances"] == ["b1.wav"]


def test_csv_with_a_column_mapping_groups_by_its_conversation_column():
    result = imported(CSV, "run.csv", options("csv", columns=CSV_COLUMNS))
    assert (result.conversations, result.turns, result.batch.format) == (2, 3, "csv")
    assert shape()["call-1"] == [
        ("caller", "hello there", "hello"),
        ("caller", "how are you, then", "how are you then"),
    ]


def test_tsv_reads_like_csv():
    tsv = CSV.replace(",", "\t").replace('"how are you\t then"', "how are you, then")
    result = imported(tsv, "run.tsv", options("tsv", columns=CSV_COLUMNS))
    assert (result.conversations, result.turns) == (2, 3)
    assert shape()["call-1"][1] == ("caller", "how are you, then", "how are you then")


def test_assistant_speakers_are_context_as_in_json_lines():
    data = "conversation,speaker,reference,hypothesis\nc,assistant,hi,hi\nc,user,yes,yes\n"
    result = imported(data, "run.csv", options("csv"))
    assert result.turns == 1  # scored turns, as JSON Lines counts them
    assert list(Turn.objects.order_by("index").values_list("speaker", "scored")) == [
        ("assistant", False),
        ("user", True),
    ]


def test_the_data_quality_checks_run_on_these_imports():
    data = (
        "conversation,reference,hypothesis\n"
        "c1,my account is locked since this morning,my account is locked since this morning\n"
        "c1,I typed my password wrong three times,\n"  # an empty hypothesis
    )
    result = imported(data, "run.csv", options("csv"))
    assert [f.kind for f in result.findings] == [DataFinding.Kind.EMPTY]
    assert DataFinding.objects.get().batch == result.batch


def test_the_same_ids_under_another_model_are_another_hypothesis_set():
    imported(TRN_REF, "ref.trn", options("trn", TRN_HYP))
    other = "hello there (spk1_u1)\nhow are you (spk1_u2)\nfine thanks (spk2_u1)\n"
    result = imported(TRN_REF, "ref.trn", options("trn", other, model="m-b"))
    assert result.conversations == 3
    assert Conversation.objects.filter(external_id="spk1_u1").count() == 2


def test_the_same_pair_of_files_twice_is_refused():
    imported(TRN_REF, "ref.trn", options("trn", TRN_HYP))
    with pytest.raises(DuplicateImport, match="already imported"):
        imported(TRN_REF, "ref.trn", options("trn", TRN_HYP))


def test_the_same_ids_under_the_same_model_need_a_merge():
    imported(TRN_REF, "ref.trn", options("trn", TRN_HYP))
    with pytest.raises(DuplicateImport, match="already exists in dataset 'calls' for model"):
        imported(TRN_REF, "ref.trn", options("trn", TRN_REF))


BAD_PAIRS = [
    # (format, reference file, hypothesis file, fields, where, problem)
    ("trn", "hello there (u1)\nno id here\n", "hello (u1)\n", {}, "ref, line 2", "no utterance id"),
    ("trn", TRN_REF, "hello (spk1_u1)\nfine (spk2_u1)\n", {}, "ref, line 2", "has no hypothesis"),
    ("trn", TRN_REF, TRN_HYP + "extra (spk3_u1)\n", {}, "hyp, line 4", "is not in ref"),
    ("trn", TRN_REF + "again (spk1_u1)\n", TRN_HYP, {}, "ref, line 4", "duplicate utterance id"),
    ("trn", "i { um / uh see (u1)\n", "i see (u1)\n", {}, "ref, line 1", "column"),
    ("trn", "ok (u1)\n", "{ a / b } (u1)\n", {}, "hyp, line 1", "reference files only"),
    ("trn", "hello (u1)\n", "hello (u1)\n", {"id_style": "rm"}, "ref, line 1", "id style rm"),
    ("trn", "ok (u1)\nb\xe9d (u2)\n", "ok (u1)\n", {}, "ref, line 2", "not valid UTF-8"),
    ("kaldi", KALDI_REF, "spk1-u1 hello\n", {}, "ref, line 2", "has no hypothesis"),
    ("kaldi", KALDI_REF + "spk1-u1 again\n", KALDI_HYP, {}, "ref, line 4", "duplicate"),
    ("kaldi", KALDI_REF, KALDI_HYP.replace("fine", "fi\x00ne"), {}, "hyp, line 3", "NUL"),
    ("text", TEXT_REF + "one more\n", TEXT_HYP, {}, "ref, line 3", "no partner line"),
    ("text", TEXT_REF, TEXT_HYP + "one more\n", {}, "hyp, line 3", "no partner line"),
]


def encoded(text: str) -> bytes:
    """UTF-8, but a lone `\\xe9` stands for the byte 0xE9 (Latin-1, not UTF-8)."""
    return text.encode("utf-8").replace("\xe9".encode(), b"\xe9")


@pytest.mark.parametrize(("fmt", "ref", "hyp", "fields", "where", "problem"), BAD_PAIRS)
def test_a_malformed_pair_of_files_names_the_line_and_imports_nothing(
    fmt, ref, hyp, fields, where, problem
):
    opts = options_from({"format": fmt, "language": "en", **fields}, Source("hyp", encoded(hyp)))
    with pytest.raises(ImportRefused) as caught:
        imported(encoded(ref), "ref", opts)
    assert str(caught.value).startswith(f"{where}: "), str(caught.value)
    assert problem in caught.value.problem
    assert nothing_imported()


BAD_FILES = [
    # (format, file, columns, where, problem)
    ("nemo", NEMO + b"{not json}\n", "", "f, line 4", "invalid JSON"),
    (
        "nemo",
        NEMO + manifest({"audio_filepath": "c.wav", "duration": 1, "text": "x"}),
        "",
        "f, line 4",
        '"pred_text" is missing',
    ),
    ("nemo", NEMO + manifest(nemo_row("a1.wav", "x", "y")), "", "f, line 4", "duplicate"),
    ("nemo", manifest(nemo_row("a.wav", "x", "y", duration=-1)), "", "f, line 1", "duration"),
    ("csv", CSV + "u4,call-2,caller,too,many,fields\n", CSV_COLUMNS, "f, line 5", "6 fields"),
    ("csv", CSV, "id=utt,reference=text,hypothesis=hyp", "f, line 1", "no column 'text'"),
    ("csv", CSV, "", "f, line 1", "no column 'reference'"),
    ("csv", CSV + 'u4,call-2,caller,"open quote,x\n', CSV_COLUMNS, "f, line 5", "not valid CSV"),
    ("csv", CSV + "u1,call-3,caller,a,b\n", CSV_COLUMNS, "f, line 5", "duplicate"),
    ("csv", CSV + "u4,call-3,caller,a\x00b,b\n", CSV_COLUMNS, "f, line 5", "NUL"),
    ("csv", CSV + f"u4,{'c' * 201},caller,a,b\n", CSV_COLUMNS, "f, line 5", "longer than 200"),
    ("tsv", "reference\thypothesis\na\tb\tc\n", "", "f, line 2", "3 fields"),
    ("tsv", "", "", "f", "is empty"),
]


@pytest.mark.parametrize(("fmt", "data", "columns", "where", "problem"), BAD_FILES)
def test_a_malformed_file_names_the_line_and_imports_nothing(fmt, data, columns, where, problem):
    opts = options(fmt, columns=columns)
    with pytest.raises(ImportRefused) as caught:
        imported(data, "f", opts)
    assert str(caught.value).startswith(f"{where}: "), str(caught.value)
    assert problem in caught.value.problem
    assert nothing_imported()


@pytest.mark.parametrize(
    ("fields", "hypothesis", "where", "problem"),
    [
        ({"format": "trn", "language": "en"}, None, "hypothesis file", "needs a hypothesis file"),
        ({"format": "nemo", "language": "en"}, b"x", "hypothesis file", "one file"),
        ({"format": "csv"}, None, "language", "is not a language"),
        ({"format": "xml", "language": "en"}, None, "format", "is not one of"),
        ({"format": "csv", "language": "en", "columns": "id"}, None, "columns", "ROLE=COLUMN"),
        ({"format": "nemo", "language": "en", "columns": "id=a"}, None, "columns", "csv and tsv"),
        ({"format": "csv", "language": "en", "id_style": "rm"}, None, "id style", "trn and kaldi"),
        ({"format": "trn", "language": "en", "id_style": "x"}, b"", "id style", "not one of"),
        ({"language": "en"}, None, "language", "are for the formats"),
    ],
)
def test_bad_options_name_the_field(fields, hypothesis, where, problem):
    source = None if hypothesis is None else Source("hyp", hypothesis)
    with pytest.raises(FormatError) as caught:
        options_from(fields, source)
    assert caught.value.where == where
    assert problem in caught.value.problem


def test_the_language_must_be_one_the_importer_maintains():
    opts = options("csv")
    data = "reference,hypothesis\na,b\n"
    with pytest.raises(ImportRefused, match="you do not maintain language 'en'"):
        imported(data, "f.csv", opts, allowed_languages={"de"})
    assert nothing_imported()


# --- round trip: the app's export of turns imports back as the same turns and scores ------


def run_jobs(result) -> None:
    for job in result.jobs:
        for chunk_id in job.chunks.values_list("pk", flat=True):
            run_chunk(chunk_id)


def turns_of(dataset: str) -> list[tuple]:
    """Each turn of a dataset with its score: what a round trip must keep."""
    rows = []
    turns = Turn.objects.filter(conversation__dataset__name=dataset).order_by(
        "conversation__external_id", "index"
    )
    for turn in turns.select_related("conversation").prefetch_related("scores"):
        scores = [(s.errors, s.ref_len, s.rate) for s in turn.scores.all()]
        conversation = turn.conversation
        rows.append((conversation.external_id, conversation.model, turn.index, turn.speaker,
                     turn.reference, turn.hypothesis, turn.scored, scores))  # fmt: skip
    return rows


JSONL_CONVERSATION = {
    "id": "c1",
    "language": "en",
    "dataset": "first",
    "model": "m-a",
    "turns": [
        {"reference": "How can I help?", "hypothesis": "How can I help?", "speaker": "assistant"},
        {"reference": "my flight, at 7", "hypothesis": "my fight at seven", "speaker": "user"},
        {"reference": 'she said "yes"\tthen left', "hypothesis": "she said yes", "speaker": "user"},
    ],
}


@pytest.mark.parametrize("source", ["jsonl", "trn"])
def test_exported_turns_import_back_as_the_same_turns_and_scores(source):
    if source == "jsonl":
        first = do_import(json.dumps(JSONL_CONVERSATION).encode() + b"\n", "c.jsonl")
    else:
        first = imported(TRN_REF, "ref.trn", options("trn", TRN_HYP, id_style="rm"))
    run_jobs(first)
    dataset = "first" if source == "jsonl" else "calls"
    exported = turns_csv("en", dataset, "m-a")
    again = do_import(
        exported.encode(), "turns.csv", options=options("csv"), default_dataset="second"
    )
    run_jobs(again)
    assert turns_of("second") == turns_of(dataset)
    assert all(scores for *_, scored, scores in turns_of("second") if scored)
    assert again.turns == first.turns


# --- trn alternations: kept as written, scored as the CLI scores trn files --------------

SAMPLES = Path(__file__).resolve().parents[2] / "fixtures" / "scoring" / "formats"
COUNT_FIELDS = ("errors", "ref_words", "substitutions", "deletions", "insertions")


def cli_counts(capsys, ref: Path, hyp: Path, language: str) -> dict[str, tuple]:
    """{utterance id: counts} as `python -m scoring score --json` prints them."""
    argv = ["score", "--ref-file", str(ref), "--hyp-file", str(hyp), "--format", "trn"]
    assert cli_main([*argv, "--lang", language, "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    return {row["id"]: tuple(row[f] for f in COUNT_FIELDS) for row in lines if "id" in row}


def app_counts() -> dict[str, tuple]:
    """{utterance id: counts} of the app's scores of one-turn conversations."""
    out = {}
    for turn in Turn.objects.select_related("conversation").prefetch_related("scores"):
        (score,) = turn.scores.all()
        counts = (score.errors, score.ref_len, score.substitutions, score.deletions,
                  score.insertions)  # fmt: skip
        out[turn.conversation.metadata["utterances"][0]] = counts
    return out


def sample_trn_import():
    ref, hyp = (SAMPLES / "ref.trn").read_bytes(), (SAMPLES / "hyp.trn").read_bytes()
    opts = options_from({"format": "trn", "language": "en", "model": "m-a"}, Source("hyp", hyp))
    return imported(ref, "ref.trn", opts)


def test_trn_alternations_are_imported_as_written():
    result = sample_trn_import()
    assert result.turns == 4
    turn = Turn.objects.get(conversation__external_id="cmh_sa02")
    assert turn.reference == "i've { um / uh / @ } as far as i'm concerned"
    assert Turn.objects.get(conversation__external_id="dlw_sx03").reference == "I am a (farmer)"
    assert set(Turn.objects.values_list("alternations", flat=True)) == {True}


def test_trn_alternations_score_as_the_cli_scores_the_same_files(capsys):
    run_jobs(sample_trn_import())
    expected = cli_counts(capsys, SAMPLES / "ref.trn", SAMPLES / "hyp.trn", "en")
    assert app_counts() == expected
    # `{ @ / the } mat` against "the hat": the path through "the" is taken, and "@" is no
    # word: one substitution, five reference words (not a deletion of a word "@")
    assert expected["dlw_sx04"] == (1, 6, 1, 0, 0)


def test_an_alternation_takes_the_alternative_sclite_takes_not_the_levenshtein_one():
    """`{ tall / short / @ }` against "big": sclite's weights insert "big" through `@`
    (cost 3) rather than substitute it for "tall" (cost 4); equal weights would
    substitute."""
    ref = "a { tall / short / @ } tree (u1)\n"
    run_jobs(imported(ref, "ref.trn", options("trn", "a big tree (u1)\n")))
    score = Turn.objects.get().scores.get()
    assert (score.insertions, score.substitutions, score.ref_len) == (1, 0, 2)
    assert score.reference_normalized == "a tree"


def test_plain_text_formats_keep_braces_as_characters():
    imported("r,h\n{ a / b } c,a c\n", "f.csv", options("csv", columns="reference=r,hypothesis=h"))
    assert Turn.objects.get().alternations is False


def test_exported_trn_turns_with_alternations_import_back_as_the_same_turns_and_scores():
    first = sample_trn_import()
    run_jobs(first)
    exported = turns_csv("en", "calls", "m-a")
    assert "i've { um / uh / @ } as far as i'm concerned" in exported
    again = do_import(
        exported.encode(), "turns.csv", options=options("csv"), default_dataset="second"
    )
    run_jobs(again)
    assert turns_of("second") == turns_of("calls")
    assert set(Turn.objects.values_list("alternations", flat=True)) == {True}


@pytest.mark.parametrize(
    ("flag", "marked"), [("1", True), ("true", True), ("Yes", True), ("", False), ("0", False)]
)
def test_a_csv_alternations_column_marks_the_transcript_syntax(flag, marked):
    imported(f"id,reference,hypothesis,alternations\nu1,a {{ b / @ }},a,{flag}\n", "f.csv",
             options("csv"))  # fmt: skip
    assert Turn.objects.get().alternations is marked


def test_a_bad_alternations_value_or_syntax_names_the_line():
    bad_value = "id,reference,hypothesis,alternations\nu1,a,a,\nu2,a,a,maybe\n"
    with pytest.raises(ImportRefused, match=r"f.csv, line 3, field alternations: 'maybe'"):
        imported(bad_value, "f.csv", options("csv"))
    bad_syntax = "id,reference,hypothesis,alternations\nu1,a { b,a,1\n"
    with pytest.raises(ImportRefused, match=r"f.csv, line 2: .*never closed"):
        imported(bad_syntax, "f.csv", options("csv"))
    assert nothing_imported()


# --- a row's own dataset and model --------------------------------------------------------


def where_each_is() -> dict[str, tuple[str, str]]:
    """{conversation id: (dataset, model)}, for ids imported once."""
    rows = Conversation.objects.values_list("external_id", "dataset__name", "model")
    return {external_id: (dataset, model) for external_id, dataset, model in rows}


def test_the_sample_runs_csv_puts_each_row_in_its_own_dataset_and_model():
    data = (SAMPLES / "runs.csv").read_bytes()
    result = imported(data, "runs.csv", options("csv", columns=CSV_COLUMNS))
    assert result.conversations == 3
    assert where_each_is() == {"u1": ("home", "m1"), "u2": ("home", "m1"), "u3": ("phone", "m1")}


def test_an_empty_model_or_dataset_cell_takes_the_importers_choice():
    data = "id,reference,hypothesis,model,dataset\nu1,a,a,,\nu2,b,b, m2 ,other\n"
    imported(data, "f.csv", options("csv"))
    assert where_each_is() == {"u1": ("calls", "m-a"), "u2": ("other", "m2")}


def test_tsv_and_nemo_rows_carry_their_model_too():
    imported("id\treference\thypothesis\tmodel\nu1\ta\ta\tm-t\n", "f.tsv", options("tsv"))
    imported(manifest(nemo_row("a.wav", "a", "a", model="m-n", dataset="nemo-set")),
             "m.json", options("nemo"))  # fmt: skip
    assert where_each_is() == {"u1": ("calls", "m-t"), "a.wav": ("nemo-set", "m-n")}


def test_the_same_conversation_under_two_models_in_one_file_is_two_conversations():
    data = (
        "conversation,id,reference,hypothesis,model\n"
        "call-1,u1,hello there,hello,m1\n"
        "call-1,u1-m2,hello there,hello there,m2\n"
        "call-1,u2,bye,bye,m1\n"
    )
    result = imported(data, "f.csv", options("csv"))
    assert result.conversations == 2
    by_model = {c.model: c for c in Conversation.objects.filter(external_id="call-1")}
    assert [t.hypothesis for t in by_model["m1"].turns.order_by("index")] == ["hello", "bye"]
    assert [t.hypothesis for t in by_model["m2"].turns.all()] == ["hello there"]


@pytest.mark.parametrize(
    ("data", "where", "problem"),
    [
        (manifest(nemo_row("a.wav", "a", "a"), nemo_row("b.wav", "b", "b", model=7)),
         "m.json, line 2, field model", "must be a string, not int"),
        (manifest(nemo_row("a.wav", "a", "a", dataset="d" * 101)),
         "m.json, line 1, field dataset", "longer than 100 characters"),
        (manifest(nemo_row("a.wav", "a", "a", model="bad\ud800")),
         "m.json, line 1, field model", "lone surrogate"),
    ],
)  # fmt: skip
def test_a_bad_row_model_or_dataset_names_the_line_and_imports_nothing(data, where, problem):
    with pytest.raises(ImportRefused) as caught:
        imported(data, "m.json", options("nemo"))
    assert (caught.value.where, problem in caught.value.problem) == (where, True)
    assert nothing_imported()


# --- the same files under another model ---------------------------------------------------


def test_the_same_pair_of_files_imports_again_under_a_second_model():
    imported(TRN_REF, "ref.trn", options("trn", TRN_HYP))
    result = imported(TRN_REF, "ref.trn", options("trn", TRN_HYP, model="m-b"))
    assert (result.conversations, ImportBatch.objects.count()) == (3, 2)
    models = Conversation.objects.filter(external_id="spk2_u1").values_list("model", flat=True)
    assert sorted(models) == ["m-a", "m-b"]
    with pytest.raises(DuplicateImport, match="already imported"):
        imported(TRN_REF, "ref.trn", options("trn", TRN_HYP, model="m-b"))


def test_the_same_single_file_imports_again_under_a_second_model_or_dataset():
    imported(CSV, "run.csv", options("csv", columns=CSV_COLUMNS))
    imported(CSV, "run.csv", options("csv", columns=CSV_COLUMNS, model="m-b"))
    do_import(CSV.encode(), "run.csv", options=options("csv", columns=CSV_COLUMNS),
              default_dataset="other")  # fmt: skip
    assert ImportBatch.objects.count() == 3
    assert Conversation.objects.filter(external_id="call-1").count() == 3


def test_the_sample_jsonl_pairs_carry_their_dataset_model_and_conversation():
    result = imported((SAMPLES / "pairs.jsonl").read_bytes(), "pairs.jsonl", options("jsonl"))
    expected = {
        (conv.get("conversation"), conv["dataset"], conv["model"])
        for conv in map(json.loads, (SAMPLES / "pairs.jsonl").read_text().splitlines())
    }
    rows = Conversation.objects.values_list("external_id", "dataset__name", "model")
    assert set(rows) == expected and result.conversations == len(expected)
    assert result.batch.format == "jsonl"


def test_a_jsonl_pair_without_a_text_names_its_line_and_imports_nothing():
    data = manifest(
        {"id": "u1", "reference": "a", "hypothesis": "a"}, {"id": "u2", "reference": "b"}
    )
    with pytest.raises(ImportRefused, match=r"p.jsonl, line 2, field hypothesis: is missing"):
        imported(data, "p.jsonl", options("jsonl"))
    assert nothing_imported()
