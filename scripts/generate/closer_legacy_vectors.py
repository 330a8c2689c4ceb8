#!/usr/bin/env python3
"""Write the vectors of the old and wrapped Closer forms (CONTRACT.md sections 8 and 10), each of which must be
refused with a message that says what the value is:

    vectors/closer/keybox/legacy-forms.yaml         the old iOS keybox envelope {v, pub, ct, mac}
    vectors/closer/sealed-answer/legacy-forms.yaml  a Tink-prefixed sealed:v1: and a JSON wrapper prefixed sealed:v1:

The old envelope is not specified anywhere but in a sentence of the notes ("CryptoKit P256.KeyAgreement + HKDF
<SHA256> + AES.GCM (128-bit key) + HMAC<SHA256>; minimal JSON envelope {v, pub, ct, mac} with URL-safe
base64-no-padding"): it is rebuilt here from that sentence with pyca/cryptography, to the recipient of
data/keybox_tink.json's p256-tink keyset. Its inner bytes do not matter to the verdict: only its shape does.
The sealed answers are computed on two stacks that must agree byte for byte (pyca/cryptography AESGCM and
hashlib; PyCryptodome AES-GCM and SHA256; base64url by Python's base64 and by concordgen's codec), and each
refused value is checked not to open as the contract's sealed:v1: on both stacks. Expected classes follow the
vector format's table (docs/vector-format.md, "Which class a refusal has").

Usage:
    python3 scripts/generate/closer_legacy_vectors.py            # write the files
    python3 scripts/generate/closer_legacy_vectors.py --check    # compare with the files on disk
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from concordgen.b64 import B64_URL, hand_b64encode  # noqa: E402
from concordgen.env import ensure_venv  # noqa: E402
from concordgen.output import DATA, finish  # noqa: E402
from concordgen.protobuf import pb_get, pb_read  # noqa: E402
from concordgen.values import Hex, Record, derived  # noqa: E402
from concordgen.yamlfile import emit, read_back  # noqa: E402
from symmetric_vectors import PINS  # noqa: E402  (the same pinned stacks)


def b64url(b: bytes) -> str:
    a = base64.urlsafe_b64encode(b).decode().rstrip("=")
    assert a == hand_b64encode(b, B64_URL, False)
    return a


def canonical(answer: dict) -> bytes:
    """Canonical JSON (CONTRACT.md section 7) of a plain ASCII answer, the only kind used here."""
    ids = ",".join(json.dumps(i) for i in sorted(answer["selectedOptionIds"]))
    sv = "null" if answer["scaleValue"] is None else str(answer["scaleValue"])
    wt = "null" if answer["writtenText"] is None else json.dumps(answer["writtenText"])
    return f'{{"scaleValue":{sv},"selectedOptionIds":[{ids}],"writtenText":{wt}}}'.encode()


def gcm_both(key: bytes, nonce: bytes, aad: bytes, pt: bytes) -> bytes:
    from Crypto.Cipher import AES
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    a = AESGCM(key).encrypt(nonce, pt, aad)
    c = AES.new(key, AES.MODE_GCM, nonce=nonce)
    c.update(aad)
    ct, tag = c.encrypt_and_digest(pt)
    assert a == ct + tag
    return nonce + a


def opens_on_either(key: bytes, aad: bytes, blob: bytes) -> bool:
    from Crypto.Cipher import AES
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    ok = []
    try:
        AESGCM(key).decrypt(blob[:12], blob[12:], aad)
        ok.append(True)
    except Exception:
        ok.append(False)
    try:
        c = AES.new(key, AES.MODE_GCM, nonce=blob[:12])
        c.update(aad)
        c.decrypt_and_verify(blob[12:-16], blob[-16:])
        ok.append(True)
    except Exception:
        ok.append(False)
    assert ok[0] == ok[1]
    return ok[0]


def sha256_both(b: bytes) -> bytes:
    from Crypto.Hash import SHA256
    d = hashlib.sha256(b).digest()
    assert d == SHA256.new(b).digest()
    return d


def recipient_point(keyset_json: str):
    ks = json.loads(keyset_json)
    key = next(k for k in ks["key"] if k["keyId"] == ks["primaryKeyId"])
    priv = pb_read(base64.b64decode(key["keyData"]["value"]), "EciesAeadHkdfPrivateKey")
    pub = pb_read(pb_get(priv, 2, "bytes", "public_key"), "EciesAeadHkdfPublicKey")
    x, y = pb_get(pub, 3, "bytes", "x"), pb_get(pub, 4, "bytes", "y")
    return int.from_bytes(x, "big"), int.from_bytes(y, "big")


def old_ios_envelope(keyset_json: str, context: bytes, plaintext: bytes) -> str:
    """The envelope as the notes' sentence describes it (the layout inside is a reconstruction)."""
    from cryptography.hazmat.primitives import hashes, hmac
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF
    x, y = recipient_point(keyset_json)
    recipient = ec.EllipticCurvePublicNumbers(x, y, ec.SECP256R1()).public_key()
    eph = ec.derive_private_key(int.from_bytes(derived("legacy-ios-ephemeral", 32), "big") % (2**255), ec.SECP256R1())
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
    epub = eph.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
    z = eph.exchange(ec.ECDH(), recipient)
    okm = HKDF(algorithm=hashes.SHA256(), length=48, salt=None, info=context).derive(z)
    nonce = derived("legacy-ios-nonce", 12)
    ct = nonce + AESGCM(okm[:16]).encrypt(nonce, plaintext, None)
    m = hmac.HMAC(okm[16:], hashes.SHA256())
    m.update(epub + ct)
    env = {"v": 1, "pub": b64url(epub), "ct": b64url(ct), "mac": b64url(m.finalize())}
    return json.dumps(env, separators=(",", ":"))


