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
from dataclasses import dataclass, field
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
# Every sentence below was written for this demo. Slot values are either a plain string or
# a tuple (reference, (hypothesis, kind), ...) listing the ways an STT may write it.


def _lang(**fields: Any) -> Lang:
    """A Lang whose strings are NFC-normalized, so folds and lookups see one spelling."""
    return Lang(**_nfc(fields))


EN = _lang(
    code="en",
    templates={
        ITSM: (
            "Hi, I'm locked out of my account again.",
            "My username is {user}.",
            "I can't open the reset link you sent me.",
            "It says my password expired {days} days ago.",
            "Could you ask {name} from the service desk to call me back?",
            "The VPN keeps dropping when I work from home.",
            "I need access to the shared drive for the finance team.",
            "My laptop won't connect to the office Wi-Fi.",
            "Please send the code to my mobile instead.",
            "Okay, I've got the text message now.",
            "The ticket number in the email is {code}.",
        ),
        TRAVEL: (
            "I'd like to change my flight to {date}.",
            "My booking reference is {code}.",
            "I'll be at the airport at {time}.",
            "The flight was cancelled because of the storm.",
            "Can I get a window seat for the return journey?",
            "The hotel charged my credit card twice.",
            "I'd like a refund to the original card, please.",
            "The traveller's name is {name}.",
            "Is breakfast included in the room rate?",
            "I've been waiting for the confirmation email since Monday.",
            "My date of birth is {dob}.",
        ),
    },
    slots={
        "user": (
            ("j underscore rivera", ("j_rivera", "spoken_symbol")),
            ("priya underscore nair two", ("priya_nair2", "spoken_symbol")),
            ("T R seven seven", ("TR77", "spelled_code"), ("TR67", "number_error")),
            ("dev slash ops nine", ("dev/ops9", "spoken_symbol")),
        ),
        "days": (
            ("twenty five", ("25", "number_format"), ("twenty nine", "number_error")),
            ("fourteen", ("14", "number_format"), ("forty", "number_error")),
            ("ninety", ("90", "number_format")),
            "three",
        ),
        "name": (
            ("Dr. Patel", ("Doctor Patel", "abbreviation"), ("Dr. Patil", "name_error")),
            ("Siobhan Kelly", ("Shivon Kelly", "name_error")),
            (
                "Megan O'Brien",
                ("Megan O'Brian", "name_error"),
                ("Megan OBrien", "casing_punctuation"),
            ),
            ("Mr. Adeyemi", ("Mister Adeyemi", "abbreviation"), ("Mr. Adeyami", "name_error")),
        ),
        "code": (
            ("K L M dash four five six", ("KLM-456", "spoken_symbol")),
            ("Q X seven one", ("QX71", "spelled_code"), ("QX17", "number_error")),
            ("B N dash two zero eight", ("BN-208", "spoken_symbol")),
            ("H J four four", ("HJ44", "spelled_code")),
        ),
        "date": (
            ("March the third", ("March 3rd", "number_format"), ("March 30th", "number_error")),
            ("the twenty first of May", ("the 21st of May", "number_format")),
            (
                "Friday the ninth",
                ("Friday the 9th", "number_format"),
                ("Friday the fifth", "number_error"),
            ),
        ),
        "time": (
            ("nine thirty", ("9:30", "number_format"), ("9:13", "number_error")),
            ("half past six", ("6:30", "number_format")),
            ("seven fifteen", ("7:15", "number_format"), ("7:50", "number_error")),
        ),
        "dob": (
            ("the fourth of July nineteen ninety", ("4 July 1990", "number_format")),
            ("nineteen eighty eight dash zero two dash eleven", ("1988-02-11", "spoken_symbol")),
        ),
    },
    variants={
        "I'm": (("I am", "contraction"),),
        "can't": (("cannot", "contraction"),),
        "won't": (("will not", "contraction"),),
        "I've": (("I have", "contraction"),),
        "I'd": (("I would", "contraction"),),
        "I'll": (("I will", "contraction"),),
        "cancelled": (("canceled", "spelling_variant"),),
        "traveller's": (("traveler's", "spelling_variant"),),
        "Okay": (("OK", "abbreviation"),),
        "Wi-Fi": (("WiFi", "compound_hyphen"),),
        "email": (("e-mail", "compound_hyphen"),),
        "flight": (("fight", "substitution"),),
        "code": (("coat", "substitution"),),
        "seat": (("seed", "substitution"),),
        "locked": (("logged", "substitution"),),
        "Monday": (("Sunday", "substitution"),),
        "VPN": (("VPM", "substitution"),),
        "drive": (("dry", "substitution"),),
        "hotel": (("motel", "substitution"),),
        "rate": (("rates", "substitution"),),
    },
    fillers=("um", "uh"),
    deletable=("again", "please", "instead", "now"),
    insertable=("the", "and", "so"),
    guards=("at the airport",),
    greetings={
        ITSM: "Thanks for calling the IT service desk, how can I help?",
        TRAVEL: "Welcome to the travel desk, what can I do for you today?",
    },
    fixed=(
        Fixed(
            TRAVEL,
            "My flight leaves at four thirty p m on the fifth of May.",
            "My flight leaves at 4:30 PM on May 5th.",
            (
                ("clock_time", "four thirty p m", "4:30 PM"),
                ("date_format", "the fifth of May", "May 5th"),
            ),
        ),
        Fixed(
            TRAVEL,
            "The upgrade costs twelve dollars and fifty cents.",
            "The upgrade costs $12.50.",
            (("money_amount", "twelve dollars and fifty cents", "$12.50"),),
        ),
        Fixed(
            TRAVEL,
            "The refund was forty dollars.",
            "The refund was $14.",
            (("number_error", "forty dollars", "$14"),),
        ),
        Fixed(
            ITSM,
            "Call me back on five five five oh one four seven.",
            "Call me back on 555-0147.",
            (("digit_string", "five five five oh one four seven", "555-0147"),),
        ),
        Fixed(
            ITSM,
            "The meeting with the U.S. team is at ten a.m.",
            "The meeting with the US team is at 10 AM.",
            (("initialism", "U.S.", "US"), ("clock_time", "ten a.m.", "10 AM")),
        ),
        Fixed(
            ITSM,
            "The file is twelve megabytes.",
            "The file is 12 MB.",
            (("unit_measure", "twelve megabytes", "12 MB"),),
        ),
        Fixed(
            TRAVEL,
            "Can we move it to half past four?",
            "Can we move it to 4:40?",
            (("number_error", "half past four", "4:40"),),
        ),
        Fixed(
            TRAVEL,
            "My flight to Denver leaves on Friday.",
            "My fight to Denver leaves on Friday.",
            (("substitution", "flight", "fight"),),
        ),
        Fixed(
            ITSM,
            "Send it to john dot smith at gmail dot com, please.",
            "Send it to john.smith@gmail.com, please.",
            (("spoken_address", "john dot smith at gmail dot com", "john.smith@gmail.com"),),
        ),
        Fixed(
            TRAVEL,
            "The confirmation went to anna at gmail dot com.",
            "The confirmation went to anna@hotmail.com.",
            (("substitution", "anna at gmail dot com", "anna@hotmail.com"),),
        ),
    ),
)

