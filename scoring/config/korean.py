"""Config section `korean` of a language config: rules only Korean needs."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

__all__ = ["KoreanRules"]


class KoreanRules(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
