#!/usr/bin/env python3
"""Writes the `tink-templates.yaml` files of the Closer symmetric suites: what Android emits when its keys come
from Tink's templates, on Tink's own output (docs/contracts/closer.md, "Which Tink template Android uses").

    vectors/closer/field/tink-templates.yaml           enc:v1: values Tink's Aead wrote with a couple keyset
    vectors/closer/sealed-answer/tink-templates.yaml   sealed:v1: payloads under a Tink-made one-time keyset
    vectors/closer/couple-key-wrap/tink-templates.yaml Tink-made couple keysets wrapped (option B)
    vectors/closer/invite-phrase/tink-templates.yaml   the phrase sealed through Tink's Aead

The seed says Android makes its keys with `AesGcmKeyManager.aes256GcmTemplate()` (output prefix TINK: Tink's
Aead writes `0x01 || keyId(4)` before the nonce) and that RAW is "used internally in these paths". Both are
made here by real Tink: keysets from the `AES256_GCM` (TINK) and `AES256_GCM_RAW` templates, values encrypted by
Tink's `Aead` on them with its own random nonces. Where the key is derived (the KEK of the wrap, the invite
key), a keyset of that key is built with Tink's protos, with the output prefix and the key id of a keyset Tink
made from the template. Tink's output is kept in data/closer_tink_templates.json so reruns are identical
(`--new-tink-data` lets Tink make new ones).

Two implementations, which must agree on every value or the script aborts:

  tink   real Tink (tink 1.16.1 for Python, Tink C++ on BoringSSL): reads every keyset with its JSON keyset reader
         and decrypts every value again with its Aead on the keyset (so TINK values open on TINK keysets).
  pyca   the contract (CONTRACT.md §3-§8) composed on pyca/cryptography's AESGCM (OpenSSL) and Argon2id
         (OpenSSL's), keysets read with `json` and concordgen/protobuf.py, b64 by Python's codec and by
         concordgen/b64.py. A RAW value opens as it is; a TINK value is refused (`format`), and checked to start
         with 0x01 || the keyset's key id and to open once those 5 bytes are dropped.

A third Argon2id, libsodium's crypto_pwhash (the system library through ctypes), must give the same KEKs.

    python3 scripts/generate/closer_tink_template_vectors.py                  # (re)write the files
    python3 scripts/generate/closer_tink_template_vectors.py --check          # exit 1 if a file on disk differs
    python3 scripts/generate/closer_tink_template_vectors.py --new-tink-data  # let Tink make new keysets/values
"""

from __future__ import annotations

import argparse
import base64
import ctypes
import ctypes.util
import hashlib
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from concordgen.b64 import B64_STD, B64_URL, hand_b64decode, hand_b64encode  # noqa: E402
from concordgen.env import REPO, ensure_venv  # noqa: E402
from concordgen.output import finish  # noqa: E402
from concordgen.protobuf import pb_get, pb_read  # noqa: E402
from concordgen.values import Hex, Record, Refused, Utf8, derived  # noqa: E402
from concordgen.yamlfile import emit, read_back  # noqa: E402
from concordgen.tinkaead import tink  # noqa: E402
from sinew_vectors import PINS  # noqa: E402  (the same pinned Tink and pyca)

DATA = REPO / "scripts" / "generate" / "data" / "closer_tink_templates.json"
AES_GCM = "type.googleapis.com/google.crypto.tink.AesGcmKey"
FIELD_AAD_ID = "cpl_tinkTemplates"
COUPLE_AAD = b"closer_couple_key"
INVITE_AAD = b"closer_invite_phrase"
PHRASE = "amber basket candle dolphin ember falcon garden harbor island jungle"
INVITE_CODE = "K7M2QX"
IDS = ("cpl_tinkTemplates", "q_2026_12_02", "uid_android_01")
ANSWER = {"scaleValue": 4, "selectedOptionIds": ["opt_b", "opt_a"], "writtenText": "written on Android"}
ANSWER_ORDER = ("scaleValue", "selectedOptionIds", "writtenText")
FIELD_TEXT = "Dinner at the harbour, Friday 8pm"
PREFIX_NOTE = ("Tink's AES256_GCM template (AesGcmKeyManager.aes256GcmTemplate(), the seed's Android default) "
               "has output prefix TINK: Tink's Aead writes 0x01 || keyId(4) before nonce || ciphertext || tag. The "
               "contract is RAW (CONTRACT.md section 3), so a contract reader refuses the value as format and names "
               "the prefix; it opens once the 5 bytes are dropped")


