#!/usr/bin/env python3
"""Write the known-answer vector files of the issue-14 primitive suites from their standards:

    vectors/primitives/hmac-sha256/rfc4231.yaml             RFC 4231 §4.2–§4.8
    vectors/primitives/chacha20-poly1305/rfc8439.yaml       RFC 8439 §2.8.2
    vectors/primitives/xchacha20-poly1305/draft-irtf-cfrg-xchacha-03.yaml   §A.3.1
    vectors/primitives/x25519/rfc7748.yaml                  RFC 7748 §5.2, §6.1
    vectors/primitives/ed25519/rfc8032.yaml                 RFC 8032 §7.1
    vectors/primitives/ecdsa-p256/rfc6979.yaml              RFC 6979 §A.2.5

Every expected value is a published one, read from its transcription in Tests/Fixtures/kats/*.json (whose
`source` names the RFC and section; the Swift tests PrimitiveKATLoaderTests and Primitive*Tests hold both
backends of every primitive to the same files). Nothing is computed here: the only derived vectors are
refusals the standards imply (a tag or signature with one bit flipped must not verify), whose expectation is
the error class, never a value. Concord (the code under test) is not used to compute anything; what was
written is checked by `concord validate` and scripts/check-schema.py.

Usage (needs PyYAML: .build/venv, made by scripts/setup --test):
    .build/venv/bin/python scripts/generate/primitive_kat_vectors.py            # write the files
    .build/venv/bin/python scripts/generate/primitive_kat_vectors.py --check    # compare with the files on disk
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from concordgen.env import REPO  # noqa: E402
from concordgen.output import finish  # noqa: E402
from concordgen.values import Hex, flip  # noqa: E402
from concordgen.yamlfile import emit, read_back  # noqa: E402

KATS = REPO / "Tests" / "Fixtures" / "kats"


def kat(name: str) -> dict:
    doc = json.loads((KATS / name).read_text(encoding="utf-8"))
    assert isinstance(doc.get("source"), str) and doc["source"], f"{name}: no source"
    return doc


def h(s: str) -> Hex:
    return Hex(bytes.fromhex(s))


def slug(name: str) -> str:
    out = "".join(c if c.isalnum() else "-" for c in name.lower().replace("§", "s"))
    while "--" in out:
        out = out.replace("--", "-")
    return out.strip("-")


TRANSCRIBED = ("Transcribed in Tests/Fixtures/kats/{kat} and written here by scripts/generate/primitive_kat_vectors.py; "
               "every expected value is the published one.")
TAMPERED = {"tampered": "one bit of the published tag or signature flipped: the standard's verification must refuse it"}


def hmac_file() -> dict:
    d = kat("rfc4231.json")
    vectors = []
    for c in d["cases"]:
        n = slug(c["name"])
        if c.get("truncatedTo"):
            vectors.append({"id": n + "-verify", "op": "verify", "comment": c["name"] + ": the published tag, truncated to 128 bits",
                            "input": {"key": h(c["key"]), "message": h(c["data"]), "tag": h(c["mac"])}, "expect": {}})
            continue
        vectors.append({"id": n, "op": "compute", "comment": c["name"],
                        "input": {"key": h(c["key"]), "message": h(c["data"])}, "expect": {"tag": h(c["mac"])}})
        vectors.append({"id": n + "-verify", "op": "verify", "comment": c["name"] + ", the published tag verified",
                        "input": {"key": h(c["key"]), "message": h(c["data"]), "tag": h(c["mac"])}, "expect": {}})
    c = d["cases"][0]
    vectors.append({"id": "test-case-1-tampered", "op": "verify", "comment": "test case 1 with the tag's last bit flipped",
                    "flags": ["tampered"], "result": "invalid",
                    "input": {"key": h(c["key"]), "message": h(c["data"]), "tag": Hex(flip(bytes.fromhex(c["mac"]), 31))},
                    "expect": {"error": "authentication"}})
    return {"path": "vectors/primitives/hmac-sha256/rfc4231.yaml", "suite": "hmac-sha256",
            "title": "HMAC-SHA-256 test cases 1-7 of RFC 4231",
            "source": "RFC 4231 (Identifiers and Test Vectors for HMAC-SHA-224, -256, -384 and -512), §4.2-§4.8, the "
                      "HMAC-SHA-256 results; case 5 is published truncated to 128 bits and is a verify vector."
                      + " " + TRANSCRIBED.format(kat="rfc4231.json"),
            "notes": TAMPERED, "vectors": vectors}


def aead_file(kat_name: str, suite: str, path: str, title: str, source: str) -> dict:
    d = kat(kat_name)
    vectors = []
    for c in d["cases"]:
        n = slug(c["name"])
        common = {"key": h(c["key"]), "nonce": h(c["nonce"]), "aad": h(c["aad"])}
        vectors.append({"id": n + "-seal", "op": "seal", "comment": c["name"],
                        "input": {**common, "plaintext": h(c["plaintext"])},
                        "expect": {"ciphertext": h(c["ciphertext"]), "tag": h(c["tag"])}})
        vectors.append({"id": n + "-open", "op": "open", "comment": c["name"],
                        "input": {**common, "ciphertext": h(c["ciphertext"]), "tag": h(c["tag"])},
                        "expect": {"plaintext": h(c["plaintext"])}})
        vectors.append({"id": n + "-tampered", "op": "open", "comment": c["name"] + " with the tag's first bit flipped",
                        "flags": ["tampered"], "result": "invalid",
                        "input": {**common, "ciphertext": h(c["ciphertext"]), "tag": Hex(flip(bytes.fromhex(c["tag"]), 0))},
                        "expect": {"error": "authentication"}})
    return {"path": path, "suite": suite, "title": title, "source": source + " " + TRANSCRIBED.format(kat=kat_name),
            "notes": TAMPERED, "vectors": vectors}


def x25519_file() -> dict:
    d = kat("rfc7748.json")
    vectors = []
    for c in d["scalarMultiplication"]:
        vectors.append({"id": slug(c["name"]), "comment": c["name"] + ": scalar multiplication",
                        "input": {"private": h(c["scalar"]), "public": h(c["u"])}, "expect": {"shared": h(c["output"])}})
    it = d["iterated"]
    for a in it["after"]:
        if a["rounds"] == 1:  # one round is one call: X25519(k = 9, u = 9)
            vectors.append({"id": "s5-2-iterated-1", "comment": "§5.2, the iteration after one round: X25519(k, u) with k = u = 9",
                            "input": {"private": h(it["start"]), "public": h(it["start"])}, "expect": {"shared": h(a["k"])}})
    dh = d["diffieHellman"]
    vectors.append({"id": "s6-1-alice", "comment": "§6.1: Alice's private key and Bob's public key",
                    "input": {"private": h(dh["alicePrivate"]), "public": h(dh["bobPublic"])}, "expect": {"shared": h(dh["shared"])}})
    vectors.append({"id": "s6-1-bob", "comment": "§6.1: Bob's private key and Alice's public key",
                    "input": {"private": h(dh["bobPrivate"]), "public": h(dh["alicePublic"])}, "expect": {"shared": h(dh["shared"])}})
    return {"path": "vectors/primitives/x25519/rfc7748.yaml", "suite": "x25519", "title": "X25519 test vectors of RFC 7748",
            "source": "RFC 7748 (Elliptic Curves for Security), §5.2 (the two scalar-multiplication vectors and the first "
                      "round of the iteration) and §6.1 (the Diffie-Hellman example, from both sides)."
                      + " " + TRANSCRIBED.format(kat="rfc7748.json"),
            "notes": {}, "vectors": vectors}


def ed25519_file() -> dict:
    d = kat("rfc8032.json")
    vectors = []
    for c in d["cases"]:
        n = slug(c["name"])
        vectors.append({"id": n + "-sign", "op": "sign", "comment": c["name"],
                        "input": {"private": h(c["secretKey"]), "message": h(c["message"])}, "expect": {"signature": h(c["signature"])}})
        vectors.append({"id": n + "-verify", "op": "verify", "comment": c["name"],
                        "input": {"public": h(c["publicKey"]), "message": h(c["message"]), "signature": h(c["signature"])},
                        "expect": {}})
    c = d["cases"][0]
    vectors.append({"id": "test-1-tampered", "op": "verify", "comment": "TEST 1 with the signature's first bit flipped (R changes)",
                    "flags": ["tampered"], "result": "invalid",
                    "input": {"public": h(c["publicKey"]), "message": h(c["message"]),
                              "signature": Hex(flip(bytes.fromhex(c["signature"]), 0))},
                    "expect": {"error": "authentication"}})
    return {"path": "vectors/primitives/ed25519/rfc8032.yaml", "suite": "ed25519",
            "title": "Ed25519 test vectors of RFC 8032 (TEST 1, 2, 3 and 1024), signing and verifying",
            "source": "RFC 8032 (Edwards-Curve Digital Signature Algorithm), §7.1, pure Ed25519: TEST 1, TEST 2, TEST 3 "
                      "and TEST 1024, each signed (the signature is deterministic) and verified."
                      + " " + TRANSCRIBED.format(kat="rfc8032.json"),
            "notes": TAMPERED, "vectors": vectors}


def der_signature(r: bytes, s: bytes) -> bytes:
    """DER SEQUENCE {INTEGER r, INTEGER s} (X.690 §8.3, RFC 3279): an encoding of the published r and s."""
    def integer(v: bytes) -> bytes:
        v = v.lstrip(b"\x00") or b"\x00"
        if v[0] & 0x80:
            v = b"\x00" + v
        return bytes([0x02, len(v)]) + v
    body = integer(r) + integer(s)
    assert len(body) < 0x80
    return bytes([0x30, len(body)]) + body


def ecdsa_file() -> dict:
    d = kat("rfc6979.json")
    public = bytes.fromhex("04" + d["publicKeyX"] + d["publicKeyY"])
    vectors = []
    for c in d["cases"]:
        n = "sha256-" + slug(c["name"].split('"')[1])
        r, s = bytes.fromhex(c["r"]), bytes.fromhex(c["s"])
        vectors.append({"id": n + "-sign", "op": "sign", "comment": c["name"],
                        "input": {"private": h(d["privateKey"]), "message": h(c["message"])},
                        "expect": {"signature": Hex(der_signature(r, s)), "signatureP1363": Hex(r + s)}})
        vectors.append({"id": n + "-verify", "op": "verify", "comment": c["name"] + ", DER",
                        "input": {"public": Hex(public), "message": h(c["message"]), "signature": Hex(der_signature(r, s))},
                        "expect": {}})
        vectors.append({"id": n + "-verify-p1363", "op": "verify-p1363", "comment": c["name"] + ", IEEE P1363 r‖s",
                        "input": {"public": Hex(public), "message": h(c["message"]), "signature": Hex(r + s)}, "expect": {}})
    c = d["cases"][0]
    r, s = bytes.fromhex(c["r"]), bytes.fromhex(c["s"])
    vectors.append({"id": "sha256-sample-tampered", "op": "verify-p1363", "comment": "\"sample\" with the last bit of s flipped",
                    "flags": ["tampered"], "result": "invalid",
                    "input": {"public": Hex(public), "message": h(c["message"]), "signature": Hex(flip(r + s, 63))},
                    "expect": {"error": "authentication"}})
    return {"path": "vectors/primitives/ecdsa-p256/rfc6979.yaml", "suite": "ecdsa-p256",
            "title": "ECDSA P-256 with SHA-256, RFC 6979 A.2.5 (deterministic signatures of \"sample\" and \"test\")",
            "source": "RFC 6979 (Deterministic Usage of DSA and ECDSA), §A.2.5: the P-256 key and the SHA-256 signatures of "
                      "\"sample\" and \"test\" (r and s as published; s is not normalized). The DER form is the published r "
                      "and s encoded here as SEQUENCE {{INTEGER r, INTEGER s}} (RFC 3279); the P1363 form is r‖s."
                      + " " + TRANSCRIBED.format(kat="rfc6979.json"),
            "notes": TAMPERED, "vectors": vectors}


def files() -> list[dict]:
    return [
        hmac_file(),
        aead_file("rfc8439.json", "chacha20-poly1305", "vectors/primitives/chacha20-poly1305/rfc8439.yaml",
                  "ChaCha20-Poly1305 AEAD examples of RFC 8439",
                  "RFC 8439 (ChaCha20 and Poly1305 for IETF Protocols), §2.8.2 (the AEAD example), sealed and "
                  "opened."),
        aead_file("draft-irtf-cfrg-xchacha-03.json", "xchacha20-poly1305",
                  "vectors/primitives/xchacha20-poly1305/draft-irtf-cfrg-xchacha-03.yaml",
                  "XChaCha20-Poly1305 example of draft-irtf-cfrg-xchacha-03",
                  "draft-irtf-cfrg-xchacha-03 (XChaCha: eXtended-nonce ChaCha and AEAD_XChaCha20_Poly1305), §A.3.1, "
                  "sealed and opened."),
        x25519_file(),
        ed25519_file(),
        ecdsa_file(),
    ]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="compare with the files on disk instead of writing")
    ap.add_argument("--only", action="append", help="write only the files of these suites")
    args = ap.parse_args()
    texts = {}
    for f in files():
        if args.only and f["suite"] not in args.only:
            continue
        text = emit(f, {})
        read_back(f, text)
        texts[f["path"]] = text
    finish(texts, args.check, [])


if __name__ == "__main__":
    main()
