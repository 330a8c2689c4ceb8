"""Hex, b64 and b64url, as docs/vector-format.md ("Encodings") says every runtime reads and writes them."""

import base64
import json
import re

from wire.answers import Refusal

_HEX_DIGIT = re.compile(r"[0-9a-fA-F]")


def hex_decode(text):
    """Hex as docs/vector-format.md ("Encodings") says every runtime reads it: RFC 4648 §8, an even
    number of the ASCII digits 0-9, a-f, A-F (either case), nothing else (bytes.fromhex alone takes
    whitespace). Raises ValueError naming the first bad character."""
    for i, c in enumerate(text):
        if not _HEX_DIGIT.fullmatch(c):
            raise ValueError("%s at position %d is not a hex digit"
                             % ("'%s'" % c if 0x21 <= ord(c) < 0x7f else "U+%04X" % ord(c), i))
    if len(text) % 2:
        raise ValueError("odd number of hex digits (%d)" % len(text))
    return bytes.fromhex(text)


def hex_encode(data):
    """Lower-case hex, as every runtime writes it."""
    return bytes(data).hex()


_B64 = re.compile(r"(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?")


def b64_decode(text, field):
    """Strict b64 (RFC 4648 §4): standard alphabet, padded, no whitespace, zero spare bits. Refusal: format."""
    if not _B64.fullmatch(text):
        raise Refusal("format", "%s is not strict b64 (standard alphabet, padded, no whitespace)" % field)
    data = base64.b64decode(text, validate=True)
    if base64.b64encode(data).decode("ascii") != text:
        raise Refusal("format", "%s: b64 final quantum has non-zero spare bits (not the canonical encoding)" % field)
    return data


_B64URL = re.compile(r"[A-Za-z0-9_-]*")


def b64url_decode(text, field):
    """Strict b64url (RFC 4648 §5): URL-safe alphabet, no padding, zero spare bits. Refusal: format."""
    if not _B64URL.fullmatch(text):
        position = next(i for i, c in enumerate(text) if not re.fullmatch(r"[A-Za-z0-9_-]", c))
        c = text[position]
        what = ("'=' (b64url takes no padding)" if c == "=" else "whitespace" if c in " \t"
                else "a line break" if c in "\r\n" else "'%s'" % c if 0x21 <= ord(c) < 0x7f
                else "U+%04X" % ord(c))
        raise Refusal("format", "%s: b64url has %s at position %d, outside its alphabet"
                      % (field, what, position))
    if len(text) % 4 == 1:
        raise Refusal("format", "%s: b64url has a final quantum of a single character "
                                "(no byte string encodes to that)" % field)
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    if b64url_encode(data) != text:
        raise Refusal("format", "%s: b64url final quantum has non-zero spare bits "
                                "(not the canonical encoding)" % field)
    return data


def wire_decode(text, prefix, field):
    """The bytes of a wire string: `prefix` then strict b64url. A missing prefix or bad b64url: format."""
    if not text.startswith(prefix):
        raise Refusal("format", "%s does not start with %s" % (field, json.dumps(prefix)))
    return b64url_decode(text[len(prefix):], field)


def b64url_encode(data):
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")