def versions():
    from importlib.metadata import version
    from cryptography.hazmat.backends.openssl import backend
    v = {n: version(n) for n in ("tink", "protobuf", "cryptography")}
    v["openssl"] = backend.openssl_version_text().split(" ")[1]
    v["libsodium"] = _sodium().sodium_version_string().decode()
    return v


# --------------------------------------------------------------------------- Argon2id on three stacks

_LIB = []


def _sodium():
    if not _LIB:
        lib = ctypes.CDLL(ctypes.util.find_library("sodium"))
        assert lib.sodium_init() >= 0
        lib.sodium_version_string.restype = ctypes.c_char_p
        lib.crypto_pwhash.argtypes = [ctypes.c_char_p, ctypes.c_ulonglong, ctypes.c_char_p, ctypes.c_ulonglong,
                                      ctypes.c_char_p, ctypes.c_ulonglong, ctypes.c_size_t, ctypes.c_int]
        _LIB.append(lib)
    return _LIB[0]


def kek(secret: str, salt: bytes) -> bytes:
    """Argon2id at the contract's parameters (m=47104 KiB, t=3, p=1): pyca (OpenSSL) and libsodium agree."""
    from cryptography.hazmat.primitives.kdf.argon2 import Argon2id
    a = Argon2id(salt=salt, length=32, iterations=3, lanes=1, memory_cost=47104).derive(secret.encode())
    out = ctypes.create_string_buffer(32)
    pw = secret.encode()
    assert _sodium().crypto_pwhash(out, 32, pw, len(pw), salt, 3, 47104 * 1024, 2) == 0
    assert out.raw == a, "pyca and libsodium Argon2id differ"
    return a


# --------------------------------------------------------------------------- tink

def tink_handle(keyset_json: str):
    T = tink()
    return T["t"].json_proto_keyset_format.parse(keyset_json, T["TOKEN"])


def tink_aead(keyset_json: str):
    return tink_handle(keyset_json).primitive(tink()["aead"].Aead)


def tink_json(keyset) -> str:
    T = tink()
    handle = T["t"].proto_keyset_format.parse(keyset.SerializeToString(), T["TOKEN"])
    return T["t"].json_proto_keyset_format.serialize(handle, T["TOKEN"])


def tink_template_keyset(template: str):
    """A proto keyset Tink generated from a template of aead_key_templates."""
    T = tink()
    handle = T["t"].new_keyset_handle(getattr(T["aead"].aead_key_templates, template))
    return T["tpb"].Keyset.FromString(T["t"].proto_keyset_format.serialize(handle, T["TOKEN"]))


def keyset_of_key(key: bytes, like) -> str:
    """A keyset of `key` with the key id and output prefix of the Tink-made keyset `like` (Tink's protos)."""
    T = tink()
    ks = T["tpb"].Keyset()
    ks.CopyFrom(like)
    ks.key[0].key_data.value = T["gcm"].AesGcmKey(version=0, key_value=key).SerializeToString()
    return tink_json(ks)


def tink_key(keyset_json: str) -> bytes:
    ks = tink()["tpb"].Keyset.FromString(
        tink()["t"].proto_keyset_format.serialize(tink_handle(keyset_json), tink()["TOKEN"]))
    assert len(ks.key) == 1 and ks.key[0].key_data.type_url == AES_GCM
    return tink()["gcm"].AesGcmKey.FromString(ks.key[0].key_data.value).key_value


# --------------------------------------------------------------------------- pyca: the contract's reader

