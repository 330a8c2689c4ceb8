#!/usr/bin/env python3
"""Writes vectors/sinew/field-cipher/*.yaml: the Sinew FieldCipher contract (docs/contracts/sinew.md).

    b64( 0x01 || keyId(4, big-endian) || nonce(12) || AES-256-GCM(UTF-8(plain), aad = UTF-8(context)) )

Two implementations, which must agree on every value or the script aborts:

  tink   real Tink (tink 1.16.1 for Python, Tink C++ on BoringSSL): keysets read by Tink's JSON keyset reader,
         values encrypted and decrypted by Tink's Aead on the keyset (a TINK key writes the 5-byte header
         itself); a {keyId, key} list becomes a Tink keyset with TINK keys.
  pyca   the layout composed here on pyca/cryptography's AESGCM (OpenSSL), the keyset JSON read with `json` and
         the protobuf reader written from the encoding spec (concordgen/protobuf.py), b64 checked by Python's
         codec and by concordgen/b64.py.

Tink cannot encrypt with a given nonce, so a known answer of `encrypt` is computed by pyca and then decrypted by
Tink to the plaintext (and by pyca); the values Tink made (data/sinew_tink.json, kept so reruns are identical)
are decrypted by both. Invalid vectors: pyca refuses with the class the contract's failure table gives, Tink
must refuse too (Tink does not say why). RAW and LEGACY keys: Tink decrypts what a RAW or LEGACY key wrote, the
layout reader (pyca here, like the iOS and web sides) refuses it: those vectors are `acceptable`, flagged.

    python3 scripts/generate/sinew_vectors.py                  # (re)write the files
    python3 scripts/generate/sinew_vectors.py --check          # recompute; exit 1 if a file on disk differs
    python3 scripts/generate/sinew_vectors.py --new-tink-data  # let Tink make new keysets and values
"""

from __future__ import annotations

import argparse
import base64
import json
import re
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from concordgen.b64 import B64_STD, hand_b64decode, hand_b64encode  # noqa: E402
from concordgen.env import REPO, ensure_venv  # noqa: E402
from concordgen.output import finish  # noqa: E402
from concordgen.protobuf import pb_bytes, pb_get, pb_read, pb_uint  # noqa: E402
from concordgen.values import Hex, Refused, derived, flip  # noqa: E402
from concordgen.yamlfile import emit, read_back  # noqa: E402
from concordgen.tinkaead import tink  # noqa: E402

PINS = [
    "tink==1.16.1",
    "protobuf==7.36.2",
    "absl-py==2.5.1",
    "bazel-runfiles==2.4.6",
    "cryptography==50.0.2",
    "cffi==2.1.1",
    "pycparser==3.12",
    "PyYAML==6.0.3",
]
DATA = REPO / "scripts" / "generate" / "data" / "sinew_tink.json"
SUITE = "sinew.field-cipher"
FOLDER = "vectors/sinew/field-cipher"
AES_GCM = "type.googleapis.com/google.crypto.tink.AesGcmKey"
MINIMUM = 5 + 12 + 16


def versions():
    from importlib.metadata import version
    from cryptography.hazmat.backends.openssl import backend
    v = {n: version(n) for n in ("tink", "protobuf", "cryptography")}
    v["openssl"] = backend.openssl_version_text().split(" ")[1]
    return v


# --------------------------------------------------------------------------- tink

def tink_handle(keys):
    """A Tink keyset handle for a vector's keys: ("json", text) or ("list", text, primary)."""
    T = tink()
    if keys[0] == "json":
        return T["t"].json_proto_keyset_format.parse(keys[1], T["TOKEN"])
    tpb = T["tpb"]
    ks = tpb.Keyset()
    for e in json.loads(keys[1]):
        k = ks.key.add()
        k.key_data.type_url = AES_GCM
        k.key_data.value = T["gcm"].AesGcmKey(version=0, key_value=bytes.fromhex(e["key"])).SerializeToString()
        k.key_data.key_material_type = tpb.KeyData.SYMMETRIC
        k.status = tpb.ENABLED
        k.key_id = e["keyId"]
        k.output_prefix_type = tpb.TINK
    ks.primary_key_id = keys[2] if keys[2] is not None else ks.key[0].key_id
    return T["t"].proto_keyset_format.parse(ks.SerializeToString(), T["TOKEN"])


