"""Rule-level differences between two config bundles, not a text diff.

A change names one rule: a key of a mapping (`char_folds["ü"]`), an item of a list
(`fillers: "ähm"`), or a scalar field (`join_hyphenated_compounds`). Changes can be applied
to another bundle (rebasing a proposal); `reach.py` reads them to tell which turns an
edit can rescore differently.

>>> old = {"config": {"fillers": ["um"], "char_folds": {}}, "lexicons": {}}
>>> new = {"config": {"fillers": ["um", "uh"], "char_folds": {"ü": "ue"}}, "lexicons": {}}
>>> [c.describe() for c in diff_bundles(old, new)]
['added char_folds["ü"] = "ue"', 'added fillers: "uh"']

A list of objects (abbreviations, replacements) is one rule whose order matters, so it
changes as a whole; it is described by the items it gains and loses:

>>> old = {"config": {"abbreviations": [{"written": "Dr."}, {"written": "Mr."}]}}
>>> new = {"config": {"abbreviations": [{"written": "Mr."}, {"written": "St."}]}}
>>> [c.describe() for c in diff_bundles(old, new)]
['changed abbreviations: added {"written": "St."}; removed {"written": "Dr."}']
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from dataclasses import dataclass
from typing import Any, Literal

__all__ = [
    "Change",
    "Conflict",
    "ListDelta",
    "apply_changes",
    "diff_bundles",
]

Kind = Literal["added", "removed", "changed"]
_MISSING = object()


@dataclass(frozen=True)
class ListDelta:
    """The items a list gained and lost (each as often as its count changed); neither
    when only the order changed."""

    added: list
    removed: list

    @property
    def shown(self) -> list[tuple[str, str]]:
        """[("added", '{"written": "St."}'), ("removed", ...)]: each item as JSON."""
        return [("added", _show(v)) for v in self.added] + [
            ("removed", _show(v)) for v in self.removed
        ]

    @classmethod
    def between(cls, old: list, new: list) -> ListDelta:
        before, after = Counter(map(_key, old)), Counter(map(_key, new))
        return cls(_take(new, after - before), _take(old, before - after))


def _key(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _take(values: list, wanted: Counter) -> list:
    """The values whose keys are in `wanted`, as many times as counted, in list order."""
    left, out = Counter(wanted), []
    for value in values:
        if left[_key(value)] > 0:
            left[_key(value)] -= 1
            out.append(value)
    return out


@dataclass(frozen=True)
class Change:
    kind: Kind
    path: tuple[str, ...]  # ("config", "char_folds", "ü") or ("lexicons", "x.json", "key")
    old: Any = None
    new: Any = None
    item: bool = False  # True for an item of a list (path ends at the list's field)

    @property
    def label(self) -> str:
        """The rule's name: `fillers`, `char_folds["ü"]`, `lexicons["x.json"]["key"]`."""
        return _label(self.path)

    def describe(self) -> str:
        where = self.label
        if self.item:
            value = self.new if self.kind == "added" else self.old
            return f"{self.kind} {where}: {_show(value)}"
        if self.kind == "added":
            return f"added {where} = {_show(self.new)}"
        if self.kind == "removed":
            return f"removed {where} (was {_show(self.old)})"
        delta = self.list_delta
        if delta is not None:  # not the whole list twice: what it gained and lost
            parts = [f"{kind} {item}" for kind, item in delta.shown]
            return f"changed {where}: {'; '.join(parts) or 'the same items in a new order'}"
        return f"changed {where}: {_show(self.old)} -> {_show(self.new)}"

    @property
    def list_delta(self) -> ListDelta | None:
        """For a list changed as a whole: the items it gained and lost."""
        if self.kind == "changed" and isinstance(self.old, list) and isinstance(self.new, list):
            return ListDelta.between(self.old, self.new)
        return None

    def as_dict(self) -> dict:
        return {
            "kind": self.kind,
            "path": list(self.path),
            "old": self.old,
            "new": self.new,
            "item": self.item,
            "description": self.describe(),
        }


class Conflict(ValueError):
    """A change cannot be applied: its rule was changed differently in the target."""


def diff_bundles(old: dict, new: dict) -> list[Change]:
    changes: list[Change] = []
    _diff(old, new, (), changes)
    return sorted(changes, key=lambda c: (_label(c.path), c.kind, json.dumps(c.new or c.old)))


def _diff(old: Any, new: Any, path: tuple[str, ...], out: list[Change]) -> None:
    if isinstance(old, dict) and isinstance(new, dict):
        for key in sorted(set(old) | set(new)):
            a, b = old.get(key, _MISSING), new.get(key, _MISSING)
            if a is _MISSING and _empty_like(b) is not None and path:
                _diff(_empty_like(b), b, path + (key,), out)  # a new field, rule by rule
            elif b is _MISSING and _empty_like(a) is not None and path:
                _diff(a, _empty_like(a), path + (key,), out)
            elif a is _MISSING:
                out.append(Change("added", path + (key,), None, b))
            elif b is _MISSING:
                out.append(Change("removed", path + (key,), a, None))
            elif a != b:
                _diff(a, b, path + (key,), out)
        return
    if isinstance(old, list) and isinstance(new, list) and _is_set_like(old) and _is_set_like(new):
        for value in new:
            if value not in old:
                out.append(Change("added", path, None, value, item=True))
        for value in old:
            if value not in new:
                out.append(Change("removed", path, value, None, item=True))
        return
    out.append(Change("changed", path, old, new))


def _empty_like(value: Any) -> dict | list | None:
    """The empty form of a mapping or of a list of strings: a field that appears or goes
    is shown as the rules it adds or removes."""
    if isinstance(value, dict) and all(isinstance(v, str) for v in value.values()):
        return {}
    if isinstance(value, list) and _is_set_like(value):
        return []
    return None


def _is_set_like(values: list) -> bool:
    """Lists of plain strings are sets of rules (fillers); other lists are compared whole."""
    return all(isinstance(v, str) for v in values)


def apply_changes(target: dict, changes: list[Change]) -> dict:
    """Apply `changes` to a copy of `target`; raise Conflict if a rule was changed there."""
    result = copy.deepcopy(target)
    for change in changes:
        _apply(result, change)
    return result


def _apply(data: dict, change: Change) -> None:
    *parents, last = change.path
    node = data
    for key in parents:
        node = node.setdefault(key, {})
    if change.item:
        items = node.setdefault(last, [])
        if change.kind == "added" and change.new not in items:
            items.append(change.new)
        elif change.kind == "removed" and change.old in items:
            items.remove(change.old)
        return
    current = node.get(last, _MISSING)
    expected = _MISSING if change.kind == "added" else change.old
    if current is not _MISSING and current != expected and current != change.new:
        raise Conflict(f"{_label(change.path)} is {_show(current)} in the new base version")
    if change.kind == "removed":
        node.pop(last, None)
    else:
        node[last] = change.new


def _label(path: tuple[str, ...]) -> str:
    if not path:
        return "bundle"
    if path[0] == "config":
        path = path[1:]
    head, *rest = path or ("config",)
    return head + "".join(f"[{json.dumps(p, ensure_ascii=False)}]" for p in rest)


def _show(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)
