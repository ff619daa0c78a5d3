"""Shift detection on hand-made conversations: a shift of +1, −1 or +2 over a run is
found with its run and shift; bad STT without a shift is not a shift."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.dataquality import SHIFT, TurnText, find_shifts, repaired_hypotheses
from scoring.dataquality.shift import shift_findings

REFERENCES = [
    "Hi, I'm locked out of my account again.",
    "My username is dev slash ops nine.",
    "I can't open the reset link you sent me.",
    "It says my password expired three days ago.",
    "Could you ask Mr. Adeyemi from the service desk to call me back?",
    "The VPN keeps dropping when I work from home.",
    "I need access to the shared drive for the finance team.",
    "My laptop won't connect to the office Wi-Fi.",
    "Please send the code to my mobile instead.",
    "Okay, I've got the text message now.",
]
# what a decent STT wrote for each reference (a few real errors each)
TRANSCRIPTS = [
    "Hi, I am locked out of my account again",
    "My user name is dev/ops9.",
    "I cannot open the reset link and you sent me.",
    "It says my pass word expired 3 days ago.",
    "Could you ask Mr. Adeyami from the service desk to call me back?",
    "The VPN keeps dropping when I walk from home.",
    "I need access to the shared dry for the finance team",
    "My laptop won't connect to the office wifi.",
    "Please send the coat to my mobile instead.",
    "Okay I got the text message now.",
]
# what a bad STT wrote: many errors, but each still of its own reference
BAD_TRANSCRIPTS = [
    "hi um lock dow my count again",
    "my use her name is def lash hop nein",
    "I can open the rest lane you cent me",
    "it say my pass were expire tree day go",
    "could ya ask mister a day ami from desk to call",
    "the v p n keep drop in win I walk form home",
    "I knit axes to the shred drive for fine ants",
    "my lap top wont connect two office why fly",
    "please end the coat to my mow bile instead",
    "okay I got text massage",
]


def conversation(references, hypotheses, *, context_at=()) -> list[TurnText]:
    """User turns with these texts; an assistant turn at each index in `context_at`."""
    turns, index = [], 0
    for reference, hypothesis in zip(references, hypotheses, strict=True):
        while index in context_at:
            turns.append(TurnText(index, "How can I help?", "How can I help?", scored=False))
            index += 1
        turns.append(TurnText(index, reference, hypothesis))
        index += 1
    return turns


def runs(turns) -> list[tuple[int, int, int]]:
    return [(s.first, s.last, s.shift) for s in find_shifts(turns)]


def test_a_correctly_paired_conversation_has_no_shift():
    assert runs(conversation(REFERENCES, TRANSCRIPTS)) == []


def test_a_shift_of_plus_one_is_found_with_its_run():
    # turn 3's transcript stored under turn 2, and so on up to turn 8; turn 9 has none
    hyps = TRANSCRIPTS[:2] + TRANSCRIPTS[3:] + [""]
    assert runs(conversation(REFERENCES, hyps)) == [(2, 8, 1)]


def test_a_shift_of_minus_one_is_found_with_its_run():
    # an extra transcript at turn 4: turns 5-9 hold the transcripts of turns 4-8
    hyps = TRANSCRIPTS[:4] + ["sorry can you repeat that"] + TRANSCRIPTS[4:9]
    assert runs(conversation(REFERENCES, hyps)) == [(5, 9, -1)]


def test_a_shift_of_two_is_found():
    hyps = TRANSCRIPTS[:3] + TRANSCRIPTS[5:] + ["", ""]
    assert runs(conversation(REFERENCES, hyps)) == [(3, 7, 2)]


def test_a_run_in_the_middle_ends_where_the_shift_ends():
    # turns 2-5 hold the transcripts of 3-6; turn 6 lost its own; 7-9 are right again
    hyps = TRANSCRIPTS[:2] + TRANSCRIPTS[3:7] + [""] + TRANSCRIPTS[7:]
    assert runs(conversation(REFERENCES, hyps)) == [(2, 5, 1)]


def test_two_runs_with_opposite_shifts_are_both_found():
    hyps = (
        TRANSCRIPTS[:1] + TRANSCRIPTS[2:4] + [""]  # turns 1-2 hold 2-3
        + TRANSCRIPTS[4:6] + ["what", "noise"] + TRANSCRIPTS[6:8]  # turns 8-9 hold 6-7
    )  # fmt: skip
    assert runs(conversation(REFERENCES, hyps)) == [(1, 2, 1), (8, 9, -2)]


def test_context_turns_are_skipped_and_runs_name_turn_indices():
    hyps = TRANSCRIPTS[:2] + TRANSCRIPTS[3:] + [""]
    turns = conversation(REFERENCES, hyps, context_at=(0, 4))
    # user turns sit at indices 1-3 and 5-11: the run starts at the third user turn
    assert runs(turns) == [(3, 10, 1)]
    assert find_shifts(turns)[0].positions == (2, 8)


def test_bad_stt_without_a_shift_is_not_a_shift():
    assert runs(conversation(REFERENCES, BAD_TRANSCRIPTS)) == []


def test_bad_stt_with_a_shift_is_still_found():
    hyps = BAD_TRANSCRIPTS[:2] + BAD_TRANSCRIPTS[3:] + [""]
    assert runs(conversation(REFERENCES, hyps)) == [(2, 8, 1)]


def test_one_turn_matching_a_neighbour_is_not_a_run():
    # turn 4 happens to repeat turn 5's sentence: one turn, no run
    hyps = list(TRANSCRIPTS)
    hyps[4] = TRANSCRIPTS[5]
    assert runs(conversation(REFERENCES, hyps)) == []


def test_formulaic_turns_that_repeat_do_not_make_a_shift():
    references = ["Yes.", "Yes.", "Yes, that's right.", "No.", "Yes."]
    hypotheses = ["yes", "yeah", "yes that's right", "no", "yes"]
    assert runs(conversation(references, hypotheses)) == []


def test_empty_and_tiny_conversations():
    assert runs([]) == []
    assert runs(conversation(["hello"], [""])) == []


def test_the_finding_says_the_run_the_shift_and_the_distances():
    hyps = TRANSCRIPTS[:2] + TRANSCRIPTS[3:] + [""]
    (finding,) = shift_findings(conversation(REFERENCES, hyps))
    assert (finding.kind, finding.first, finding.last, finding.shift) == (SHIFT, 2, 8, 1)
    assert finding.message.startswith("turns 2–8: each hypothesis is the transcript of the user")
    assert "(shift +1)" in finding.message
    assert finding.detail["turns"] == 7
    assert finding.detail["shifted"] < 0.6 * finding.detail["stored"]


# --- re-pairing ------------------------------------------------------------------------------


def test_repairing_a_found_shift_gives_the_right_pairs():
    hyps = TRANSCRIPTS[:2] + TRANSCRIPTS[3:] + [""]
    (shift,) = find_shifts(conversation(REFERENCES, hyps))
    repaired = repaired_hypotheses(hyps, *shift.positions, shift.shift)
    assert repaired == TRANSCRIPTS[:2] + [""] + TRANSCRIPTS[3:]
    assert runs(conversation(REFERENCES, repaired)) == []


def test_repairing_a_negative_shift_empties_the_turn_left_without_a_transcript():
    hyps = TRANSCRIPTS[:4] + ["sorry can you repeat that"] + TRANSCRIPTS[4:9]
    (shift,) = find_shifts(conversation(REFERENCES, hyps))
    assert repaired_hypotheses(hyps, *shift.positions, shift.shift) == TRANSCRIPTS[:9] + [""]


@pytest.mark.parametrize(("first", "last", "shift"), [(0, 1, -1), (2, 3, 1), (3, 2, 1), (0, 0, 4)])
def test_a_shift_that_leaves_the_conversation_is_refused(first, last, shift):
    with pytest.raises(ValueError, match="cannot move"):
        repaired_hypotheses(["a", "b", "c", "d"], first, last, shift)


def naive_repair(hypotheses, first, last, shift):
    """What re-pairing means, written the slow way: each turn takes the hypothesis that
    sat `shift` turns before it, if that one was in the run; a run turn nobody moved to is
    empty; every other turn keeps its own."""
    out = []
    for p, own in enumerate(hypotheses):
        source = p - shift
        if first <= source <= last:
            out.append(hypotheses[source])
        elif first <= p <= last:
            out.append("")
        else:
            out.append(own)
    return out


@given(
    hypotheses=st.lists(st.text(max_size=3), min_size=1, max_size=12),
    data=st.data(),
)
def test_repairing_matches_the_naive_definition(hypotheses, data):
    n = len(hypotheses)
    shift = data.draw(st.sampled_from([1, -1, 2, -2]))
    first = data.draw(st.integers(0, n - 1))
    last = data.draw(st.integers(first, n - 1))
    if not (0 <= first + shift and last + shift < n):
        with pytest.raises(ValueError):
            repaired_hypotheses(hypotheses, first, last, shift)
        return
    assert repaired_hypotheses(hypotheses, first, last, shift) == naive_repair(
        hypotheses, first, last, shift
    )
