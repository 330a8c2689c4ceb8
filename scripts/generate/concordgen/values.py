"""The values a vector file holds, the refusal every implementation raises, and fixed test bytes."""

from __future__ import annotations

import hashlib


class Hex:
    """Bytes written as {hex: "…"}."""

    def __init__(self, data: bytes):
        self.data = bytes(data)


class Utf8:
    """Bytes written as {utf8: "…"}: the UTF-8 of `text`."""

    def __init__(self, text: str):
        self.text = text
        self.data = text.encode("utf-8")


class Record(dict):
    """A mapping value (an answer); `order` is the key order written in the YAML (any order reads the same)."""

    def __init__(self, fields: dict, order):
        super().__init__(fields)
        self.order = tuple(order)


class Refused(Exception):
    """An implementation refused its input. cls is a refusal class of docs/vector-format.md (authentication,
    format, parameters, key), or None when the implementation does not say which."""

    def __init__(self, cls, why: str):
        super().__init__(f"{cls}: {why}")
        self.cls = cls
        self.why = why


def derived(label: str, n: int) -> bytes:
    """Fixed, reproducible 'random-looking' bytes: SHA-256 of a label, extended and truncated to n."""
    out = b""
    i = 0
    while len(out) < n:
        out += hashlib.sha256(f"concord vectors {label} {i}".encode()).digest()
        i += 1
    return out[:n]


def flip(b: bytes, index: int, mask: int = 0x01) -> bytes:
    a = bytearray(b)
    a[index] ^= mask
    return bytes(a)


def zero_counts(secret, public):
    """The zero bytes at either end of an X25519 shared secret and of a public key: (secret leading,
    secret trailing, public leading, public trailing), for the rare-event vectors' searches."""
    lead = lambda b: len(b) - len(b.lstrip(b"\x00"))  # noqa: E731
    return lead(secret), lead(secret[::-1]), lead(public), lead(public[::-1])
