"""The rules this package's writer (yamlfile.py) shares with Concord's own (VectorFileWriter in
Sources/ConcordLoading/VectorFileWriter.swift): one table of cases, Tests/Fixtures/vector-writer/rules.json,
each a value and the exact text both writers must give for it (quoting, names, value encodings, a vector's key
order). VectorFileWriterTests holds both writers to it (this module for the Python side), and compares the two
writers' escaping over every code point.

    python3 -c 'import sys; sys.path.insert(0, "scripts/generate"); from concordgen import rules; sys.exit(rules.main(sys.argv[1:]))' \
        Tests/Fixtures/vector-writer/rules.json       # each case this writer gets wrong, exit 1 if any
    … rules.main(["--escapes"])                       # the code points q() escapes, and those Unicode leaves unassigned
    … rules.main(["--categories", "1171e", …])        # each code point's category in this Python's Unicode

Layout is not a rule both share: the generators write a schema comment line, fold `source` and `notes` at 110
columns and put a blank line before each vector (files people review); Concord writes each on one line.
"""

from __future__ import annotations

import json
import sys
import unicodedata

from .values import Hex, Record
from .yamlfile import emit, plain, q, scalar, value_lines


def _value(v):
    """A case's typed value: {"hex": …} bytes, {"text": …}, {"answer": {…}, "order": […]}, an int, null, a list."""
    if isinstance(v, dict) and "hex" in v:
        return Hex(bytes.fromhex(v["hex"]))
    if isinstance(v, dict) and "text" in v:
        return v["text"]
    if isinstance(v, dict) and "answer" in v:
        return Record({k: _value(x) for k, x in v["answer"].items()}, v["order"])
    if isinstance(v, list):
        return [_value(x) for x in v]
    return v


def render(case: dict) -> str:
    kind, v = case["kind"], case.get("value")
    if kind == "name":
        return plain(v)
    if kind == "doubleQuoted":
        return q(v)
    if kind == "value":
        return scalar(_value(v))
    if kind == "entry":
        return "\n".join(value_lines(case["key"], _value(v), 6, 110, False))
    if kind == "vector":
        vec = {k: x for k, x in v.items() if k not in ("input", "expect")}
        vec["input"] = {k: _value(x) for k, x in v["input"].items()}
        if "expect" in v:
            e = v["expect"]
            vec["expect"] = e if "error" in e else {k: _value(x) for k, x in e.items()}
        f = {"path": "rules", "suite": "rules", "title": "t", "source": "s", "notes": {x: x for x in v.get("flags", [])},
             "vectors": [vec]}
        text = emit(f, {})
        # The vector's lines, without the blank line the generators put before each vector.
        return text.split("\nvectors:\n\n", 1)[1].rstrip("\n")
    raise ValueError(f"unknown kind {kind!r}")


def escapes() -> str:
    """Ranges (hex, inclusive) of the code points q() writes as an escape ("start end"), then "cn" and the ranges
    this Python's Unicode ({unidata}) leaves unassigned: where two Unicode versions may differ."""
    def ranges(pred):
        out, start = [], None
        for o in range(0x110000):
            if 0xD800 <= o <= 0xDFFF:
                hit = False
            else:
                hit = pred(o)
            if hit and start is None:
                start = o
            if not hit and start is not None:
                out.append((start, o - 1))
                start = None
        if start is not None:
            out.append((start, 0x10FFFF))
        return out
    esc = ranges(lambda o: chr(o) not in '"\\' and q(chr(o)) != f'"{chr(o)}"')
    cn = ranges(lambda o: unicodedata.category(chr(o)) == "Cn")
    lines = [f"unicode {unicodedata.unidata_version}"] + [f"{a:x} {b:x}" for a, b in esc] + ["cn"] + [f"{a:x} {b:x}" for a, b in cn]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    if argv == ["--escapes"]:
        sys.stdout.write(escapes())
        return 0
    if argv[:1] == ["--categories"]:  # hex code points → "hex category" lines
        for h in argv[1:]:
            print(h, unicodedata.category(chr(int(h, 16))))
        return 0
    if len(argv) != 1:
        print("usage: rules.main([RULES_JSON]) or rules.main(['--escapes'])", file=sys.stderr)
        return 2
    with open(argv[0], encoding="utf-8") as f:
        cases = json.load(f)["cases"]
    wrong = 0
    for i, case in enumerate(cases):
        got = render(case)
        if got != case["yaml"]:
            wrong += 1
            print(f"case {i} ({case['kind']} {json.dumps(case.get('value'))[:80]}): wrote {got!r}, the rule is {case['yaml']!r}")
    print(f"{len(cases) - wrong} of {len(cases)} cases as the rules say")
    return 1 if wrong else 0