DE = _lang(
    code="de",
    templates={
        ITSM: (
            "Mein {konto} ist seit heute Morgen gesperrt.",
            "Mein Benutzername lautet {user}.",
            "Können Sie bitte {name} vom Service-Desk informieren?",
            "Das Passwort ist seit {num} Tagen abgelaufen.",
            "Der Drucker im dritten Stock zieht einen Strich über jede Seite.",
            "Die VPN-Verbindung bricht ständig ab.",
            "Ich brauche Zugriff auf das Team-Laufwerk der Buchhaltung.",
            "Der Bestätigungscode kam per SMS, aber er funktioniert nicht.",
            "Mein Laptop startet leider nicht mehr.",
            "Die Ticketnummer in der E-Mail ist {code}.",
            "Ich habe das Passwort schon zweimal geändert.",
        ),
        TRAVEL: (
            "Ich möchte meinen Flug auf {date} umbuchen.",
            "Meine Buchungsnummer lautet {code}.",
            "Der Rückflug geht um {time} Uhr.",
            "Ist das Frühstück im Zimmerpreis enthalten?",
            "Ich hätte gern einen Fensterplatz, bitte.",
            "Der Flug wurde wegen des Sturms gestrichen.",
            "Die Erstattung soll bitte auf meine Kreditkarte gehen.",
            "Die Rechnung geht an die Bahnhofstraße zwölf.",
            "Mein Geburtsdatum ist {dob}.",
            "Das Hotel-Zimmer war bei der Ankunft nicht gereinigt.",
            "Können Sie mir die Bestätigung per E-Mail schicken?",
        ),
    },
    slots={
        "konto": (
            ("Anmelde-Konto", ("Anmeldekonto", "compound_hyphen")),
            ("Benutzer-Konto", ("Benutzerkonto", "compound_hyphen")),
            "Konto",
        ),
        "user": (
            ("T K Bindestrich 4 0 7", ("TK-407", "spoken_symbol")),
            ("lena Unterstrich berg", ("lena_berg", "spoken_symbol")),
            ("F M 3 8", ("FM38", "spelled_code"), ("FM83", "number_error")),
        ),
        "name": (
            ("Frau Krüger", ("Frau Krueger", "umlaut_fold"), ("Frau Kruger", "name_error")),
            ("Herrn Böhm", ("Herrn Boehm", "umlaut_fold"), ("Herrn Baum", "name_error")),
            ("Dr. Weiß", ("Doktor Weiß", "abbreviation"), ("Dr. Weiss", "umlaut_fold")),
            ("Herrn Yılmaz", ("Herrn Yilmas", "name_error")),
        ),
        "num": (
            ("fünfundzwanzig", ("25", "number_format"), ("fünfunddreißig", "number_error")),
            ("zwölf", ("12", "number_format"), ("zwanzig", "number_error")),
            ("drei", ("3", "number_format")),
        ),
        "code": (
            ("W Q Bindestrich 5 5 1", ("WQ-551", "spoken_symbol")),
            ("R 2 D 9", ("R2D9", "spelled_code")),
            ("B X Schrägstrich 7 4", ("BX/74", "spoken_symbol")),
            ("K L 8 0 3", ("KL803", "spelled_code"), ("KL308", "number_error")),
        ),
        "date": (
            (
                "den dritten März",
                ("den 3. März", "number_format"),
                ("den 13. März", "number_error"),
            ),
            ("Freitag, den zwölften Mai", ("Freitag, den 12. Mai", "number_format")),
            ("den ersten Juni", ("den 1. Juni", "number_format"), ("den 1. Juli", "number_error")),
        ),
        "time": (
            ("neunzehn", ("19", "number_format"), ("neun", "number_error")),
            ("sieben", ("7", "number_format")),
            ("zwanzig", ("20", "number_format"), ("zwölf", "number_error")),
        ),
        "dob": (
            ("der vierzehnte Juli neunzehnhundertneunzig", ("der 14. Juli 1990", "number_format")),
            ("1988 Bindestrich 02 Bindestrich 11", ("1988-02-11", "spoken_symbol")),
        ),
    },
    variants={
        "Service-Desk": (("Servicedesk", "compound_hyphen"),),
        "Team-Laufwerk": (("Teamlaufwerk", "compound_hyphen"),),
        "Hotel-Zimmer": (("Hotelzimmer", "compound_hyphen"),),
        "E-Mail": (("Email", "compound_hyphen"),),
        "zwölf": (("12", "number_format"),),
        "zweimal": (("2-mal", "number_format"),),
        "Flug": (("Fluch", "substitution"),),
        "Sturms": (("Turms", "substitution"),),
        "Drucker": (("Trucker", "substitution"),),
        "Fensterplatz": (("Festplatz", "substitution"),),
        "SMS": (("sms", "casing_punctuation"),),
        "Laptop": (("Labtop", "substitution"),),
        "Kreditkarte": (("Kreditkarten", "substitution"),),
    },
    folds=("umlaut_fold",),
    fillers=("äh", "ähm"),
    deletable=("bitte", "leider", "schon", "heute", "ständig"),
    insertable=("die", "und", "noch"),
    guards=("einen Strich",),
    greetings={
        ITSM: "IT-Service, guten Tag, was kann ich für Sie tun?",
        TRAVEL: "Reiseservice, guten Tag, wie kann ich Ihnen helfen?",
    },
    fixed=(
        Fixed(
            TRAVEL,
            "Der Zug fährt um halb zwölf und kostet zwei Euro zwanzig.",
            "Der Zug fährt um 11:30 Uhr und kostet 2,20 €.",
            (
                ("clock_time", "halb zwölf", "11:30 Uhr"),
                ("money_amount", "zwei Euro zwanzig", "2,20 €"),
            ),
        ),
        Fixed(
            TRAVEL,
            "Die Strecke ist zwölf Kilometer lang.",
            "Die Strecke ist 21 km lang.",
            (("number_error", "zwölf Kilometer", "21 km"),),
        ),
        Fixed(
            ITSM,
            "Mein Nachname ist Krüger, mit ü.",
            "Mein Nachname ist Kruger, mit ü.",
            (("name_error", "Krüger", "Kruger"),),
        ),
        Fixed(
            TRAVEL,
            "Ich wohne in der Lindenstraße vier.",
            "Ich wohne in der Lindenstrasse 4.",
            (("umlaut_fold", "Lindenstraße", "Lindenstrasse"), ("number_format", "vier", "4")),
        ),
        Fixed(
            ITSM,
            "Bitte leiten Sie das an Hr. Becker weiter.",
            "Bitte leiten Sie das an Herr Becker weiter.",
            (("abbreviation", "Hr. Becker", "Herr Becker"),),
        ),
        Fixed(
            ITSM,
            "Meine Adresse ist max Klammeraffe web Punkt de.",
            "Meine Adresse ist max@web.de.",
            (("spoken_address", "max Klammeraffe web Punkt de", "max@web.de"),),
        ),
        Fixed(
            TRAVEL,
            "Der Kollege sagte I can't, leider.",
            "Der Kollege sagte I cannot, leider.",
            (("code_switch", "I can't", "I cannot"),),
        ),
        Fixed(
            TRAVEL,
            "Mein Flug geht um sieben.",
            "Mein Flug geht um seven.",
            (("substitution", "sieben", "seven"),),
        ),
    ),
)

