#!/usr/bin/env python3
"""Validate Concord vector files against schemas/vector-file.schema.json.

    python scripts/check-schema.py [--expect-verdicts] [--schema FILE] [--wycheproof-schemas DIR] PATH...

Each PATH is a file or a folder; folders are searched recursively for .yaml, .yml and .json files,
hidden files and folders skipped, sorted by path (byte order), as the Swift loader does.

Files are read the way docs/vector-format.md says (JSON is read as YAML): UTF-8 without BOM, one
document, YAML 1.2 core schema (`yes`/`no`/`on`/`off` are strings, `0102`, `0o17` and `0x1F` are
integers, no timestamps), no duplicate keys, no anchors or aliases, no tags but the core ones. A file
that cannot be read that way fails like an invalid one.

A scenario file (`format: concord-scenario/1`, docs/scenarios.md) is checked against
schemas/scenario-file.schema.json (`--scenario-schema`), beside the vector files it lives with.

A Wycheproof file, read as it is (a top-level mapping with `"schema"` and no `"format"`), is checked
against the copied Wycheproof schema it names (schemas/wycheproof/, JSON Schema draft-07: e.g.
`aead_test_schema_v1.json`, `ecdh_ecpoint_test_schema_v1.json`, `hkdf_test_schema_v1.json`), with
its `$ref`s to `common.json` resolved from that folder; nothing is fetched. A name with no copy there
is an error.

Plain mode prints one line per invalid file (`FILE:LINE:COL: JSON-PATH: message`) and a last line
`N passed, M failed`; the exit status is 1 if M > 0. With --expect-verdicts, a file passes when its
verdict is the one it announces: a first line `# expect: valid` or `# expect: invalid`, or for a file
without one (JSON cannot hold comments) a name starting `valid-` or `invalid-`.

Exit status 2: bad arguments, an unreadable schema, or no files found.
"""

import argparse
import json
import math
import os
import re
import sys
from pathlib import Path

try:
    import yaml
    from yaml import events as ev
    from jsonschema import Draft7Validator, Draft202012Validator, ValidationError, validators
    from jsonschema.exceptions import best_match
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT7
except ImportError as missing:
    sys.exit(f"check-schema.py needs PyYAML, jsonschema and referencing ({missing}); run it with .build/venv/bin/python")

DEFAULT_SCHEMA = Path(__file__).resolve().parent.parent / "schemas" / "vector-file.schema.json"
DEFAULT_SCENARIO_SCHEMA = Path(__file__).resolve().parent.parent / "schemas" / "scenario-file.schema.json"
DEFAULT_WYCHEPROOF = Path(__file__).resolve().parent.parent / "schemas" / "wycheproof"
EXTENSIONS = (".yaml", ".yml", ".json")
MAX_DEPTH = 64   # the Swift loader's default --max-depth

# ---------------------------------------------------------------------------------------------
# Reading: YAML 1.2 core schema, strictly.


class LoadError(Exception):
    def __init__(self, message, line=1, column=1):
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column


TAG = "tag:yaml.org,2002:"
NULL_RE = re.compile(r"(?:~|null|Null|NULL|)\Z")
BOOL_RE = re.compile(r"(?:true|True|TRUE|false|False|FALSE)\Z")
INT10_RE = re.compile(r"[-+]?[0-9]+\Z")
INT8_RE = re.compile(r"0o[0-7]+\Z")
INT16_RE = re.compile(r"0x[0-9a-fA-F]+\Z")
FLOAT_RE = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?\Z")
INF_RE = re.compile(r"([-+]?)\.(?:inf|Inf|INF)\Z")
NAN_RE = re.compile(r"\.(?:nan|NaN|NAN)\Z")


def _int(text):
    if INT10_RE.match(text):
        return int(text, 10)
    if INT8_RE.match(text):
        return int(text[2:], 8)
    if INT16_RE.match(text):
        return int(text[2:], 16)
    return None


