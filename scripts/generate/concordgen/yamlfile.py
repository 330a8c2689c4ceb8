"""The fixed-format YAML writer of concord-vectors/1 files (no timestamps, fixed order: a rerun writes the same
bytes) and the strict read-back check of what it wrote. Its quoting, names, value encodings and key order are
the rules Concord's own writer follows too (VectorFileWriter): rules.py holds both to one table of cases.

A file is a dict: path, suite, title, source (a str.format template filled with the generator's versions and
`source_args`), notes, optional defaults, vectors. A vector is a dict: id, optional op, comment, flags, result
("valid" when absent), input, expect (absent: an invalid vector that names no class). Values are Hex, Utf8,
Record, str, int or None.
"""

from __future__ import annotations

import re
import textwrap
import unicodedata

from .values import Hex, Record, Utf8

SCHEMA_LINE = "# yaml-language-server: $schema=../../../schemas/vector-file.schema.json"
# The Closer pack's suites are written with their canonical names (closer.<name>); the generators call them by
# their short names. Primitive suites (argon2id, aes-gcm, …) belong to no pack.
CLOSER_SUITES = ("kdf-params", "couple-key-wrap", "invite-phrase", "field", "canonical-json", "commitment",
                 "sealed-answer", "tink-public-key", "keybox")
PLACEHOLDER = "TODO_ANDROID_RUN"
PLAIN_OK = re.compile(r"[A-Za-z][A-Za-z0-9._/-]*")
YAML_WORDS = {"true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"}


def suite_name(suite: str) -> str:
    """The name written in the file's suite: line."""
    return "closer." + suite if suite in CLOSER_SUITES else suite


