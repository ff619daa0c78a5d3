"""Generate the demo conversations that ``make demo`` loads, reproducibly from a seed.

Run ``python -m reviewapp.demo.generate --out reviewapp/demo/demo_conversations.jsonl``.
The same seed always gives byte-identical output.

Format
------
One JSON object per line (keys sorted, UTF-8, no ASCII escaping), one conversation each::

    {"id": "demo-de-003", "language": "de", "dataset": "demo-itsm", "model": "stt-alpha",
     "metadata": {"scenario": "password reset", "generated_by": "reviewapp.demo.generate",
                  "seed": 7},
     "turns": [{"speaker": "user",
                "reference": "Mein Anmelde-Konto ist seit heute Morgen gesperrt.",
                "hypothesis": "Mein Anmeldekonto ist seit heute Morgen gesperrt.",
                "labels": [{"kind": "compound_hyphen", "ref_span": "Anmelde-Konto",
                            "hyp_span": "Anmeldekonto", "real_error": false}]}]}

``reference`` is what the simulated speaker meant to say and ``hypothesis`` what the STT
model wrote. A turn may also carry a fake ``audio_url``. Turns by the ``assistant`` (the
voice agent) are not transcribed: both texts are equal and they have no labels. Only
``user`` turns count towards the 6-12 turns of a conversation.

Labels
------
Each user turn has 0-3 labels, in text order. ``ref_span`` is a substring of the reference
and ``hyp_span`` a substring of the hypothesis; an empty span means "nothing on this side".
``real_error`` says whether a careful reviewer would call the difference an STT mistake.
False errors are correct transcripts that are merely written differently, which a good
normalizer should forgive. ``hooked_letter`` labels also carry ``profile_sensitive: true``:
the strict Hausa score counts them, the folded score does not. ``LABEL_KINDS`` maps each
kind to a one-line meaning; ``REAL_ERROR_KINDS`` lists the kinds that are real errors.

False errors (``real_error: false``):
  compound_hyphen     Anmelde-Konto / Anmeldekonto, e-mailadres / emailadres
  umlaut_fold         Krüger / Krueger, Straße / Strasse
  spoken_symbol       "T K Bindestrich 4 0 7" / TK-407, "ana guion bajo ruiz" / ana_ruiz
  spelled_code        "F M 3 8" / FM38, EMP3 / イー・エム・ピー・さん
  number_format       fünfundzwanzig / 25, 십이만 원 / 12만 원, 四月十八日 / 4月18日
  contraction         I'm / I am
  spelling_variant    cancelled / canceled, 何とか / なんとか, सितंबर / सितम्बर
  casing_punctuation  Mijn / mijn, "niet." / "niet"
  filler              um, äh, euh, 음, えーと on one side only
  abbreviation        Dr. / Doctor, M. Lefèvre / Monsieur Lefèvre
  nukta_fold          ज़रूर / जरूर
  chandrabindu_fold   हाँ / हां
  loanword_script     कोड / code, 아웃룩 / Outlook
  katakana_name       Confluence / コンフルエンス
  code_switch         seven / 7 where the Hindi speaker said the English word, fr "two
                      thirty" / 2:30, de "I can't" / "I cannot"
  spoken_address      "jean arobase orange point fr" / jean@orange.fr
  phonetic_match      नेटवर्क / network
  hooked_letter       ƙarfe / karfe (also ``profile_sensitive: true``)
  apostrophe_variant  saʼa / sa'a
  yeh_kaf             Persian ی ک / Arabic ي ك
  annotation          [slow], [assistant interrupts] in the reference; hyp_span is ""
  clock_time          "four thirty p m" / 4:30 PM, "halb zwölf" / 11:30 Uhr
  money_amount        "twelve dollars" / $12, "zwei Euro zwanzig" / 2,20 €
  unit_measure        "two hundred kilometers per hour" / 200 km/h
  date_format         "the fifth of May" / May 5th, "cinq mai" / 05/05
  digit_string        "five five five oh one four seven" / 555-0147
  initialism          U.S. / US, a.m. / AM
Real errors (``real_error: true``):
  substitution        flight / fight, na / da, and Hindi "7 बजे" / "seven बजे"
  deletion            a word dropped; hyp_span is ""
  insertion           an extra word; ref_span is ""
  name_error          Krüger / Kruger, 천민수 / 전민수
  number_error        KL803 / KL308

How turns are made
------------------
Each language has short template sentences for two datasets (IT service desk and travel).
A template names slots such as ``{code}`` whose values come from per-language pools. A
pool value, a literal word listed in the language's ``variants``, or a word changed by one
of the language's character folds offers a *candidate difference*; generic candidates add
fillers, inserted or deleted words and casing or punctuation changes. The random generator
picks up to three candidates per turn (about 60% false errors, 40% real errors; a pick may
also come out empty, which leaves some turns without any difference) and writes the
hypothesis from them. Phrases in ``GUARD_PHRASES`` are never changed, so a normalizer
that rewrites them ("me da igual", 천민수, ビーフ, ...) is caught. A few hand-written
turns per language (``Lang.fixed``) pin the cases a normalizer must not hide.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

GENERATOR = "reviewapp.demo.generate"
DEFAULT_SEED = 7
DEFAULT_OUT = Path(__file__).with_name("demo_conversations.jsonl")

ITSM = "demo-itsm"
TRAVEL = "demo-travel"
DATASETS = (ITSM, TRAVEL)
MODELS = ("stt-alpha", "stt-beta", "stt-gamma")
CONVERSATIONS_PER_LANGUAGE = 10
MIN_USER_TURNS = 6
MAX_USER_TURNS = 12
MAX_LABELS_PER_TURN = 3

SCENARIOS: dict[str, tuple[str, ...]] = {
    ITSM: (
        "password reset",
        "account lockout",
        "VPN and network",
        "laptop repair",
        "access request",
    ),
    TRAVEL: ("flight change", "hotel booking", "refund request", "booking confirmation"),
}

LABEL_KINDS: dict[str, str] = {
    # False errors: the transcript is right, only written differently.
    "compound_hyphen": "one compound written hyphenated, closed or open (Anmelde-Konto)",
    "umlaut_fold": "a German umlaut or ß against its two-letter spelling (Krüger / Krueger)",
    "spoken_symbol": "a symbol said as a word in a spelled ID (tiret, Unterstrich, guion)",
    "spelled_code": "a code spelled letter by letter against its written form (T R 7 7 / TR77)",
    "number_format": "a number in words against digits, 만 grouping or kanji numerals",
    "contraction": "a contraction against its expansion (I'm / I am)",
    "spelling_variant": "two accepted spellings of one word (cancelled, 何とか, सितंबर)",
    "casing_punctuation": "only capital letters or punctuation differ",
    "filler": "a hesitation sound on one side only (um, äh, えーと)",
    "abbreviation": "an abbreviation against the full word (Dr. / Doctor, M. / Monsieur)",
    "nukta_fold": "a Hindi letter with and without nukta (ज़रूर / जरूर)",
    "chandrabindu_fold": "Hindi chandrabindu against anusvara (हाँ / हां)",
    "loanword_script": "a loanword in Devanagari or Hangul against Latin script (कोड / code)",
    "katakana_name": "a product name in Latin script against katakana (Confluence)",
    "code_switch": "an English word inside another language, written in another form",
    "spoken_address": "an email address said aloud against its written form (at, arobase)",
    "phonetic_match": "an English word in Devanagari against Latin, same sounds (नेटवर्क)",
    "hooked_letter": "a Hausa hooked letter against the plain one (ƙ / k); profile-sensitive",
    "apostrophe_variant": "a Hausa apostrophe written with another character (saʼa / sa'a)",
    "yeh_kaf": "Persian ی and ک written with the Arabic letters ي and ك",
    "annotation": "a bracketed note in the reference that is not speech ([slow])",
    "clock_time": "a clock time said against written (four thirty p m / 4:30 PM)",
    "money_amount": "an amount of money said against written (twelve dollars / $12)",
    "unit_measure": "a measure said against its symbol (two kilometers / 2 km)",
    "date_format": "a date said against written (the fifth of May / 05/05, 5. Mai)",
    "digit_string": "a phone number or code said digit by digit against written (555-0147)",
    "initialism": "dotted initials against the plain letters (U.S. / US, a.m. / AM)",
    # Real STT errors.
    "substitution": "a wrong word (flight / fight, na / da, 7 / seven in Hindi)",
    "deletion": "a spoken word is missing from the transcript",
    "insertion": "the transcript has a word nobody said",
    "name_error": "a person's name is misheard (Krüger / Kruger)",
    "number_error": "a number is transcribed as a different number",
}
REAL_ERROR_KINDS = frozenset(
    {"substitution", "deletion", "insertion", "name_error", "number_error"}
)
PROFILE_SENSITIVE_KINDS = frozenset({"hooked_letter"})
ANNOTATIONS = ("[slow]", "[assistant interrupts]", "[background noise]", "[laughs]")

# Shares and weights that shape the data.
REAL_SHARE = 0.45
LABEL_COUNT_WEIGHTS = {1: 4, 2: 4, 3: 2}  # turns without labels come from skips
SOURCE_WEIGHTS = {"slot": 4.0, "variant": 3.5, "fold": 3.0, "generic": 0.4}
SKIP_WEIGHT = 0.6
ANNOTATION_RATE = 0.025
AUDIO_RATE = 0.15
GREETING_RATE = 0.35

SLOT_RE = re.compile(r"\{(\w+)\}")
PUNCT = ".,!?;:¿¡।،؟"
SPLIT_RE = re.compile(rf"(\s+|[{re.escape(PUNCT)}])")


@dataclass(frozen=True)
class Fixed:
    """A hand-written turn, used once per language exactly as written."""

    dataset: str
    reference: str
    hypothesis: str
    labels: tuple[tuple[str, str, str], ...] = ()  # (kind, ref_span, hyp_span)


@dataclass(frozen=True)
class Lang:
    """Everything the generator knows about one language."""

    code: str
    templates: dict[str, tuple[str, ...]]
    slots: dict[str, tuple[Any, ...]]
    greetings: dict[str, str]
    variants: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    folds: tuple[str, ...] = ()
    fillers: tuple[str, ...] = ()
    deletable: tuple[str, ...] = ()
    insertable: tuple[str, ...] = ()
    guards: tuple[str, ...] = ()
    fixed: tuple[Fixed, ...] = ()
    spaced: bool = True
    cased: bool = True

    @property
    def sep(self) -> str:
        return " " if self.spaced else ""


@dataclass
class Piece:
    """A stretch of a turn. ``role`` is word, space, punct, slot, guard, text or extra."""

    ref: str
    hyp: str
    role: str
    alts: tuple[tuple[str, str], ...] = ()
    label: dict[str, Any] | None = None


@dataclass(frozen=True)
class Candidate:
    """One difference the generator may introduce into a turn."""

    kind: str
    source: str  # slot, variant, fold or generic
    touches: tuple[Any, ...]  # piece indices, or one "gap-..." key for an inserted piece
    hyp: str = ""

    @property
    def is_gap(self) -> bool:
        return isinstance(self.touches[0], str)


# --- character folds ------------------------------------------------------------------


def _fold_umlaut(word: str) -> str:
    table = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"}
    return "".join(table.get(ch, ch) for ch in word)


def _fold_hooks(word: str) -> str:
    return word.translate(str.maketrans("ɓɗƙƴƁƊƘƳ", "bdkyBDKY"))


def _fold_apostrophe(word: str) -> str:
    return word.replace("ʼ", "'")


def _fold_nukta(word: str) -> str:
    # ड़ and ढ़ (flaps) are distinct sounds in native words, not loanword spellings.
    if "\u0921\u093c" in word or "\u0922\u093c" in word:
        return word
    return word.replace("\u093c", "")


def _fold_chandrabindu(word: str) -> str:
    return word.replace("\u0901", "\u0902")


def _fold_yeh_kaf(word: str) -> str:
    return word.replace("ی", "ي").replace("ک", "ك")


FOLDS: dict[str, Callable[[str], str]] = {
    "umlaut_fold": _fold_umlaut,
    "hooked_letter": _fold_hooks,
    "apostrophe_variant": _fold_apostrophe,
    "nukta_fold": _fold_nukta,
    "chandrabindu_fold": _fold_chandrabindu,
    "yeh_kaf": _fold_yeh_kaf,
}


# --- building one turn ----------------------------------------------------------------


def _nfc(value: Any) -> Any:
    """NFC-normalize every string inside nested tuples, lists and dicts."""
    if isinstance(value, str):
        return unicodedata.normalize("NFC", value)
    if isinstance(value, tuple | list):
        return type(value)(_nfc(v) for v in value)
    if isinstance(value, dict):
        return {_nfc(k): _nfc(v) for k, v in value.items()}
    return value


def make_label(kind: str, ref_span: str, hyp_span: str) -> dict[str, Any]:
    """A label dict with ``real_error`` (and ``profile_sensitive``) derived from the kind."""
    if kind not in LABEL_KINDS:
        raise ValueError(f"unknown label kind {kind!r}")
    label: dict[str, Any] = {
        "kind": kind,
        "ref_span": ref_span,
        "hyp_span": hyp_span,
        "real_error": kind in REAL_ERROR_KINDS,
    }
    if kind in PROFILE_SENSITIVE_KINDS:
        label["profile_sensitive"] = True
    return label


def _split_around(text: str, phrases: Sequence[str]) -> list[tuple[str, bool]]:
    """Split text into (part, is_phrase) around every occurrence of the phrases."""
    if not phrases:
        return [(text, False)] if text else []
    pattern = "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True))
    parts = re.split(f"({pattern})", text)
    return [(part, i % 2 == 1) for i, part in enumerate(parts) if part]


def _literal_pieces(lang: Lang, text: str) -> list[Piece]:
    pieces: list[Piece] = []
    for part, guarded in _split_around(text, lang.guards):
        if guarded:
            pieces.append(Piece(part, part, "guard"))
        elif lang.spaced:
            pieces.extend(_word_piece(lang, tok) for tok in SPLIT_RE.split(part) if tok)
        else:
            for chunk, known in _split_around(part, list(lang.variants)):
                alts = lang.variants[chunk] if known else ()
                pieces.append(Piece(chunk, chunk, "text", alts))
    return pieces


def _word_piece(lang: Lang, token: str) -> Piece:
    if token.isspace():
        return Piece(token, token, "space")
    if len(token) == 1 and token in PUNCT:
        return Piece(token, token, "punct")
    return Piece(token, token, "word", lang.variants.get(token, ()))


def _slot_piece(value: Any) -> Piece:
    if isinstance(value, str):
        return Piece(value, value, "slot")
    ref, *alts = value
    return Piece(ref, ref, "slot", tuple(alts))


def fill_template(rng: random.Random, lang: Lang, template: str) -> list[Piece]:
    """Cut a template into pieces, drawing a value for every ``{slot}``."""
    pieces: list[Piece] = []
    for i, part in enumerate(SLOT_RE.split(template)):
        if i % 2:
            pieces.append(_slot_piece(rng.choice(lang.slots[part])))
        elif part:
            pieces.extend(_literal_pieces(lang, part))
    return pieces


def _is_capitalized(word: str) -> bool:
    letters = [ch for ch in word if ch.isalpha()]
    return (
        len(letters) > 1
        and letters[0].isupper()
        and not word.isupper()
        and not any(ch.isdigit() for ch in word)
    )


def _lower_first(word: str) -> str:
    return word[0].lower() + word[1:]


def _piece_candidates(lang: Lang, pieces: list[Piece], i: int) -> list[Candidate]:
    piece = pieces[i]
    source = "slot" if piece.role == "slot" else "variant"
    out = [Candidate(kind, source, (i,), hyp) for hyp, kind in piece.alts]
    if piece.role == "word":
        for fold in lang.folds:
            if (folded := FOLDS[fold](piece.ref)) != piece.ref:
                out.append(Candidate(fold, "fold", (i,), folded))
        if piece.ref in lang.deletable:
            out.append(Candidate("deletion", "generic", (i,), ""))
        if lang.cased and _is_capitalized(piece.ref):
            out.append(Candidate("casing_punctuation", "generic", (i,), _lower_first(piece.ref)))
    if piece.role == "punct" and i and pieces[i - 1].role == "word":
        out.append(Candidate("casing_punctuation", "generic", (i - 1, i), ""))
    return out


def candidates(lang: Lang, pieces: list[Piece]) -> list[Candidate]:
    """Every difference this turn could get, in text order."""
    out = [c for i in range(len(pieces)) for c in _piece_candidates(lang, pieces, i)]
    if lang.fillers:
        out.append(Candidate("filler", "generic", ("gap-filler",)))
    if lang.insertable:
        out.append(Candidate("insertion", "generic", ("gap-insertion",)))
    return out


def _weight(cand: Candidate, pool: list[Candidate]) -> float:
    """Spread the choice over kinds: a kind offered ten times is not ten times likelier."""
    same = sum(1 for c in pool if c.kind == cand.kind and c.source == cand.source)
    return SOURCE_WEIGHTS[cand.source] / same


def choose(rng: random.Random, pool: list[Candidate], count: int) -> list[Candidate]:
    """Pick up to ``count`` non-overlapping candidates, about REAL_SHARE of them real.

    Each pick may also come out empty (weight SKIP_WEIGHT), and a turn gets at most one
    generic candidate (filler, inserted or deleted word, casing), so the language-specific
    differences dominate.
    """
    chosen: list[Candidate] = []
    used: set[Any] = set()
    for _ in range(count):
        generic_taken = any(c.source == "generic" for c in chosen)
        free = [
            c
            for c in pool
            if not used.intersection(c.touches) and not (generic_taken and c.source == "generic")
        ]
        want_real = rng.random() < REAL_SHARE
        preferred = [c for c in free if (c.kind in REAL_ERROR_KINDS) == want_real] or free
        weights = [_weight(c, preferred) for c in preferred]
        pick = rng.choices([*preferred, None], weights=[*weights, SKIP_WEIGHT])[0]
        if pick is not None:
            used.update(pick.touches)
            chosen.append(pick)
    return chosen


def _drop_space(pieces: list[Piece], i: int) -> None:
    """After deleting piece i, remove one neighbouring space from the hypothesis."""
    if i + 1 < len(pieces) and pieces[i + 1].role == "space":
        pieces[i + 1].hyp = ""
    elif i and pieces[i - 1].role == "space":
        pieces[i - 1].hyp = ""


def _apply_in_place(lang: Lang, pieces: list[Piece], cand: Candidate) -> None:
    if len(cand.touches) == 2:  # punctuation dropped after a word
        word, mark = (pieces[i] for i in cand.touches)
        mark.hyp = ""
        mark.label = make_label(cand.kind, word.ref + mark.ref, word.hyp)
        return
    piece = pieces[cand.touches[0]]
    piece.hyp = cand.hyp
    piece.label = make_label(cand.kind, piece.ref, cand.hyp)
    if not cand.hyp and lang.spaced:
        _drop_space(pieces, cand.touches[0])


def _gap_positions(lang: Lang, pieces: list[Piece]) -> list[int]:
    if not lang.spaced:
        return [0]
    return [
        i for i, p in enumerate(pieces) if p.role == "word" and i and pieces[i - 1].role == "space"
    ]


def _apply_gap(rng: random.Random, lang: Lang, pieces: list[Piece], cand: Candidate) -> None:
    positions = _gap_positions(lang, pieces)
    if not positions:
        return
    at = rng.choice(positions)
    if cand.kind == "filler":
        word = rng.choice(lang.fillers)
        in_ref = rng.random() < 0.6
        ref, hyp = (word, "") if in_ref else ("", word)
    else:
        ref, hyp = "", rng.choice(lang.insertable)
    piece = Piece(ref + lang.sep if ref else "", hyp + lang.sep if hyp else "", "extra")
    piece.label = make_label(cand.kind, ref, hyp)
    pieces.insert(at, piece)


def _annotate(rng: random.Random, lang: Lang, pieces: list[Piece]) -> None:
    note = rng.choice(ANNOTATIONS)
    piece = Piece("", "", "extra", label=make_label("annotation", note, ""))
    if rng.random() < 0.5:
        piece.ref = note + lang.sep
        pieces.insert(0, piece)
    else:
        piece.ref = lang.sep + note
        pieces.append(piece)


def perturb(rng: random.Random, lang: Lang, pieces: list[Piece]) -> list[Piece]:
    """Introduce 0-3 labelled differences (one may be an annotation) into the pieces."""
    count = rng.choices(list(LABEL_COUNT_WEIGHTS), weights=list(LABEL_COUNT_WEIGHTS.values()))[0]
    annotate = rng.random() < ANNOTATION_RATE
    if annotate:
        count = min(count, MAX_LABELS_PER_TURN - 1)
    picked = choose(rng, candidates(lang, pieces), count)
    for cand in picked:  # in place first: inserting pieces would shift the indices
        if not cand.is_gap:
            _apply_in_place(lang, pieces, cand)
    for cand in picked:
        if cand.is_gap:
            _apply_gap(rng, lang, pieces, cand)
    if annotate:
        _annotate(rng, lang, pieces)
    return pieces


def render(pieces: list[Piece]) -> tuple[str, str, list[dict[str, Any]]]:
    """Join pieces into (reference, hypothesis, labels in text order)."""
    reference = "".join(p.ref for p in pieces)
    hypothesis = "".join(p.hyp for p in pieces)
    return reference, hypothesis, [p.label for p in pieces if p.label]


def user_turn(rng: random.Random, lang: Lang, template: str) -> dict[str, Any]:
    """One generated user turn from a template."""
    pieces = perturb(rng, lang, fill_template(rng, lang, template))
    reference, hypothesis, labels = render(pieces)
    return {"speaker": "user", "reference": reference, "hypothesis": hypothesis, "labels": labels}


def fixed_turn(turn: Fixed) -> dict[str, Any]:
    """A hand-written user turn."""
    labels = [make_label(*spans) for spans in turn.labels]
    return {
        "speaker": "user",
        "reference": turn.reference,
        "hypothesis": turn.hypothesis,
        "labels": labels,
    }


# --- conversations --------------------------------------------------------------------


class Deck:
    """Deals templates in shuffled rounds, so every template is used before any repeats."""

    def __init__(self, rng: random.Random, items: Sequence[str]) -> None:
        self.rng = rng
        self.items = list(items)
        self.stack: list[str] = []

    def deal(self, avoid: set[str]) -> str:
        if not self.stack:
            self.stack = self.items[:]
            self.rng.shuffle(self.stack)
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i] not in avoid:
                return self.stack.pop(i)
        return self.stack.pop()


def _fixed_by_conversation(lang: Lang, dataset: str, count: int) -> list[list[Fixed]]:
    """Spread the language's fixed turns of one dataset over its conversations."""
    slots: list[list[Fixed]] = [[] for _ in range(count)]
    mine = [f for f in lang.fixed if f.dataset == dataset]
    for i, turn in enumerate(mine):
        slots[i % count].append(turn)
    return slots