def _float(text):
    if FLOAT_RE.match(text):
        return float(text)
    m = INF_RE.match(text)
    if m:
        return -math.inf if m.group(1) == "-" else math.inf
    if NAN_RE.match(text):
        return math.nan
    return None


def resolve_plain(text):
    """A plain (unquoted, untagged) scalar under the YAML 1.2 core schema."""
    if NULL_RE.match(text):
        return None
    if BOOL_RE.match(text):
        return text.lower() == "true"
    i = _int(text)
    if i is not None:
        return i
    f = _float(text)
    if f is not None:
        return f
    return text


def construct_tagged(tag, text, mark):
    """A scalar with an explicit core tag (`!!int 5`): its text must fit the tag."""
    name = tag[len(TAG):] if tag.startswith(TAG) else None
    value = {
        "str": lambda: text,
        "null": lambda: None if NULL_RE.match(text) else ValueError,
        "bool": lambda: (text.lower() == "true") if BOOL_RE.match(text) else ValueError,
        "int": lambda: _int(text) if _int(text) is not None else ValueError,
        "float": lambda: (_float(text) if _float(text) is not None
                          else float(_int(text)) if _int(text) is not None else ValueError),
    }.get(name, lambda: LookupError)()
    if value is LookupError:
        raise LoadError(f"tag {tag!r} is not allowed: only the core schema's tags are", *mark)
    if value is ValueError:
        raise LoadError(f"{text!r} is not a valid !!{name}", *mark)
    return value


def _mark(m):
    return (m.line + 1, m.column + 1) if m is not None else (1, 1)


class _PyParser(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser):
    def __init__(self, stream):
        yaml.reader.Reader.__init__(self, stream)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)


def _event_parser(text):
    # libyaml (as the Swift loader uses) when PyYAML was built with it, for the same error positions.
    try:
        from yaml._yaml import CParser
    except ImportError:
        return _PyParser(text)
    return CParser(text)


class Document:
    """A loaded file: the plain Python value plus the position of every node, by JSON path."""

    def __init__(self):
        self.value = None
        self.value_marks = {}   # path tuple -> (line, column) of the value node
        self.key_marks = {}     # path tuple -> (line, column) of the key naming it


def _position_of_offset(text, index):
    before = text[:index]
    line = before.count("\n") + 1
    return line, index - (before.rfind("\n") + 1) + 1


def load(data: bytes) -> Document:
    if data.startswith((b"\xef\xbb\xbf", b"\xfe\xff", b"\xff\xfe")):
        raise LoadError("the file starts with a byte order mark; save it as UTF-8 without BOM")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        good = data[:e.start].decode("utf-8")
        raise LoadError(f"the file is not valid UTF-8 (byte 0x{data[e.start]:02x} at offset {e.start})",
                        *_position_of_offset(good, len(good)))
    if "\x00" in text:
        raise LoadError("the file contains a NUL byte", *_position_of_offset(text, text.index("\x00")))

    doc = Document()
    parser = _event_parser(text)
    try:
        parser.get_event()  # stream start
        first = parser.get_event()
        if isinstance(first, ev.StreamEndEvent):
            raise LoadError("the file is empty: expected a mapping with format, suite, title, source and vectors",
                            *_mark(first.start_mark))
        doc.value = _node(parser, doc, ())
        parser.get_event()  # document end
        after = parser.get_event()
        if isinstance(after, ev.DocumentStartEvent):
            raise LoadError("a file must hold one document; a second one starts here", *_mark(after.start_mark))
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        message = " ".join(part.strip() for part in (e.problem, e.context) if part and part.strip())
        raise LoadError(f"YAML syntax error: {message}", *_mark(mark))
    except yaml.YAMLError as e:
        raise LoadError(f"YAML syntax error: {e}")
    finally:
        if hasattr(parser, "dispose"):
            parser.dispose()
    return doc