def q(s: str) -> str:
    """A YAML double-quoted scalar; control, format, separator, combining and non-characters are escaped."""
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ch == "\r":
            out.append("\\r")
        elif o < 0x20 or 0x7F <= o <= 0x9F or unicodedata.category(ch) in ("Cf", "Zl", "Zp", "Mn", "Me", "Co", "Cs",
                                                                             "Cn") \
                or (ch.isspace() and ch != " "):
            out.append(f"\\u{o:04x}" if o <= 0xFFFF else f"\\U{o:08x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def text_scalar(s: str) -> str:
    """Single-quoted (no escapes at all, so JSON stays readable) when the text has a " or \\ and nothing q()
    would escape; double-quoted otherwise."""
    raw = all(q(ch) == f'"{ch}"' or ch in '"\\' for ch in s)
    if raw and ('"' in s or "\\" in s):
        return "'" + s.replace("'", "''") + "'"
    return q(s)


def block_ok(s: str) -> bool:
    """Can s be written as a literal block scalar and read back exactly?"""
    if "\n" not in s or s.startswith((" ", "\n")) or s.endswith("\n\n"):
        return False
    return all(q(ch) == f'"{ch}"' or ch in '"\\\n' for ch in s) and \
        all(ln == ln.rstrip(" ") for ln in s.split("\n"))


def plain(s: str) -> str:
    """A plain scalar when it reads the same under YAML 1.1 and 1.2 (the field y is a boolean to 1.1 readers)."""
    if PLAIN_OK.fullmatch(s) and s.lower() not in YAML_WORDS:
        return s
    return q(s)


def folded(text: str, indent: int, width: int) -> list[str]:
    pad = " " * indent
    return [">-"] + [pad + ln for ln in textwrap.wrap(text, width=width - indent, break_long_words=False,
                                                    break_on_hyphens=False)]


def scalar(v) -> str:
    if isinstance(v, Hex):
        return "{hex: " + q(v.data.hex()) + "}"
    if isinstance(v, Utf8):
        return "{utf8: " + text_scalar(v.text) + "}"
    if v is None:
        return "null"
    if isinstance(v, bool):
        raise TypeError(v)
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return text_scalar(v)
    if isinstance(v, list):
        return "[" + ", ".join(scalar(x) for x in v) + "]"
    raise TypeError(v)


def value_lines(key: str, v, indent: int, width: int, blocks: bool) -> list[str]:
    pad = " " * indent
    key = plain(key)
    if isinstance(v, Record):
        line = f"{pad}{key}: {{" + ", ".join(f"{k}: {scalar(v[k])}" for k in v.order) + "}"
        if len(line) <= width:
            return [line]
        return [f"{pad}{key}:"] + [f"{pad}  {k}: {scalar(v[k])}" for k in v.order]
    if blocks and isinstance(v, str) and block_ok(v):
        chomp = "" if v.endswith("\n") else "-"
        body = v[:-1] if v.endswith("\n") else v
        return [f"{pad}{key}: |{chomp}"] + [f"{pad}  {ln}" for ln in body.split("\n")]
    return [f"{pad}{key}: {scalar(v)}"]


def emit(f: dict, versions: dict, *, width: int = 110, blocks: bool = False) -> str:
    """The file's text. Sets f["source_text"] and f["notes_used"] (the notes of the flags its vectors use)."""
    lines = [SCHEMA_LINE, "format: concord-vectors/1", f"suite: {suite_name(f['suite'])}", f"title: {q(f['title'])}"]
    src = f["source"].format(**versions, **f.get("source_args", {}))
    f["source_text"] = src
    fl = folded(src, 2, width)
    lines.append("source: " + fl[0])
    lines += fl[1:]
    used = {x for v in f["vectors"] for x in v.get("flags") or ()}
    unknown = used - set(f["notes"] or {})
    assert not unknown, f"{f['path']}: flags not declared in notes: {sorted(unknown)}"
    f["notes_used"] = {k: v for k, v in (f["notes"] or {}).items() if k in used}
    if f["notes_used"]:
        lines.append("notes:")
        for k, v in f["notes_used"].items():
            fl = folded(v, 4, width)
            lines.append(f"  {plain(k)}: " + fl[0])
            lines += fl[1:]
    if f.get("defaults"):
        lines.append("defaults:")
        for k, v in f["defaults"].items():
            lines += value_lines(k, v, 2, width, blocks)
    lines.append("vectors:")
    for v in f["vectors"]:
        lines.append("")
        lines.append(f"  - id: {plain(v['id'])}")
        if v.get("op"):
            lines.append(f"    op: {v['op']}")
        if v.get("comment"):
            lines.append(f"    comment: {q(v['comment'])}")
        if v.get("flags"):
            lines.append("    flags: [" + ", ".join(plain(x) for x in v["flags"]) + "]")
        if v.get("result", "valid") != "valid":
            lines.append(f"    result: {v['result']}")
        if not v["input"]:  # an op without inputs: an empty mapping, never a null
            lines.append("    input: {}")
        else:
            lines.append("    input:")
        for k, x in v["input"].items():
            lines += value_lines(k, x, 6, width, blocks)
        exp = v.get("expect")
        if exp is None:
            pass
        elif not exp:  # a verify op: no output fields
            lines.append("    expect: {}")
        elif "error" in exp:
            lines.append(f"    expect: {{error: {exp['error']}}}")
        else:
            lines.append("    expect:")
            for k, x in exp.items():
                # A placeholder (computed and shown, never compared) is written plain, as Concord writes it.
                lines += [f"      {plain(k)}: {PLACEHOLDER}"] if x == PLACEHOLDER else value_lines(k, x, 6, width, blocks)
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- read-back

def to_plain(v):
    """A model value as PyYAML reads it back."""
    if isinstance(v, Hex):
        return {"hex": v.data.hex()}
    if isinstance(v, Utf8):
        return {"utf8": v.text}
    if isinstance(v, dict):
        return {k: to_plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [to_plain(x) for x in v]
    return v


def strict_load(text: str, path: str):
    """PyYAML, refusing duplicate keys, anchors/aliases, tags, several documents and plain scalars whose type
    differs between YAML 1.1 (PyYAML) and the 1.2 core schema (Concord's loader); libyaml must read the same."""
    import yaml
    for tok in yaml.scan(text):
        assert not isinstance(tok, (yaml.AnchorToken, yaml.AliasToken, yaml.TagToken)), f"{path}: {tok}"
    nodes = list(yaml.compose_all(text))
    assert len(nodes) == 1, f"{path}: expected one document"

    def walk(node):
        if isinstance(node, yaml.MappingNode):
            keys = [k.value for k, _ in node.value]
            assert len(keys) == len(set(keys)), f"{path}:{node.start_mark.line + 1}: duplicate key"
            for k, v in node.value:
                walk(k)
                walk(v)
        elif isinstance(node, yaml.SequenceNode):
            for x in node.value:
                walk(x)
        elif isinstance(node, yaml.ScalarNode) and node.style is None:
            s = node.value
            if not re.fullmatch(r"-?[1-9][0-9]*|0", s) and s != "null":
                assert PLAIN_OK.fullmatch(s) and s.lower() not in YAML_WORDS, f"{path}: ambiguous plain {s!r}"
    walk(nodes[0])
    doc = yaml.safe_load(text)
    if yaml.__with_libyaml__:  # the parser Concord's loader uses
        assert yaml.load(text, Loader=yaml.CSafeLoader) == doc, f"{path}: libyaml reads it differently"
    return doc


def read_back(f: dict, text: str) -> None:
    """The written text must parse strictly and read back as exactly the data it was written from."""
    path = f["path"]
    assert text.startswith(SCHEMA_LINE + "\n") and not text.startswith("\ufeff"), path
    doc = strict_load(text, path)
    want = {"format": "concord-vectors/1", "suite": suite_name(f["suite"]), "title": f["title"],
            "source": f["source_text"]}
    if f["notes_used"]:
        want["notes"] = f["notes_used"]
    if f.get("defaults"):
        want["defaults"] = to_plain(f["defaults"])
    want["vectors"] = []
    for v in f["vectors"]:
        w = {"id": v["id"]}
        for k in ("op", "comment", "flags"):
            if v.get(k):
                w[k] = v[k]
        if v.get("result", "valid") != "valid":
            w["result"] = v["result"]
        w["input"] = to_plain(v["input"])
        if v.get("expect") is not None:
            w["expect"] = to_plain(v["expect"])
        want["vectors"].append(w)
    assert doc == want, f"{path}: the YAML does not read back as the data it was written from"
