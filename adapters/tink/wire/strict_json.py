"""The protocol's JSON subset (docs/adapters.md, "JSON subset"): integers of 64 bits only, no duplicate
member names, no lone surrogates, nesting at most MAX_DEPTH deep; compact output."""

import json
import re

MAX_DEPTH = 64


class JsonInvalid(Exception):
    """The text is not JSON of the protocol's subset (docs/adapters.md, "JSON subset")."""


def _parse_int(text):
    try:
        value = int(text)
    except ValueError as e:  # e.g. more digits than Python converts
        raise JsonInvalid("integer %s... is not a 64-bit integer (%s)" % (text[:20], e)) from None
    if not -(2 ** 63) <= value < 2 ** 63:
        raise JsonInvalid("integer %s does not fit in 64 bits" % text)
    return value


def _parse_float(text):
    raise JsonInvalid("only integers are allowed (no fraction or exponent): %s" % text)


def _parse_constant(text):
    raise JsonInvalid("%s is not JSON" % text)


def _object(pairs):
    result = {}
    for name, value in pairs:
        if name in result:
            raise JsonInvalid("duplicate member name %s" % json.dumps(name, ensure_ascii=False))
        result[name] = value
    return result


_DECODER = json.JSONDecoder(object_pairs_hook=_object, parse_float=_parse_float,
                            parse_int=_parse_int, parse_constant=_parse_constant, strict=True)
_SURROGATE = re.compile("[\ud800-\udfff]")


def _check_tree(value, depth):
    """Nesting depth and lone surrogates (json pairs valid surrogate escapes into one character)."""
    if isinstance(value, str):
        if _SURROGATE.search(value):
            raise JsonInvalid("lone surrogate in a string")
    elif isinstance(value, dict):
        if depth > MAX_DEPTH:
            raise JsonInvalid("nesting deeper than %d" % MAX_DEPTH)
        for name, member in value.items():
            _check_tree(name, depth)
            _check_tree(member, depth + 1)
    elif isinstance(value, list):
        if depth > MAX_DEPTH:
            raise JsonInvalid("nesting deeper than %d" % MAX_DEPTH)
        for item in value:
            _check_tree(item, depth + 1)


def json_parse(text):
    """Parses protocol JSON: object -> dict, array -> list, integer -> int, string, bool, None."""
    try:
        value = _DECODER.decode(text)
    except json.JSONDecodeError as e:
        raise JsonInvalid(str(e)) from None
    except RecursionError:
        raise JsonInvalid("nesting too deep") from None
    _check_tree(value, 1)
    return value


def json_write(value):
    """Compact JSON: no whitespace, '/' and non-ASCII as themselves, control characters escaped."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
