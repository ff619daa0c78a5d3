"""Code-switch rescue: re-check error regions with another language's view of the text.

Off unless a config lists `code_switch_languages`; see `configs/README.md`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..align import Alignment
    from ..normalize import Normalizer

__all__ = ["Rescuer", "build_rescuer"]

# (reference, hypothesis, alignment) -> (alignment counts after rescue, code_switch block)
Rescuer = Callable[[str, str, "Alignment"], tuple[Any, dict]]


def build_rescuer(normalizer: Normalizer, companions: Mapping[str, Normalizer]) -> Rescuer | None:
    if not normalizer.config.code_switch_languages:
        return None
    raise NotImplementedError("code-switch rescue is not implemented yet")