def tink_decrypt(keys, context: str, value: str) -> str:
    """Tink's Aead on the keyset; any Tink failure is a refusal without a class (Tink does not say why)."""
    T = tink()
    try:
        tink_handle(keys)
    except (T["t"].TinkError, ValueError, TypeError, KeyError, AttributeError) as e:
        raise Refused(None, f"keys: {e}") from None
    try:
        blob = base64.b64decode(value, validate=True)
        if base64.b64encode(blob).decode() != value:
            raise ValueError("not canonical b64")
    except ValueError as e:
        raise Refused(None, f"b64: {e}") from None
    try:
        plain = tink_handle(keys).primitive(T["aead"].Aead).decrypt(blob, context.encode())
    except T["t"].TinkError as e:
        raise Refused(None, f"Tink: {e}") from None
    try:
        return plain.decode("utf-8")
    except UnicodeDecodeError:
        raise Refused(None, "not UTF-8") from None


# --------------------------------------------------------------------------- pyca: the layout reader

def pyca_keys(keys):
    """[(keyId, key, enabled, prefix)] and the primary, read without Tink."""
    try:
        doc = json.loads(keys[1])
    except ValueError:
        raise Refused("format", "not JSON") from None
    if keys[0] == "list":
        if not isinstance(doc, list) or not doc:
            raise Refused("format", "not a non-empty list")
        ids = [e.get("keyId") if isinstance(e, dict) else None for e in doc]
        if any(not isinstance(e, dict) or set(e) != {"keyId", "key"} for e in doc) or len(set(ids)) != len(ids):
            raise Refused("format", "an entry is not {keyId, key}, or an id repeats")
        return [(e["keyId"], bytes.fromhex(e["key"]), True, "TINK") for e in doc], keys[2]
    out = []
    for k in doc["key"]:
        assert k["keyData"]["typeUrl"] == AES_GCM and k["keyData"]["keyMaterialType"] == "SYMMETRIC"
        proto = hand_b64decode(k["keyData"]["value"], B64_STD, True)
        assert proto == base64.b64decode(k["keyData"]["value"], validate=True)
        f = pb_read(proto, "AesGcmKey")
        assert pb_get(f, 1, "int", "version") == 0
        out.append((k["keyId"], pb_get(f, 3, "bytes", "key_value"), k["status"] == "ENABLED", k["outputPrefixType"]))
    # Tink loads no keyset whose primaryKeyId names no ENABLED key, whatever the op.
    if not any(k[0] == doc["primaryKeyId"] and k[2] for k in out):
        raise Refused("key", "the keyset has no ENABLED primary key")
    return out, doc["primaryKeyId"]


def pyca_seal(key: bytes, nonce: bytes, aad: bytes, plain: bytes) -> bytes:
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    return AESGCM(key).encrypt(nonce, plain, aad)


def pyca_encrypt(keys, context: str, plaintext: str, nonce: bytes) -> str:
    ring, primary = pyca_keys(keys)
    if primary is None:
        raise Refused("key", "no primary")
    k = next((k for k in ring if k[0] == primary), None)
    if k is None or not k[2] or k[3] != "TINK" or len(k[1]) != 32:
        raise Refused("key", "primary missing, disabled, not TINK or not 32 bytes")
    if len(nonce) != 12:
        raise Refused("parameters", "nonce not 12 bytes")
    blob = b"\x01" + primary.to_bytes(4, "big") + nonce + pyca_seal(k[1], nonce, context.encode(), plaintext.encode())
    a, b = base64.b64encode(blob).decode(), hand_b64encode(blob, B64_STD, True)
    assert a == b
    return a


