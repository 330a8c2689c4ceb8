"""A strict RFC 4648 codec written from the RFC (alphabet, padding, spare bits), independent of Python's base64:
the generators run it beside Python's own codec and require both to agree."""

from __future__ import annotations

from .values import Refused

B64_STD = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
B64_URL = B64_STD[:62] + "-_"


def hand_b64encode(data: bytes, alphabet: str, pad: bool) -> str:
    out = []
    for i in range(0, len(data), 3):
        chunk = data[i:i + 3]
        n = int.from_bytes(chunk + bytes(3 - len(chunk)), "big")
        chars = [alphabet[(n >> s) & 63] for s in (18, 12, 6, 0)][:len(chunk) + 1]
        out.append("".join(chars) + ("=" * (3 - len(chunk)) if pad else ""))
    return "".join(out)


def hand_b64decode(text: str, alphabet: str, pad: bool) -> bytes:
    """RFC 4648, strict: alphabet, padding (required iff pad), no whitespace, zero spare bits."""
    body = text
    if pad:
        if len(text) % 4:
            raise Refused("format", "b64: length not a multiple of 4")
        npad = len(text) - len(text.rstrip("="))
        if npad > 2:
            raise Refused("format", "b64: too much padding")
        body = text[:len(text) - npad]
        if npad and len(body) % 4 != 4 - npad:
            raise Refused("format", "b64: misplaced padding")
    elif "=" in text:
        raise Refused("format", "b64url: padding is not allowed")
    if len(body) % 4 == 1:
        raise Refused("format", "b64: impossible length")
    vals = []
    for ch in body:
        i = alphabet.find(ch)
        if i < 0:
            raise Refused("format", f"b64: character {ch!r} outside the alphabet")
        vals.append(i)
    out = bytearray()
    for i in range(0, len(vals), 4):
        group = vals[i:i + 4]
        n = 0
        for v in group:
            n = (n << 6) | v
        nbytes = len(group) * 6 // 8
        spare = len(group) * 6 - nbytes * 8
        if n & ((1 << spare) - 1):
            raise Refused("format", "b64: non-zero spare bits")
        out += (n >> spare).to_bytes(nbytes, "big")
    return bytes(out)