NL = _lang(
    code="nl",
    templates={
        ITSM: (
            "Mijn account is geblokkeerd na drie pogingen.",
            "Mijn gebruikersnaam is {user}.",
            "Ik kan niet meer bij het e-mailadres van de afdeling.",
            "Er loopt een streepje over mijn scherm.",
            "Kunt u {name} van de helpdesk vragen mij terug te bellen?",
            "De wifi op kantoor valt steeds weg.",
            "Ik wil een thuiswerk-dag registreren in het portaal.",
            "Het wachtwoord verloopt over {num} dagen.",
            "De code die ik kreeg werkt niet.",
            "Het ticketnummer is {code}.",
            "Mijn laptop start sinds vanochtend niet meer op.",
        ),
        TRAVEL: (
            "Ik wil mijn vlucht verzetten naar {date}.",
            "Mijn boekingsnummer is {code}.",
            "Kan ik een stoel bij het raam krijgen?",
            "De terugvlucht vertrekt om {time}.",
            "Is het ontbijt bij de kamerprijs inbegrepen?",
            "Het hotel heeft mijn creditcard twee keer belast.",
            "Ik wil mijn geld graag terug op dezelfde kaart.",
            "Mijn geboortedatum is {dob}.",
            "De vlucht is geannuleerd vanwege de storm.",
            "Stuur de bevestiging alstublieft naar mijn e-mailadres.",
            "De reiziger heet {person}.",
        ),
    },
    slots={
        "user": (
            ("J V laag streepje 2 0", ("JV_20", "spoken_symbol")),
            ("H R koppelteken 5 5", ("HR-55", "spoken_symbol")),
            ("K L 7", ("KL7", "spelled_code"), ("KL17", "number_error")),
        ),
        "name": (
            (
                "mevrouw De Vries",
                ("mevrouw de Vries", "casing_punctuation"),
                ("mevrouw De Fries", "name_error"),
            ),
            ("meneer Jansen", ("meneer Janssen", "name_error")),
            ("meneer Bakker", ("meneer Backer", "name_error")),
            ("dr. Visser", ("dokter Visser", "abbreviation")),
        ),
        "person": (
            ("Sanne de Boer", ("Sanne de Boor", "name_error")),
            ("Daan Visser", ("Daan Fisser", "name_error")),
            "Emma Mulder",
        ),
        "num": (
            ("vijfentwintig", ("25", "number_format"), ("vijfendertig", "number_error")),
            ("twaalf", ("12", "number_format"), ("twintig", "number_error")),
            ("drie", ("3", "number_format")),
        ),
        "code": (
            ("Z W koppelteken 4 1 9", ("ZW-419", "spoken_symbol")),
            ("P 8 M", ("P8M", "spelled_code")),
            ("D E schuine streep 6 6", ("DE/66", "spoken_symbol")),
            ("T 3 0 5", ("T305", "spelled_code"), ("T350", "number_error")),
        ),
        "date": (
            (
                "vrijdag zeventien mei",
                ("vrijdag 17 mei", "number_format"),
                ("vrijdag 7 mei", "number_error"),
            ),
            ("dinsdag drie juni", ("dinsdag 3 juni", "number_format")),
            (
                "maandag negen september",
                ("maandag 9 september", "number_format"),
                ("maandag 19 september", "number_error"),
            ),
        ),
        "time": (
            ("half negen", ("8.30 uur", "number_format")),
            (
                "kwart over zeven",
                ("7.15 uur", "number_format"),
                ("kwart voor zeven", "number_error"),
            ),
            ("tien uur", ("10 uur", "number_format"), ("twee uur", "number_error")),
        ),
        "dob": (
            ("12 koppelteken 03 koppelteken 1988", ("12-03-1988", "spoken_symbol")),
            ("vier april negentienhonderdnegentig", ("4 april 1990", "number_format")),
        ),
    },
    variants={
        "e-mailadres": (("emailadres", "compound_hyphen"),),
        "thuiswerk-dag": (("thuiswerkdag", "compound_hyphen"),),
        "wifi": (("wi-fi", "compound_hyphen"),),
        "drie": (("3", "number_format"),),
        "twee": (("2", "number_format"),),
        "kaart": (("kaars", "substitution"),),
        "raam": (("kraam", "substitution"),),
        "storm": (("stroom", "substitution"),),
        "kamerprijs": (("kamer prijs", "compound_hyphen"),),
        "laptop": (("laptops", "substitution"),),
        "werkt": (("werk", "substitution"),),
    },
    fillers=("eh", "uhm"),
    deletable=("graag", "nog", "steeds", "alstublieft", "meer"),
    insertable=("de", "en", "nog"),
    guards=("een streepje",),
    greetings={
        ITSM: "Servicedesk, goedemorgen, waarmee kan ik u helpen?",
        TRAVEL: "Reisbureau, goedemiddag, wat kan ik voor u doen?",
    },
    fixed=(
        Fixed(
            TRAVEL,
            "Mijn vlucht vertrekt om half drie.",
            "Mijn vlucht vertrekt om 2:30.",
            (("clock_time", "half drie", "2:30"),),
        ),
        Fixed(
            ITSM,
            "Ik heb mr. Jansen al gemaild.",
            "Ik heb meester Jansen al gemaild.",
            (("abbreviation", "mr. Jansen", "meester Jansen"),),
        ),
        Fixed(
            ITSM,
            "Mijn adres is jan apenstaartje ziggo punt nl.",
            "Mijn adres is jan@ziggo.nl.",
            (("spoken_address", "jan apenstaartje ziggo punt nl", "jan@ziggo.nl"),),
        ),
        Fixed(
            TRAVEL,
            "Hij zei we're late, sorry.",
            "Hij zei we are late, sorry.",
            (("code_switch", "we're", "we are"),),
        ),
        Fixed(
            ITSM,
            "Ik bel morgen de hr afdeling.",
            "Ik bel morgen de heer afdeling.",
            (("substitution", "hr afdeling", "heer afdeling"),),
        ),
    ),
)

FR = _lang(
    code="fr",
    templates={
        ITSM: (
            "Bonjour, mon compte est bloqué depuis ce matin.",
            "Mon identifiant est {user}.",
            "Pour demain, il me faut un nouveau mot de passe.",
            "Pouvez-vous prévenir {name} du support ?",
            "Le code reçu par SMS ne fonctionne pas.",
            "Mon ordinateur portable ne se connecte plus au wifi.",
            "Je dois changer mon mot de passe tous les {num} jours.",
            "J'ai besoin d'un accès au dossier partagé de la comptabilité.",
            "Le numéro du ticket est {code}.",
            "Le VPN se coupe encore toutes les dix minutes.",
            "Envoyez le lien à mon adresse e-mail, s'il vous plaît.",
        ),
        TRAVEL: (
            "Je voudrais changer mon vol pour le {date}.",
            "Ma référence de réservation est {code}.",
            "Mon vol de retour part à {time}.",
            "Est-ce que le petit-déjeuner est compris dans le prix ?",
            "Le vol a été annulé à cause de la tempête.",
            "Je préfère une place côté hublot.",
            "L'hôtel a débité ma carte deux fois.",
            "Je voudrais être remboursé sur la même carte.",
            "Ma date de naissance est le {dob}.",
            "La réservation est au nom de {name}.",
            "Pour ce voyage, il me faut aussi une chambre pour deux nuits.",
        ),
    },
    slots={
        "user": (
            ("R T tiret 2 8 4", ("RT-284", "spoken_symbol")),
            ("M 4 B", ("M4B", "spelled_code")),
            ("julie tiret bas martin", ("julie_martin", "spoken_symbol")),
            ("P L trait d'union 9 0", ("PL-90", "spoken_symbol")),
        ),
        "name": (
            ("M. Lefèvre", ("Monsieur Lefèvre", "abbreviation"), ("M. Lefebvre", "name_error")),
            ("Mme Garnier", ("Madame Garnier", "abbreviation"), ("Mme Grenier", "name_error")),
            ("M. Nguyen", ("Monsieur Nguyen", "abbreviation"), ("M. Nguen", "name_error")),
        ),
        "num": (
            ("quatre-vingt-dix", ("90", "number_format"), ("quatre-vingts", "number_error")),
            ("trente", ("30", "number_format"), ("treize", "number_error")),
            ("quinze", ("15", "number_format")),
        ),
        "code": (
            ("B X tiret 5 0 2", ("BX-502", "spoken_symbol")),
            ("K 9 M", ("K9M", "spelled_code")),
            ("A F barre oblique 3 3", ("AF/33", "spoken_symbol")),
            ("T 4 0 7", ("T407", "spelled_code"), ("T470", "number_error")),
        ),
        "date": (
            ("vingt-cinq mars", ("25 mars", "number_format"), ("26 mars", "number_error")),
            ("premier juin", ("1er juin", "number_format")),
            ("douze octobre", ("12 octobre", "number_format"), ("2 octobre", "number_error")),
        ),
        "time": (
            ("dix-neuf heures", ("19 h", "number_format"), ("dix heures", "number_error")),
            ("sept heures et demie", ("7 h 30", "number_format")),
            ("quatorze heures", ("14 h", "number_format"), ("4 h", "number_error")),
        ),
        "dob": (
            (
                "dix-huit avril mille neuf cent quatre-vingt-onze",
                ("18 avril 1991", "number_format"),
            ),
            ("trois mai deux mille", ("3 mai 2000", "number_format")),
        ),
    },
    variants={
        "e-mail": (("email", "compound_hyphen"),),
        "petit-déjeuner": (("petit déjeuner", "compound_hyphen"),),
        "dix": (("10", "number_format"),),
        "deux": (("2", "number_format"),),
        "SMS": (("sms", "casing_punctuation"),),
        "vol": (("bol", "substitution"),),
        "carte": (("charte", "substitution"),),
        "compte": (("conte", "substitution"),),
        "nuits": (("nuit", "substitution"),),
        "hublot": (("hublots", "substitution"),),
        "nouveau": (("nouveaux", "substitution"),),
        "dossier": (("dossiers", "substitution"),),
        "wifi": (("wi-fi", "compound_hyphen"),),
    },
    fillers=("euh",),
    deletable=("encore", "aussi", "même", "bien"),
    insertable=("le", "et", "de"),
    guards=("il me faut",),
    greetings={
        ITSM: "Support informatique, bonjour, que puis-je faire pour vous ?",
        TRAVEL: "Service voyages, bonjour, comment puis-je vous aider ?",
    },
    fixed=(
        Fixed(
            TRAVEL,
            "Le train part à huit heures sept, le cinq mai.",
            "Le train part à 8 h 07, le 5 mai.",
            (("clock_time", "huit heures sept", "8 h 07"), ("date_format", "cinq mai", "5 mai")),
        ),
        Fixed(
            TRAVEL,
            "Le supplément coûte douze euros.",
            "Le supplément coûte 13 €.",
            (("number_error", "douze euros", "13 €"),),
        ),
        Fixed(
            ITSM,
            "Le code du poste est M 4 B tiret 7.",
            "Le code du poste est M4B-7.",
            (("spoken_symbol", "M 4 B tiret 7", "M4B-7"),),
        ),
        Fixed(
            TRAVEL,
            "L'hôtel est rue St Laurent.",
            "L'hôtel est rue Saint Laurent.",
            (("abbreviation", "St Laurent", "Saint Laurent"),),
        ),
        Fixed(
            ITSM,
            "Mon adresse est jean point dupont arobase orange point fr.",
            "Mon adresse est jean.dupont@orange.fr.",
            (
                (
                    "spoken_address",
                    "jean point dupont arobase orange point fr",
                    "jean.dupont@orange.fr",
                ),
            ),
        ),
        Fixed(
            ITSM,
            "J'ai un meeting à two thirty.",
            "J'ai un meeting à 2:30.",
            (("code_switch", "two thirty", "2:30"),),
        ),
        Fixed(
            TRAVEL,
            "Rendez-vous à sept heures.",
            "Rendez-vous à seven heures.",
            (("substitution", "sept", "seven"),),
        ),
        Fixed(
            ITSM,
            "La salle est au bâtiment St 4.",
            "La salle est au bâtiment saint 4.",
            (("substitution", "St 4", "saint 4"),),
        ),
    ),
)