def keybox_file():
    kb = json.loads((DATA / "keybox_tink.json").read_text(encoding="utf-8"))
    keyset = kb["keysets"]["p256-tink"]["json"]
    ref = kb["keyboxes"]["tink-32-byte-key"]
    context, pt = ref["contextInfo"], bytes.fromhex(ref["plaintext"])
    env = old_ios_envelope(keyset, context.encode(), pt)
    vectors = []
    for vid, value, cls, comment in [
        ("old-ios-envelope-json", env, "format",
         "the old iOS envelope as JSON text; expected message: keybox is the old iOS keybox envelope {v, pub, ct, mac} "
         "(not Tink's ciphertext), not a keybox:v1: value"),
        ("old-ios-envelope-base64url", b64url(env.encode()), "format",
         "the base64url of the old iOS envelope, without the prefix; expected message: keybox is the base64url of the "
         "old iOS keybox envelope {v, pub, ct, mac}, without the keybox:v1: prefix"),
        ("old-ios-envelope-prefixed", "keybox:v1:" + b64url(env.encode()), "authentication",
         "keybox:v1: + base64url of the old iOS envelope; expected message: keybox is keybox:v1: + base64url of the old "
         "iOS keybox envelope {v, pub, ct, mac}; authentication, as the contract reads anything wrong inside the "
         "ciphertext once prefix and base64 read, and as Tink 1.16.1 reports it (no key matches the prefix)"),
    ]:
        v = {"id": vid, "op": "open", "comment": comment, "flags": ["old-ios-envelope"], "result": "invalid",
             "input": {"recipientPrivateKeyset": keyset, "contextInfo": context, "keybox": value}}
        if cls:
            v["expect"] = {"error": cls}
        vectors.append(v)
    return {"path": "vectors/closer/keybox/legacy-forms.yaml", "suite": "closer.keybox",
            "title": "The old iOS keybox envelope {v, pub, ct, mac}, refused by name",
            "source": ("Generated by scripts/generate/closer_legacy_vectors.py: the envelope rebuilt with "
                       "pyca/cryptography from the notes' description (P-256 ECDH, HKDF-SHA256, AES-128-GCM, "
                       "HMAC-SHA256, JSON {{v, pub, ct, mac}} in base64url without padding) to the recipient of "
                       "data/keybox_tink.json p256-tink; classes per docs/vector-format.md (a bad prefix or JSON "
                       "is format)."),
            "notes": {"old-ios-envelope": (
                "the iOS-only keybox envelope of the app's early builds (notes, Batch 4: \"not byte-compatible "
                "with Android's Tink-generated keybox:v1:\"); a reader must refuse it and say what it is")},
            "vectors": vectors}


