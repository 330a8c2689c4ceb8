"""Transcribed known answers (data/*.json), copies of reference files, writing or comparing (--check), and the
validation of what a generator wrote: `concord validate` (the project's loader) and scripts/check-schema.py
(the JSON schema), run on the files themselves."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .env import REPO, SHARED_REF

DATA = Path(__file__).resolve().parents[1] / "data"


def data(name: str) -> dict:
    """scripts/generate/data/<name>: known answers transcribed from a published source, which its `source`
    field names."""
    doc = json.loads((DATA / name).read_text(encoding="utf-8"))
    assert isinstance(doc.get("source"), str) and doc["source"], f"{DATA / name}: no source field"
    return doc


def sha256_file(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


def copy_reference(copies, check: bool, pinned_for: str) -> list[str]:
    """Copy each (source under ../shared/reference-vectors, destination in the repository, sha256) unmodified;
    with check, only list the destinations that are missing or differ."""
    differ = []
    for src_rel, dst_rel, digest in copies:
        src, dst = SHARED_REF / src_rel, REPO / dst_rel
        if src.exists():
            assert sha256_file(src) == digest, f"{src} does not have the sha256 {digest} recorded for {pinned_for}"
        if not (dst.exists() and sha256_file(dst) == digest):
            differ.append(dst_rel)
            if not check:
                assert src.exists(), f"{dst_rel} is missing and {src} is not there to copy from"
                dst.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(src, dst)
                assert sha256_file(dst) == digest
    return differ


def write_or_compare(texts: dict[str, str], check: bool) -> list[str]:
    """Write each repository-relative path's text (unless check); return the paths whose bytes on disk differ."""
    differ = []
    for rel, text in texts.items():
        path = REPO / rel
        new = text.encode("utf-8")
        if not path.exists() or path.read_bytes() != new:
            differ.append(rel)
            if not check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(new)
    return differ


def concord_binary() -> Path | None:
    """The built concord (.build/debug or .build/release, the newer when both exist)."""
    found = [p for p in (REPO / ".build" / "debug" / "concord", REPO / ".build" / "release" / "concord") if p.exists()]
    return max(found, key=lambda p: p.stat().st_mtime) if found else None


def validate(texts: dict[str, str], check: bool) -> bool:
    """Run `concord validate` and scripts/check-schema.py on what was written: the files themselves, or with
    --check the generated texts (in a temporary folder with the same relative paths). False when either refuses
    a file or cannot run (with a message saying what to do)."""
    with tempfile.TemporaryDirectory(prefix="concord-generate-") as tmp:
        root = REPO
        if check:
            root = Path(tmp)
            for rel, text in texts.items():
                (root / rel).parent.mkdir(parents=True, exist_ok=True)
                (root / rel).write_bytes(text.encode("utf-8"))
        paths = [str(root / rel) for rel in texts]
        ok = True
        concord = concord_binary()
        if concord is None:
            print("validate: no built concord (.build/debug/concord or .build/release/concord); build it with "
                  "`swift build` and rerun", file=sys.stderr)
            ok = False
        else:
            r = subprocess.run([str(concord), "validate", *paths], capture_output=True, text=True)
            print(f"{concord.relative_to(REPO)} validate: " + (r.stdout.strip().splitlines() or ["(no output)"])[-1])
            if r.returncode != 0:
                print(r.stdout + r.stderr, file=sys.stderr, end="")
                ok = False
        python = REPO / ".build" / "venv" / "bin" / "python"
        if not python.exists():
            print("validate: no .build/venv for scripts/check-schema.py; create it with `scripts/setup --test` and "
                  "rerun", file=sys.stderr)
            ok = False
        else:
            r = subprocess.run([str(python), str(REPO / "scripts" / "check-schema.py"), *paths],
                               capture_output=True, text=True)
            print("scripts/check-schema.py: " + (r.stdout.strip().splitlines() or ["(no output)"])[-1])
            if r.returncode != 0:
                print(r.stdout + r.stderr, file=sys.stderr, end="")
                ok = False
    return ok


def finish(texts: dict[str, str], check: bool, differ: list[str]) -> None:
    """Write or compare, validate what was written, say so, and exit 1 on a difference (--check) or a refusal."""
    differ = differ + write_or_compare(texts, check)
    if check:
        if differ:
            print("differs from the generator's output: " + ", ".join(differ), file=sys.stderr)
        else:
            print(f"all {len(texts)} files match the generator's output byte for byte")
    else:
        print(f"wrote {len(differ)} changed file(s)")
    valid = validate(texts, check)
    if (check and differ) or not valid:
        sys.exit(1)
