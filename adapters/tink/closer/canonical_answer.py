"""The canonical answer JSON of CONTRACT.md §7, as Android's SealedAnswerEncryptor.encodePayload writes it
(Tink has no JSON of its own): the three keys in order, no whitespace, ids sorted by UTF-16 code units, only
`\\" \\\\ \\n \\r \\t` escaped. `parse_canonical` reads decrypted bytes and accepts them only when they are
byte for byte the serialization of what they encode."""

import json

from wire.answers import Refusal

_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}
INT32 = (-(2 ** 31), 2 ** 31 - 1)


def _string(s):
    return '"' + "".join(_ESCAPES.get(c, c) for c in s) + '"'


def serialize(scale, ids, text):
    """The §7 bytes (UTF-8) of an answer."""
    ordered = sorted(ids, key=lambda s: s.encode("utf-16-be", "surrogatepass"))
    out = '{"scaleValue":%s,"selectedOptionIds":[%s],"writtenText":%s}' % (
        "null" if scale is None else str(scale), ",".join(_string(i) for i in ordered),
        "null" if text is None else _string(text))
    return out.encode("utf-8", "strict")


def parse_canonical(data):
    """(scaleValue, selectedOptionIds, writtenText) of canonical answer bytes; anything else: format."""
    try:
        text = data.decode("utf-8", "strict")
        value = json.loads(text, strict=False)  # raw control characters are canonical (§7)
    except (UnicodeDecodeError, ValueError, RecursionError) as e:
        raise Refusal("format", "the decrypted answer is not UTF-8 JSON (%s)" % e) from None
    if not isinstance(value, dict) or list(value) != ["scaleValue", "selectedOptionIds", "writtenText"]:
        raise Refusal("format", "the decrypted answer is not a JSON object of scaleValue, selectedOptionIds, writtenText")
    scale, ids, written = value["scaleValue"], value["selectedOptionIds"], value["writtenText"]
    if scale is not None and (type(scale) is not int or not INT32[0] <= scale <= INT32[1]):
        raise Refusal("format", "the decrypted answer's scaleValue is not a 32-bit integer or null")
    if not isinstance(ids, list) or any(type(i) is not str for i in ids):
        raise Refusal("format", "the decrypted answer's selectedOptionIds is not a list of strings")
    if written is not None and type(written) is not str:
        raise Refusal("format", "the decrypted answer's writtenText is not a string or null")
    try:
        again = serialize(scale, ids, written)
    except UnicodeEncodeError as e:
        raise Refusal("format", "the decrypted answer holds a lone surrogate (%s)" % e) from None
    if again != data:
        raise Refusal("format", "the decrypted answer is not canonical JSON (CONTRACT.md section 7): it reads, "
                                "but its re-serialization differs")
    return scale, ids, written
