#!/usr/bin/env python3
"""Hold the vector-file schema's byte encodings (schemas/vector-file.schema.json, `$defs/bytes`: the
patterns an editor checks `{hex: …}`, `{base64: …}` and `{base64url: …}` against) to the one table of
spellings every runtime follows (docs/vector-format.md, "Encodings"), read the way scripts/check-schema.py
reads patterns (ECMA-262's `$`).

    .build/venv/bin/python scripts/check-schema-spellings.py [TABLE]

TABLE defaults to Tests/Fixtures/encodings/hostile-spellings.json. Prints every case the schema judges
otherwise than the table, then "checked N cases: P passed, F failed"; exit 1 on any failure.
Run by Tests/ConcordIntegrationTests/Implementations/EncodingSpellingsTests.swift.
"""
import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_TABLE = ROOT / "Tests" / "Fixtures" / "encodings" / "hostile-spellings.json"


def main(argv):
    spec = importlib.util.spec_from_file_location("check_schema", ROOT / "scripts" / "check-schema.py")
    check_schema = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(check_schema)
    with open(ROOT / "schemas" / "vector-file.schema.json", encoding="utf-8") as f:
        schema = json.load(f)
    bytes_schema = dict(schema["$defs"]["bytes"])
    bytes_schema["$defs"] = schema["$defs"]
    validator = check_schema.make_validator(bytes_schema)
    with open(argv[1] if len(argv) > 1 else DEFAULT_TABLE, encoding="utf-8") as f:
        table = json.load(f)
    passed = failed = 0
    for c in table["cases"]:
        accepted = validator.is_valid({c["encoding"]: c["text"]})
        if accepted == ("bytes" in c):
            passed += 1
        else:
            failed += 1
            print("FAIL schema %s %s: %s" % (c["encoding"], json.dumps(c["text"]),
                                            "accepted, expected a refusal: " + c["refused"] if accepted else "refused"))
    print("checked %d cases: %d passed, %d failed" % (len(table["cases"]), passed, failed))
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