def _node(parser, doc, path, key_text=None):
    e = parser.get_event()
    mark = _mark(e.start_mark)
    if len(path) >= MAX_DEPTH:
        raise LoadError(f"nesting deeper than {MAX_DEPTH} levels", *mark)
    if isinstance(e, ev.AliasEvent) or getattr(e, "anchor", None) is not None:
        raise LoadError("anchors and aliases are not allowed in vector files (each value is written out)", *mark)
    tag = getattr(e, "tag", None)
    if isinstance(e, ev.ScalarEvent):
        if key_text is not None:
            key_text.append(e.value)
        if tag is None:
            value = resolve_plain(e.value) if e.implicit[0] else e.value
        elif tag == "!":
            value = e.value
        else:
            value = construct_tagged(tag, e.value, mark)
    elif isinstance(e, ev.SequenceStartEvent):
        if tag not in (None, "!", TAG + "seq"):
            raise LoadError(f"tag {tag!r} is not allowed on a sequence", *mark)
        value = []
        while not parser.check_event(ev.SequenceEndEvent):
            value.append(_node(parser, doc, path + (len(value),)))
        parser.get_event()
    elif isinstance(e, ev.MappingStartEvent):
        if tag not in (None, "!", TAG + "map"):
            raise LoadError(f"tag {tag!r} is not allowed on a mapping", *mark)
        value = {}
        while not parser.check_event(ev.MappingEndEvent):
            key_mark = _mark(parser.peek_event().start_mark)
            if not parser.check_event(ev.ScalarEvent):
                raise LoadError("a mapping key must be a scalar", *key_mark)
            text = []
            _node(parser, doc, path + ("<key>",), text)
            key = text[0]   # keys are compared and named by their text, as the Swift loader does
            if key in value:
                first = doc.key_marks[path + (key,)]
                raise LoadError(f'duplicate key "{key}" (first at {first[0]}:{first[1]})', *key_mark)
            doc.key_marks[path + (key,)] = key_mark
            value[key] = _node(parser, doc, path + (key,))
        parser.get_event()
    else:
        raise LoadError("unexpected YAML event", *mark)
    doc.value_marks[path] = mark
    return value


# ---------------------------------------------------------------------------------------------
# Validating.

_pattern_cache = {}


def _ecma_regex(pattern):
    """Python's `$` also matches before a final line break; ECMA-262's (JSON Schema's) does not."""
    if pattern not in _pattern_cache:
        out, i, in_class = [], 0, False
        while i < len(pattern):
            c = pattern[i]
            if c == "\\":
                out.append(pattern[i:i + 2])
                i += 2
                continue
            if in_class:
                in_class = c != "]"
            elif c == "[":
                in_class = True
            elif c == "$":
                c = r"\Z"
            out.append(c)
            i += 1
        _pattern_cache[pattern] = re.compile("".join(out))
    return _pattern_cache[pattern]


