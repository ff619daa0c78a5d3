"""Duplicates: a conversation imported twice, a run of turns imported twice, a turn repeated
in one conversation; and what recurs in any data is not one."""

from __future__ import annotations

from scoring.dataquality import (
    DUPLICATE_CONVERSATION,
    DUPLICATE_TURN,
    DuplicateIndex,
    Origin,
    TurnText,
    conversation_key,
)

PAIRS = [
    ("Hi, I'm locked out of my account again.", "Hi, I am locked out of my account again"),
    ("My username is dev slash ops nine.", "My user name is dev/ops9."),
    ("I can't open the reset link you sent me.", "I cannot open the reset link and you sent me."),
    ("It says my password expired three days ago.", "It says my pass word expired 3 days ago."),
]
OTHER = [
    ("The VPN keeps dropping when I work from home.", "The VPN keeps dropping when I walk home."),
    ("Please send the code to my mobile instead.", "Please send the coat to my mobile instead."),
]


def turns(pairs, start: int = 0, *, context: bool = False) -> list[TurnText]:
    out = [TurnText(start + i, ref, hyp) for i, (ref, hyp) in enumerate(pairs)]
    if context:
        out.insert(0, TurnText(start - 1, "How can I help?", "How can I help?", scored=False))
    return out


def check(index: DuplicateIndex, name: str, conversation) -> list[tuple]:
    found = index.check(Origin(name, f"«{name}»"), conversation)
    return [(f.kind, f.first, f.last, f.detail.get("conversation")) for f in found]


def test_a_conversation_imported_twice_is_one_finding_on_the_copy():
    index = DuplicateIndex()
    assert check(index, "a", turns(PAIRS)) == []
    assert check(index, "b", turns(PAIRS)) == [(DUPLICATE_CONVERSATION, None, None, "a")]
    assert DuplicateIndex().check(Origin("x", "x"), []) == []


def test_the_copy_says_which_conversation_it_copies():
    index = DuplicateIndex()
    index.add(Origin("17", "demo-en-001 (dataset runs)"), turns(PAIRS))
    (finding,) = index.check(Origin("18", "c2"), turns(PAIRS))
    assert finding.message == "the same turns as conversation demo-en-001 (dataset runs)"
    assert finding.detail == {"conversation": "17", "name": "demo-en-001 (dataset runs)"}


def test_spacing_does_not_make_another_conversation_but_case_does():
    index = DuplicateIndex()
    check(index, "a", turns(PAIRS))
    spaced = [(f"  {ref} ", hyp.replace(" ", "  ")) for ref, hyp in PAIRS]
    assert check(index, "b", turns(spaced))[0][0] == DUPLICATE_CONVERSATION
    lowered = [(ref, hyp.lower()) for ref, hyp in PAIRS]
    assert all(kind != DUPLICATE_CONVERSATION for kind, *_ in check(index, "c", turns(lowered)))


def test_a_context_turn_more_makes_another_conversation():
    index = DuplicateIndex()
    check(index, "a", turns(PAIRS, 1))
    found = check(index, "b", turns(PAIRS, 1, context=True))
    # not the same conversation, but its four user turns are the same run
    assert found == [(DUPLICATE_TURN, 1, 4, "a")]


def test_a_run_of_turns_imported_twice_is_found_with_both_places():
    index = DuplicateIndex()
    check(index, "a", turns(PAIRS))
    (finding,) = index.check(Origin("b", "«b»"), turns(OTHER + PAIRS[1:3]))
    assert (finding.kind, finding.first, finding.last) == (DUPLICATE_TURN, 2, 3)
    assert finding.message == (
        "turns 2–3: the same references and hypotheses as turns 1–2 of conversation «a»"
    )
    assert finding.detail == {"conversation": "a", "name": "«a»", "turns": [1, 2]}


def test_one_turn_shared_with_another_conversation_is_not_a_duplicate():
    # a scripted sentence with the STT's usual error recurs in every run of the script
    index = DuplicateIndex()
    check(index, "a", turns(PAIRS))
    assert check(index, "b", turns(OTHER[:1] + PAIRS[1:2] + OTHER[1:])) == []


def test_turns_shared_out_of_order_are_not_a_run():
    index = DuplicateIndex()
    check(index, "a", turns(PAIRS))
    assert check(index, "b", turns([PAIRS[2], PAIRS[0]])) == []


def test_a_turn_repeated_within_a_conversation_is_found():
    index = DuplicateIndex()
    (finding,) = index.check(Origin("a", "a"), turns([PAIRS[0], OTHER[0], PAIRS[0]]))
    assert (finding.kind, finding.first, finding.last) == (DUPLICATE_TURN, 2, 2)
    assert finding.message == (
        "turn 2: the same reference and hypothesis as turn 0 of this conversation"
    )


def test_what_recurs_in_any_data_is_not_a_duplicate():
    index = DuplicateIndex()
    short = [("Yes, please.", "yes please"), ("Thank you.", "thank you")]
    perfect = [(ref, ref) for ref, _ in PAIRS[:2]]
    assert check(index, "a", turns(short + short + perfect + perfect)) == []
    assert check(index, "b", turns(perfect)) == []


def test_a_tiny_conversation_twice_is_not_reported():
    index = DuplicateIndex()
    check(index, "a", turns([("Yes.", "yes")]))
    assert check(index, "b", turns([("Yes.", "yes")])) == []


def test_only_later_copies_are_reported_each_naming_the_first():
    index = DuplicateIndex()
    for name in ("a", "b", "c"):
        found = check(index, name, turns(PAIRS))
        assert found == ([] if name == "a" else [(DUPLICATE_CONVERSATION, None, None, "a")])


def test_a_conversation_checked_again_is_not_its_own_copy():
    index = DuplicateIndex()
    index.add(Origin("a", "a"), turns(PAIRS + [PAIRS[0]]))
    found = check(index, "a", turns(PAIRS + [PAIRS[0]]))
    assert found == [(DUPLICATE_TURN, 4, 4, None)]  # only its own repeated turn


def test_conversation_key_reads_turns_in_index_order():
    ordered = turns(PAIRS)
    assert conversation_key(ordered) == conversation_key(list(reversed(ordered)))
    assert conversation_key(ordered) != conversation_key(turns(PAIRS[::-1]))