def pyca_decrypt(keys, context: str, value: str) -> str:
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    try:
        blob = hand_b64decode(value, B64_STD, True)
    except Refused:
        try:
            base64.b64decode(value, validate=True)
            assert base64.b64encode(base64.b64decode(value)).decode() != value, value  # both codecs refuse
        except ValueError:
            pass
        raise
    assert base64.b64encode(blob).decode() == value
    if len(blob) < MINIMUM:
        raise Refused("format", "shorter than 33 bytes")
    if blob[0] != 1:
        raise Refused("format", "version byte")
    ring, _ = pyca_keys(keys)
    key_id = int.from_bytes(blob[1:5], "big")
    k = next((k for k in ring if k[0] == key_id and k[3] == "TINK"), None)
    if k is None or not k[2] or len(k[1]) != 32:
        raise Refused("key", "no enabled 32-byte TINK key with the header's id")
    try:
        plain = AESGCM(k[1]).decrypt(blob[5:17], blob[17:], context.encode())
    except InvalidTag:
        raise Refused("authentication", "tag") from None
    try:
        return plain.decode("utf-8")
    except UnicodeDecodeError:
        raise Refused("format", "not UTF-8") from None


def both_decrypt(keys, context, value):
    """(plaintext, None) when both decrypt to the same text, (None, class) when both refuse; else abort."""
    try:
        p = pyca_decrypt(keys, context, value)
    except Refused as e:
        p, pcls = None, e.cls
    try:
        t = tink_decrypt(keys, context, value)
    except Refused:
        t = None
    if p is None:
        assert t is None, f"pyca refuses ({pcls}) but Tink decrypts {value!r}"
        return None, pcls
    assert t == p, f"pyca {p!r} != Tink {t!r}"
    return p, None


# --------------------------------------------------------------------------- Tink-made data

def tink_keyset_json(handle) -> str:
    T = tink()
    return T["t"].json_proto_keyset_format.serialize(handle, T["TOKEN"])


def new_tink_data() -> dict:
    """Keysets Tink generates (the AES256_GCM template) and values Tink encrypts with its own nonces."""
    T = tink()
    t, tpb = T["t"], T["tpb"]
    tmpl = T["aead"].aead_key_templates

    def proto(handle):
        return tpb.Keyset.FromString(t.proto_keyset_format.serialize(handle, T["TOKEN"]))

    def handle_of(ks):
        return t.proto_keyset_format.parse(ks.SerializeToString(), T["TOKEN"])

    old = proto(t.new_keyset_handle(tmpl.AES256_GCM))
    new = proto(t.new_keyset_handle(tmpl.AES256_GCM))
    rotated = tpb.Keyset(primary_key_id=new.primary_key_id)
    rotated.key.extend([old.key[0], new.key[0]])
    disabled = tpb.Keyset()
    disabled.CopyFrom(rotated)
    disabled.key[0].status = tpb.DISABLED
    high = tpb.Keyset()
    high.CopyFrom(old)
    high.key[0].key_id = high.primary_key_id = 0xC0FFEE42  # Tink Python draws ids below 2^31
    raw = proto(t.new_keyset_handle(tmpl.AES256_GCM_RAW))
    legacy = tpb.Keyset()
    legacy.CopyFrom(proto(t.new_keyset_handle(tmpl.AES256_GCM)))
    legacy.key[0].output_prefix_type = tpb.LEGACY
    keysets = {"before-rotation": old, "rotated": rotated, "rotated-old-disabled": disabled, "high-id": high,
               "raw": raw, "legacy": legacy}
    data = {"source": "made by Tink 1.16.1 for Python (AES256_GCM and AES256_GCM_RAW templates; the rotation, "
                      "high-id, disabled and LEGACY keysets assembled from Tink-made keys with Tink's protos); every "
                      "value encrypted by Tink's Aead with its own random nonce",
            "keysets": {n: tink_keyset_json(handle_of(k)) for n, k in keysets.items()}, "values": {}}
    for name, keyset, context, plaintext in (
            ("tink-made", "rotated", "user:42:email", "alice@example.com"),
            ("before-rotation", "before-rotation", "user:42:email", "written before the rotation"),
            ("high-id", "high-id", "", "a key id above 2^31"),
            ("raw", "raw", "note", "a RAW key writes no header"),
            ("legacy", "legacy", "note", "a LEGACY key writes 0x00 || keyId"),
            ("roundtrip-disabled", "before-rotation", "user:7:phone", "+1 555 0100")):
        h = t.json_proto_keyset_format.parse(data["keysets"][keyset], T["TOKEN"])
        ct = h.primitive(T["aead"].Aead).encrypt(plaintext.encode(), context.encode())
        data["values"][name] = {"keyset": keyset, "context": context, "plaintext": plaintext,
                                "value": base64.b64encode(ct).decode()}
    return data


