"""A refusal: what the server answers a request it will not carry out."""

from __future__ import annotations

from typing import Any


class Refused(Exception):
    """A request the server answers with ``status`` and a sentence (and, for an undo the
    policy refuses, a ``code`` saying why)."""

    def __init__(self, status: int, reason: str, body: dict[str, Any] | None = None,
                 code: str | None = None, retry_after: int | None = None) -> None:
        super().__init__(reason)
        self.status, self.reason, self.body, self.code = status, reason, body, code
        #: Seconds to wait before asking again (a rate bound), sent as ``Retry-After``.
        self.retry_after = retry_after
