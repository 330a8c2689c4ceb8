"""A protobuf wire-format reader and writer written from the encoding spec (varints, length-delimited and fixed
fields), independent of the protobuf package: the generators' second implementation beside Tink's own classes."""

from __future__ import annotations

from .values import Refused


def pb_varint(n: int) -> bytes:
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def pb_uint(field: int, v: int) -> bytes:
    return b"" if v == 0 else pb_varint(field << 3) + pb_varint(v)


def pb_bytes(field: int, v: bytes) -> bytes:
    return b"" if not v else pb_varint(field << 3 | 2) + pb_varint(len(v)) + v


def pb_read(data: bytes, what: str) -> dict:
    """Decode one message into {field: [value, ...]}; varints are ints, length-delimited fields bytes.
    Malformed bytes are a format refusal; unknown fields are kept (and ignored by the readers below)."""
    pos, fields = 0, {}

    def varint():
        nonlocal pos
        shift = result = 0
        while True:
            if pos >= len(data) or shift > 63:
                raise Refused("format", f"{what}: truncated varint")
            b = data[pos]
            pos += 1
            result |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                return result
    while pos < len(data):
        tag = varint()
        field, wire = tag >> 3, tag & 7
        if field == 0:
            raise Refused("format", f"{what}: field number 0")
        if wire == 0:
            val = varint()
        elif wire == 2:
            n = varint()
            if pos + n > len(data):
                raise Refused("format", f"{what}: truncated length-delimited field {field}")
            val = data[pos:pos + n]
            pos += n
        elif wire in (1, 5):
            n = 8 if wire == 1 else 4
            if pos + n > len(data):
                raise Refused("format", f"{what}: truncated fixed field {field}")
            val = data[pos:pos + n]
            pos += n
        else:
            raise Refused("format", f"{what}: wire type {wire}")
        fields.setdefault(field, []).append(val)
    return fields


def pb_get(fields, field, kind, what):
    vals = fields.get(field, [])
    if not vals:
        return 0 if kind == "int" else b""
    v = vals[-1]  # proto3: the last one wins
    if (kind == "int") != isinstance(v, int):
        raise Refused("format", f"{what}: field {field} has the wrong wire type")
    return v