def pyca_keyset(keyset_json: str):
    """(key, keyId, outputPrefixType) of a one-key AesGcmKey keyset, read without Tink."""
    doc = json.loads(keyset_json)
    assert len(doc["key"]) == 1
    k = doc["key"][0]
    assert k["keyId"] == doc["primaryKeyId"] and k["status"] == "ENABLED"
    assert k["keyData"]["typeUrl"] == AES_GCM and k["keyData"]["keyMaterialType"] == "SYMMETRIC"
    proto = hand_b64decode(k["keyData"]["value"], B64_STD, True)
    assert proto == base64.b64decode(k["keyData"]["value"], validate=True)
    f = pb_read(proto, "AesGcmKey")
    assert pb_get(f, 1, "int", "version") == 0
    key = pb_get(f, 3, "bytes", "key_value")
    assert key == tink_key(keyset_json)
    return key, k["keyId"], k["outputPrefixType"]


def pyca_open(key: bytes, blob: bytes, aad: bytes) -> bytes:
    """The contract's combined form: nonce(12) || ct || tag(16). A Tink-prefixed blob is format."""
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    if len(blob) < 28:
        raise Refused("format", "shorter than nonce + tag")
    try:
        return AESGCM(key).decrypt(blob[:12], blob[12:], aad)
    except InvalidTag:
        pass
    if blob[0] in (0, 1) and len(blob) >= 33:
        try:
            AESGCM(key).decrypt(blob[5:17], blob[17:], aad)
            raise Refused("format", "a 5-byte Tink prefix; opens without it")
        except InvalidTag:
            pass
    raise Refused("authentication", "tag")


def pyca_seal(key: bytes, nonce: bytes, aad: bytes, plain: bytes) -> bytes:
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    return nonce + AESGCM(key).encrypt(nonce, plain, aad)


def b64(b: bytes) -> str:
    a = base64.b64encode(b).decode()
    assert a == hand_b64encode(b, B64_STD, True)
    return a


def b64url(b: bytes) -> str:
    a = base64.urlsafe_b64encode(b).decode().rstrip("=")
    assert a == hand_b64encode(b, B64_URL, False)
    return a


def unb64(text: str) -> bytes:
    a = base64.b64decode(text, validate=True)
    assert a == hand_b64decode(text, B64_STD, True)
    return a


def unb64url(text: str) -> bytes:
    a = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    assert a == hand_b64decode(text, B64_URL, False)
    return a


def canonical(answer: dict) -> bytes:
    """CONTRACT.md §7 for a plain ASCII answer (ids sorted; ASCII sorts the same in UTF-16)."""
    ids = ",".join(json.dumps(i) for i in sorted(answer["selectedOptionIds"]))
    return ('{"scaleValue":%d,"selectedOptionIds":[%s],"writtenText":%s}'
            % (answer["scaleValue"], ids, json.dumps(answer["writtenText"]))).encode()


def both_read(keyset_json: str, key: bytes, blob: bytes, aad: bytes, plain: bytes) -> str:
    """Tink (on the keyset) must open `blob` to `plain`; pyca (the contract) must open it too (RAW) or refuse
    it as format with the keyset's 0x01 || keyId in front and open the rest (TINK). Returns the prefix type."""
    assert tink_aead(keyset_json).decrypt(blob, aad) == plain, "Tink does not read back its own value"
    _, key_id, prefix = pyca_keyset(keyset_json)
    if prefix == "RAW":
        assert pyca_open(key, blob, aad) == plain
        return prefix
    assert prefix == "TINK", prefix
    assert blob[:5] == b"\x01" + key_id.to_bytes(4, "big"), "the TINK prefix is not 0x01 || the keyset's key id"
    try:
        pyca_open(key, blob, aad)
        raise AssertionError("pyca opened a TINK-prefixed blob")
    except Refused as e:
        assert e.cls == "format", e
    assert pyca_open(key, blob[5:], aad) == plain
    return prefix


# --------------------------------------------------------------------------- Tink-made data

