"""The rule diff names each rule that changed; a list of objects, changed as a whole,
is described by the items it gained and lost, never dumped whole twice."""

from __future__ import annotations

import pytest

from scoring.config.diff import apply_changes, diff_bundles

MR = {"written": "Mr.", "expansion": "mister", "before_capitalized": True}
DR = {"written": "Dr.", "expansion": "doctor", "before_capitalized": True}
ST = {"written": "St.", "expansion": "saint"}


def bundle(**config) -> dict:
    return {"config": config, "lexicons": {}}


@pytest.mark.parametrize(
    ("old", "new", "described"),
    [
        (
            [MR, DR],
            [MR, DR, ST],
            'changed abbreviations: added {"written": "St.", "expansion": "saint"}',
        ),
        (
            [MR, DR],
            [DR],
            'changed abbreviations: removed {"written": "Mr.", "expansion": "mister", '
            '"before_capitalized": true}',
        ),
        (
            [MR, DR],
            [MR, {**DR, "expansion": "drive"}],
            'changed abbreviations: added {"written": "Dr.", "expansion": "drive", '
            '"before_capitalized": true}; removed {"written": "Dr.", "expansion": "doctor", '
            '"before_capitalized": true}',
        ),
        ([MR, DR], [DR, MR], "changed abbreviations: the same items in a new order"),
        ([MR], [MR, MR], 'changed abbreviations: added {"written": "Mr.", "expansion": '
                         '"mister", "before_capitalized": true}'),
    ],
)  # fmt: skip
def test_a_list_of_objects_is_described_by_what_it_gained_and_lost(old, new, described):
    (change,) = diff_bundles(bundle(abbreviations=old), bundle(abbreviations=new))
    assert change.describe() == described


def test_a_list_of_lists_too():
    old = bundle(series=[["h", "min", "s"], ["kg", "g"]])
    new = bundle(series=[["h", "min", "s"], ["kg", "g", "mg"]])
    (change,) = diff_bundles(old, new)
    assert change.describe() == 'changed series: added ["kg", "g", "mg"]; removed ["kg", "g"]'
    assert (change.list_delta.added, change.list_delta.removed) == (
        [["kg", "g", "mg"]],
        [["kg", "g"]],
    )


def test_the_change_still_applies_whole_so_the_order_is_kept():
    old, new = bundle(abbreviations=[MR, DR]), bundle(abbreviations=[ST, MR, DR])
    assert apply_changes(old, diff_bundles(old, new)) == new


def test_strings_and_scalars_read_as_before():
    old = bundle(fillers=["um"], lowercase=True)
    new = bundle(fillers=["um", "uh"], lowercase=False)
    assert [c.describe() for c in diff_bundles(old, new)] == [
        'added fillers: "uh"',
        "changed lowercase: true -> false",
    ]
    assert all(c.list_delta is None for c in diff_bundles(old, new))
