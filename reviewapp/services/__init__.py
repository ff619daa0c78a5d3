"""Named write functions for state changes that fan out (Zulip's do_* habit)."""