def load_tink_data(new: bool, check: bool) -> dict:
    if new or not DATA.exists():
        assert not check, f"{DATA} is missing: run without --check first"
        data = new_tink_data()
        DATA.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {DATA.relative_to(REPO)}")
    return json.loads(DATA.read_text(encoding="utf-8"))


# --------------------------------------------------------------------------- vectors

K1 = derived("sinew key 1", 32)
K2 = derived("sinew key 2", 32)
K16 = derived("sinew key aes-128", 16)
LIST_ONE = json.dumps([{"keyId": 305419896, "key": K1.hex()}])
LIST_TWO = json.dumps([{"keyId": 1, "key": K1.hex()}, {"keyId": 4294967295, "key": K2.hex()}])
LIST_16 = json.dumps([{"keyId": 7, "key": K16.hex()}])


def key_input(keys, with_primary=True):
    if keys[0] == "json":
        return {"keysetJson": keys[1]}
    d = {"keys": keys[1]}
    if with_primary and keys[2] is not None:
        d["primaryKeyId"] = keys[2]
    return d


def vec(id_, op, keys, context, extra, expect, comment, result="valid", flags=None, with_primary=None):
    if with_primary is None:
        with_primary = op != "decrypt"
    v = {"id": id_, "op": op, "comment": comment, "result": result,
         "input": {**key_input(keys, with_primary), "context": context, **extra}}
    if expect is not None:
        v["expect"] = expect
    if flags:
        v["flags"] = flags
    return v


def known_answer_file(data):
    one, two = ("list", LIST_ONE, 305419896), ("list", LIST_TWO, 4294967295)
    rotated = ("json", data["keysets"]["rotated"])
    cases = [
        ("list-hello", one, "", "hello", "one key from a {keyId, key} list, empty context"),
        ("list-context", one, "user:42:email", "alice@example.com", "a context: its UTF-8 bytes are the AAD"),
        ("list-empty-plaintext", one, "user:42:email", "", "the shortest value: 33 bytes before b64"),
        ("list-unicode", one, "ctx \u00e9", "\u65e5\u672c\u8a9e \U0001F510 caf\u00e9",
         "non-ASCII plaintext and context: UTF-8 bytes"),
        ("list-rotation-primary", two, "user:1", "encrypted with the primary of two keys",
         "two keys: the primary (id 0xffffffff, the largest) encrypts; the header carries its id big-endian"),
        ("keyset-rotated", rotated, "user:42:email", "alice@example.com",
         "a Tink keyset of two keys (Tink-made): the primary encrypts"),
        ("keyset-high-id", ("json", data["keysets"]["high-id"]), "", "id 0xC0FFEE42",
         "a key id above 2^31: the header is unsigned big-endian"),
    ]
    vectors = []
    for n, (id_, keys, context, plaintext, comment) in enumerate(cases):
        nonce = derived(f"sinew nonce {id_}", 12)
        value = pyca_encrypt(keys, context, plaintext, nonce)
        got, _ = both_decrypt(keys, context, value)
        assert got == plaintext
        vectors.append(vec("encrypt-" + id_, "encrypt", keys, context, {"plaintext": plaintext, "nonce": Hex(nonce)},
                           {"value": value}, comment))
        vectors.append(vec("decrypt-" + id_, "decrypt", keys, context, {"value": value}, {"plaintext": plaintext},
                           "decrypts the value of encrypt-" + id_))
    # The same key, nonce and plaintext through the keyset and through the list must give the same value.
    return {"path": f"{FOLDER}/known-answers.yaml", "suite": SUITE, "title": "Sinew FieldCipher known answers",
            "source": "pyca/cryptography {cryptography} (OpenSSL {openssl}) AESGCM composed into the layout; each value "
                      "decrypted to its plaintext by Tink {tink} (Python) Aead on the same keys and by pyca",
            "notes": {}, "vectors": vectors}