def new_tink_data() -> dict:
    """Keysets Tink generates from the two templates and values Tink's Aead encrypts with its own nonces."""
    keysets = {}
    for name, template in (("couple-tink", "AES256_GCM"), ("couple-raw", "AES256_GCM_RAW"),
                           ("one-time-tink", "AES256_GCM"), ("one-time-raw", "AES256_GCM_RAW"),
                           ("wrap-tink", "AES256_GCM"), ("invite-tink", "AES256_GCM")):
        keysets[name] = tink_json(tink_template_keyset(template))
    data = {"source": "made by Tink 1.16.1 for Python: keysets from the AES256_GCM (TINK) and AES256_GCM_RAW "
                      "templates; the KEK and invite keysets take a derived key into the key id and output prefix of "
                      "a Tink-made AES256_GCM keyset (Tink's protos); every value encrypted by Tink's Aead with its "
                      "own random nonce", "keysets": keysets, "values": {}}
    v = data["values"]
    for name in ("couple-tink", "couple-raw"):
        ct = tink_aead(keysets[name]).encrypt(FIELD_TEXT.encode(), FIELD_AAD_ID.encode())
        v["field-" + name] = {"keyset": name, "wire": "enc:v1:" + b64(ct)}
    for name in ("one-time-tink", "one-time-raw"):
        ct = tink_aead(keysets[name]).encrypt(canonical(ANSWER), "|".join(IDS).encode())
        v["sealed-" + name] = {"keyset": name, "encryptedPayload": "sealed:v1:" + b64url(ct)}
    salt = derived("tink-templates kdfSalt", 16)
    k = kek(PHRASE, salt)
    raw_kek = keyset_of_key(k, tink_template_keyset("AES256_GCM_RAW"))
    for name in ("couple-tink", "couple-raw"):
        ct = tink_aead(raw_kek).encrypt(keysets[name].encode(), COUPLE_AAD)  # AesGcmJce: no prefix
        v["wrap-" + name] = {"keyset": name, "kdfSalt": b64(salt), "wrappedCoupleKey": b64(ct)}
    tink_kek = keyset_of_key(k, json_keyset_proto(keysets["wrap-tink"]))
    ct = tink_aead(tink_kek).encrypt(keysets["couple-raw"].encode(), COUPLE_AAD)
    v["wrap-tink-prefixed"] = {"keyset": "couple-raw", "kdfSalt": b64(salt), "wrappedCoupleKey": b64(ct)}
    isalt = derived("tink-templates invite salt", 16)
    ik = kek(INVITE_CODE, isalt)
    for name, like in (("raw", tink_template_keyset("AES256_GCM_RAW")), ("tink", json_keyset_proto(keysets["invite-tink"]))):
        ct = tink_aead(keyset_of_key(ik, like)).encrypt(PHRASE.encode(), INVITE_AAD)
        v["invite-" + name] = {"encryptedRecoveryPhrase": b64(isalt + ct)}
    return data


def json_keyset_proto(keyset_json: str):
    T = tink()
    return T["tpb"].Keyset.FromString(T["t"].proto_keyset_format.serialize(tink_handle(keyset_json), T["TOKEN"]))


def load_tink_data(new: bool, check: bool) -> dict:
    if new or not DATA.exists():
        assert not check, f"{DATA} is missing: run without --check first"
        data = new_tink_data()
        DATA.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {DATA.relative_to(REPO)}")
    return json.loads(DATA.read_text(encoding="utf-8"))


# --------------------------------------------------------------------------- vectors

NOTES = {
    "tink-template": PREFIX_NOTE,
    "raw-template": ("the keyset is Tink's AES256_GCM_RAW template (output prefix RAW): Tink's Aead writes the "
                     "contract's combined form nonce || ciphertext || tag, which every reader opens"),
    "tink-template-divergence": (
        "Android's reader on its own default keyset: Tink's Aead on a TINK-template keyset. The contract's readers "
        "(iOS) and Tink disagree here: Tink opens what a TINK key wrote and refuses the RAW form iOS writes; the "
        "contract readers refuse the TINK value (format, the prefix named) and open the RAW one. Either outcome is "
        "allowed (expect holds the plaintext); the report shows the divergence: the open question of "
        "docs/contracts/closer.md section 3"),
}


def vec(id_, op, inp, expect, comment, flags, result="valid"):
    v = {"id": id_, "op": op, "comment": comment, "result": result, "input": inp, "flags": flags}
    if expect is not None:
        v["expect"] = expect
    return v


