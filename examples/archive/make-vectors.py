#!/usr/bin/env python3
"""Write the example app's own vectors (examples/archive/vectors/<release>/<suite>.yaml): the inputs each
release of the example apps was given to write its artifacts, and the values the contract says they write,
computed apart from Concord and from the apps: AES-256-GCM by pyca/cryptography (OpenSSL), Argon2id by the
reference C implementation (libargon2, phc-winner-argon2, through ctypes). Nothing here calls Concord,
BouncyCastle or libsodium (what the apps and Concord use).

A wrap's expected values are the contract's wrap (§4: the production tag argon2id;v=19;m=47104;t=3;p=1),
which releases 2.0.0 write. Release 1.0.0 of the Android app wrapped with weaker parameters
(argon2id;v=19;m=19456;t=2;p=1, stored beside the key): its capture holds other bytes for the same inputs,
and the archive opens what it wrote (examples/archive/README.md).

Usage: python3 examples/archive/make-vectors.py [--check]   (system python3: python3-cryptography, libargon2-1)
"""
import base64
import ctypes
import ctypes.util
import json
import sys
from pathlib import Path

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

HERE = Path(__file__).resolve().parent
PRODUCTION = (47104, 3, 1)
TAG = "argon2id;v=19;m=%d;t=%d;p=%d" % PRODUCTION


def argon2id(password: bytes, salt: bytes, m: int, t: int, p: int) -> bytes:
    lib = ctypes.CDLL(ctypes.util.find_library("argon2") or "libargon2.so.1")
    out = ctypes.create_string_buffer(32)
    status = lib.argon2id_hash_raw(ctypes.c_uint32(t), ctypes.c_uint32(m), ctypes.c_uint32(p), password,
                                   ctypes.c_size_t(len(password)), salt, ctypes.c_size_t(len(salt)), out, ctypes.c_size_t(32))
    if status != 0:
        sys.exit("argon2id_hash_raw failed: %d" % status)
    return out.raw


def field_wire(key: bytes, couple_id: str, plaintext: bytes, nonce: bytes) -> str:
    return "enc:v1:" + base64.b64encode(nonce + AESGCM(key).encrypt(nonce, plaintext, couple_id.encode())).decode()


def wrap(phrase: str, couple_key: bytes, salt: bytes, nonce: bytes) -> dict:
    kek = argon2id(phrase.encode(), salt, *PRODUCTION)
    blob = nonce + AESGCM(kek).encrypt(nonce, couple_key, b"closer_couple_key")
    return {"wrappedCoupleKey": base64.b64encode(blob).decode(), "kdfSalt": base64.b64encode(salt).decode(), "kdfParams": TAG}


def q(s: str) -> str:
    return json.dumps(s, ensure_ascii=True)


def hx(b: bytes) -> str:
    return '{hex: "%s"}' % b.hex()


HEADER = ("# The example apps' own %s vectors of release %s (examples/archive/README.md): the inputs the release\n"
          "# was given to write its artifacts. Written by examples/archive/make-vectors.py; expected values computed\n"
          "# apart from Concord and the apps (pyca/cryptography's AES-GCM, libargon2's Argon2id).\n")

FIELD_KEY = bytes.fromhex("5e2d9f0c8b7a6d5c4b3a29180f0e0d0c0b0a09080706050403020100ffeeddcc")
TODO = (b"Things we said we would do this year: learn to make pasta from scratch, visit the lake house in October, "
        b"read the same book at the same time and talk about one chapter every Sunday, call your sister more often, ")