def tink_made_file(data):
    vectors = []
    ks = data["keysets"]
    for name, comment in (("tink-made", "a value Tink encrypted (random nonce) decrypts on every implementation"),
                          ("high-id", "Tink's header for a key id above 2^31")):
        v = data["values"][name]
        keys = ("json", ks[v["keyset"]])
        got, _ = both_decrypt(keys, v["context"], v["value"])
        assert got == v["plaintext"]
        vectors.append(vec("tink-" + name, "decrypt", keys, v["context"], {"value": v["value"]},
                           {"plaintext": v["plaintext"]}, comment))
    v = data["values"]["before-rotation"]
    keys = ("json", ks["rotated"])
    got, _ = both_decrypt(keys, v["context"], v["value"])
    assert got == v["plaintext"]
    vectors.append(vec("rotation-old-value-decrypts", "decrypt", keys, v["context"], {"value": v["value"]},
                       {"plaintext": v["plaintext"]},
                       "a value encrypted before a key rotation (old key, then primary) still decrypts: the old key "
                       "is ENABLED, no longer primary"))
    return {"path": f"{FOLDER}/tink-made.yaml", "suite": SUITE, "title": "Sinew FieldCipher values made by real Tink",
            "source": "keysets and values made by Tink {tink} (Python) Aead (scripts/generate/data/sinew_tink.json); "
                      "decrypted by Tink and by the layout composed on pyca/cryptography {cryptography} AESGCM, which "
                      "agree",
            "notes": {}, "vectors": vectors}


def spare_bits(blob: bytes) -> str:
    """The b64 of blob (shortened until it ends in padding) with a spare bit set in its last symbol."""
    while len(blob) % 3 == 0:
        blob = blob[:-1]
    text = base64.b64encode(blob).decode()
    body = text.rstrip("=")
    last = B64_STD[B64_STD.index(body[-1]) + 1]
    return body[:-1] + last + text[len(body):]