def field_file(data):
    ks, vals = data["keysets"], data["values"]
    aad = FIELD_AAD_ID.encode()
    out = []
    for name in ("couple-raw", "couple-tink"):
        key, key_id, prefix = pyca_keyset(ks[name])
        wire = vals["field-" + name]["wire"]
        blob = unb64(wire[len("enc:v1:"):])
        assert both_read(ks[name], key, blob, aad, FIELD_TEXT.encode()) == prefix
        base = {"coupleKey": Hex(key), "coupleId": FIELD_AAD_ID, "wire": wire}
        if prefix == "RAW":
            out.append(vec("decrypt-tink-raw-template", "decrypt", dict(base, keysetJson=ks[name]),
                           {"plaintext": Utf8(FIELD_TEXT)},
                           "written by Tink's Aead on a keyset of the AES256_GCM_RAW template: the contract's form; "
                           "Tink reads it with the keyset, the others with coupleKey", ["raw-template"]))
        else:
            out.append(vec("decrypt-tink-template", "decrypt", base, {"error": "format"},
                           "written by Tink's Aead on a keyset of the AES256_GCM template (Android's default): "
                           "0x01 || keyId 0x%08x, then the combined form; a contract reader (tink too, on a RAW key "
                           "of coupleKey) refuses it and names the TINK prefix" % key_id, ["tink-template"],
                           result="invalid"))
            out.append(vec("decrypt-tink-template-own-keyset", "decrypt", dict(base, keysetJson=ks[name]),
                           {"plaintext": Utf8(FIELD_TEXT)},
                           "the same value read as Android reads it, Tink's Aead on the TINK keyset that wrote it: "
                           "Tink opens it, iOS refuses it", ["tink-template", "tink-template-divergence"],
                           result="acceptable"))
            nonce = derived("tink-templates ios field nonce", 12)
            ios = "enc:v1:" + b64(pyca_seal(key, nonce, aad, FIELD_TEXT.encode()))
            assert pyca_open(key, unb64(ios[7:]), aad) == FIELD_TEXT.encode()
            try:
                tink_aead(ks[name]).decrypt(unb64(ios[7:]), aad)
                raise AssertionError("Tink's TINK keyset opened a RAW value")
            except tink()["t"].TinkError:
                pass
            assert tink_aead(keyset_of_key(key, tink_template_keyset("AES256_GCM_RAW"))).decrypt(
                unb64(ios[7:]), aad) == FIELD_TEXT.encode()
            out.append(vec("decrypt-ios-value-on-tink-template-keyset", "decrypt",
                           {"coupleKey": Hex(key), "coupleId": FIELD_AAD_ID, "wire": ios, "keysetJson": ks[name]},
                           {"plaintext": Utf8(FIELD_TEXT)},
                           "a value iOS writes (the contract's RAW form, pyca with a fixed nonce) read by Android's "
                           "TINK-template keyset: the contract readers open it, Tink's Aead on the keyset refuses it",
                           ["tink-template-divergence"], result="acceptable"))
    key, _, _ = pyca_keyset(ks["couple-raw"])
    out.append(vec("roundtrip-tink-raw-template", "roundtrip",
                   {"coupleKey": Hex(key), "coupleId": FIELD_AAD_ID, "plaintext": Utf8(FIELD_TEXT),
                    "keysetJson": ks["couple-raw"]}, {"plaintext": Utf8(FIELD_TEXT)},
                   "Tink encrypts with the AES256_GCM_RAW keyset, the others with coupleKey (fresh nonces); every "
                   "one decrypts every other's value", ["raw-template"]))
    # the round trip as run: Tink and pyca each encrypt, both open both (a TINK keyset's value opens on Tink only)
    tv = tink_aead(ks["couple-raw"]).encrypt(FIELD_TEXT.encode(), aad)
    pv = pyca_seal(key, os.urandom(12), aad, FIELD_TEXT.encode())
    for blob in (tv, pv):
        assert both_read(ks["couple-raw"], key, blob, aad, FIELD_TEXT.encode()) == "RAW"
    return {"path": "vectors/closer/field/tink-templates.yaml", "suite": "closer.field",
            "title": "enc:v1 values written by Tink's Aead with Android's keyset templates",
            "source": SOURCE, "notes": NOTES, "vectors": out}