def conversation_turns(
    rng: random.Random, lang: Lang, deck: Deck, dataset: str, fixed: list[Fixed]
) -> list[dict[str, Any]]:
    """The turns of one conversation: optional greeting, then 6-12 user turns."""
    n_user = rng.randint(MIN_USER_TURNS, MAX_USER_TURNS)
    used: set[str] = set()
    turns = []
    for _ in range(n_user - len(fixed)):
        template = deck.deal(used)
        used.add(template)
        turns.append(user_turn(rng, lang, template))
    for turn in fixed:
        turns.insert(rng.randint(0, len(turns)), fixed_turn(turn))
    if rng.random() < GREETING_RATE:
        greeting = lang.greetings[dataset]
        turns.insert(
            0, {"speaker": "assistant", "reference": greeting, "hypothesis": greeting, "labels": []}
        )
    return turns


def _add_audio(rng: random.Random, conv_id: str, turns: list[dict[str, Any]]) -> None:
    for i, turn in enumerate(turns):
        if turn["speaker"] == "user" and rng.random() < AUDIO_RATE:
            # a path under AUDIO_ROOT: `load_demo` writes a synthetic clip there
            turn["audio_url"] = f"demo/{conv_id}/turn-{i:02d}.wav"


def language_conversations(rng: random.Random, lang: Lang, seed: int) -> list[dict[str, Any]]:
    """All demo conversations of one language, datasets and models spread evenly."""
    decks = {d: Deck(rng, lang.templates[d]) for d in DATASETS}
    per_dataset = {d: CONVERSATIONS_PER_LANGUAGE // len(DATASETS) for d in DATASETS}
    fixed = {d: _fixed_by_conversation(lang, d, per_dataset[d]) for d in DATASETS}
    model_offset = rng.randrange(len(MODELS))
    records = []
    for n in range(CONVERSATIONS_PER_LANGUAGE):
        dataset = DATASETS[n % len(DATASETS)]
        conv_id = f"demo-{lang.code.lower()}-{n + 1:03d}"
        turns = conversation_turns(
            rng, lang, decks[dataset], dataset, fixed[dataset][n // len(DATASETS)]
        )
        _add_audio(rng, conv_id, turns)
        records.append(
            {
                "id": conv_id,
                "language": lang.code,
                "dataset": dataset,
                "model": MODELS[(n + model_offset) % len(MODELS)],
                "metadata": {
                    "scenario": rng.choice(SCENARIOS[dataset]),
                    "generated_by": GENERATOR,
                    "seed": seed,
                },
                "turns": turns,
            }
        )
    return records


def _check(record: dict[str, Any]) -> None:
    for turn in record["turns"]:
        for label in turn["labels"]:
            if label["ref_span"] not in turn["reference"] or (
                label["hyp_span"] not in turn["hypothesis"]
            ):
                raise AssertionError(f"{record['id']}: label {label} does not fit {turn}")


# --- conversations with a data problem --------------------------------------------------
# Not STT errors: what joining references with STT logs by hand leaves (`scoring.dataquality`
# finds them, the import stores what it finds). Their labels are dropped: a label describes
# a pair the problem broke. ``metadata.data_quality`` names the problem.


def _shift_hypotheses(rng: random.Random, turns: list[dict[str, Any]]) -> None:
    """From the third user turn on, each user turn holds the next one's transcript, as if
    the second's were lost; the last has none."""
    users = [t for t in turns if t["speaker"] == "user"]
    moved = [t["hypothesis"] for t in users[3:]] + [""]
    for turn, hypothesis in zip(users[2:], moved, strict=True):
        turn["hypothesis"] = hypothesis
    for turn in users:
        turn["labels"] = []


def _empty_hypotheses(rng: random.Random, turns: list[dict[str, Any]]) -> None:
    """Two user turns whose audio was dropped: no transcript."""
    users = [t for t in turns if t["speaker"] == "user"]
    for turn in rng.sample(users, 2):
        turn["hypothesis"], turn["labels"] = "", []


#: (language, conversation number after the language's others, problem, how it is made)
DATA_QUALITY: tuple[tuple[str, int, str, Callable], ...] = (
    ("en", CONVERSATIONS_PER_LANGUAGE + 1, "shifted_hypotheses", _shift_hypotheses),
    ("de", CONVERSATIONS_PER_LANGUAGE + 1, "empty_hypotheses", _empty_hypotheses),
)


def data_quality_conversations(rng: random.Random, seed: int) -> list[dict[str, Any]]:
    """One conversation per entry of ``DATA_QUALITY``, made like the others, then broken."""
    langs = {lang.code: lang for lang in LANGS}
    records = []
    for code, number, problem, make in DATA_QUALITY:
        lang, dataset = langs[code], ITSM
        turns = conversation_turns(rng, lang, Deck(rng, lang.templates[dataset]), dataset, [])
        make(rng, turns)
        records.append(
            {
                "id": f"demo-{code}-{number:03d}",
                "language": code,
                "dataset": dataset,
                "model": MODELS[number % len(MODELS)],
                "metadata": {
                    "scenario": rng.choice(SCENARIOS[dataset]),
                    "generated_by": GENERATOR,
                    "seed": seed,
                    "data_quality": problem,
                },
                "turns": turns,
            }
        )
    return records


def generate(seed: int = DEFAULT_SEED) -> list[dict[str, Any]]:
    """Build every demo conversation, deterministically from ``seed``."""
    rng = random.Random(seed)
    records = []
    for lang in LANGS:
        records.extend(language_conversations(rng, lang, seed))
    records.extend(data_quality_conversations(rng, seed))  # last: the others stay the same
    records = _nfc(records)
    for record in records:
        _check(record)
    return records


def to_jsonl(records: list[dict[str, Any]]) -> str:
    """Serialize records the way the committed file is written."""
    return "".join(json.dumps(r, ensure_ascii=False, sort_keys=True) + "\n" for r in records)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: write the dataset to ``--out``."""
    parser = argparse.ArgumentParser(description="Write the Lexicheck demo conversations.")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="JSONL file to write")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = parser.parse_args(argv)
    records = generate(args.seed)
    args.out.write_text(to_jsonl(records), encoding="utf-8")
    print(f"wrote {len(records)} conversations to {args.out}")
    return 0


# --- per-language data ----------------------------------------------------------------
# Every sentence in data/ was written for this demo. data/<code>.json holds one language's
# `Lang` fields; a slot value is a plain string or a list [reference, [hypothesis, kind],
# ...] listing the ways an STT may write it. data/order.json lists the languages in the
# order they are generated: one random stream runs through all of them, so the order is
# part of the output.

DATA_DIR = Path(__file__).with_name("data")
_LANG_FIELDS = frozenset(f.name for f in fields(Lang))


def _lang(**values: Any) -> Lang:
    """A Lang whose strings are NFC-normalized, so folds and lookups see one spelling."""
    return Lang(**_nfc(values))


def _tuples(value: Any) -> Any:
    """JSON arrays as tuples: the immutable shape a Lang holds."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    if isinstance(value, dict):
        return {k: _tuples(v) for k, v in value.items()}
    return value


def load_lang(path: Path) -> Lang:
    """One language's data file; a ValueError names the file and the field."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path.name}: cannot be read: {exc}") from None
    unknown = sorted(set(data) - _LANG_FIELDS)
    if unknown:
        raise ValueError(f"{path.name}: unknown field {', '.join(unknown)}")
    if data.get("code") != path.stem:
        raise ValueError(f"{path.name}: field code must be {path.stem!r}")
    values = _tuples(data)
    try:
        values["fixed"] = tuple(Fixed(**turn) for turn in values.get("fixed", ()))
        return _lang(**values)
    except TypeError as exc:  # a missing field, or an unknown one in a fixed turn
        raise ValueError(f"{path.name}: {exc}") from None


def load_langs(folder: Path = DATA_DIR) -> tuple[Lang, ...]:
    """Every language of data/, in the order of data/order.json (which must name each)."""
    order = json.loads((folder / "order.json").read_text(encoding="utf-8"))["languages"]
    files = {path.stem for path in folder.glob("*.json")} - {"order"}
    if set(order) != files:
        raise ValueError(
            f"order.json: field languages must name each data file once: {sorted(files)}"
        )
    return tuple(load_lang(folder / f"{code}.json") for code in order)


LANGS = load_langs()
GUARD_PHRASES: dict[str, tuple[str, ...]] = {
    lang.code: lang.guards for lang in LANGS if lang.guards
}


if __name__ == "__main__":
    raise SystemExit(main())