FR_CA = _lang(
    code="fr-CA",
    templates={
        ITSM: (
            "Bonjour, mon compte est barré depuis ce matin.",
            "Mon code d'usager est {user}.",
            "Pour lundi, il me faut un nouveau mot de passe.",
            "Je n'ai pas reçu le courriel de réinitialisation.",
            "Mon portable se déconnecte du réseau présentement.",
            "Pouvez-vous transférer mon appel à {name}?",
            "Je vais vérifier mon numéro d'employé.",
            "Le lien expire dans {num} minutes.",
            "Le numéro de billet est {code}.",
            "J'ai besoin d'accéder au dossier partagé de la paie.",
            "L'imprimante au deuxième étage est encore brisée.",
        ),
        TRAVEL: (
            "Je voudrais changer mon vol pour la fin de semaine.",
            "Mon numéro de réservation, c'est {code}.",
            "Mon vol part de Montréal à {time}.",
            "Est-ce que le déjeuner est inclus dans le forfait?",
            "Je veux me faire rembourser sur ma carte de crédit.",
            "Le vol a été annulé à cause de la tempête de neige.",
            "Je voudrais un siège côté hublot, s'il vous plaît.",
            "L'hôtel m'a chargé deux fois pour la même nuit.",
            "Ma date de naissance, c'est le {dob}.",
            "Pour le retour, il me faut un vol direct vers Québec.",
            "Envoyez-moi la confirmation par courriel.",
        ),
    },
    slots={
        "user": (
            ("G T tiret 6 1 5", ("GT-615", "spoken_symbol")),
            ("marc tiret bas tremblay", ("marc_tremblay", "spoken_symbol")),
            ("Q 7 C", ("Q7C", "spelled_code")),
            ("S T 4 4", ("ST44", "spelled_code"), ("ST14", "number_error")),
        ),
        "name": (
            ("M. Gagnon", ("Monsieur Gagnon", "abbreviation"), ("M. Gagné", "name_error")),
            ("Mme Côté", ("Madame Côté", "abbreviation"), ("Mme Coté", "name_error")),
            ("Mme Tremblay", ("Madame Tremblay", "abbreviation"), ("Mme Tremblé", "name_error")),
        ),
        "num": (
            ("quinze", ("15", "number_format"), ("cinq", "number_error")),
            ("trente", ("30", "number_format")),
            ("soixante", ("60", "number_format"), ("seize", "number_error")),
        ),
        "code": (
            ("Y U L tiret 3 8 2", ("YUL-382", "spoken_symbol")),
            ("H 2 X", ("H2X", "spelled_code")),
            ("R B barre oblique 1 9", ("RB/19", "spoken_symbol")),
            ("J 5 0 6", ("J506", "spelled_code"), ("J560", "number_error")),
        ),
        "time": (
            ("six heures et quart", ("6 h 15", "number_format"), ("6 h 45", "number_error")),
            ("vingt heures", ("20 h", "number_format"), ("vingt-deux heures", "number_error")),
            "midi",
        ),
        "dob": (
            (
                "vingt-neuf février mille neuf cent quatre-vingt-huit",
                ("29 février 1988", "number_format"),
            ),
            (
                "onze novembre mille neuf cent quatre-vingt-quinze",
                ("11 novembre 1995", "number_format"),
                ("11 novembre 1985", "number_error"),
            ),
        ),
    },
    variants={
        "courriel": (("courrier", "substitution"),),
        "deux": (("2", "number_format"),),
        "deuxième": (("2e", "number_format"),),
        "vol": (("bol", "substitution"),),
        "barré": (("barrée", "substitution"),),
        "Montréal": (("montréal", "casing_punctuation"),),
        "réseau": (("réseaux", "substitution"),),
        "employé": (("employée", "substitution"),),
        "paie": (("paye", "spelling_variant"),),
        "déjeuner": (("déjeuné", "substitution"),),
        "hublot": (("hublots", "substitution"),),
        "lundi": (("Lundi", "casing_punctuation"),),
        "crédit": (("crédits", "substitution"),),
    },
    fillers=("euh", "mm"),
    deletable=("encore", "présentement", "direct"),
    insertable=("le", "là", "de"),
    guards=("il me faut",),
    greetings={
        ITSM: "Soutien informatique, bonjour, comment est-ce que je peux vous aider?",
        TRAVEL: "Agence de voyages, bonjour, qu'est-ce que je peux faire pour vous?",
    },
    fixed=(
        Fixed(
            ITSM,
            "Mon courriel est marie arobase videotron point ca.",
            "Mon courriel est marie@videotron.ca.",
            (("spoken_address", "marie arobase videotron point ca", "marie@videotron.ca"),),
        ),
        Fixed(
            TRAVEL,
            "Il m'a dit I'm sorry.",
            "Il m'a dit I am sorry.",
            (("code_switch", "I'm", "I am"),),
        ),
    ),
)