def _pattern(validator, pattern, instance, schema):
    if validator.is_type(instance, "string") and not _ecma_regex(pattern).search(instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


def _properties(validator, properties, instance, schema):
    """`properties`, except that a field whose schema is `false` is reported with its own path (jsonschema
    reports it at the enclosing mapping, which loses the key the error must point at)."""
    if not validator.is_type(instance, "object"):
        return
    for name, subschema in properties.items():
        if name not in instance:
            continue
        if subschema is False:
            yield ValidationError(f"field {json.dumps(name)} not allowed here", validator="properties",
                                  validator_value=properties, instance=instance[name], schema=False,
                                  path=[name], schema_path=[name])
        else:
            yield from validator.descend(instance[name], subschema, path=name, schema_path=name)


def make_validator(schema, base=Draft202012Validator, **kwargs):
    # A YAML float such as 32.0 is not an integer to the loader, whatever JSON Schema's data model says.
    type_checker = base.TYPE_CHECKER.redefine(
        "integer", lambda checker, x: isinstance(x, int) and not isinstance(x, bool))
    cls = validators.extend(base, validators={"pattern": _pattern, "properties": _properties},
                            type_checker=type_checker)
    return cls(schema, format_checker=None, **kwargs)


class Wycheproof:
    """The copied Wycheproof schemas (draft-07), by file name, with `common.json` resolved locally."""

    def __init__(self, folder):
        self.folder = Path(folder)
        self.validators = {}
        if not self.folder.is_dir():
            return
        files = sorted(self.folder.glob("*.json"))
        contents = {f.name: json.loads(f.read_text(encoding="utf-8")) for f in files}
        for c in contents.values():
            Draft7Validator.check_schema(c)
        # Each schema is a resource at its own file URI, so a relative `common.json#/...` resolves to the
        # sibling file; no `retrieve` is given, so any other reference fails instead of being fetched.
        registry = Registry().with_resources(
            (self.uri(name), Resource.from_contents(c, default_specification=DRAFT7)) for name, c in contents.items())
        for name, c in contents.items():
            resolver = registry.resolver(base_uri=self.uri(name))
            for ref in _refs(c):
                try:
                    resolver.lookup(ref)
                except Exception as e:   # noqa: BLE001 - referencing's Unresolvable and friends
                    raise ValueError(f"{name}: cannot resolve $ref {ref!r} within {self.folder}: {e!r}") from None
            if name != "common.json":
                self.validators[name] = make_validator({"$ref": self.uri(name)}, Draft7Validator, registry=registry)

    def uri(self, name):
        return (self.folder / name).resolve().as_uri()

    def names(self):
        return sorted(self.validators)


def _refs(schema):
    if isinstance(schema, dict):
        for k, v in schema.items():
            if k == "$ref" and isinstance(v, str):
                yield v
            else:
                yield from _refs(v)
    elif isinstance(schema, list):
        for v in schema:
            yield from _refs(v)


def wycheproof_schema_name(value):
    """The schema a Wycheproof file names, or None for a Concord file (one with `format`, or no `schema`)."""
    if isinstance(value, dict) and "schema" in value and "format" not in value:
        return value["schema"]
    return None


def json_path(path):
    out = "$"
    for p in path:
        if isinstance(p, int):
            out += f"[{p}]"
        elif re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", p):
            out += "." + p
        else:
            out += "[" + json.dumps(p) + "]"
    return out


def locate(error, doc):
    """The node an error is about: the key for an unknown field, the mapping for a missing one,
    the value otherwise (the loader's rules)."""
    path = tuple(error.absolute_path)
    if error.validator in ("additionalProperties", "unevaluatedProperties") and isinstance(error.instance, dict):
        known = set(error.schema.get("properties", {}))
        extras = [k for k in error.instance if k not in known]
        if extras:
            return path + (extras[0],), doc.key_marks.get(path + (extras[0],))
    if error.schema is False and path:
        return path, doc.key_marks.get(path)
    if error.validator == "required" and len(path) >= 3 and path[-1] == "input" and path[-3] == "vectors":
        # A missing input (after merging defaults) is the vector's fault, as the loader reports it.
        path = path[:-1]
    return path, doc.value_marks.get(path)


def check_file(validator, file, wycheproof=None, scenario=None):
    """None if the file is valid, else one line describing the first problem."""
    try:
        doc = load(Path(file).read_bytes())
    except LoadError as e:
        return f"{file}:{e.line}:{e.column}: {e.message}"
    except OSError as e:
        return f"{file}: cannot read: {e.strerror}"
    name = wycheproof_schema_name(doc.value)
    if name is not None:
        if not isinstance(name, str) or wycheproof is None or name not in wycheproof.validators:
            line, column = doc.value_marks.get(("schema",), (1, 1))
            known = ", ".join(wycheproof.names()) if wycheproof is not None and wycheproof.names() else "none"
            return (f"{file}:{line}:{column}: $.schema: no copy of the Wycheproof schema {json.dumps(name)} "
                    f"(known: {known}; a Concord vector file needs `format: concord-vectors/1` instead)")
        validator = wycheproof.validators[name]
    elif scenario is not None and isinstance(doc.value, dict) and doc.value.get("format") == "concord-scenario/1":
        validator = scenario
    error = best_match(validator.iter_errors(doc.value))
    if error is None:
        return None
    path, mark = locate(error, doc)
    where = f"{mark[0]}:{mark[1]}:" if mark else ""
    if error.schema is False:
        message = error.message if error.validator == "properties" else "field not allowed here"
    elif error.validator in ("not", "oneOf") and isinstance(error.schema, dict) and "title" in error.schema:
        message = error.schema["title"]   # the rule's own words, not a dump of the whole vector
    else:
        message = error.message
    if len(message) > 200:
        message = message[:197] + "..."
    return f"{file}:{where} {json_path(path)}: {message}"


# ---------------------------------------------------------------------------------------------
# Finding files and expected verdicts.

def find_files(paths):
    found = []
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs[:] = [d for d in dirs if not d.startswith(".")]
                found += [os.path.join(root, f) for f in files
                          if not f.startswith(".") and f.lower().endswith(EXTENSIONS)]
        elif os.path.exists(p):
            found.append(p)
        else:
            raise FileNotFoundError(p)
    return sorted(set(found), key=os.fsencode)


HEADER_RE = re.compile(rb"^(?:\xef\xbb\xbf)?#\s*expect:\s*(valid|invalid)\s*$")


def expected_verdict(file):
    with open(file, "rb") as f:
        first = f.readline().rstrip(b"\r\n")
    m = HEADER_RE.match(first)
    if m:
        return m.group(1).decode()
    name = os.path.basename(file)
    for verdict in ("valid", "invalid"):
        if name.startswith(verdict + "-"):
            return verdict
    return None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--expect-verdicts", action="store_true",
                    help="each file announces its verdict (`# expect: valid|invalid` or a valid-/invalid- name); "
                         "fail the files whose verdict differs")
    ap.add_argument("--schema", default=str(DEFAULT_SCHEMA), help="the schema (default: %(default)s)")
    ap.add_argument("--scenario-schema", default=str(DEFAULT_SCENARIO_SCHEMA), metavar="FILE",
                    help="the schema of scenario files, `format: concord-scenario/1` (default: %(default)s)")
    ap.add_argument("--wycheproof-schemas", default=str(DEFAULT_WYCHEPROOF), metavar="DIR",
                    help="the copied Wycheproof schemas, for files with a top-level `schema` (default: %(default)s)")
    ap.add_argument("paths", nargs="+", metavar="PATH")
    args = ap.parse_args(argv)

    validators_by_path = {}
    for path in (args.schema, args.scenario_schema):
        try:
            schema = json.loads(Path(path).read_text(encoding="utf-8"))
            Draft202012Validator.check_schema(schema)
        except Exception as e:   # noqa: BLE001 - any problem with the schema is fatal
            print(f"{path}: unusable schema: {e}", file=sys.stderr)
            return 2
        validators_by_path[path] = make_validator(schema)
    validator, scenario = validators_by_path[args.schema], validators_by_path[args.scenario_schema]
    try:
        wycheproof = Wycheproof(args.wycheproof_schemas)
    except Exception as e:   # noqa: BLE001 - any problem with the schemas is fatal
        print(f"{args.wycheproof_schemas}: unusable Wycheproof schemas: {e}", file=sys.stderr)
        return 2

    try:
        files = find_files(args.paths)
    except FileNotFoundError as e:
        print(f"{e}: no such file or folder", file=sys.stderr)
        return 2
    if not files:
        print("no .yaml, .yml or .json files found", file=sys.stderr)
        return 2

    passed = failed = 0
    for file in files:
        problem = check_file(validator, file, wycheproof, scenario)
        if args.expect_verdicts:
            wanted = expected_verdict(file)
            if wanted is None:
                print(f"{file}: no expected verdict (first line `# expect: valid|invalid`, or a valid-/invalid- name)")
                failed += 1
            elif wanted == "valid" and problem is not None:
                print(f"expected valid, found invalid: {problem}")
                failed += 1
            elif wanted == "invalid" and problem is None:
                print(f"{file}: expected invalid, found valid")
                failed += 1
            else:
                passed += 1
        elif problem is not None:
            print(problem)
            failed += 1
        else:
            passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
