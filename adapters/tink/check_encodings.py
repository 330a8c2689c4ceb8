"""Holds the tink adapter's decoders to the one table of spellings
(Tests/Fixtures/encodings/hostile-spellings.json; the rule is docs/vector-format.md's "Encodings"):
hex (`hex_decode`, the protocol's bytes and sinew's key lists), b64 (`b64_decode`) and b64url
(`b64url_decode`), all in wire/encodings.py, and the encoders. Run by Tests/ConcordIntegrationTests/Implementations/EncodingSpellingsTests.swift:

    .build/venv-tink/bin/python adapters/tink/check_encodings.py Tests/Fixtures/encodings/hostile-spellings.json

Prints every failure, then "checked N cases: P passed, F failed"; exits 1 on any failure, 2 when the
table cannot be read.
"""
import base64
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wire import encodings  # noqa: E402
from wire.answers import Refusal  # noqa: E402


def main(path):
    try:
        with open(path, encoding="utf-8") as f:
            table = json.load(f)
        if table.get("format") != "concord-encoding-cases/1" or not isinstance(table.get("cases"), list):
            raise ValueError("not a concord-encoding-cases/1 file")
    except (OSError, ValueError) as e:
        sys.stderr.write("check_encodings: cannot read %s: %s\n" % (path, e))
        return 2
    decoders = {
        "hex": [("hex_decode", encodings.hex_decode, encodings.hex_encode)],
        "base64": [("b64_decode", lambda s: encodings.b64_decode(s, "value"),
                    lambda b: base64.b64encode(b).decode("ascii"))],
        "base64url": [("b64url_decode", lambda s: encodings.b64url_decode(s, "value"), encodings.b64url_encode)],
    }
    passed = failed = 0
    for c in table["cases"]:
        for name, decode, encode in decoders.get(c["encoding"], [("(none)", None, None)]):
            problem = None
            if decode is None:
                problem = "no decoder for this encoding"
            else:
                try:
                    got = list(decode(c["text"]))
                except (ValueError, Refusal) as e:
                    got = None
                    if "bytes" in c:
                        problem = "refused (%s), expected bytes %s" % (e, c["bytes"])
                if got is not None:
                    if "refused" in c:
                        problem = "accepted (%s), expected a refusal: %s" % (got, c["refused"])
                    elif got != c["bytes"]:
                        problem = "decoded %s, expected %s" % (got, c["bytes"])
                    elif encode(bytes(c["bytes"])) != c.get("written", c["text"]):
                        problem = "encodes as %r, expected %r" % (encode(bytes(c["bytes"])), c.get("written", c["text"]))
            if problem:
                print("FAIL %s %s %s: %s" % (name, c["encoding"], json.dumps(c["text"]), problem))
                failed += 1
            else:
                passed += 1
    print("checked %d cases: %d passed, %d failed" % (len(table["cases"]), passed, failed))
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