FIELDS = {
    "1.0.0": [("note-short", "a short note", "cpl_ex1", b"Date night: Friday, the Thai place", 0x10),
              ("note-long", "a 5000-byte note (1.0.0 had no size cap)", "cpl_ex1", (TODO * 30)[:5000], 0x20)],
    "2.0.0": [("answer-json", "an answer as canonical JSON (2.0.0 encrypts answers as fields)", "cpl_ex2",
               b'{"scaleValue":4,"selectedOptionIds":["a","c"],"writtenText":"more walks"}', 0x30),
              ("photo-key", "a 32-byte photo key (2.0.0 encrypts binary values)", "cpl_ex2",
               bytes.fromhex("00112233445566778899aabbccddeeff") * 2, 0x40)],
}
WRAPS = {
    "1.0.0": [("wrap-first-couple", "the first couple's key, wrapped when they set their recovery phrase",
               "amber anchor basil cedar dune ember fjord grove harbor iris", FIELD_KEY, 0x50)],
    "2.0.0": [("wrap-second-couple", "the second couple's key, wrapped under 2.0.0",
               "jade kettle lemon maple north olive pepper quartz river sage",
               bytes.fromhex("c0ffee00112233445566778899aabbccddeeff0102030405060708090a0b0c0d"), 0x70)],
}


def counting(start: int, n: int) -> bytes:
    return bytes(range(start, start + n))


def fields_file(release: str) -> str:
    out = [HEADER % ("field", release),
           "format: concord-vectors/1\nsuite: closer.field\n",
           "title: %s\n" % q("The example app's fields, release " + release),
           "source: %s\n" % q("pyca/cryptography (OpenSSL) computed each wire apart from Concord: AES-256-GCM, AAD = UTF-8(coupleId), enc:v1: + b64(nonce || ct || tag)"),
           "defaults:\n  coupleKey: %s\nvectors:\n" % hx(FIELD_KEY)]
    for vid, comment, couple, plaintext, n in FIELDS[release]:
        nonce = counting(n, 12)
        out.append("  - id: %s\n    op: encrypt\n    comment: %s\n    input:\n      coupleId: %s\n      plaintext: %s\n"
                   "      nonce: %s\n    expect:\n      wire: %s\n"
                   % (vid, q(comment + " (release " + release + ")"), q(couple), hx(plaintext), hx(nonce),
                      q(field_wire(FIELD_KEY, couple, plaintext, nonce))))
    return "".join(out)


def wraps_file(release: str) -> str:
    out = [HEADER % ("couple-key wrap", release),
           "format: concord-vectors/1\nsuite: closer.couple-key-wrap\n",
           "title: %s\n" % q("The example apps' couple-key wraps, release " + release),
           "source: %s\n" % q("libargon2 (the reference C code) derived each KEK at the contract's parameters (" + TAG
                              + "), pyca/cryptography (OpenSSL) sealed the raw couple key: AES-256-GCM, AAD closer_couple_key, b64(nonce || ct || tag); "
                              "what the contract's wrap writes, which release 1.0.0 did not (it wrapped with argon2id;v=19;m=19456;t=2;p=1)"),
           "vectors:\n"]
    for vid, comment, phrase, key, n in WRAPS[release]:
        salt, nonce = counting(n, 16), counting(n + 0x10, 12)
        w = wrap(phrase, key, salt, nonce)
        out.append("  - id: %s\n    op: wrap\n    comment: %s\n    input:\n      phrase: %s\n      kdfSalt: %s\n      nonce: %s\n"
                   "      coupleKey: %s\n    expect:\n      wrappedCoupleKey: %s\n      kdfSalt: %s\n      kdfParams: %s\n"
                   % (vid, q(comment + " (release " + release + ")"), q(phrase), hx(salt), hx(nonce), hx(key),
                      q(w["wrappedCoupleKey"]), q(w["kdfSalt"]), q(w["kdfParams"])))
    return "".join(out)


def main() -> int:
    check = sys.argv[1:] == ["--check"]
    if sys.argv[1:] not in ([], ["--check"]):
        sys.exit(__doc__)
    files = {}
    for release in FIELDS:
        files[HERE / "vectors" / release / "closer.field.yaml"] = fields_file(release)
        files[HERE / "vectors" / release / "closer.couple-key-wrap.yaml"] = wraps_file(release)
    stale = []
    for path, text in files.items():
        if check:
            if not path.is_file() or path.read_text() != text:
                stale.append(str(path.relative_to(HERE)))
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
    if stale:
        print("make-vectors: differs from what it would write: " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
