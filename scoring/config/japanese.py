"""Config section `japanese` of a language config: rules only Japanese needs."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

__all__ = ["JapaneseRules"]


class JapaneseRules(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