def sealed_file():
    c, q, u = "cpl_legacy", "q_legacy", "uid_legacy"
    answer = {"scaleValue": None, "selectedOptionIds": ["opt_a", "opt_b"], "writtenText": "legacy"}
    body = canonical(answer)
    key, nonce = derived("legacy-sealed-key", 32), derived("legacy-sealed-nonce", 12)
    aad = f"{c}|{q}|{u}".encode()
    blob = gcm_both(key, nonce, aad, body)
    assert opens_on_either(key, aad, blob)
    commitment = "sha256:" + b64url(sha256_both(f"v1|{c}|{q}|{u}|".encode() + body))
    tink = b"\x01" + bytes.fromhex("0a0b0c0d") + blob
    assert not opens_on_either(key, aad, tink) and opens_on_either(key, aad, tink[5:])
    wrapper = {"v": 1, "nonce": b64url(nonce), "ct": b64url(blob[12:]), "commitmentHash": commitment}
    wtext = json.dumps(wrapper, separators=(",", ":"))
    assert not opens_on_either(key, aad, wtext.encode())
    base = {"coupleId": c, "questionId": q, "userId": u, "oneTimeKey": Hex(key), "commitmentHash": commitment}
    vectors = [{"id": "open-control", "op": "open",
                "comment": "the contract's form of the same answer, which opens (the refusals below are of its wrappings)",
                "input": dict(base, encryptedPayload="sealed:v1:" + b64url(blob)), "expect": {"answer": Record(answer, ["scaleValue", "selectedOptionIds", "writtenText"])}}]
    for vid, value, comment, flag in [
        ("open-tink-prefixed", "sealed:v1:" + b64url(tink),
         "the body carries Tink's TINK output prefix 0x01 || 0a0b0c0d before the RAW combined form; expected message: "
         "starts with a 5-byte Tink TINK output prefix and opens after dropping it: the contract is RAW", "tink-prefix"),
        ("open-json-wrapper-text", "sealed:v1:" + wtext,
         "a JSON metadata wrapper written after the prefix; expected message: encryptedPayload is a JSON object "
         "{v, nonce, ct, commitmentHash} prefixed sealed:v1: (a metadata wrapper)", "json-wrapper"),
        ("open-json-wrapper-base64url", "sealed:v1:" + b64url(wtext.encode()),
         "the base64url of a JSON metadata wrapper after the prefix; expected message: encryptedPayload is sealed:v1: + "
         "base64url of a JSON object {v, nonce, ct, commitmentHash} (a metadata wrapper)", "json-wrapper"),
    ]:
        vectors.append({"id": vid, "op": "open", "comment": comment, "flags": [flag], "result": "invalid",
                        "input": dict(base, encryptedPayload=value), "expect": {"error": "format"}})
    return {"path": "vectors/closer/sealed-answer/legacy-forms.yaml", "suite": "closer.sealed-answer",
            "title": "sealed:v1: values in a wrapped form, refused by name",
            "source": ("Generated by scripts/generate/closer_legacy_vectors.py: AES-256-GCM by pyca/cryptography "
                       "and PyCryptodome, SHA-256 by hashlib and PyCryptodome, base64url by Python and "
                       "concordgen's codec, which agreed; each refused value checked not to open on both stacks "
                       "(the Tink-prefixed one opens once its 5 bytes are dropped). Classes per "
                       "docs/vector-format.md (a Tink-prefixed blob or bad base64 is format)."),
            "notes": {"tink-prefix": "the body starts with Tink's 5-byte TINK output prefix (a Tink Aead with the "
                                     "AES256_GCM template, not AES256_GCM_RAW); the contract is RAW",
                      "json-wrapper": "the notes mention \"a JSON metadata wrapper also prefixed sealed:v1:\" on "
                                      "iOS; the stored value is sealed:v1: + base64url of the combined bytes only"},
            "vectors": vectors}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    ensure_venv("venv-generate-symmetric", PINS, __file__)
    texts = {}
    for f in (keybox_file(), sealed_file()):
        text = emit(f, {}, blocks=True)
        read_back(f, text)
        texts[f["path"]] = text
    finish(texts, args.check, [])


if __name__ == "__main__":
    main()