ES = _lang(
    code="es",
    templates={
        ITSM: (
            "Hola, mi cuenta está bloqueada desde esta mañana.",
            "Mi usuario es {user}.",
            "Sinceramente, me da igual si me llaman por la tarde o por la mañana.",
            "No me llega el código de verificación.",
            "Necesito acceso a la carpeta compartida de contabilidad.",
            "¿Puede avisar {name} del servicio técnico?",
            "La contraseña caduca en {num} días.",
            "El portátil no se conecta al wifi de la oficina.",
            "El número de incidencia es {code}.",
            "La VPN se corta cada diez minutos.",
            "Ya cambié la contraseña dos veces esta semana.",
        ),
        TRAVEL: (
            "Quiero cambiar mi vuelo al {date}.",
            "Mi código de reserva es {code}.",
            "Compré una barra de pan en el aeropuerto y me la cobraron dos veces.",
            "El vuelo de vuelta sale a las {time}.",
            "¿El desayuno está incluido en el precio?",
            "Prefiero un asiento de ventanilla.",
            "El vuelo se canceló por la tormenta.",
            "Quiero el reembolso en la misma tarjeta.",
            "Mi fecha de nacimiento es {dob}.",
            "La reserva está a nombre de {person}.",
            "La hora me da igual, pero necesito llegar hoy.",
        ),
    },
    slots={
        "user": (
            ("L M guion 3 0 2", ("LM-302", "spoken_symbol")),
            ("ana guion bajo ruiz", ("ana_ruiz", "spoken_symbol")),
            ("D 4 K", ("D4K", "spelled_code")),
            ("R 7 barra 2", ("R7/2", "spoken_symbol")),
        ),
        "name": (
            ("al Sr. Gómez", ("al señor Gómez", "abbreviation"), ("al Sr. Gámez", "name_error")),
            ("a D. Martínez", ("a don Martínez", "abbreviation"), ("a D. Martín", "name_error")),
            (
                "a la Sra. Ibáñez",
                ("a la señora Ibáñez", "abbreviation"),
                ("a la Sra. Ibarra", "name_error"),
            ),
        ),
        "person": (
            ("Lucía Fernández", ("Lucía Hernández", "name_error")),
            ("Javier Ortega", ("Javier Ortiz", "name_error")),
            "Carmen Ruiz",
        ),
        "num": (
            ("veinticinco", ("25", "number_format"), ("treinta y cinco", "number_error")),
            ("quince", ("15", "number_format"), ("cincuenta", "number_error")),
            ("noventa", ("90", "number_format")),
        ),
        "code": (
            ("C V guion 7 1 4", ("CV-714", "spoken_symbol")),
            ("M 3 J", ("M3J", "spelled_code")),
            ("P Q barra 2 5", ("PQ/25", "spoken_symbol")),
            ("H 6 0 9", ("H609", "spelled_code"), ("H690", "number_error")),
        ),
        "date": (
            ("quince de junio", ("15 de junio", "number_format"), ("16 de junio", "number_error")),
            ("primero de agosto", ("1 de agosto", "number_format")),
            (
                "veintidós de marzo",
                ("22 de marzo", "number_format"),
                ("12 de marzo", "number_error"),
            ),
        ),
        "time": (
            ("siete y media", ("7:30", "number_format"), ("siete y diez", "number_error")),
            ("diez", ("10", "number_format")),
            ("nueve y cuarto", ("9:15", "number_format"), ("9:45", "number_error")),
        ),
        "dob": (
            ("1992 guion 07 guion 09", ("1992-07-09", "spoken_symbol")),
            (
                "el tres de mayo de mil novecientos noventa",
                ("el 3 de mayo de 1990", "number_format"),
            ),
        ),
    },
    variants={
        "diez": (("10", "number_format"),),
        "dos": (("2", "number_format"),),
        "wifi": (("wi-fi", "compound_hyphen"),),
        "vuelo": (("duelo", "substitution"),),
        "tarjeta": (("tarea", "substitution"),),
        "ventanilla": (("vainilla", "substitution"),),
        "VPN": (("vpn", "casing_punctuation"),),
        "Hola": (("Ola", "substitution"),),
        "cuenta": (("cuesta", "substitution"),),
        "carpeta": (("carpetas", "substitution"),),
        "desayuno": (("desayunó", "substitution"),),
        "necesito": (("necesita", "substitution"),),
        "código": (("códigos", "substitution"),),
    },
    fillers=("eh", "este"),
    deletable=("ya", "también", "hoy", "misma"),
    insertable=("el", "y", "de"),
    guards=("una barra de pan", "me da igual"),
    greetings={
        ITSM: "Soporte técnico, buenos días, ¿en qué puedo ayudarle?",
        TRAVEL: "Agencia de viajes, buenas tardes, ¿qué necesita?",
    },
    fixed=(
        Fixed(
            TRAVEL,
            "El vuelo sale a las cinco y media y cuesta veinte euros.",
            "El vuelo sale a las 5:30 y cuesta 20 €.",
            (
                ("clock_time", "cinco y media", "5:30"),
                ("money_amount", "veinte euros", "20 €"),
            ),
        ),
        Fixed(
            ITSM,
            "Mi correo es juan arroba empresa punto es.",
            "Mi correo es juan@empresa.es.",
            (("spoken_address", "juan arroba empresa punto es", "juan@empresa.es"),),
        ),
        Fixed(
            TRAVEL,
            "Me dijo I'll call you mañana.",
            "Me dijo I will call you mañana.",
            (("code_switch", "I'll", "I will"),),
        ),
        Fixed(
            TRAVEL,
            "El vuelo sale a las siete.",
            "El vuelo sale a las seven.",
            (("substitution", "siete", "seven"),),
        ),
    ),
)

IT = _lang(
    code="it",
    templates={
        ITSM: (
            "Buongiorno, il mio account è bloccato da stamattina.",
            "Il mio nome utente è {user}.",
            "Non trovo la barra di ricerca nel portale.",
            "Il codice che mi avete mandato non funziona.",
            "Può avvisare {name} dell'assistenza?",
            "La password scade tra {num} giorni.",
            "Il portatile non si collega al wifi dell'ufficio.",
            "Mi serve l'accesso alla cartella condivisa dell'amministrazione.",
            "Il numero del ticket è {code}.",
            "La VPN si scollega ancora ogni dieci minuti.",
            "Ho già cambiato la password due volte.",
        ),
        TRAVEL: (
            "Vorrei spostare il volo al {date}.",
            "Il mio codice di prenotazione è {code}.",
            "Il volo di ritorno parte alle {time}.",
            "La colazione è inclusa nel prezzo?",
            "Preferisco un posto vicino al finestrino.",
            "Il volo è stato cancellato per il temporale.",
            "Vorrei il rimborso sulla stessa carta.",
            "La mia data di nascita è il {dob}.",
            "L'hotel mi ha addebitato la camera due volte.",
            "Il passeggero si chiama {person}.",
            "Il mio bagaglio non è ancora arrivato.",
        ),
    },
    slots={
        "user": (
            ("G B trattino 7 1", ("GB-71", "spoken_symbol")),
            ("luca trattino basso bianchi", ("luca_bianchi", "spoken_symbol")),
            ("S 9 R", ("S9R", "spelled_code")),
            ("F T barra 4 0", ("FT/40", "spoken_symbol")),
        ),
        "name": (
            ("il sig. Rossi", ("il signor Rossi", "abbreviation"), ("il sig. Russo", "name_error")),
            (
                "la dott.ssa Conti",
                ("la dottoressa Conti", "abbreviation"),
                ("la dott.ssa Monti", "name_error"),
            ),
            ("l'ing. Greco", ("l'ingegner Greco", "abbreviation"), ("l'ing. Grieco", "name_error")),
        ),
        "person": (
            ("Marco Esposito", ("Marco Esposto", "name_error")),
            ("Giulia Ferraro", ("Giulia Ferrara", "name_error")),
            "Chiara Lombardi",
        ),
        "num": (
            ("venticinque", ("25", "number_format"), ("trentacinque", "number_error")),
            ("quindici", ("15", "number_format"), ("cinquanta", "number_error")),
            ("novanta", ("90", "number_format")),
        ),
        "code": (
            ("N R trattino 3 6 8", ("NR-368", "spoken_symbol")),
            ("V 2 Z", ("V2Z", "spelled_code")),
            ("L C barra 1 2", ("LC/12", "spoken_symbol")),
            ("B 5 0 1", ("B501", "spelled_code"), ("B510", "number_error")),
        ),
        "date": (
            ("diciotto aprile", ("18 aprile", "number_format"), ("19 aprile", "number_error")),
            ("primo settembre", ("1° settembre", "number_format")),
            ("ventitré luglio", ("23 luglio", "number_format"), ("13 luglio", "number_error")),
        ),
        "time": (
            (
                "diciannove e trenta",
                ("19:30", "number_format"),
                ("diciannove e tredici", "number_error"),
            ),
            ("otto e un quarto", ("8:15", "number_format")),
            ("ventuno", ("21", "number_format"), ("undici", "number_error")),
        ),
        "dob": (
            ("1987 trattino 11 trattino 02", ("1987-11-02", "spoken_symbol")),
            ("tre marzo millenovecentonovanta", ("3 marzo 1990", "number_format")),
        ),
    },
    variants={
        "dieci": (("10", "number_format"),),
        "due": (("2", "number_format"),),
        "wifi": (("wi-fi", "compound_hyphen"),),
        "volo": (("voto", "substitution"),),
        "carta": (("cara", "substitution"),),
        "finestrino": (("festino", "substitution"),),
        "codice": (("codici", "substitution"),),
        "VPN": (("vpn", "casing_punctuation"),),
        "stamattina": (("sta mattina", "spelling_variant"),),
        "portale": (("portali", "substitution"),),
        "cartella": (("cartelle", "substitution"),),
        "prezzo": (("pezzo", "substitution"),),
        "bagaglio": (("bagagli", "substitution"),),
    },
    fillers=("ehm", "mmh"),
    deletable=("ancora", "già", "stessa"),
    insertable=("il", "e", "di"),
    guards=("la barra di ricerca",),
    greetings={
        ITSM: "Assistenza informatica, buongiorno, come posso aiutarla?",
        TRAVEL: "Agenzia viaggi, buongiorno, mi dica pure.",
    },
    fixed=(
        Fixed(
            TRAVEL,
            "Il treno parte alle cinque e mezza, binario tre.",
            "Il treno parte alle 5:30, binario 3.",
            (("clock_time", "cinque e mezza", "5:30"), ("number_format", "tre", "3")),
        ),
        Fixed(
            ITSM,
            "La mia mail è mario chiocciola libero punto it.",
            "La mia mail è mario@libero.it.",
            (("spoken_address", "mario chiocciola libero punto it", "mario@libero.it"),),
        ),
        Fixed(
            TRAVEL,
            "Il tassista ha detto it's fine.",
            "Il tassista ha detto it is fine.",
            (("code_switch", "it's", "it is"),),
        ),
    ),
)

