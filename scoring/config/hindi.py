"""Config section `hindi` of a language config: rules only Hindi needs."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

__all__ = ["HindiRules"]


class HindiRules(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