def invalid_file(data):
    one = ("list", LIST_ONE, 305419896)
    ks = data["keysets"]
    rotated = ("json", ks["rotated"])
    good = pyca_encrypt(one, "user:42:email", "alice@example.com", derived("sinew nonce invalid", 12))
    blob = base64.b64decode(good)
    tm = data["values"]["before-rotation"]
    tm_blob = base64.b64decode(tm["value"])
    b = base64.b64encode
    non_utf8 = b"\x01" + (305419896).to_bytes(4, "big") + derived("sinew nonce utf8", 12)
    non_utf8 += pyca_seal(K1, non_utf8[5:17], b"", b"caf\xe9 \xff")
    other_key = json.dumps([{"keyId": 305419896, "key": K2.hex()}])
    rows = [
        # (id, keys, context, value, class, comment)
        ("b64-url-alphabet", one, "user:42:email", "-" + good[1:], "format",
         "not strict b64: a character of the URL-safe alphabet"),
        ("b64-no-padding", one, "user:42:email", good.rstrip("=") if good.endswith("=") else good[:-1],
         "format", "not strict b64: padding missing"),
        ("b64-line-break", one, "user:42:email", good[:20] + "\n" + good[20:], "format", "not strict b64: a line break"),
        ("b64-spare-bits", one, "user:42:email", spare_bits(blob), "format",
         "not strict b64: non-zero spare bits in the last quantum"),
        ("too-short-32-bytes", one, "user:42:email", b(blob[:32]).decode(), "format",
         "32 bytes: shorter than header + nonce + tag (33)"),
        ("empty-value", one, "user:42:email", "", "format", "nothing at all"),
        ("version-0x00", one, "user:42:email", b(b"\x00" + blob[1:]).decode(), "format",
         "version byte 0x00 (what a LEGACY key writes)"),
        ("version-0x02", one, "user:42:email", b(b"\x02" + blob[1:]).decode(), "format", "version byte 0x02"),
        ("unknown-key-id", one, "user:42:email", b(flip(blob, 4)).decode(), "key",
         "the header's key id is not in the keyring"),
        ("disabled-key", ("json", ks["rotated-old-disabled"]), tm["context"], tm["value"], "key",
         "a value of a key that is now DISABLED does not decrypt"),
        ("aes-128-key", ("list", LIST_16, 7), "", b(b"\x01" + (7).to_bytes(4, "big") + derived("n16", 12)
                                                    + pyca_seal(K16, derived("n16", 12), b"", b"x")).decode(), "key",
         "a 16-byte key: the contract's keys are AES-256 only (Tink alone would decrypt with AES-128; the contract "
         "refuses, and the tink implementation applies that rule)"),
        ("tampered-ciphertext", one, "user:42:email", b(flip(blob, 20)).decode(), "authentication",
         "a changed ciphertext byte fails"),
        ("tampered-tag", one, "user:42:email", b(flip(blob, len(blob) - 1)).decode(), "authentication",
         "a changed tag byte fails"),
        ("tampered-nonce", one, "user:42:email", b(flip(blob, 6)).decode(), "authentication",
         "a changed nonce byte fails"),
        ("wrong-context", one, "user:43:email", good, "authentication", "a wrong context fails"),
        ("wrong-key", ("list", other_key, 305419896), "user:42:email", good, "authentication",
         "the right key id with other key bytes"),
        ("other-key-of-keyset", rotated, tm["context"],
         b(tm_blob[:1] + json.loads(ks["rotated"])["primaryKeyId"].to_bytes(4, "big") + tm_blob[5:]).decode(),
         "authentication", "the header names another key of the keyset than the one that encrypted"),
        ("keyset-no-primary", ("json", re.sub(r'"primaryKeyId": *[0-9]+', '"primaryKeyId": 1',
                                              ks["rotated"], count=1)), tm["context"], tm["value"], "key",
         "the rotated keyset with primaryKeyId 1, which names no key: Tink loads no such keyset, so no op may use it, "
         "even a decrypt whose key is in it (found by concord explore, seed 603 case 1522)"),
        ("keys-not-json", ("list", "[{keyId: 1}]", None), "user:42:email", good, "format", "keys is not JSON"),
        ("keys-repeated-id", ("list", json.dumps([{"keyId": 305419896, "key": K1.hex()},
                                                  {"keyId": 305419896, "key": K2.hex()}]), None), "user:42:email", good,
         "format", "two entries of keys have one id"),
        ("keyset-not-json", ("json", "{\"primaryKeyId\": 1,"), "user:42:email", good, "format",
         "keysetJson is not JSON"),
        ("plaintext-not-utf8", one, "", b(non_utf8).decode(), "format",
         "the tag verifies but the plaintext is not UTF-8"),
    ]
    vectors = []
    for id_, keys, context, value, cls, comment in rows:
        if id_ == "aes-128-key":  # the contract's rule, not Tink's: Tink decrypts, pyca applies the rule
            assert tink_decrypt(keys, context, value) == "x"
            try:
                pyca_decrypt(keys, context, value)
                raise AssertionError(id_)
            except Refused as e:
                assert e.cls == cls
        else:
            got, pcls = both_decrypt(keys, context, value)
            assert got is None and pcls == cls, (id_, got, pcls, cls)
        vectors.append(vec("decrypt-" + id_, "decrypt", keys, context, {"value": value}, {"error": cls}, comment,
                           result="invalid"))
    # encrypt refusals (pyca and the contract; Tink cannot encrypt with a given nonce)
    for id_, keys, nonce, cls, comment in (
            ("nonce-11-bytes", one, derived("n11", 11), "parameters", "the nonce is 12 bytes"),
            ("aes-128-key", ("list", LIST_16, 7), derived("n12", 12), "key", "a 16-byte key is refused"),
            ("primary-not-in-keys", ("list", LIST_ONE, 99), derived("n12", 12), "key",
             "the primary key id is not among the keys"),
            ("raw-primary", ("json", ks["raw"]), derived("n12", 12), "key",
             "a RAW primary key does not write the layout's header")):
        try:
            pyca_encrypt(keys, "", "x", nonce)
            raise AssertionError(id_)
        except Refused as e:
            assert e.cls == cls, (id_, e.cls)
        vectors.append(vec("encrypt-" + id_, "encrypt", keys, "", {"plaintext": "x", "nonce": Hex(nonce)},
                           {"error": cls}, comment, result="invalid"))
    return {"path": f"{FOLDER}/invalid.yaml", "suite": SUITE, "title": "Sinew FieldCipher refusals (the failure table)",
            "source": "refused by the layout composed on pyca/cryptography {cryptography} AESGCM with the class of the "
                      "contract's failure table, and (decrypt) by Tink {tink} (Python) Aead",
            "notes": {}, "vectors": vectors}