HI = _lang(
    code="hi",
    templates={
        ITSM: (
            "ऑफ़िस में मेरा नेटवर्क बार-बार बंद हो जाता है।",
            "मेरा पासवर्ड काम नहीं कर रहा है।",
            "मुझे नया कोड अभी तक नहीं मिला।",
            "कृपया मेरा अकाउंट अनलॉक कर दीजिए।",
            "मेरा यूज़र आईडी {code} है।",
            "हाँ, मैंने ई-मेल चेक कर लिया है।",
            "ज़रूर, मैं {en_time} बजे फिर से कॉल करूँगा।",
            "मेरा सिस्टम कल से बहुत स्लो चल रहा है।",
            "मुझे सितंबर की सैलरी स्लिप चाहिए।",
            "I'm not sure, क्या आप दोबारा check कर सकते हैं?",
            "मेरा लैपटॉप {days} दिन से ठीक नहीं हुआ।",
            "मैं सुबह से लॉग इन नहीं कर पा रहा हूँ।",
            "मेरी मीटिंग {en_time} बजे है, उससे पहले ठीक कर दीजिए।",
            "I'll wait, आप आराम से check कीजिए।",
        ),
        TRAVEL: (
            "मेरी फ़्लाइट {en_time} बजे है।",
            "मुझे {digit_time} बजे की फ़्लाइट चाहिए।",
            "मैं कल सुबह एयरपोर्ट पहुँच जाऊँगा।",
            "मेरी बुकिंग का नंबर {code} है।",
            "होटल का कमरा बहुत छोटा है, क्या आप बदल सकते हैं?",
            "मुझे {en_date} अप्रैल को वापस आना है।",
            "मेरी जन्मतिथि {dob} है।",
            "पेमेंट हो गया लेकिन रिफंड अभी तक नहीं आया।",
            "मैं बस से स्टेशन जाऊँगा।",
            "कृपया मेरे टिकट की बुकिंग कन्फर्म कर दीजिए।",
            "मुझे विंडो सीट चाहिए, अगर मिल सके तो।",
            "मेरा बैग कहाँ है, मुझे अभी तक नहीं मिला।",
            "होटल में चेक-इन {en_time} बजे से है क्या?",
        ),
    },
    slots={
        "code": (
            ("जी एच डैश चार पाँच छह", ("GH-456", "spoken_symbol")),
            ("ए आर सात सात", ("AR77", "spelled_code")),
            ("पी क्यू डैश नौ एक", ("PQ-91", "spoken_symbol")),
            ("एस टी दो शून्य आठ", ("ST208", "spelled_code"), ("ST280", "number_error")),
        ),
        "en_time": (
            ("seven", ("7", "code_switch")),
            ("nine", ("9", "code_switch")),
            ("eleven", ("11", "code_switch"), ("seven", "number_error")),
            ("पाँच", ("5", "number_format")),
        ),
        "digit_time": (
            ("7", ("seven", "substitution")),
            ("9", ("nine", "substitution")),
            ("6", ("8", "number_error")),
        ),
        "days": (
            ("तीन", ("3", "number_format"), ("तेरह", "number_error")),
            ("पाँच", ("5", "number_format")),
            ("दस", ("10", "number_format")),
        ),
        "en_date": (
            ("twenty five", ("25", "code_switch")),
            ("fifteen", ("15", "code_switch"), ("fifty", "number_error")),
            ("बीस", ("20", "number_format")),
        ),
        "dob": (
            ("1993 डैश 08 डैश 21", ("1993-08-21", "spoken_symbol")),
            ("बारह मार्च", ("12 मार्च", "number_format"), ("ग्यारह मार्च", "number_error")),
        ),
    },
    variants={
        "ऑफ़िस": (("office", "loanword_script"),),
        "नेटवर्क": (("network", "phonetic_match"),),
        "पासवर्ड": (("password", "phonetic_match"),),
        "कोड": (("code", "loanword_script"),),
        "अकाउंट": (("account", "phonetic_match"),),
        "ई-मेल": (("ईमेल", "compound_hyphen"),),
        "सिस्टम": (("system", "phonetic_match"),),
        "सितंबर": (("सितम्बर", "spelling_variant"),),
        "सैलरी": (("salary", "phonetic_match"),),
        "I'm": (("I am", "code_switch"),),
        "I'll": (("I will", "code_switch"),),
        "चेक-इन": (("चेकइन", "compound_hyphen"),),
        "मीटिंग": (("meeting", "phonetic_match"),),
        "लैपटॉप": (("laptop", "phonetic_match"),),
        "एयरपोर्ट": (("airport", "phonetic_match"),),
        "बुकिंग": (("booking", "phonetic_match"),),
        "होटल": (("hotel", "phonetic_match"),),
        "पेमेंट": (("payment", "phonetic_match"),),
        "रिफंड": (("refund", "phonetic_match"),),
        "कन्फर्म": (("confirm", "phonetic_match"),),
        "विंडो": (("window", "phonetic_match"),),
        "सीट": (("seat", "loanword_script"),),
        "स्लो": (("slow", "loanword_script"),),
        "स्टेशन": (("station", "phonetic_match"),),
        "check": (("चेक", "loanword_script"),),
        "दोबारा": (("दुबारा", "spelling_variant"),),
        "वापस": (("वापिस", "spelling_variant"),),
        "छोटा": (("छोटी", "substitution"),),
        "बदल": (("बादल", "substitution"),),
        "सुबह": (("सुबे", "substitution"),),
    },
    folds=("nukta_fold", "chandrabindu_fold"),
    fillers=("अं", "हम्म"),
    deletable=("बहुत", "अभी", "कृपया", "फिर"),
    insertable=("तो", "भी", "और"),
    guards=("कल", "बार-बार", "बस", "कमरा"),
    cased=False,
    greetings={
        ITSM: "नमस्ते, आईटी हेल्पडेस्क में आपका स्वागत है, मैं आपकी क्या मदद कर सकती हूँ?",
        TRAVEL: "नमस्ते, ट्रैवल डेस्क से बोल रही हूँ, बताइए मैं कैसे मदद करूँ?",
    },
    fixed=(
        Fixed(
            TRAVEL, "मेरी flight कल है।", "मेरी fight कल है।", (("substitution", "flight", "fight"),)
        ),
        Fixed(
            TRAVEL,
            "मुझे 7 बजे की फ़्लाइट चाहिए।",
            "मुझे seven बजे की फ़्लाइट चाहिए।",
            (("substitution", "7", "seven"),),
        ),
        Fixed(
            TRAVEL, "मेरी फ़्लाइट seven बजे है।", "मेरी फ़्लाइट 7 बजे है।", (("code_switch", "seven", "7"),)
        ),
        Fixed(ITSM, "मैं कल ऑफ़िस आऊँगा।", "मैं call ऑफ़िस आऊँगा।", (("substitution", "कल", "call"),)),
        Fixed(
            ITSM,
            "मेरे कंप्यूटर में नेटवर्क की दिक्कत है।",
            "मेरे कंप्यूटर में network की दिक्कत है।",
            (("phonetic_match", "नेटवर्क", "network"),),
        ),
        Fixed(
            TRAVEL,
            "मेरी मीटिंग साढ़े तीन बजे है",
            "मेरी मीटिंग 3:30 बजे है",
            (("number_format", "साढ़े तीन", "3:30"),),
        ),
        Fixed(
            ITSM,
            "कॉल सवा दो बजे करना",
            "कॉल 2:15 बजे करना",
            (("number_format", "सवा दो", "2:15"),),
        ),
        Fixed(
            TRAVEL,
            "फ़्लाइट साढ़े तीन बजे है",
            "फ़्लाइट 4:30 बजे है",
            (("number_error", "साढ़े तीन", "4:30"),),
        ),
    ),
)