def sealed_file(data):
    ks, vals = data["keysets"], data["values"]
    aad = "|".join(IDS).encode()
    body = canonical(ANSWER)
    commitment = "sha256:" + b64url(hashlib.sha256(("v1|%s|%s|%s|" % IDS).encode() + body).digest())
    out = []
    for name in ("one-time-raw", "one-time-tink"):
        key, key_id, prefix = pyca_keyset(ks[name])
        payload = vals["sealed-" + name]["encryptedPayload"]
        assert both_read(ks[name], key, unb64url(payload[len("sealed:v1:"):]), aad, body) == prefix
        inp = {"coupleId": IDS[0], "questionId": IDS[1], "userId": IDS[2], "oneTimeKey": Hex(key),
               "encryptedPayload": payload, "commitmentHash": commitment}
        answer = dict(ANSWER, selectedOptionIds=sorted(ANSWER["selectedOptionIds"]))
        if prefix == "RAW":
            out.append(vec("open-tink-raw-template", "open", inp, {"answer": Record(answer, ANSWER_ORDER)},
                           "sealed by Tink's Aead on a one-time keyset of the AES256_GCM_RAW template: the contract's "
                           "form", ["raw-template"]))
        else:
            out.append(vec("open-tink-template", "open", inp, {"error": "format"},
                           "sealed by Tink's Aead on a one-time keyset of the AES256_GCM template (Android's default, "
                           "seed section 6.1): 0x01 || keyId 0x%08x before the combined form; refused, the TINK "
                           "prefix named" % key_id, ["tink-template"], result="invalid"))
    return {"path": "vectors/closer/sealed-answer/tink-templates.yaml", "suite": "closer.sealed-answer",
            "title": "sealed:v1 payloads written by Tink's Aead with Android's keyset templates",
            "source": SOURCE, "notes": NOTES, "vectors": out}


def wrap_file(data):
    ks, vals = data["keysets"], data["values"]
    out = []
    for name, vid in (("couple-tink", "unwrap-tink-template-keyset"), ("couple-raw", "unwrap-raw-template-keyset"),
                      ("couple-raw", "unwrap-tink-prefixed-wrap")):
        v = vals["wrap-tink-prefixed" if vid.endswith("prefixed-wrap") else "wrap-" + name]
        salt = unb64(v["kdfSalt"])
        k = kek(PHRASE, salt)
        blob = unb64(v["wrappedCoupleKey"])
        key, _, prefix = pyca_keyset(ks[name])
        inp = {"phrase": PHRASE, "kdfSalt": v["kdfSalt"], "wrappedCoupleKey": v["wrappedCoupleKey"]}
        if vid.endswith("prefixed-wrap"):
            kek_keyset = keyset_of_key(k, json_keyset_proto(ks["wrap-tink"]))
            assert both_read(kek_keyset, k, blob, COUPLE_AAD, ks[name].encode()) == "TINK"
            out.append(vec(vid, "unwrap", inp, {"error": "format"},
                           "the wrap written through Tink's Aead on a TINK keyset of the KEK (what a wrap through "
                           "aead.encrypt on an AES256_GCM-template key would write) instead of AesGcmJce: 0x01 || "
                           "keyId before the combined form; refused, the TINK prefix named", ["tink-template"],
                           result="invalid"))
            continue
        assert pyca_open(k, blob, COUPLE_AAD) == ks[name].encode()
        raw_kek = keyset_of_key(k, tink_template_keyset("AES256_GCM_RAW"))
        assert tink_aead(raw_kek).decrypt(blob, COUPLE_AAD) == ks[name].encode()
        tink_aead(ks[name])  # Tink reads the unwrapped keyset back as an Aead
        out.append(vec(vid, "unwrap", inp, {"coupleKey": Hex(key), "form": "tink-keyset"},
                       "option B as Android writes it: the couple keyset Tink made from the %s template (output prefix "
                       "%s), its JSON wrapped by Tink's Aead on a RAW keyset of the KEK (AesGcmJce's form). The wrap "
                       "is the contract's whatever the keyset's prefix; the prefix decides what the keyset later "
                       "writes (closer.field/tink-templates.yaml)"
                       % ("AES256_GCM" if prefix == "TINK" else "AES256_GCM_RAW", prefix),
                       ["tink-template" if prefix == "TINK" else "raw-template"]))
    return {"path": "vectors/closer/couple-key-wrap/tink-templates.yaml", "suite": "closer.couple-key-wrap",
            "title": "Tink-made couple keysets wrapped under the recovery phrase (option B)",
            "source": SOURCE + " Argon2id: pyca/cryptography {cryptography} (OpenSSL) and the system libsodium (crypto_pwhash) agreed.",
            "notes": dict(NOTES, **{"tink-template": "the keyset or the wrap's key has Tink's TINK output prefix "
                                    "(the AES256_GCM template, Android's default); see the vector's comment"}),
            "vectors": out}