def divergence_file(data):
    ks = data["keysets"]
    vectors = []
    for name, comment in (("raw", "a RAW key's value has no header: Tink decrypts it, the layout readers refuse it"),
                          ("legacy", "a LEGACY key's value starts 0x00 || keyId: Tink decrypts it, the layout readers "
                                     "refuse it")):
        v = data["values"][name]
        keys = ("json", ks[v["keyset"]])
        assert tink_decrypt(keys, v["context"], v["value"]) == v["plaintext"]
        try:
            pyca_decrypt(keys, v["context"], v["value"])
            raise AssertionError(name)
        except Refused as e:
            assert e.cls in ("format", "key"), e.cls
        vectors.append(vec("decrypt-" + name + "-key", "decrypt", keys, v["context"], {"value": v["value"]},
                           {"plaintext": v["plaintext"]}, comment, result="acceptable", flags=["raw-legacy-divergence"]))
    return {"path": f"{FOLDER}/raw-legacy.yaml", "suite": SUITE,
            "title": "Sinew FieldCipher: RAW and LEGACY keys (a flagged divergence)",
            "source": "values made by Tink {tink} (Python) Aead with RAW and LEGACY keys and decrypted by it; the "
                      "layout composed on pyca/cryptography {cryptography} refuses them",
            "notes": {"raw-legacy-divergence": "The keyset's key has output prefix RAW or LEGACY. Tink decrypts "
                      "(expect holds Tink's plaintext); the iOS and web layout readers refuse, since the value does "
                      "not start with 0x01 || keyId. Either outcome is allowed; the report shows the divergence."},
            "vectors": vectors}


def roundtrip_file(data):
    vectors = []
    for id_, keys, context, plaintext, comment in (
            ("list", ("list", LIST_TWO, 1), "user:42:email", "alice@example.com",
             "a {keyId, key} list of two keys, the first primary"),
            ("tink-keyset", ("json", data["keysets"]["rotated"]), "user:42:email", "\u65e5\u672c\u8a9e caf\u00e9",
             "a Tink-made keyset of two keys"),
            ("empty", ("list", LIST_ONE, 305419896), "", "", "empty plaintext and context")):
        # both implementations encrypt with fresh nonces and both decrypt both values
        tv = base64.b64encode(tink_handle(keys).primitive(tink()["aead"].Aead).encrypt(plaintext.encode(),
                                                                                      context.encode())).decode()
        pv = pyca_encrypt(keys, context, plaintext, os.urandom(12))
        for value in (tv, pv):
            got, _ = both_decrypt(keys, context, value)
            assert got == plaintext
        vectors.append(vec("roundtrip-" + id_, "roundtrip", keys, context, {"plaintext": plaintext},
                           {"plaintext": plaintext}, comment))
    return {"path": f"{FOLDER}/roundtrip.yaml", "suite": SUITE, "title": "Sinew FieldCipher round trips",
            "source": "the plaintexts are the inputs; Tink {tink} (Python) and the layout composed on "
                      "pyca/cryptography {cryptography} each encrypted them with fresh nonces and decrypted both values",
            "notes": {}, "vectors": vectors}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="do not write; exit 1 if a file on disk differs")
    ap.add_argument("--new-tink-data", action="store_true", help="let Tink make new keysets and values")
    args = ap.parse_args()
    if args.check and args.new_tink_data:
        sys.exit("--check and --new-tink-data exclude each other")
    data = load_tink_data(args.new_tink_data, args.check)
    for name, v in data["values"].items():  # Tink re-decrypts every value it made
        assert tink_decrypt(("json", data["keysets"][v["keyset"]]), v["context"], v["value"]) == v["plaintext"], name
    files = [known_answer_file(data), tink_made_file(data), invalid_file(data), divergence_file(data),
             roundtrip_file(data)]
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