KO = _lang(
    code="ko",
    templates={
        ITSM: (
            "안녕하세요, 비밀번호를 재설정하고 싶어요.",
            "제 이름은 천민수입니다.",
            "인터넷이 계속 끊겨요.",
            "네 개인정보 동의는 이미 했어요.",
            "휴대폰 번호는 {phone}입니다.",
            "노트북을 {date}에 받았어요.",
            "계정이 잠겨서 로그인을 못 해요.",
            "다음 주까지 새 모니터가 필요해요.",
            "담당자는 백지수 씨예요.",
            "인증번호가 문자로 안 와요.",
            "사내 메신저가 {time}부터 안 돼요.",
        ),
        TRAVEL: (
            "비행기가 {time}에 출발해요.",
            "만나서 반갑습니다, 예약 때문에 전화했어요.",
            "호텔 요금이 {won}이에요.",
            "같이 가는 동생은 {age}이에요.",
            "음식 알레르기가 있어서 채식으로 부탁해요.",
            "예약 번호를 문자로 보내 주세요.",
            "창가 좌석으로 바꿀 수 있을까요?",
            "환불은 언제 들어오나요?",
            "여권의 영어 이름을 확인해 주세요.",
            "출발 날짜를 {date}로 바꾸고 싶어요.",
            "제 이름은 {name}입니다.",
        ),
    },
    slots={
        "phone": (
            (
                "공일공 이삼사오 육칠팔구",
                ("010 2345 6789", "number_format"),
                ("010 2345 6781", "number_error"),
            ),
            ("공일공 구팔칠육 오사삼이", ("010 9876 5432", "number_format")),
        ),
        "date": (
            ("사월 십이일", ("4월 12일", "number_format"), ("4월 11일", "number_error")),
            ("유월 삼일", ("6월 3일", "number_format")),
            ("시월 이십일", ("10월 20일", "number_format"), ("10월 21일", "number_error")),
        ),
        "time": (
            ("열두 시", ("12시", "number_format"), ("열 시", "number_error")),
            ("아홉 시", ("9시", "number_format"), ("여덟 시", "number_error")),
            ("세 시 반", ("3시 반", "number_format")),
        ),
        "won": (
            ("십이만 원", ("12만 원", "number_format"), ("이십만 원", "number_error")),
            ("1만 2천 원", ("12,000원", "number_format"), ("2만 1천 원", "number_error")),
        ),
        "age": (
            ("스무 살", ("20살", "number_format"), ("스물한 살", "number_error")),
            ("열여덟 살", ("18살", "number_format")),
        ),
        "name": (
            ("김서연", ("김서현", "name_error")),
            ("이준호", ("이존호", "name_error")),
            ("박하늘", ("박하눌", "name_error")),
        ),
    },
    variants={
        "창가": (("참가", "substitution"),),
        "문자로": (("문제로", "substitution"),),
        "노트북을": (("노트를", "substitution"),),
        "새": (("세", "substitution"),),
        "재설정하고": (("재 설정하고", "spelling_variant"),),
        "바꿀": (("바 꿀", "spelling_variant"),),
        "알레르기가": (("알러지가", "spelling_variant"),),
        "로그인을": (("로그 인을", "spelling_variant"),),
        "확인해": (("확인 해", "spelling_variant"),),
        "전화했어요": (("전화 했어요", "spelling_variant"),),
    },
    fillers=("음", "어"),
    deletable=("계속", "이미", "같이"),
    insertable=("좀", "또", "그"),
    guards=(
        "천민수",
        "백지수",
        "만나서 반갑습니다",
        "인터넷",
        "네 개인정보",
        "음식",
        "다음",
        "영어",
    ),
    cased=False,
    greetings={
        ITSM: "안녕하세요, IT 헬프데스크입니다. 무엇을 도와드릴까요?",
        TRAVEL: "안녕하세요, 여행 예약 센터입니다. 어떻게 도와드릴까요?",
    },
    fixed=(
        Fixed(
            ITSM,
            "담당자 천민수 씨를 바꿔 주세요.",
            "담당자 전민수 씨를 바꿔 주세요.",
            (("name_error", "천민수", "전민수"),),
        ),
        Fixed(
            ITSM,
            "제 아이디는 에이 비 씨 일 이 삼이에요",
            "제 아이디는 ABC123이에요",
            (("spelled_code", "에이 비 씨 일 이 삼", "ABC123"),),
        ),
        Fixed(
            ITSM,
            "Outlook 계정이 잠겼어요",
            "아웃룩 계정이 잠겼어요",
            (("loanword_script", "Outlook", "아웃룩"),),
        ),
        Fixed(
            TRAVEL,
            "예약 코드는 에이 비 씨 일 이 삼이에요",
            "예약 코드는 ABD123이에요",
            (("number_error", "에이 비 씨 일 이 삼", "ABD123"),),
        ),
    ),
)

JA = _lang(
    code="ja",
    templates={
        ITSM: (
            "{product}のパスワードをリセットしたいです。",
            "{product}にログインできません。",
            "社員番号は{code}です。",
            "新しいモデルのパソコンが届きました。",
            "{name}さんに確認してもらえますか。",
            "何とか接続できましたが、まだ遅いです。",
            "名字の変更をお願いしたいです。",
            "{time}までに直してもらえますか。",
            "{product}の招待メールがまだ来ていません。",
            "VPNが朝から何度も切れます。",
            "{product}の通知が止まりません。",
            "パスワードの有効期限が{date}で切れました。",
        ),
        TRAVEL: (
            "{date}の便を予約しています。",
            "機内食はビーフでお願いします。",
            "泊まるのはエースホテルです。",
            "ホテルでワイシャツのクリーニングは頼めますか。",
            "予約番号は{code}です。",
            "振替の便はありますか。",
            "窓側の席に変更できますか。",
            "料金が合っているか確認してください。",
            "払い戻しはいつになりますか。",
            "{name}と申します。",
            "帰りの便は{time}に出発します。",
            "ホテルは{app}で予約しました。",
        ),
    },
    slots={
        "product": (
            ("Confluence", ("コンフルエンス", "katakana_name")),
            ("Datadog", ("データドッグ", "katakana_name")),
            ("Slack", ("スラック", "katakana_name")),
            ("Zoom", ("ズーム", "katakana_name")),
            ("Teams", ("チームズ", "katakana_name")),
        ),
        "code": (
            ("EMP3", ("イー・エム・ピー・さん", "spelled_code")),
            ("527310", ("五、二、七、三、一、ゼロ", "spelled_code"), ("527301", "number_error")),
            ("KX48", ("ケー・エックス・よん・はち", "spelled_code")),
        ),
        "app": (
            ("Expedia", ("エクスペディア", "katakana_name")),
            ("Airbnb", ("エアビーアンドビー", "katakana_name")),
            ("Booking.com", ("ブッキングドットコム", "katakana_name")),
        ),
        "name": (
            ("佐藤", ("加藤", "name_error")),
            ("田中", ("谷中", "name_error")),
            ("渡辺", ("渡部", "name_error")),
            "山口",
        ),
        "time": (
            ("三時", ("3時", "number_format"), ("四時", "number_error")),
            ("十時半", ("10時半", "number_format")),
            ("十二時", ("12時", "number_format"), ("二時", "number_error")),
        ),
        "date": (
            ("四月十八日", ("4月18日", "number_format"), ("4月19日", "number_error")),
            ("十二月三日", ("12月3日", "number_format")),
            ("二十五日", ("25日", "number_format"), ("20日", "number_error")),
        ),
    },
    variants={
        "何とか": (("なんとか", "spelling_variant"),),
        "振替": (("振り替え", "spelling_variant"),),
        "名字": (("苗字", "spelling_variant"),),
        "合って": (("あって", "spelling_variant"),),
        "、": (("", "casing_punctuation"),),
        "席": (("咳", "substitution"),),
        "機内食": (("機内職", "substitution"),),
        "切れます": (("来れます", "substitution"),),
        "出発": (("出張", "substitution"),),
        "まだ": (("", "deletion"),),
        "払い戻し": (("払戻し", "spelling_variant"),),
        "泊まる": (("止まる", "substitution"),),
    },
    fillers=("えーと、", "あの、"),
    guards=("エース", "ビーフ", "ワイシャツ", "モデル"),
    spaced=False,
    cased=False,
    greetings={
        ITSM: "お電話ありがとうございます。ITヘルプデスクです。",
        TRAVEL: "お電話ありがとうございます。旅行予約センターです。",
    },
    fixed=(
        Fixed(
            ITSM,
            "HubSpotにログインできません",
            "ハブスポットにログインできません",
            (("katakana_name", "HubSpot", "ハブスポット"),),
        ),
    ),
)

