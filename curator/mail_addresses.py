"""E-mail addresses in a note: who signs it, from which domain (the team's own, a public one)."""

from __future__ import annotations

import re

__all__ = ["mail_addresses"]


_MAIL = re.compile(
    r"(?<![\w.+@-])(?P<local>[\w.+-]{1,64})@(?P<host>[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,8})"
)


def mail_addresses(text: str) -> list[tuple[str, str]]:
    """(local part, domain) of each e-mail address in ``text``, lower-cased; a fediverse handle
    (``@ana@host``) is no address."""
    if "@" not in text:
        return []
    return [
        (m["local"].lower(), m["host"].lower().removeprefix("www.")) for m in _MAIL.finditer(text)
    ]