def invite_file(data):
    vals = data["values"]
    out = []
    for name in ("raw", "tink"):
        text = vals["invite-" + name]["encryptedRecoveryPhrase"]
        raw = unb64(text)
        salt, blob = raw[:16], raw[16:]
        k = kek(INVITE_CODE, salt)
        like = tink_template_keyset("AES256_GCM_RAW") if name == "raw" else json_keyset_proto(data["keysets"]["invite-tink"])
        assert both_read(keyset_of_key(k, like), k, blob, INVITE_AAD, PHRASE.encode()) == name.upper()
        inp = {"inviteCode": INVITE_CODE, "encryptedRecoveryPhrase": text}
        if name == "raw":
            out.append(vec("open-tink-raw-keyset", "open", inp, {"phrase": PHRASE},
                           "sealed by Tink's Aead on a RAW keyset of the derived key: salt || the combined form",
                           ["raw-template"]))
        else:
            out.append(vec("open-tink-prefixed", "open", inp, {"error": "format"},
                           "sealed by Tink's Aead on a TINK keyset of the derived key: salt || 0x01 || keyId || the "
                           "combined form; refused, the TINK prefix after the salt named", ["tink-template"],
                           result="invalid"))
    return {"path": "vectors/closer/invite-phrase/tink-templates.yaml", "suite": "closer.invite-phrase",
            "title": "The recovery phrase sealed through Tink's Aead, RAW and TINK",
            "source": SOURCE + " Argon2id: pyca/cryptography {cryptography} (OpenSSL) and the system libsodium (crypto_pwhash) agreed.",
            "notes": dict(NOTES, **{"raw-template": "the derived key in a keyset with output prefix RAW (the key id of "
                                    "a Tink-made AES256_GCM_RAW keyset): Tink writes the contract's form",
                                    "tink-template": "the derived key in a keyset with output prefix TINK (the key id "
                                    "of a Tink-made AES256_GCM keyset): Tink writes 0x01 || keyId after the salt; the "
                                    "contract is RAW, so it is refused as format with the prefix named"}),
            "vectors": out}


SOURCE = ("Generated by scripts/generate/closer_tink_template_vectors.py from keysets and values real Tink {tink} "
          "(Python) made (scripts/generate/data/closer_tink_templates.json): keysets from the AES256_GCM (TINK) and "
          "AES256_GCM_RAW templates, values encrypted by Tink's Aead with its own nonces. Tink re-read every keyset "
          "and decrypted every value; the contract composed on pyca/cryptography {cryptography} (OpenSSL {openssl}) "
          "AESGCM opened every RAW value and refused every TINK value as format, which opened once 0x01 || the "
          "keyset's key id was dropped.")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="do not write; exit 1 if a file on disk differs")
    ap.add_argument("--new-tink-data", action="store_true", help="let Tink make new keysets and values")
    args = ap.parse_args()
    if args.check and args.new_tink_data:
        sys.exit("--check and --new-tink-data exclude each other")
    data = load_tink_data(args.new_tink_data, args.check)
    files = [field_file(data), sealed_file(data), wrap_file(data), invite_file(data)]
    vers = versions()
    texts = {}
    for f in files:
        texts[f["path"]] = emit(f, vers, blocks=True)
        read_back(f, texts[f["path"]])
        print(f"{f['path']}: {len(f['vectors'])} vectors, checked by tink and pyca")
    finish(texts, args.check, [])


if __name__ == "__main__":
    ensure_venv("venv-generate-packs", PINS, __file__)
    main()