HA = _lang(
    code="ha",
    templates={
        ITSM: (
            "Sannu, an kulle asusuna tun safiyar yau.",
            "Na manta kalmar sirrina.",
            "Ban karɓi saƙon tabbatarwa ba.",
            "Ina buƙatar sabuwar kalmar sirri kafin ƙarfe {hour}.",
            "Lambar maʼaikacina ita ce {code}.",
            "Kwamfutata ba ta haɗuwa da intanet.",
            "Don Allah ka tura mini saƙo ta waya.",
            "Ina so in yi magana da {name}.",
            "Na jira saʼa biyu amma ba a gyara ba.",
            "An aiko mini da lambar sirri sau uku.",
            "Shin za ku iya buɗe asusuna yau?",
            "Taron zai fara bayan saʼa ɗaya.",
        ),
        TRAVEL: (
            "Jirgina zai tashi ranar {day} da safe.",
            "Ina so in canza tikitina zuwa gobe.",
            "Lambar tikitina ita ce {code}.",
            "Na biya kuɗin ɗaki sau biyu.",
            "Ina so a mayar mini da kuɗina.",
            "Jirgin ya yi jinkiri na saʼa uku.",
            "Zan isa filin jirgin sama da ƙarfe {hour} na dare.",
            "Ina son kujera kusa da taga.",
            "Shin akwai abincin safe a otal ɗin?",
            "Ina so in yi magana da {name} game da tikitina.",
            "Za mu tafi ranar Jumaʼa tare da ƴanʼuwana.",
        ),
    },
    slots={
        "hour": (
            ("takwas", ("8", "number_format"), ("bakwai", "number_error")),
            ("goma", ("10", "number_format"), ("tara", "number_error")),
            ("biyu", ("2", "number_format")),
        ),
        "code": (
            ("K N biyu huɗu", ("KN24", "spelled_code")),
            ("T ɗaya bakwai", ("T17", "spelled_code"), ("T18", "number_error")),
            ("A B uku biyar", ("AB35", "spelled_code")),
        ),
        "name": (
            ("Malam Aminu", ("Malam Amina", "name_error")),
            ("Hajiya Hauwa", ("Hajiya Halima", "name_error")),
            ("Malam Bello", ("Malam Bala", "name_error")),
            ("Malama Zainab", ("malama Zainab", "casing_punctuation")),
        ),
        "day": (
            ("Talata", ("talata", "casing_punctuation")),
            ("Jumaʼa", ("Juma'a", "apostrophe_variant")),
            ("Alhamis", ("Laraba", "substitution")),
            ("Asabar", ("asabar", "casing_punctuation")),
        ),
    },
    variants={
        "na": (("da", "substitution"),),
        "biyu": (("uku", "number_error"),),
        "uku": (("biyu", "number_error"),),
        "safe": (("sake", "substitution"),),
        "sirrina": (("sirri na", "spelling_variant"),),
        "taga": (("taka", "substitution"),),
        "gobe": (("goma", "substitution"),),
    },
    folds=("hooked_letter", "apostrophe_variant"),
    fillers=("ee", "umm"),
    deletable=("yau", "mini", "Shin", "tare"),
    insertable=("da", "ne", "fa"),
    greetings={
        ITSM: "Barka da safe, sashen taimakon kwamfuta ne. Ta yaya zan taimaka maka?",
        TRAVEL: "Barka da rana, ofishin tafiye-tafiye ne. Me kake buƙata?",
    },
    fixed=(
        Fixed(
            TRAVEL,
            "Zan tafi da ƙarfe takwas na safe.",
            "Zan tafi da karfe takwas da safe.",
            (("hooked_letter", "ƙarfe", "karfe"), ("substitution", "na", "da")),
        ),
        Fixed(
            ITSM,
            "Na rasa saʼa ɗaya a layin jira.",
            "Na rasa sa'a daya a layin jira.",
            (("apostrophe_variant", "saʼa", "sa'a"), ("hooked_letter", "ɗaya", "daya")),
        ),
    ),
)

FA = _lang(
    code="fa",
    templates={
        ITSM: (
            "سلام، رمز عبور VPN من کار نمی‌کند.",
            "حساب کاربری من قفل شده است.",
            "لطفاً لینک {product} را دوباره برایم بفرستید.",
            "نمی‌توانم وارد {product} شوم.",
            "لپ‌تاپ من به Wi-Fi شرکت وصل نمی‌شود.",
            "کد تأیید را هنوز دریافت نکرده‌ام.",
            "می‌خواهم رمزم را عوض کنم.",
            "شماره تیکت من {code} است.",
            "اسم من {name} است.",
            "از ساعت {hour} صبح ایمیلم کار نمی‌کند.",
            "لطفاً به مدیر شبکه خبر بدهید.",
        ),
        TRAVEL: (
            "پرواز من ساعت {hour} صبح است.",
            "می‌خواهم بلیتم را برای فردا عوض کنم.",
            "کد رزرو من {code} است.",
            "هتل را از طریق {site} رزرو کردم.",
            "لطفاً هزینه را به کارت من برگردانید.",
            "پروازم به Frankfurt تأخیر دارد.",
            "آیا می‌توانم صندلی کنار پنجره بگیرم؟",
            "آیا صبحانه در قیمت اتاق حساب شده است؟",
            "بلیت را با کارت اعتباری پرداخت کردم.",
            "اسم مسافر {name} است.",
            "چمدانم هنوز به فرودگاه نرسیده است.",
        ),
    },
    slots={
        "product": (
            ("Zoom", ("zoom", "casing_punctuation"), ("زوم", "substitution")),
            ("Outlook", ("outlook", "casing_punctuation"), ("اوتلوک", "substitution")),
            ("Teams", ("teams", "casing_punctuation")),
            ("GitLab", ("Gitlab", "casing_punctuation")),
        ),
        "site": (
            ("Booking", ("booking", "casing_punctuation"), ("بوکینگ", "substitution")),
            ("Airbnb", ("airbnb", "casing_punctuation")),
        ),
        "code": (
            ("۴۸۲۷۱۵", ("482715", "number_format"), ("۴۸۲۷۵۱", "number_error")),
            ("۹۰۳۶۲", ("90362", "number_format")),
            ("TK-۵۱۸", ("TK-518", "number_format")),
        ),
        "name": (
            ("سارا احمدی", ("سارا احمری", "name_error")),
            ("رضا کریمی", ("رضا كريمي", "yeh_kaf"), ("رضا کرمی", "name_error")),
            ("مریم رستمی", ("مریم رستگار", "name_error")),
        ),
        "hour": (
            ("۸", ("8", "number_format"), ("۹", "number_error")),
            ("۱۰", ("10", "number_format")),
            ("۷", ("7", "number_format"), ("۶", "number_error")),
        ),
    },
    variants={
        "می‌خواهم": (("میخواهم", "spelling_variant"),),
        "نمی‌کند": (("نمیکند", "spelling_variant"),),
        "نمی‌شود": (("نمیشود", "spelling_variant"),),
        "لپ‌تاپ": (("لپتاپ", "spelling_variant"),),
        "بلیتم": (("بلیطم", "spelling_variant"),),
        "بلیت": (("بلیط", "spelling_variant"),),
        "Wi-Fi": (("WiFi", "compound_hyphen"),),
        "VPN": (("وی‌پی‌ان", "substitution"),),
        "Frankfurt": (("فرانکفورت", "substitution"),),
        "صبح": (("صبر", "substitution"),),
        "کارت": (("کار", "substitution"),),
        "پنجره": (("پنجه", "substitution"),),
    },
    folds=("yeh_kaf",),
    fillers=("اِم",),
    deletable=("لطفاً", "دوباره", "هنوز"),
    insertable=("هم", "را", "و"),
    cased=False,
    greetings={
        ITSM: "سلام، اینجا پشتیبانی فناوری اطلاعات است. چطور می‌توانم کمکتان کنم؟",
        TRAVEL: "سلام، آژانس مسافرتی، در خدمتتان هستم.",
    },
)

LANGS = (EN, DE, NL, FR, FR_CA, ES, IT, HI, KO, JA, HA, FA)
GUARD_PHRASES: dict[str, tuple[str, ...]] = {
    lang.code: lang.guards for lang in LANGS if lang.guards
}


if __name__ == "__main__":
    raise SystemExit(main())
