#!/usr/bin/env python3
"""Write the vector files of the Tink keyset and ECIES suites (CONTRACT.md sections 9-10):

    vectors/closer/tink-public-key/*.yaml   vectors/closer/keybox/*.yaml
and copy Wycheproof's ecdh_secp256r1_ecpoint_test.json and hkdf_sha256_test.json from
../shared/reference-vectors/wycheproof/testvectors_v1/ (byte for byte, sha256 pinned below).

Two independent implementations must agree on every expected value (the script aborts otherwise):

    tink: Google Tink 1.16.1 for Python (hybrid encryption and keyset handling in Tink C++ on BoringSSL,
          keyset JSON read by protobuf's json_format, key protos read with Tink's own *_pb2 classes);
    pyca: the contract's composition (CONTRACT.md section 10) written in this script on pyca/cryptography
          (ECDH, HKDF, AESGCM on OpenSSL), with a protobuf reader/writer, a keyset JSON reader and a
          strict base64 codec written here from CONTRACT.md sections 1 and 9.

Every keybox made by Tink is opened by pyca and by Tink; every deterministic keybox computed by pyca (chosen
ephemeral scalar and IV) is opened by Tink, and its ephemeral point, ECDH secret and DEM key are recomputed by
a small pure-Python P-256 / HKDF written here ("ref"). Tink's own ECIES test vectors (transcribed from
tink-java's EciesAeadHkdfTestUtil into data/tink-ecies-test-vectors.json and asserted equal to
../shared/reference-vectors/tink/ecies_p256_aesgcm_vectors.derived.json when present) and the reference known-answer case (ecies_kat.json) are re-opened
by both. Invalid vectors must be refused by both; the class is the one docs/vector-format.md gives, and the
pyca side, which applies those rules, must refuse with exactly that class. Concord (the code under test) is
never used to compute anything; what was written is then checked by `concord validate` and
scripts/check-schema.py.

Keysets and keyboxes that Tink makes with its own randomness are made once and kept in
scripts/generate/data/keybox_tink.json, so reruns write identical bytes; every run re-verifies them with both
implementations.

Usage (from anywhere; the script creates and re-launches itself in its own venv):
    python3 scripts/generate/keybox_vectors.py                 # write the files
    python3 scripts/generate/keybox_vectors.py --check         # compute, compare with the files on disk
    python3 scripts/generate/keybox_vectors.py --new-tink-data # let Tink make new keysets/keyboxes (changes files)
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import hmac
import json
import os
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from concordgen.b64 import B64_STD, B64_URL, hand_b64decode, hand_b64encode  # noqa: E402
from concordgen.env import REPO, SHARED_REF, ensure_venv  # noqa: E402
from concordgen.output import copy_reference, data, finish, sha256_file  # noqa: E402
from concordgen.protobuf import pb_bytes, pb_get, pb_read, pb_uint  # noqa: E402
from concordgen.values import Hex, Refused, derived, flip  # noqa: E402
from concordgen.yamlfile import emit, read_back  # noqa: E402

PINS = [
    "tink==1.16.1",  # Tink for Python: pybind11 bindings to Tink C++ (BoringSSL)
    "protobuf==7.36.2",  # what tink 1.16.1 pulls in (json_format reads the keyset JSON)
    "absl-py==2.5.1",
    "bazel-runfiles==2.4.6",
    "cryptography==50.0.2",  # pyca/cryptography on its bundled OpenSSL
    "cffi==2.1.1",
    "pycparser==3.12",
    "PyYAML==6.0.3",
]
DATA = REPO / "scripts" / "generate" / "data" / "keybox_tink.json"

WYCHEPROOF_COMMIT = "dac1dd4729fd1f8dd9e1e9f3dce51d783da6c166"
COPIES = [  # (source under shared/reference-vectors, destination in the repo, sha256)
    ("wycheproof/testvectors_v1/ecdh_secp256r1_ecpoint_test.json", "vectors/wycheproof/ecdh_secp256r1_ecpoint_test.json",
     "648f16d077caf2400d02331ca51f44744c72c799830c8d0595d0b18b6dd9f886"),
    ("wycheproof/testvectors_v1/hkdf_sha256_test.json", "vectors/wycheproof/hkdf_sha256_test.json",
     "bb2b462a38b251cb52a2aede706d6d4b62b26864f4e80c95497507ddb07c5f1e"),
]
LICENSE = ("vectors/LICENSES/wycheproof.LICENSE", "58d1e17ffe5109a7ae296caafcadfdbe6a7d176f0bc4ab01e12a689b0499d8bd")
TINK_DERIVED = ("tink/ecies_p256_aesgcm_vectors.derived.json",
                "b11680665ec8de434910ad3c3bba69b37fdde63ae3ba6354ce154fdcd19adcd0")
TINK_KAT = ("tink/ecies_kat.json", "799ca1806a0d93234ef3114d35d1d389ace3ab21c8581b76b5dc1a53f7c03864")
TINK_KAT_KEYSET = ("tink/ecies_kat_keyset_priv.json",
                   "14cd36936fc11c046c68188fd904fc7ac5f0986f57867a489c603753017f3cc2")


def shared_text(ref) -> str:
    """A file of ../shared/reference-vectors, checked against its pinned sha256."""
    path = SHARED_REF / ref[0]
    data = path.read_bytes()
    assert hashlib.sha256(data).hexdigest() == ref[1], f"{path}: unexpected sha256"
    return data.decode("utf-8")

TYPE_PRIV = "type.googleapis.com/google.crypto.tink.EciesAeadHkdfPrivateKey"
TYPE_PUB = "type.googleapis.com/google.crypto.tink.EciesAeadHkdfPublicKey"
TYPE_AES_GCM = "type.googleapis.com/google.crypto.tink.AesGcmKey"

# Enum values of CONTRACT.md section 9 (asserted equal to Tink's *_pb2 enums on every run).
CURVES = {2: "NIST_P256", 3: "NIST_P384", 4: "NIST_P521"}
HASHES = {1: "SHA1", 2: "SHA384", 3: "SHA256", 4: "SHA512", 5: "SHA224"}
POINT_FORMATS = {1: "UNCOMPRESSED", 2: "COMPRESSED", 3: "DO_NOT_USE_CRUNCHY_UNCOMPRESSED"}
PREFIXES = {1: "TINK", 2: "LEGACY", 3: "RAW", 4: "CRUNCHY"}
STATUSES = {"ENABLED": 1, "DISABLED": 2, "DESTROYED": 3}
MATERIAL = {"SYMMETRIC": 1, "ASYMMETRIC_PRIVATE": 2, "ASYMMETRIC_PUBLIC": 3, "REMOTE": 4}
COORD_SIZE = {"NIST_P256": 32, "NIST_P384": 48, "NIST_P521": 66}


def versions():
    from importlib.metadata import version
    from cryptography.hazmat.backends.openssl import backend
    v = {n: version(n) for n in ("tink", "protobuf", "cryptography")}
    v["openssl"] = backend.openssl_version_text().split(" ")[1]
    return v


# --------------------------------------------------------------------------- ref: pure-Python P-256 and HKDF

P256_P = 2 ** 256 - 2 ** 224 + 2 ** 192 + 2 ** 96 - 1
P256_B = 0x5AC635D8AA3A93E7B3EBBD55769886BC651D06B0CC53B0F63BCE3C3E27D2604B
P256_N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
P256_G = (0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296,
          0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5)


def ref_on_curve(P) -> bool:
    x, y = P
    return 0 <= x < P256_P and 0 <= y < P256_P and (y * y - (x ** 3 - 3 * x + P256_B)) % P256_P == 0


def ref_add(P, Q):
    if P is None:
        return Q
    if Q is None:
        return P
    (x1, y1), (x2, y2) = P, Q
    if x1 == x2 and (y1 + y2) % P256_P == 0:
        return None
    if P == Q:
        lam = (3 * x1 * x1 - 3) * pow(2 * y1, -1, P256_P) % P256_P
    else:
        lam = (y2 - y1) * pow(x2 - x1, -1, P256_P) % P256_P
    x3 = (lam * lam - x1 - x2) % P256_P
    return x3, (lam * (x1 - x3) - y1) % P256_P


def ref_mul(k: int, P):
    R = None
    for bit in bin(k)[2:]:
        R = ref_add(R, R)
        if bit == "1":
            R = ref_add(R, P)
    return R


def ref_decode_point(data: bytes):
    """SEC1 uncompressed or compressed P-256 point; None when it is not a point on the curve."""
    if len(data) == 65 and data[0] == 4:
        P = (int.from_bytes(data[1:33], "big"), int.from_bytes(data[33:], "big"))
    elif len(data) == 33 and data[0] in (2, 3):
        x = int.from_bytes(data[1:], "big")
        if x >= P256_P:
            return None
        y = pow((x ** 3 - 3 * x + P256_B) % P256_P, (P256_P + 1) // 4, P256_P)
        if (y * y - (x ** 3 - 3 * x + P256_B)) % P256_P:
            return None
        if y % 2 != data[0] % 2:
            y = P256_P - y
        P = (x, y)
    else:
        return None
    return P if ref_on_curve(P) else None


def ref_hkdf(hash_name: str, ikm: bytes, salt: bytes, info: bytes, size: int) -> bytes:
    """RFC 5869 with the hmac module."""
    hlen = hashlib.new(hash_name).digest_size
    if size > 255 * hlen:
        raise Refused("parameters", f"HKDF output of {size} bytes")
    prk = hmac.new(salt or bytes(hlen), ikm, hash_name).digest()
    out, t, i = b"", b"", 1
    while len(out) < size:
        t = hmac.new(prk, t + info + bytes([i]), hash_name).digest()
        out += t
        i += 1
    return out[:size]


def be32(n: int) -> bytes:
    return n.to_bytes(32, "big")


def ref_uncompressed(P) -> bytes:
    return b"\x04" + be32(P[0]) + be32(P[1])


# --------------------------------------------------------------------------- base64 (two codecs)

def std_unb64url(text: str) -> bytes:
    """Python's base64, strict: alphabet checked first, then an encode round trip (spare bits)."""
    if not re.fullmatch(r"[A-Za-z0-9_-]*", text):
        raise Refused("format", "b64url: character outside the alphabet (or padding)")
    if len(text) % 4 == 1:
        raise Refused("format", "b64url: impossible length")
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    if base64.urlsafe_b64encode(data).decode().rstrip("=") != text:
        raise Refused("format", "b64url: non-zero spare bits")
    return data


def std_b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


# --------------------------------------------------------------------------- protobuf (hand-written, for pyca)

def pb_params(curve: str, hash_name: str, salt: bytes, dem_key_size: int, point_format: str) -> bytes:
    """EciesAeadHkdfParams (CONTRACT.md section 9); the DEM template's output prefix is TINK, as Tink writes it."""
    inv = lambda table, name: next(k for k, v in table.items() if v == name)  # noqa: E731
    kem = pb_uint(1, inv(CURVES, curve)) + pb_uint(2, inv(HASHES, hash_name)) + pb_bytes(11, salt)
    dem_template = pb_bytes(1, TYPE_AES_GCM.encode()) + pb_bytes(2, pb_uint(2, dem_key_size)) + pb_uint(3, 1)
    return pb_bytes(1, kem) + pb_bytes(2, pb_bytes(2, dem_template)) + pb_uint(3, inv(POINT_FORMATS, point_format))


def pb_public_key(params: bytes, x: bytes, y: bytes) -> bytes:
    return pb_bytes(2, params) + pb_bytes(3, x) + pb_bytes(4, y)


def pb_private_key(public_key: bytes, d: bytes) -> bytes:
    return pb_bytes(2, public_key) + pb_bytes(3, d)


def pyca_read_params(data: bytes) -> dict:
    f = pb_read(data, "EciesAeadHkdfParams")
    kem = pb_read(pb_get(f, 1, "bytes", "params"), "EciesHkdfKemParams")
    dem = pb_read(pb_get(f, 2, "bytes", "params"), "EciesAeadDemParams")
    tmpl = pb_read(pb_get(dem, 2, "bytes", "dem params"), "KeyTemplate")
    # The message is parsed whole before any value is checked: its strings' UTF-8 too (closer.md section 9).
    try:
        type_url = pb_get(tmpl, 1, "bytes", "KeyTemplate").decode("utf-8")
    except UnicodeDecodeError:
        raise Refused("format", "the DEM type_url is not UTF-8")
    curve = CURVES.get(pb_get(kem, 1, "int", "kem"))
    hash_name = HASHES.get(pb_get(kem, 2, "int", "kem"))
    fmt = POINT_FORMATS.get(pb_get(f, 3, "int", "params"))
    if curve is None:
        raise Refused("key", f"unknown curve {pb_get(kem, 1, 'int', 'kem')}")
    if hash_name is None:
        raise Refused("key", "unknown HKDF hash")
    if fmt is None:
        raise Refused("key", "unknown point format")
    if type_url != TYPE_AES_GCM:
        raise Refused("key", f"DEM {type_url!r} is not AES-GCM")
    fmt_msg = pb_read(pb_get(tmpl, 2, "bytes", "KeyTemplate"), "AesGcmKeyFormat")
    size = pb_get(fmt_msg, 2, "int", "AesGcmKeyFormat")
    if size not in (16, 32):
        raise Refused("key", f"AES-GCM DEM key of {size} bytes")
    return {"curve": curve, "hashFunction": hash_name, "hkdfSalt": pb_get(kem, 11, "bytes", "kem"),
            "demKeySize": size, "pointFormat": fmt}


def pyca_curve(name):
    from cryptography.hazmat.primitives.asymmetric import ec
    return {"NIST_P256": ec.SECP256R1, "NIST_P384": ec.SECP384R1, "NIST_P521": ec.SECP521R1}[name]()


def pyca_read_public(data: bytes) -> dict:
    """EciesAeadHkdfPublicKey: params and the point, checked to be on the curve (pyca/cryptography)."""
    from cryptography.hazmat.primitives.asymmetric import ec
    f = pb_read(data, "EciesAeadHkdfPublicKey")
    if pb_get(f, 1, "int", "public key") != 0:
        raise Refused("key", "public key version is not 0")
    p = pyca_read_params(pb_get(f, 2, "bytes", "public key"))
    size = COORD_SIZE[p["curve"]]
    xs, ys = pb_get(f, 3, "bytes", "public key"), pb_get(f, 4, "bytes", "public key")
    x, y = int.from_bytes(xs, "big"), int.from_bytes(ys, "big")
    try:
        pub = ec.EllipticCurvePublicNumbers(x, y, pyca_curve(p["curve"])).public_key()
    except ValueError as e:
        raise Refused("key", f"the public point is not on {p['curve']} ({e})")
    return {**p, "x": x.to_bytes(size, "big"), "y": y.to_bytes(size, "big"), "pyca": pub}


def pyca_read_private(data: bytes) -> dict:
    from cryptography.hazmat.primitives.asymmetric import ec
    f = pb_read(data, "EciesAeadHkdfPrivateKey")
    if pb_get(f, 1, "int", "private key") != 0:
        raise Refused("key", "private key version is not 0")
    pub = pyca_read_public(pb_get(f, 2, "bytes", "private key"))
    d = int.from_bytes(pb_get(f, 3, "bytes", "private key"), "big")
    try:
        priv = ec.derive_private_key(d, pyca_curve(pub["curve"]))
    except ValueError as e:
        raise Refused("key", f"private scalar out of range ({e})")
    nums = priv.public_key().public_numbers()
    if (nums.x, nums.y) != (int.from_bytes(pub["x"], "big"), int.from_bytes(pub["y"], "big")):
        raise Refused("key", "the private scalar does not match the public point")
    return {**pub, "d": d, "pyca_private": priv}


# --------------------------------------------------------------------------- keyset JSON (pyca side)

def pyca_keyset(text: str) -> dict:
    """A Tink cleartext JSON keyset (CONTRACT.md section 9), read with the json module; every field checked."""
    def pairs(kv):
        keys = [k for k, _ in kv]
        if len(keys) != len(set(keys)):
            raise ValueError("duplicate key")
        return dict(kv)
    try:
        doc = json.loads(text, object_pairs_hook=pairs)
    except ValueError as e:
        raise Refused("format", f"keyset: not JSON ({e})")

    def need(obj, key, kind, where):
        if not isinstance(obj, dict) or key not in obj:
            raise Refused("format", f"keyset: missing field {where}{key}")
        v = obj[key]
        ok = isinstance(v, kind) and not isinstance(v, bool) if kind is int else isinstance(v, kind)
        if not ok:
            raise Refused("format", f"keyset: field {where}{key} has the wrong type")
        return v
    def uint32(v, where):
        if not 0 <= v < 2 ** 32:
            raise Refused("format", f"keyset: {where} is not an unsigned 32-bit integer")
        return v
    keys = []
    for i, k in enumerate(need(doc, "key", list, "")):
        w = f"key[{i}]."
        kd = need(k, "keyData", dict, w)
        status = need(k, "status", str, w)
        prefix = need(k, "outputPrefixType", str, w)
        material = need(kd, "keyMaterialType", str, w + "keyData.")
        if status not in STATUSES or prefix not in PREFIXES.values() or material not in MATERIAL:
            raise Refused("format", f"keyset: unknown enum value in {w}")
        value_text = need(kd, "value", str, w + "keyData.")
        keys.append({"keyId": uint32(need(k, "keyId", int, w), w + "keyId"), "status": status,
                     "outputPrefix": prefix, "typeUrl": need(kd, "typeUrl", str, w + "keyData."),
                     "value": hand_b64decode(value_text, B64_STD, True), "material": material})
    if not keys:
        raise Refused("format", "keyset: no keys")
    primary = uint32(need(doc, "primaryKeyId", int, ""), "primaryKeyId")
    return {"primaryKeyId": primary, "keys": keys}


def pyca_primary(ks: dict) -> dict:
    cands = [k for k in ks["keys"] if k["keyId"] == ks["primaryKeyId"] and k["status"] == "ENABLED"]
    if len(cands) != 1:
        raise Refused("format", f"keyset: {len(cands)} enabled keys with the primary key id")
    return cands[0]


def pyca_public_of(key: dict) -> dict:
    # The contract's layout (CONTRACT.md section 9): the key material type is the one its type URL needs. Tink
    # reads the member only to refuse ASYMMETRIC_PRIVATE where a public key is read (docs/contracts/closer.md
    # section 9), so only that case is a vector.
    want = {TYPE_PUB: "ASYMMETRIC_PUBLIC", TYPE_PRIV: "ASYMMETRIC_PRIVATE"}.get(key["typeUrl"])
    if want is not None and key["material"] != want:
        raise Refused("key", f"keyMaterialType {key['material']} is not {want}, which its type URL needs")
    if key["typeUrl"] == TYPE_PUB:
        return pyca_read_public(key["value"])
    if key["typeUrl"] == TYPE_PRIV:
        return {k: v for k, v in pyca_read_private(key["value"]).items() if k not in ("d", "pyca_private")}
    raise Refused("key", f"type URL {key['typeUrl']!r} is not an ECIES-AEAD-HKDF key")


def pyca_describe(inp: dict) -> dict:
    """tink-public-key: the primary key of a pub:v1: or keysetJson input."""
    text = pyca_keyset_text(inp)
    ks = pyca_keyset(text)
    key = pyca_primary(ks)
    # Tink builds its primitive from every ENABLED key: a broken key that is not the primary still refuses the
    # keyset (closer.md section 9).
    for other in ks["keys"]:
        if other["status"] == "ENABLED" and other is not key:
            pyca_public_of(other)
    pub = pyca_public_of(key)
    return {"keyId": key["keyId"], "curve": pub["curve"], "hashFunction": pub["hashFunction"],
            "hkdfSalt": pub["hkdfSalt"], "demKeySize": pub["demKeySize"], "pointFormat": pub["pointFormat"],
            "outputPrefix": key["outputPrefix"], "x": pub["x"], "y": pub["y"]}


def pyca_keyset_text(inp: dict) -> str:
    assert ("publicKey" in inp) != ("keysetJson" in inp)
    if "keysetJson" in inp:
        return inp["keysetJson"]
    pk = inp["publicKey"]
    if not pk.startswith("pub:v1:"):
        raise Refused("format", "publicKey: missing prefix pub:v1:")
    raw = hand_b64decode(pk[len("pub:v1:"):], B64_URL, False)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise Refused("format", "publicKey: the keyset is not UTF-8")
    if any(k["material"] == "ASYMMETRIC_PRIVATE" or k["typeUrl"] == TYPE_PRIV for k in pyca_keyset(text)["keys"]):
        raise Refused("key", "publicKey: pub:v1: holds a private key")
    return text


# --------------------------------------------------------------------------- ECIES (pyca side)

HASH_OBJ = {"SHA256": "SHA256", "SHA384": "SHA384", "SHA512": "SHA512", "SHA1": "SHA1", "SHA224": "SHA224"}


def pyca_hkdf(hash_name: str, ikm: bytes, salt: bytes, info: bytes, size: int) -> bytes:
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF
    return HKDF(algorithm=getattr(hashes, HASH_OBJ[hash_name])(), length=size, salt=salt or None,
                info=info).derive(ikm)


def kem_length(pub: dict) -> int:
    size = COORD_SIZE[pub["curve"]]
    return {"UNCOMPRESSED": 1 + 2 * size, "COMPRESSED": 1 + size, "DO_NOT_USE_CRUNCHY_UNCOMPRESSED": 2 * size}[
        pub["pointFormat"]]


def encode_point(pubkey, fmt: str) -> bytes:
    from cryptography.hazmat.primitives import serialization as s
    if fmt == "COMPRESSED":
        return pubkey.public_bytes(s.Encoding.X962, s.PublicFormat.CompressedPoint)
    raw = pubkey.public_bytes(s.Encoding.X962, s.PublicFormat.UncompressedPoint)
    return raw if fmt == "UNCOMPRESSED" else raw[1:]


def key_prefix(key: dict) -> bytes:
    return {"TINK": b"\x01", "LEGACY": b"\x00", "CRUNCHY": b"\x00", "RAW": b""}[key["outputPrefix"]] + \
        (key["keyId"].to_bytes(4, "big") if key["outputPrefix"] != "RAW" else b"")


def pyca_seal_raw(pub: dict, ctx: bytes, pt: bytes, eph_scalar: int, iv: bytes, trace=None) -> bytes:
    """CONTRACT.md section 10 without the output prefix, following the key's parameters."""
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    eph = ec.derive_private_key(eph_scalar, pyca_curve(pub["curve"]))
    kem = encode_point(eph.public_key(), pub["pointFormat"])
    z = eph.exchange(ec.ECDH(), pub["pyca"])
    dem = pyca_hkdf(pub["hashFunction"], kem + z, pub["hkdfSalt"], ctx, pub["demKeySize"])
    if trace is not None:
        trace.update(kem=kem, z=z, dem=dem)
    return kem + iv + AESGCM(dem).encrypt(iv, pt, b"")


def pyca_open_raw(priv: dict, ctx: bytes, body: bytes) -> bytes:
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    klen = kem_length(priv)
    if len(body) < klen + 12 + 16:
        raise Refused("format", f"{len(body)} bytes after the prefix: shorter than point({klen}) + iv(12) + tag(16)")
    kem = body[:klen]
    encoded = kem if priv["pointFormat"] != "DO_NOT_USE_CRUNCHY_UNCOMPRESSED" else b"\x04" + kem
    first_ok = encoded[0] in ((2, 3) if priv["pointFormat"] == "COMPRESSED" else (4,))
    try:
        if not first_ok:
            raise ValueError("wrong point encoding for the key's format")
        eph = ec.EllipticCurvePublicKey.from_encoded_point(pyca_curve(priv["curve"]), encoded)
    except ValueError as e:
        # A defect of the ciphertext, not of a key: Tink reports it as a failed decryption.
        raise Refused("authentication", f"the ephemeral point is not on the curve ({e})")
    z = priv["pyca_private"].exchange(ec.ECDH(), eph)
    dem = pyca_hkdf(priv["hashFunction"], kem + z, priv["hkdfSalt"], ctx, priv["demKeySize"])
    iv = body[klen:klen + 12]
    try:
        return AESGCM(dem).decrypt(iv, body[klen + 12:], b"")
    except InvalidTag:
        raise Refused("authentication", "AES-GCM tag check failed")


def pyca_private_keys(text: str) -> list:
    ks = pyca_keyset(text)
    out = []
    for k in ks["keys"]:
        if k["status"] != "ENABLED":
            continue
        if k["typeUrl"] == TYPE_PUB:
            raise Refused("key", "a public key where a private keyset is needed")
        if k["typeUrl"] != TYPE_PRIV:
            raise Refused("key", f"type URL {k['typeUrl']!r} is not an ECIES-AEAD-HKDF private key")
        out.append({**k, **pyca_read_private(k["value"])})
    if not out:
        raise Refused("key", "no enabled private key")
    return out


def pyca_open(keyset_text: str, ctx: str, keybox: str) -> bytes:
    """keybox open: prefix, strict b64url, then Tink's key selection (matching 5-byte prefix, then RAW keys)."""
    keys = pyca_private_keys(keyset_text)
    if not keybox.startswith("keybox:v1:"):
        raise Refused("format", "missing prefix keybox:v1:")
    ct = hand_b64decode(keybox[len("keybox:v1:"):], B64_URL, False)
    cands = [(k, ct[5:]) for k in keys if k["outputPrefix"] != "RAW" and len(ct) >= 5 and key_prefix(k) == ct[:5]]
    cands += [(k, ct) for k in keys if k["outputPrefix"] == "RAW"]
    if not cands:
        raise Refused("authentication", f"no key for the output prefix {ct[:5].hex()}")
    errors = []
    for k, body in cands:
        try:
            return pyca_open_raw(k, ctx.encode("utf-8"), body)
        except Refused as e:
            errors.append(e)
    raise errors[0]


def pyca_seal(pub_or_private_text: str, ctx: str, pt: bytes, eph: bytes, iv: bytes, trace=None) -> str:
    ks = pyca_keyset(pub_or_private_text)
    key = pyca_primary(ks)
    pub = pyca_public_of(key)
    if len(iv) != 12:
        raise Refused("parameters", f"iv of {len(iv)} bytes")
    scalar = int.from_bytes(eph, "big")
    if not 0 < scalar < P256_N:
        raise Refused("parameters", "ephemeral scalar out of range")
    ct = key_prefix(key) + pyca_seal_raw(pub, ctx.encode("utf-8"), pt, scalar, iv, trace)
    return "keybox:v1:" + hand_b64encode(ct, B64_URL, False)


def pyca_form(pt: bytes) -> dict:
    """What the plaintext is (vector-format.md, keybox open): 32 raw bytes, an AES-GCM JSON keyset, or other."""
    if len(pt) == 32:
        return {"form": "raw", "key": pt}
    try:
        ks = pyca_keyset(pt.decode("utf-8"))
        key = pyca_primary(ks)
        if key["typeUrl"] != TYPE_AES_GCM:
            return {"form": "other"}
        f = pb_read(key["value"], "AesGcmKey")
        kv = pb_get(f, 3, "bytes", "AesGcmKey")
        if pb_get(f, 1, "int", "AesGcmKey") != 0 or len(kv) != 32:
            return {"form": "other"}
        return {"form": "tink-keyset", "key": kv}
    except (Refused, UnicodeDecodeError):
        return {"form": "other"}


# --------------------------------------------------------------------------- Tink side

_TINK = {}


def tink():
    """Import and register Tink once; check the enum tables above against Tink's own protos."""
    if not _TINK:
        import tink as t
        from tink import aead, hybrid, secret_key_access
        from tink import json_proto_keyset_format as jf
        from tink import proto_keyset_format as pf
        from tink.proto import aes_gcm_pb2, common_pb2, ecies_aead_hkdf_pb2, tink_pb2
        aead.register()
        hybrid.register()
        for table, enum in ((CURVES, common_pb2.EllipticCurveType), (HASHES, common_pb2.HashType),
                            (POINT_FORMATS, common_pb2.EcPointFormat), (PREFIXES, tink_pb2.OutputPrefixType),
                            (STATUSES, tink_pb2.KeyStatusType)):
            for k, v in (table.items() if table is not STATUSES else ((v, k) for k, v in table.items())):
                assert enum.Value(v) == k, (v, k)
        for name, num in MATERIAL.items():
            assert tink_pb2.KeyData.KeyMaterialType.Value(name) == num
        _TINK.update(t=t, aead=aead, hybrid=hybrid, TOKEN=secret_key_access.TOKEN, jf=jf, pf=pf, gcm=aes_gcm_pb2,
                     common=common_pb2, E=ecies_aead_hkdf_pb2, tpb=tink_pb2)
    return _TINK


def tink_parse(text: str):
    T = tink()
    try:
        return T["jf"].parse(text, T["TOKEN"])
    except Exception as e:  # TinkError from json_format or keyset validation
        raise Refused("format", f"Tink could not read the keyset: {e}")


def tink_keyset_proto(handle):
    T = tink()
    return T["tpb"].Keyset.FromString(T["pf"].serialize(handle, T["TOKEN"]))


def tink_describe(inp: dict) -> dict:
    """tink-public-key with Tink: pub:v1: decoded with Python's base64 (strict), the keyset read by Tink, the key
    proto read with Tink's ecies_aead_hkdf_pb2, the key validated by building Tink's HybridEncrypt."""
    from google.protobuf.message import DecodeError
    T = tink()
    if "keysetJson" in inp:
        text = inp["keysetJson"]
    else:
        if not inp["publicKey"].startswith("pub:v1:"):
            raise Refused("format", "publicKey: missing prefix pub:v1:")
        try:
            text = std_unb64url(inp["publicKey"][len("pub:v1:"):]).decode("utf-8")
        except UnicodeDecodeError:
            raise Refused("format", "publicKey: not UTF-8")
    handle = tink_parse(text)
    ks = tink_keyset_proto(handle)
    if "publicKey" in inp and any(k.key_data.key_material_type == T["tpb"].KeyData.ASYMMETRIC_PRIVATE for k in ks.key):
        raise Refused("key", "publicKey: pub:v1: holds a private key (CONTRACT.md section 10)")
    key = [k for k in ks.key if k.key_id == ks.primary_key_id and k.status == T["tpb"].ENABLED]
    if len(key) != 1:
        raise Refused("format", "no primary key")
    key = key[0]
    try:
        # Every other ENABLED key's protobuf too: Tink makes its primitive from all of them.
        for other in ks.key:
            if other.status == T["tpb"].ENABLED and other is not key and other.key_data.type_url in (TYPE_PRIV, TYPE_PUB):
                (T["E"].EciesAeadHkdfPrivateKey if other.key_data.type_url == TYPE_PRIV else
                 T["E"].EciesAeadHkdfPublicKey).FromString(other.key_data.value)
        if key.key_data.type_url == TYPE_PRIV:
            pub = T["E"].EciesAeadHkdfPrivateKey.FromString(key.key_data.value).public_key
        elif key.key_data.type_url == TYPE_PUB:
            pub = T["E"].EciesAeadHkdfPublicKey.FromString(key.key_data.value)
        else:
            pub = None
        if pub is not None:
            dem_fmt = T["gcm"].AesGcmKeyFormat.FromString(pub.params.dem_params.aead_dem.value)
    except DecodeError as e:
        raise Refused("format", f"protobuf: {e}")
    try:
        public_handle = handle.public_keyset_handle() if key.key_data.key_material_type == \
            T["tpb"].KeyData.ASYMMETRIC_PRIVATE else handle
        # Some of the key Tink checks only when it is used (an unnamed ec_point_format), so it also encrypts once.
        public_handle.primitive(T["hybrid"].HybridEncrypt).encrypt(b"", b"")
    except Exception as e:
        raise Refused("key", f"Tink refused the key: {e}")
    assert pub is not None
    assert pub.params.dem_params.aead_dem.type_url == TYPE_AES_GCM
    kem = pub.params.kem_params
    curve = T["common"].EllipticCurveType.Name(kem.curve_type)
    size = COORD_SIZE[curve]
    return {"keyId": key.key_id, "curve": curve, "hashFunction": T["common"].HashType.Name(kem.hkdf_hash_type),
            "hkdfSalt": kem.hkdf_salt, "demKeySize": dem_fmt.key_size,
            "pointFormat": T["common"].EcPointFormat.Name(pub.params.ec_point_format),
            "outputPrefix": T["tpb"].OutputPrefixType.Name(key.output_prefix_type),
            "x": int.from_bytes(pub.x, "big").to_bytes(size, "big"),
            "y": int.from_bytes(pub.y, "big").to_bytes(size, "big")}


def tink_decrypter(keyset_text: str):
    T = tink()
    handle = tink_parse(keyset_text)
    try:
        return handle.primitive(T["hybrid"].HybridDecrypt)
    except Exception as e:
        raise Refused("key", f"Tink: no HybridDecrypt for this keyset: {e}")


def tink_open(keyset_text: str, ctx: str, keybox: str) -> bytes:
    dec = tink_decrypter(keyset_text)
    if not keybox.startswith("keybox:v1:"):
        raise Refused("format", "missing prefix keybox:v1:")
    ct = std_unb64url(keybox[len("keybox:v1:"):])
    try:
        return dec.decrypt(ct, ctx.encode("utf-8"))
    except Exception as e:  # Tink does not say why a ciphertext failed
        raise Refused(None, f"Tink: {e}")


def tink_seal(keyset_text: str, ctx: str, pt: bytes) -> str:
    """Tink's own HybridEncrypt (fresh ephemeral key and IV) for the public part of a keyset."""
    T = tink()
    handle = tink_parse(keyset_text)
    ks = tink_keyset_proto(handle)
    if any(k.key_data.key_material_type == T["tpb"].KeyData.ASYMMETRIC_PRIVATE for k in ks.key):
        handle = handle.public_keyset_handle()
    enc = handle.primitive(T["hybrid"].HybridEncrypt)
    return "keybox:v1:" + std_b64url(enc.encrypt(pt, ctx.encode("utf-8")))


def tink_form(pt: bytes) -> dict:
    """The same classification with Tink reading the keyset and Tink's aes_gcm_pb2 reading the key."""
    T = tink()
    if len(pt) == 32:
        return {"form": "raw", "key": pt}
    try:
        ks = tink_keyset_proto(T["jf"].parse(pt.decode("utf-8"), T["TOKEN"]))
        key = [k for k in ks.key if k.key_id == ks.primary_key_id][0]
        if key.key_data.type_url != TYPE_AES_GCM:
            return {"form": "other"}
        k = T["gcm"].AesGcmKey.FromString(key.key_data.value)
        if k.version != 0 or len(k.key_value) != 32:
            return {"form": "other"}
        aead_prim = T["jf"].parse(pt.decode("utf-8"), T["TOKEN"]).primitive(T["aead"].Aead)  # Tink accepts it
        assert aead_prim is not None
        return {"form": "tink-keyset", "key": k.key_value}
    except Exception:
        return {"form": "other"}


# --------------------------------------------------------------------------- keyset texts

def java_json(keys: list, primary: int) -> str:
    """What Tink Java's JsonKeysetWriter writes (tink-crypto/tink java_src/.../JsonKeysetWriter.java at
    19526bacd3111e62feb801867e71a9f6e859aec8): Gson compact output, keys in the writer's order, key ids as
    unsigned longs, value in standard padded base64, then System.lineSeparator() (\\n on Android)."""
    parts = []
    for k in keys:
        parts.append('{"keyData":{"typeUrl":"%s","value":"%s","keyMaterialType":"%s"},"status":"%s","keyId":%d,'
                     '"outputPrefixType":"%s"}' % (k["typeUrl"], hand_b64encode(k["value"], B64_STD, True),
                                                   k["material"], k.get("status", "ENABLED"), k["keyId"],
                                                   k["outputPrefix"]))
    return '{"primaryKeyId":%d,"key":[%s]}\n' % (primary, ",".join(parts))


def python_json(keys: list, primary: int) -> str:
    """What Tink Python's json_proto_keyset_format.serialize writes for the same keyset (made by Tink)."""
    T = tink()
    ks = T["tpb"].Keyset(primary_key_id=primary)
    for k in keys:
        e = ks.key.add()
        e.key_id = k["keyId"]
        e.status = T["tpb"].KeyStatusType.Value(k.get("status", "ENABLED"))
        e.output_prefix_type = T["tpb"].OutputPrefixType.Value(k["outputPrefix"])
        e.key_data.type_url = k["typeUrl"]
        e.key_data.value = k["value"]
        e.key_data.key_material_type = T["tpb"].KeyData.KeyMaterialType.Value(k["material"])
    return T["jf"].serialize(T["pf"].parse(ks.SerializeToString(), T["TOKEN"]), T["TOKEN"])


def layout_flag(text: str) -> str:
    """Which writer's layout the keyset text is in, byte for byte (asserted: no guessing)."""
    keys, primary = keys_of(text)
    if text == java_json(keys, primary):
        return "tink-java-json"
    assert text == python_json(keys, primary), "a keyset text in neither Tink layout"
    return "tink-python-json"


def keys_of(text: str) -> list:
    ks = pyca_keyset(text)
    return ks["keys"], ks["primaryKeyId"]


def public_keys(keys: list) -> list:
    """The public keyset of a private one: each private key's public_key message (as Tink does)."""
    out = []
    for k in keys:
        f = pb_read(k["value"], "EciesAeadHkdfPrivateKey")
        out.append({**k, "typeUrl": TYPE_PUB, "material": "ASYMMETRIC_PUBLIC", "value": pb_get(f, 2, "bytes", "")})
    return out


def b64url_traps(body: str, ascii_text: bool = False) -> list:
    """The strict-b64url traps of CONTRACT.md section 1 applied to a good unpadded b64url body: (name, flag, comment,
    bad body). The body must encode a length that is not a multiple of 3, hold - or _, and exceed 76 characters.
    ascii_text: the body encodes ASCII text (pub:v1:), whose b64url never holds - or _ (those need a byte whose low 6
    bits are 62 or 63 in the third position of a group, and JSON keysets have no > ? ~): no alphabet trap then."""
    data = hand_b64decode(body, B64_URL, False)
    assert len(data) % 3 and (ascii_text or "-" in body or "_" in body) and len(body) > 76
    mask = 0x0F if len(data) % 3 == 1 else 0x03
    assert B64_URL.index(body[-1]) & mask == 0
    out = [("spare-bits", "b64-spare-bits", "the last character has a non-zero spare bit; a lenient decoder returns "
            "the same bytes", body[:-1] + B64_URL[B64_URL.index(body[-1]) | 1]),
           ("standard-alphabet", "b64-standard-alphabet", "+ and / instead of - and _",
            body.translate(str.maketrans("-_", "+/"))),
           ("space", "b64-whitespace", "a space inside the b64url text", body[:20] + " " + body[20:]),
           ("trailing-newline", "b64-line-breaks", "the b64url text followed by a line break", body + "\n"),
           ("triple-padding", "b64-extra-padding", "the b64url text followed by ===", body + "==="),
           ("padding-inside", "b64-padding-inside", "the first 10 bytes and the rest encoded separately, the first "
            "part padded: == inside the text", hand_b64encode(data[:10], B64_URL, True)
            + hand_b64encode(data[10:], B64_URL, False))]
    if ascii_text:
        out = [t for t in out if t[0] != "standard-alphabet"]
    for _, _, _, bad in out:
        for decode in (lambda t: hand_b64decode(t, B64_URL, False), std_unb64url):
            try:
                decode(bad)
            except (Refused, ValueError):
                continue
            raise AssertionError(f"a strict decoder accepted {bad!r}")
    return out


B64_TRAP_NOTES = {
    "b64-spare-bits": "the last b64url character has non-zero spare bits; a lenient decoder returns the same bytes, "
                      "a strict one (CONTRACT.md section 1) refuses them",
    "b64-standard-alphabet": "the b64url text uses + and / (RFC 4648 section 4) instead of - and _ (section 1)",
    "b64-whitespace": "a space inside the b64url text; the contract forbids whitespace (section 1)",
    "b64-extra-padding": "the b64url text is followed by ===; b64url is unpadded (section 1)",
    "b64-padding-inside": "two separately encoded parts concatenated, so = padding stands inside the text; strict "
                          "decoding (section 1) refuses it, lenient decoders stop at it or skip it",
}


def pub_v1(json_text: str) -> str:
    return "pub:v1:" + hand_b64encode(json_text.encode("utf-8"), B64_URL, False)


def fixed_recipient(label: str, key_id: int, java: bool = False, prefix: str = "TINK",
                    hash_name="SHA256", point_format="UNCOMPRESSED", dem=16, d: int | None = None, curve="NIST_P256",
                    salt: bytes = b"", status: str = "ENABLED"):
    """A deterministic recipient: the scalar is SHA-256 of a label (mod n); the protos are written by hand and
    by Tink's *_pb2 classes, which must give identical bytes. A curve other than P-256 needs its scalar `d`."""
    from cryptography.hazmat.primitives.asymmetric import ec
    T = tink()
    if d is None:
        assert curve == "NIST_P256"
        d = int.from_bytes(derived(label, 32), "big") % (P256_N - 1) + 1
    nums = ec.derive_private_key(d, pyca_curve(curve)).public_key().public_numbers()
    if curve == "NIST_P256":
        assert ref_mul(d, P256_G) == (nums.x, nums.y)
    n = COORD_SIZE[curve] + (1 if java else 0)
    x, y, dv = nums.x.to_bytes(n, "big"), nums.y.to_bytes(n, "big"), d.to_bytes(n, "big")
    params = pb_params(curve, hash_name, salt, dem, point_format)
    priv = pb_private_key(pb_public_key(params, x, y), dv)
    # the same message with Tink's classes
    tp = T["E"].EciesAeadHkdfPrivateKey(version=0, key_value=dv)
    tp.public_key.x, tp.public_key.y = x, y
    tp.public_key.params.kem_params.curve_type = T["common"].EllipticCurveType.Value(curve)
    tp.public_key.params.kem_params.hkdf_hash_type = T["common"].HashType.Value(hash_name)
    tp.public_key.params.kem_params.hkdf_salt = salt
    tp.public_key.params.ec_point_format = T["common"].EcPointFormat.Value(point_format)
    dt = tp.public_key.params.dem_params.aead_dem
    dt.type_url = TYPE_AES_GCM
    dt.value = T["gcm"].AesGcmKeyFormat(key_size=dem).SerializeToString()
    dt.output_prefix_type = T["tpb"].TINK
    assert tp.SerializeToString(deterministic=True) == priv, label
    key = {"keyId": key_id, "status": status, "outputPrefix": prefix, "typeUrl": TYPE_PRIV, "value": priv,
           "material": "ASYMMETRIC_PRIVATE"}
    return {"d": d, "point": (nums.x, nums.y), "keys": [key], "primary": key_id}


def android_keyset_json(key: bytes, key_id: int) -> str:
    """A Tink AES-256-GCM keyset as Android writes it (AesGcmKey protobuf 1a 20 || key, Java layout)."""
    return java_json([{"keyId": key_id, "outputPrefix": "TINK", "typeUrl": TYPE_AES_GCM,
                       "value": bytes([0x1A, 0x20]) + key, "material": "SYMMETRIC"}], key_id)


# --------------------------------------------------------------------------- Tink-made data (made once, kept)

CTX_MAIN = "cpl_8d2f41|q_2025_06_01|uid_alice_01|uid_bob_02"
CTX_NON_ASCII = "couple-\u00e9t\u00e9|q_\u65e5\u8a18|uid_zo\u00eb|uid_\U0001f600"


def make_tink_data() -> dict:
    """Let Tink 1.16.1 make keysets (its own key generation) and keyboxes (its own ephemeral keys and IVs)."""
    T = tink()
    hk = T["hybrid"].hybrid_key_templates
    contract = hk.ECIES_P256_HKDF_HMAC_SHA256_AES128_GCM

    def gen(template, prefix=None):
        if prefix is not None:
            t2 = T["tpb"].KeyTemplate()
            t2.CopyFrom(template)
            t2.output_prefix_type = T["tpb"].OutputPrefixType.Value(prefix)
            template = t2
        return tink_keyset_proto(T["t"].new_keyset_handle(template))

    def as_keys(ks):
        return [{"keyId": k.key_id, "status": T["tpb"].KeyStatusType.Name(k.status),
                 "outputPrefix": T["tpb"].OutputPrefixType.Name(k.output_prefix_type), "typeUrl": k.key_data.type_url,
                 "value": k.key_data.value,
                 "material": T["tpb"].KeyData.KeyMaterialType.Name(k.key_data.key_material_type)} for k in ks.key]

    def tink_text(ks):
        return T["jf"].serialize(T["pf"].parse(ks.SerializeToString(), T["TOKEN"]), T["TOKEN"])

    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        aes256_dem = hk.create_ecies_aead_hkdf_key_template(
            T["common"].NIST_P256, T["common"].UNCOMPRESSED, T["common"].SHA256,
            T["aead"].aead_key_templates.AES256_GCM)
    keysets = {}
    base = gen(contract)
    keysets["p256-tink"] = {"how": "Tink: new_keyset_handle(ECIES_P256_HKDF_HMAC_SHA256_AES128_GCM); "
                                   "json_proto_keyset_format.serialize", "json": tink_text(base)}
    keysets["p256-compressed"] = {"how": "Tink: ECIES_P256_COMPRESSED_HKDF_HMAC_SHA256_AES128_GCM",
                                  "json": tink_text(gen(hk.ECIES_P256_COMPRESSED_HKDF_HMAC_SHA256_AES128_GCM))}
    keysets["p256-raw"] = {"how": "Tink: the contract template with output prefix RAW",
                           "json": tink_text(gen(contract, "RAW"))}
    keysets["p256-legacy"] = {"how": "Tink: the contract template with output prefix LEGACY",
                              "json": tink_text(gen(contract, "LEGACY"))}
    keysets["p256-aes256"] = {"how": "Tink: create_ecies_aead_hkdf_key_template(NIST_P256, UNCOMPRESSED, SHA256, "
                                     "AES256_GCM)", "json": tink_text(gen(aes256_dem))}
    high = gen(contract)
    high.key[0].key_id = high.primary_key_id = 0xC0FFEE42
    keysets["p256-key-id-high"] = {"how": "Tink: the contract template; key id then set to 0xC0FFEE42 "
                                          "(Tink Python draws ids below 2^31)", "json": tink_text(high)}
    java = gen(contract)
    jk = as_keys(java)
    f = T["E"].EciesAeadHkdfPrivateKey.FromString(jk[0]["value"])
    f.key_value = bytes(33 - len(f.key_value)) + f.key_value
    f.public_key.x = bytes(33 - len(f.public_key.x)) + f.public_key.x
    f.public_key.y = bytes(33 - len(f.public_key.y)) + f.public_key.y
    jk[0]["value"] = f.SerializeToString(deterministic=True)
    keysets["p256-java-coordinates"] = {
        "how": "Tink: the contract template; x, y and key_value then re-encoded with 33 bytes (a leading 0x00), "
               "as Tink Java's EciesProtoSerialization writes them, in Tink Java's JSON layout",
        "json": java_json(jk, java.primary_key_id)}
    other = gen(contract)
    other.key[0].key_id = other.primary_key_id = base.primary_key_id
    keysets["p256-other-same-id"] = {"how": "Tink: the contract template; key id then set to p256-tink's",
                                     "json": tink_text(other)}
    first, second = gen(contract), gen(contract)
    two = T["tpb"].Keyset(primary_key_id=second.primary_key_id)
    two.key.extend([first.key[0], second.key[0]])
    keysets["p256-two-keys"] = {"how": "Tink: two keys of the contract template in one keyset, the second primary",
                                "json": tink_text(two)}
    keysets["p256-two-keys-first-only"] = {"how": "the first key of p256-two-keys alone", "json": tink_text(first)}
    aes = tink_keyset_proto(T["t"].new_keyset_handle(T["aead"].aead_key_templates.AES256_GCM))
    keysets["aes256-gcm-android"] = {"how": "Tink: new_keyset_handle(AES256_GCM), written in Tink Java's JSON layout "
                                            "(what an Android client encrypts)", "json": java_json(as_keys(aes),
                                                                                                  aes.primary_key_id)}
    android_pt = keysets["aes256-gcm-android"]["json"].encode("utf-8")
    boxes = {}

    def box(name, keyset, ctx, pt, encrypt_with=None):
        text = keysets[encrypt_with or keyset]["json"]
        boxes[name] = {"keyset": keyset, "contextInfo": ctx, "plaintext": pt.hex(),
                       "keybox": tink_seal(text, ctx, pt)}
    box("tink-32-byte-key", "p256-tink", CTX_MAIN, os.urandom(32))
    box("tink-empty-plaintext", "p256-tink", CTX_MAIN, b"")
    box("tink-android-keyset", "p256-tink", CTX_MAIN, android_pt)
    box("tink-java-coordinates", "p256-java-coordinates", CTX_MAIN, os.urandom(32))
    box("tink-key-id-above-2-31", "p256-key-id-high", CTX_MAIN, os.urandom(32))
    box("tink-compressed-point", "p256-compressed", CTX_MAIN, os.urandom(32))
    box("tink-raw-prefix", "p256-raw", CTX_MAIN, os.urandom(32))
    box("tink-legacy-prefix", "p256-legacy", CTX_MAIN, os.urandom(32))
    box("tink-aes256-dem", "p256-aes256", CTX_MAIN, os.urandom(32))
    box("tink-two-keys-primary", "p256-two-keys", CTX_MAIN, os.urandom(32))
    box("tink-two-keys-other", "p256-two-keys", CTX_MAIN, os.urandom(32), encrypt_with="p256-two-keys-first-only")
    box("tink-non-ascii-context", "p256-tink", CTX_NON_ASCII, os.urandom(32))
    box("tink-long-plaintext", "p256-tink", CTX_MAIN, os.urandom(300))
    box("tink-java-coordinates-android-keyset", "p256-java-coordinates", CTX_MAIN, android_pt)
    from importlib.metadata import version
    return {"about": "Keysets and keyboxes made by Tink for Python with its own randomness, kept so that "
                     "keybox_vectors.py writes identical files on every run (it re-verifies all of them with "
                     "Tink and with pyca/cryptography). Made by: keybox_vectors.py --new-tink-data.",
            "tink": version("tink"), "keysets": keysets, "keyboxes": boxes}


def load_tink_data(new: bool, check: bool) -> dict:
    if new or not DATA.exists():
        if check:
            sys.exit(f"{DATA.relative_to(REPO)} is missing")
        data = make_tink_data()
        DATA.parent.mkdir(parents=True, exist_ok=True)
        DATA.write_text(json.dumps(data, indent=1, ensure_ascii=True) + "\n")
        print(f"wrote {DATA.relative_to(REPO)} (new Tink keysets and keyboxes)")
    return json.loads(DATA.read_text())


# --------------------------------------------------------------------------- Tink's own ECIES vectors

# Transcribed from tink-crypto/tink-java EciesAeadHkdfTestUtil.java into data/tink-ecies-test-vectors.json;
# asserted equal to ../shared/reference-vectors/tink/ecies_p256_aesgcm_vectors.derived.json when present.
TINK_TV_DATA = data("tink-ecies-test-vectors.json")
TINK_TV_RECIPIENT = tuple(TINK_TV_DATA["recipient"][k] for k in ("privateKey", "publicX", "publicY"))
TINK_TV = {int(n): tuple(v[k] for k in ("hkdfHash", "pointFormat", "variant", "demKeySize", "plaintext",
                                        "contextInfo", "ciphertext"))
           for n, v in TINK_TV_DATA["vectors"].items()}  # n: (hash, point format, variant, DEM key size, pt, ctx, ct)
# The curve of each vector (P-256 unless it says; 12 is P-384, 13 P-521) and the recipient of the other curves.
TINK_TV_CURVE = {int(n): v.get("curve", "NIST_P256") for n, v in TINK_TV_DATA["vectors"].items()}
TINK_TV_CURVE_RECIPIENTS = {c: tuple(r[k] for k in ("privateKey", "publicX", "publicY"))
                            for c, r in TINK_TV_DATA.get("curveRecipients", {}).items()}
TINK_TV_KEY_ID = int(TINK_TV_DATA["keyId"], 16)  # the id of vectors 6 and 7; also used for the RAW keysets


def cross_read_tink_derived():
    path = SHARED_REF / TINK_DERIVED[0]
    if not path.exists():
        print(f"note: {path} not present; Tink's vectors are taken from data/tink-ecies-test-vectors.json")
        return
    assert sha256_file(path) == TINK_DERIVED[1], f"{path}: unexpected sha256"
    doc = json.loads(path.read_text())
    assert doc["recipient"] == dict(zip(("privateKey", "publicX", "publicY"), TINK_TV_RECIPIENT))
    got = {}
    for v in doc["vectors"]:
        assert v["curve"] == "NIST_P256" and v["hkdfSalt"] == ""
        got[v["tinkTestVector"]] = (v["hkdfHash"], v["pointFormat"], v["variant"],
                                    32 if v["dem"].startswith("AES256") else 16, v["plaintext"], v["contextInfo"],
                                    v["ciphertext"])
        if v["keyId"] is not None:
            assert int(v["keyId"], 16) == TINK_TV_KEY_ID
    p256 = {n: v for n, v in TINK_TV.items() if TINK_TV_CURVE[n] == "NIST_P256"}
    assert got == p256, "the transcription differs from ecies_p256_aesgcm_vectors.derived.json"


# --------------------------------------------------------------------------- values and vector records

BY, TX, IN = "bytes", "text", "integer"
FIELD_TYPES = {"publicKey": TX, "keysetJson": TX, "keyId": IN, "curve": TX, "hashFunction": TX, "hkdfSalt": BY,
               "demKeySize": IN, "pointFormat": TX, "outputPrefix": TX, "x": BY, "y": BY,
               "recipientPublicKey": TX, "contextInfo": TX, "plaintext": BY, "ephemeralPrivateKey": BY, "iv": BY,
               "keybox": TX, "recipientPrivateKeyset": TX, "form": TX, "key": BY}


# Where implementations legitimately differ on the class (real Tink reports every failure while
# opening as "decryption failed" and classes keyset refusals its own way), an invalid vector states
# no class: any refusal passes, and the comment says why.
ANY = "any"
# Tink cannot tell the class of these refusals (one error for every failure): its adapter answers
# "unclassified", which matches any class (docs/adapters.md), so the vector states the contract's class.
TINK_UNCLASSIFIED = ("; real Tink reports it without a class (a failed decryption or keyset refusal): its adapter"
                     " answers unclassified, which matches any expected class")
ANY_NOTE = ("; the contract does not fix the refusal class here and implementations differ (Tink reports it as a"
            " failed decryption or a key refusal), so any refusal passes.")


def vec(vid, op, inp, expect=None, *, flags=(), comment=None, error=None):
    if error == ANY:
        return {"id": vid, "op": op, "comment": (comment or "") + ANY_NOTE, "flags": list(flags), "result": "invalid",
                "input": inp}
    if error is not None:
        return {"id": vid, "op": op, "comment": comment, "flags": list(flags), "result": "invalid", "input": inp,
                "expect": {"error": error}}
    return {"id": vid, "op": op, "comment": comment, "flags": list(flags), "result": "valid", "input": inp,
            "expect": expect}


def model(fields: dict) -> dict:
    return {k: Hex(v) if FIELD_TYPES[k] == BY else v for k, v in fields.items()}


def runtime(fields: dict) -> dict:
    return {k: v.data if isinstance(v, Hex) else v for k, v in fields.items()}


# --------------------------------------------------------------------------- tink-public-key files

def describe_expect(d: dict) -> dict:
    return model(d)


def public_key_files(data):
    ks = data["keysets"]
    files = []
    V = []

    def add(vid, inp, flags, comment, expect=None):
        if expect is None:
            expect = tink_describe(inp)
        V.append(vec(vid, None, inp, describe_expect(expect), flags=flags, comment=comment))

    def pub_text(name, layout):
        keys, primary = keys_of(ks[name]["json"])
        pk = public_keys(keys)
        return python_json(pk, primary) if layout == "python" else java_json(pk, primary)

    add("tink-contract-pub-v1", {"publicKey": pub_v1(pub_text("p256-tink", "python"))},
        ["tink-made", "tink-python-json"], "the contract template (ECIES_P256_HKDF_HMAC_SHA256_AES128_GCM, TINK): "
        "pub:v1: of the public keyset as Tink Python writes it")
    add("tink-contract-pub-v1-java-layout", {"publicKey": pub_v1(pub_text("p256-tink", "java"))},
        ["tink-made", "tink-java-json"], "the same public key, its keyset in Tink Java's JSON layout")
    add("tink-contract-public-keyset", {"keysetJson": pub_text("p256-tink", "python")},
        ["tink-made", "tink-python-json"], "the same public keyset as keysetJson")
    add("tink-contract-private-keyset", {"keysetJson": ks["p256-tink"]["json"]},
        ["tink-made", "tink-python-json", "private-keyset"], "the private keyset Tink made: described by its public "
        "key")
    add("tink-compressed-point", {"publicKey": pub_v1(pub_text("p256-compressed", "java"))},
        ["tink-made", "tink-java-json", "compressed-point"], "ECIES_P256_COMPRESSED_HKDF_HMAC_SHA256_AES128_GCM")
    add("tink-raw-prefix", {"keysetJson": pub_text("p256-raw", "python")},
        ["tink-made", "tink-python-json", "raw-prefix"], "the contract template with output prefix RAW")
    add("tink-legacy-prefix", {"publicKey": pub_v1(pub_text("p256-legacy", "java"))},
        ["tink-made", "tink-java-json", "legacy-prefix"], "the contract template with output prefix LEGACY")
    add("tink-aes256-dem", {"keysetJson": pub_text("p256-aes256", "python")},
        ["tink-made", "tink-python-json", "aes256-dem"], "an AES-256-GCM DEM (demKeySize 32)")
    add("tink-java-coordinates-pub-v1", {"publicKey": pub_v1(pub_text("p256-java-coordinates", "java"))},
        ["tink-made", "tink-java-json", "java-coordinates"], "x and y are 33 bytes in the protobuf (a leading 0x00, "
        "as Tink Java writes them); the expected x and y are 32 bytes")
    add("tink-java-coordinates-private-keyset", {"keysetJson": ks["p256-java-coordinates"]["json"]},
        ["tink-made", "tink-java-json", "java-coordinates", "private-keyset"], "the private keyset with 33-byte x, y "
        "and key_value")
    add("tink-key-id-above-2-31", {"publicKey": pub_v1(pub_text("p256-key-id-high", "java"))},
        ["tink-made", "tink-java-json", "key-id-above-2-31"], "key id 0xC0FFEE42 = 3237998146")
    add("tink-two-keys", {"keysetJson": ks["p256-two-keys"]["json"]},
        ["tink-made", "tink-python-json", "two-keys", "private-keyset"], "two keys; the primary is the second: the "
        "expected fields are the primary key's")
    kat_text = shared_text(TINK_KAT_KEYSET)
    add("kat-private-keyset", {"keysetJson": kat_text}, ["kat", "private-keyset"],
        "the private keyset of the reference known-answer case (ecies_kat_keyset_priv.json, key id 0x01020304)")
    for n, variant in ((6, "TINK"), (7, "CRUNCHY")):
        r = tink_tv_recipient(n)
        add(f"tink-test-vector-{n}-key", {"publicKey": pub_v1(java_json(public_keys(r["keys"]), r["primary"]))},
            ["tink-test-vector", "tink-java-json"] + (["crunchy-prefix"] if variant == "CRUNCHY" else []),
            f"the key of Tink's ECIES test vector {n} (EciesAeadHkdfTestUtil: getP256Point(), id requirement "
            f"0x88668866 = 2288420966, variant {variant})")
    files.append({"path": "vectors/closer/tink-public-key/tink.yaml", "suite": "tink-public-key",
                  "title": "Tink ECIES-AEAD-HKDF public keys (CONTRACT.md section 9)",
                  "source": "Keysets made by Tink {tink} (Python, on Tink C++) with its own key generation, kept in "
                            "scripts/generate/data/keybox_tink.json; the reference keyset of CONTRACT.md section 10; "
                            "the key of Tink's own ECIES test vectors (tink-java EciesAeadHkdfTestUtil). Every "
                            "expected field was read by two implementations that agreed: Tink (protobuf json_format "
                            "and Tink's *_pb2 classes, key accepted by Tink's HybridEncrypt) and a reader written from "
                            "CONTRACT.md section 9 on pyca/cryptography {cryptography} (point checked on the curve).",
                  "notes": PK_NOTES, "vectors": V})

    # invalid
    IV = []
    good_keys, good_primary = keys_of(ks["p256-tink"]["json"])
    gpub = public_keys(good_keys)

    def bad(vid, inp, error, flags, comment):
        IV.append(vec(vid, None, inp, flags=flags, comment=comment, error=error))

    wrong = [dict(gpub[0], typeUrl="type.googleapis.com/google.crypto.tink.EcdsaPublicKey")]
    bad("invalid-wrong-type-url", {"keysetJson": java_json(wrong, good_primary)}, "key", ["wrong-type-url"],
        "the public key's value under the type URL of an ECDSA public key")
    bad("invalid-wrong-type-url-pub-v1", {"publicKey": pub_v1(java_json(wrong, good_primary))}, "key",
        ["wrong-type-url"], "the same keyset as pub:v1:")
    value = gpub[0]["value"]
    cut = [dict(gpub[0], value=value[:40])]
    bad("invalid-bad-protobuf", {"keysetJson": java_json(cut, good_primary)}, "format", ["bad-protobuf"],
        "the EciesAeadHkdfPublicKey protobuf cut after 40 bytes, inside its params field")
    bad("invalid-bad-protobuf-pub-v1", {"publicKey": pub_v1(java_json(cut, good_primary))}, "format",
        ["bad-protobuf"], "the same keyset as pub:v1:")
    f = pb_read(value, "pub")
    off = pb_bytes(2, f[2][0]) + pb_bytes(3, f[3][0]) + pb_bytes(4, flip(f[4][0], 31))
    assert ref_decode_point(b"\x04" + f[3][0] + flip(f[4][0], 31)) is None
    bad("invalid-point-off-curve", {"publicKey": pub_v1(java_json([dict(gpub[0], value=off)], good_primary))}, "key",
        ["point-off-curve"], "the last byte of y flipped: the point is not on P-256")
    text = java_json(gpub, good_primary)
    while len(text.encode()) % 3 == 0:
        text += " "
    assert base64.urlsafe_b64encode(text.encode()).decode().endswith("=")
    bad("invalid-pub-v1-padding", {"publicKey": "pub:v1:" + base64.urlsafe_b64encode(text.encode()).decode()},
        "format", ["b64url-padding"], "pub:v1: with = padding (b64url is unpadded, CONTRACT.md section 1)")
    body = hand_b64encode(java_json(gpub, good_primary).encode(), B64_URL, False)
    wrapped = "".join(body[i:i + 76] + "\n" for i in range(0, len(body), 76))
    bad("invalid-pub-v1-line-breaks", {"publicKey": "pub:v1:" + wrapped}, "format", ["b64-line-breaks"],
        "the b64url body with a line break after every 76 characters and at the end (android.util.Base64 without "
        "NO_WRAP)")
    bad("invalid-pub-v1-prefix", {"publicKey": "pub:v2:" + pub_v1(text)[len("pub:v1:"):]}, "format",
        ["wrong-prefix"], "pub:v2: instead of pub:v1:")
    no_kd = ('{"primaryKeyId":%d,"key":[{"status":"ENABLED","keyId":%d,"outputPrefixType":"TINK"}]}\n'
             % (good_primary, good_primary))
    bad("invalid-missing-key-data", {"keysetJson": no_kd}, "format", ["missing-field"],
        "the key has no keyData" + TINK_UNCLASSIFIED)
    bad("invalid-missing-key-data-pub-v1", {"publicKey": pub_v1(no_kd)}, "format", ["missing-field"],
        "the same keyset as pub:v1:" + TINK_UNCLASSIFIED)
    bad("invalid-json", {"keysetJson": java_json(gpub, good_primary)[:-30]}, "format", ["bad-json"],
        "the keyset JSON cut short")
    # Tink's enums (closer.md section 9): no name of the enum is format (Tink's JSON parser refuses the text), a
    # name the key cannot have is key. Found by concord explore (docs/exploration.md, 2026-12-02).
    good_text = java_json(gpub, good_primary)
    for vid, member, old_value, new_value, cls, comment in (
            ("invalid-key-material-misspelt", "keyMaterialType", "ASYMMETRIC_PUBLIC", "ASYMMETRIC_PUBLC", "format",
             "keyMaterialType ASYMMETRIC_PUBLC: no name of Tink's KeyMaterialType enum"),
            ("invalid-key-material-private", "keyMaterialType", "ASYMMETRIC_PUBLIC", "ASYMMETRIC_PRIVATE", "key",
             "a public key marked ASYMMETRIC_PRIVATE: not the material its type URL needs"),
            ("invalid-status-misspelt", "status", "ENABLED", "ENXBLED", "format",
             "status ENXBLED: no name of Tink's KeyStatusType enum"),
            ("invalid-prefix-lowercase", "outputPrefixType", "TINK", "tink", "format",
             "outputPrefixType tink: enum names are upper case, and a reader compares them exactly")):
        mutated = good_text.replace('"%s":"%s"' % (member, old_value), '"%s":"%s"' % (member, new_value))
        assert mutated.count('"%s":"%s"' % (member, new_value)) == 1 and mutated != good_text, vid
        bad(vid, {"keysetJson": mutated}, cls, ["tink-enum"], comment)
    # Every ENABLED key is read, not only the primary (Tink builds its primitive from all of them), and every
    # entry's members before the primary is looked for. Found by concord explore (seed 302, cases 425, 440, 470).
    two_keys, two_primary = keys_of(ks["p256-two-keys"]["json"])
    two_pub = public_keys(two_keys)
    other_i = next(i for i, k in enumerate(two_pub) if k["keyId"] != two_primary)
    of = pb_read(two_pub[other_i]["value"], "pub")
    assert ref_decode_point(b"\x04" + of[3][0] + flip(of[4][0], 31)) is None
    off_other = [dict(k) for k in two_pub]
    off_other[other_i]["value"] = pb_bytes(2, of[2][0]) + pb_bytes(3, of[3][0]) + pb_bytes(4, flip(of[4][0], 31))
    bad("invalid-other-key-off-curve", {"keysetJson": java_json(off_other, two_primary)}, "key", ["two-keys", "other-key-broken"],
        "two keys (Tink made them); the primary is sound, the other key's y has its last byte flipped, so its point is not "
        "on P-256: Tink refuses the whole keyset, as it makes its primitive from every ENABLED key")
    cut_other = [dict(k) for k in two_pub]
    cut_other[other_i]["value"] = two_pub[other_i]["value"][:40]
    bad("invalid-other-key-bad-protobuf", {"keysetJson": java_json(cut_other, two_primary)}, "format",
        ["two-keys", "other-key-broken"], "the same two keys; the other key's protobuf cut after 40 bytes")
    disabled_other = [dict(k) for k in off_other]
    disabled_other[other_i]["status"] = "DISABLED"
    add("tink-other-key-off-curve-disabled", {"keysetJson": java_json(disabled_other, two_primary)}, ["two-keys", "tink-java-json"],
        "the keyset of invalid-other-key-off-curve with the broken key DISABLED: a disabled key is not read, so the "
        "keyset is the primary's", expect=pyca_describe({"keysetJson": java_json(disabled_other, two_primary)}))
    no_url = java_json(gpub, good_primary ^ 1).replace('"typeUrl":', '"typeUl":')
    assert no_url.count('"typeUl":') == 1
    bad("invalid-no-primary-and-no-type-url", {"keysetJson": no_url}, "format", ["primary-no-key", "two-faults"],
        "two faults: primaryKeyId names no key, and the only key has no typeUrl member. Every entry is read before the "
        "primary is looked for, so the missing member (format) comes first")
    dup = f[2][0]
    params = pb_read(dup, "params")
    dem_twice = pb_bytes(1, params[1][0]) + pb_bytes(2, params[2][0]) + pb_bytes(2, params[2][0])
    bad("invalid-protobuf-field-twice", {"keysetJson": java_json([dict(gpub[0], value=pb_bytes(2, dem_twice) +
        pb_bytes(3, f[3][0]) + pb_bytes(4, f[4][0]))], good_primary)}, ANY, ["protobuf-field-twice"],
        "EciesAeadHkdfParams with dem_params written twice and no ec_point_format. The ports refuse a field that "
        "appears twice (format: one byte string must mean one key, closer.md section 9); Tink's protobuf parser "
        "merges the two and then refuses the missing point format (key)")
    # A JSON keyset is read whole, its values' base64 included, before any key is checked (as Tink's JSON reader
    # does); and an enum field proto3 left out is its 0, UNKNOWN, as Tink reads it. Found by concord explore,
    # seed 402 cases 2045 and 2705.
    wrong_text = java_json(wrong, good_primary)
    b64_value = hand_b64encode(value, B64_STD, True)
    assert wrong_text.count(b64_value) == 1
    short = b64_value.rstrip("=")
    short = short[:len(short) - (len(short) % 4 + 3) % 4]
    assert len(short) % 4 == 1
    cut_b64 = wrong_text.replace(b64_value, short)
    bad("invalid-wrong-type-url-and-bad-base64", {"keysetJson": cut_b64}, "format", ["wrong-type-url", "two-faults"],
        "two faults: the ECDSA type URL of invalid-wrong-type-url (key) and a value whose base64 is cut to a length "
        "of 1 more than a multiple of 4, which no base64 decodes (format). The value's base64 is part of the JSON keyset, read first")
    # The key's protobuf is parsed whole, nested messages included, before any value is checked; and a point
    # format with no name is refused when Tink uses the key. Found by concord explore, seed 502 cases 6037, 8330.
    dem_params = pb_read(params[2][0], "dem")
    template = pb_read(dem_params[2][0], "template")
    bad_url = b"type.googleapis.com/google.cryp\xff"
    bad_template = pb_bytes(1, bad_url) + pb_bytes(2, template[2][0])
    bad_dem = pb_bytes(2, bad_template)
    no_format_bad_url = pb_bytes(1, params[1][0]) + pb_bytes(2, bad_dem)
    bad("invalid-dem-url-not-utf8-and-no-point-format", {"keysetJson": java_json([dict(gpub[0], value=pb_bytes(2,
        no_format_bad_url) + pb_bytes(3, f[3][0]) + pb_bytes(4, f[4][0]))], good_primary)}, "format",
        ["two-faults", "point-format-absent"], "two faults: the DEM's type_url ends in the byte FF, not UTF-8 (format), "
        "and ec_point_format is absent (key). Protobuf parses the key whole, its nested messages and their strings "
        "included, before any value is checked, so the malformed string comes first")
    format_9 = pb_bytes(1, params[1][0]) + pb_bytes(2, params[2][0]) + pb_uint(3, 9)
    bad("invalid-point-format-9", {"keysetJson": java_json([dict(gpub[0], value=pb_bytes(2, format_9) +
        pb_bytes(3, f[3][0]) + pb_bytes(4, f[4][0]))], good_primary)}, "key", ["point-format-absent"],
        "ec_point_format 9, no value of the enum: Tink makes its primitive and refuses the key when it encrypts "
        "(Unsupported point format)")
    no_format = pb_bytes(1, params[1][0]) + pb_bytes(2, params[2][0])
    bad("invalid-point-format-absent", {"keysetJson": java_json([dict(gpub[0], value=pb_bytes(2, no_format) +
        pb_bytes(3, f[3][0]) + pb_bytes(4, f[4][0]))], good_primary)}, "key", ["point-format-absent"],
        "EciesAeadHkdfParams without ec_point_format: proto3 writes no field at its default, so it reads as 0, "
        "UNKNOWN_FORMAT, which no key may have (Tink: Unknown EC point format)")
    bad("invalid-primary-matches-no-key", {"keysetJson": java_json(gpub, good_primary ^ 1)}, ANY,
        ["primary-no-key"], f"primaryKeyId {good_primary ^ 1}, while the only key has id {good_primary}: a keyset "
        "without a primary key (Tink Python refuses it while reading the keyset, Tink Java when it makes the "
        "primitive)")
    bad("invalid-pub-v1-private-keyset", {"publicKey": pub_v1(ks["p256-tink"]["json"])}, "key", ["pub-v1-private"],
        "pub:v1: wrapping the PRIVATE keyset Tink made (a key leak): pub:v1: carries the public keyset (CONTRACT.md "
        "section 10), so it is refused, not described by its public key as keysetJson is")
    f = pb_read(value, "pub")
    for name, coord, field in (("x", 3, "x"), ("y", 4, "y")):
        long_c = b"\x01" + f[coord][0]
        assert len(f[coord][0]) == 32
        vals = {3: f[3][0], 4: f[4][0]}
        vals[coord] = long_c
        v33 = pb_bytes(2, f[2][0]) + pb_bytes(3, vals[3]) + pb_bytes(4, vals[4])
        bad(f"invalid-coordinate-33-bytes-nonzero-{name}",
            {"publicKey": pub_v1(java_json([dict(gpub[0], value=v33)], good_primary))}, "key", ["coordinate-33-nonzero"],
            f"{field} written in 33 bytes whose leading byte is 01, not 00: as an unsigned integer it is 2^256 more "
            "than the point's coordinate, beyond the field, so no point of P-256")
    ptext = java_json(gpub, good_primary)
    while len(ptext.encode()) % 3 == 0:
        ptext = "{ " + ptext[1:]
    for name, flag, comment, body_bad in b64url_traps(pub_v1(ptext)[len("pub:v1:"):], ascii_text=True):
        bad(f"invalid-pub-v1-{name}", {"publicKey": "pub:v1:" + body_bad}, "format", [flag], "pub:v1: " + comment)
    files.append({"path": "vectors/closer/tink-public-key/invalid.yaml", "suite": "tink-public-key",
                  "title": "Refused Tink public keys (CONTRACT.md sections 1, 9 and 10)",
                  "source": "Modified copies of the Tink-made public keyset of tink.yaml (tink-contract-*). Each was "
                            "refused by Tink {tink} (Python) and by the pyca/cryptography {cryptography} reader; the "
                            "class is the one docs/vector-format.md gives (bad prefix, base64, protobuf or JSON: "
                            "format; point off the curve, wrong type URL: key), and both implementations refused at "
                            "the step that class names. pub:v1: wrapping a private keyset is refused by the contract's "
                            "rule (CONTRACT.md section 10: pub:v1: is the public keyset), applied on both sides after "
                            "Tink and the pyca reader both read that keyset.",
                  "notes": PK_NOTES, "vectors": IV})
    return files


PK_NOTES = {
    **B64_TRAP_NOTES,
    "primary-no-key": "primaryKeyId names no key of the keyset",
    "other-key-broken": "a key of the keyset that is not the primary is broken: the keyset is refused, as Tink makes "
                        "its primitive from every ENABLED key",
    "two-faults": "two faults at once: the vector fixes which one a reader names first",
    "protobuf-field-twice": "a protobuf field written twice: protobuf merges or keeps the last, the ports refuse it",
    "point-format-absent": "no ec_point_format field: proto3's default 0, UNKNOWN_FORMAT",
    "pub-v1-private": "pub:v1: holds a private keyset: publishing it leaks the private key, so a reader refuses it "
                      "(key) instead of describing its public key",
    "coordinate-33-nonzero": "a 33-byte coordinate whose leading byte is not zero: Tink Java's 33-byte form always "
                             "starts with 00, so a reader that drops the first byte of any 33-byte coordinate accepts "
                             "a point that is not the key",
    "tink-made": "the keyset was made by Tink 1.16.1 (Python) with its own key generation "
                 "(scripts/generate/data/keybox_tink.json)",
    "tink-python-json": "the keyset text is what Tink Python's json_proto_keyset_format.serialize writes (protobuf "
                        "JSON, indented by 2, no trailing line break)",
    "tink-java-json": "the keyset text is what Tink Java's JsonKeysetWriter writes (Gson compact JSON, keys "
                      "primaryKeyId, key[keyData{typeUrl, value, keyMaterialType}, status, keyId, outputPrefixType], "
                      "unsigned key ids, then a line break)",
    "private-keyset": "a private keyset: it is described by its public key",
    "compressed-point": "ec_point_format COMPRESSED (the contract's template is UNCOMPRESSED)",
    "raw-prefix": "output prefix RAW: no 5-byte prefix on ciphertexts (the contract's template is TINK)",
    "legacy-prefix": "output prefix LEGACY: ciphertexts start with 0x00 || keyId (the contract's template is TINK)",
    "crunchy-prefix": "output prefix CRUNCHY: for hybrid encryption the same 0x00 || keyId prefix as LEGACY",
    "aes256-dem": "the DEM is AES-256-GCM (the contract's template is AES-128-GCM)",
    "java-coordinates": "x, y (and key_value) are 33 bytes with a leading 0x00, as current Tink Java writes them "
                        "(EciesProtoSerialization.getEncodingLength); a reader must take them as unsigned integers",
    "key-id-above-2-31": "the key id is above 2^31: a reader that parses it into a signed 32-bit integer fails "
                         "(CONTRACT.md section 9: key ids are unsigned)",
    "two-keys": "the keyset holds two keys and the primary is not the first",
    "kat": "the reference known-answer case of CONTRACT.md section 10 (../shared/reference-vectors/tink/ecies_kat.json)",
    "tink-test-vector": "from Tink's own ECIES test vectors (tink-java EciesAeadHkdfTestUtil, the same values as "
                        "tink-cc ecies_aead_hkdf_test_vectors.cc)",
    "wrong-type-url": "the key's type URL is not an ECIES-AEAD-HKDF key's",
    "bad-protobuf": "the key's protobuf bytes are malformed",
    "point-off-curve": "the public point is not on the curve",
    "b64url-padding": "b64url with = padding, which CONTRACT.md section 1 refuses",
    "b64-line-breaks": "line breaks inside the base64 text, which CONTRACT.md section 1 refuses",
    "wrong-prefix": "the text prefix is not the contract's",
    "missing-field": "a field the keyset needs is absent",
    "tink-enum": "a keyset member holding a Tink enum (status, outputPrefixType, keyMaterialType) with a value "
                 "that is no name of the enum (format: Tink's JSON parser refuses the text) or a name the key "
                 "cannot have (key); CONTRACT.md section 9",
    "bad-json": "the keyset is not valid JSON",
}


def tink_tv_recipient(n: int, key_id=TINK_TV_KEY_ID):
    """The recipient keyset of Tink's test vector n, with the parameters of that vector."""
    hash_name, fmt, variant, dem = TINK_TV[n][:4]
    curve = TINK_TV_CURVE[n]
    d, x, y = (int(h, 16) for h in (TINK_TV_RECIPIENT if curve == "NIST_P256" else TINK_TV_CURVE_RECIPIENTS[curve]))
    prefix = {"NO_PREFIX": "RAW", "TINK": "TINK", "CRUNCHY": "CRUNCHY"}[variant]
    r = fixed_recipient(f"tink-tv-{n}", key_id, prefix=prefix, hash_name=hash_name, point_format=fmt, dem=dem, d=d,
                        curve=curve)
    assert r["point"] == (x, y)
    return r


# --------------------------------------------------------------------------- keybox files

KB_NOTES = {
    **{k: v for k, v in PK_NOTES.items() if k in ("tink-python-json", "tink-java-json", "compressed-point", "raw-prefix",
                                                 "legacy-prefix", "crunchy-prefix", "aes256-dem", "java-coordinates",
                                                 "key-id-above-2-31", "two-keys", "kat", "tink-test-vector")},
    "tink-made": "the keybox was made by Tink 1.16.1 (Python) with its own ephemeral key and IV "
                 "(scripts/generate/data/keybox_tink.json)",
    "raw-key": "the plaintext is a 32-byte one-time key (iOS): open reports form raw and that key",
    "tink-keyset": "the plaintext is a Tink AES-256-GCM JSON keyset as Android writes it: open reports form "
                   "tink-keyset and the keyset's 32-byte key",
    "empty-plaintext": "the plaintext is empty",
    "non-ascii-context": "contextInfo has non-ASCII characters (encoded as UTF-8, not normalized)",
    "empty-context": "contextInfo is empty",
    "control-char-context": "contextInfo is the single byte 0x02 (Tink's test vectors), written as the text \\u0002",
    "hkdf-sha384": "HKDF with SHA-384 (the contract's template uses SHA-256)",
    "hkdf-sha512": "HKDF with SHA-512 (the contract's template uses SHA-256)",
    "curve-p384": "the key is on NIST P-384 (the contract's curve is P-256; Tink's ECIES-AEAD-HKDF allows it)",
    "curve-p521": "the key is on NIST P-521 (the contract's curve is P-256; Tink's ECIES-AEAD-HKDF allows it)",
    "ephemeral-scalar-one": "the ephemeral scalar is 1, so the ephemeral point is the generator",
    "non-primary-key": "the keybox was made with a key of the keyset that is not its primary",
    "wrong-context": "opened with another contextInfo",
    "modified-tag": "a bit of the GCM tag flipped",
    "truncated": "bytes cut from the end of the keybox",
    "wrong-key-id": "the key id in the 5-byte prefix changed",
    "wrong-recipient": "opened with another private key that has the same key id",
    "public-keyset": "a public keyset given where the private keyset is needed",
    "wrong-type-url": "the recipient key's type URL is not an ECIES-AEAD-HKDF private key's",
    "bad-json": "the recipient keyset is not valid JSON",
    "keybox-prefix": "the text prefix is not keybox:v1:",
    "b64url-padding": "b64url with = padding, which CONTRACT.md section 1 refuses",
    "ephemeral-off-curve": "the ephemeral point in the keybox is not on the curve",
    "hkdf-salt": "the recipient key's EciesHkdfKemParams has a non-empty hkdf_salt (field 11), which HKDF must use "
                 "as its salt; Closer's template leaves it empty, so an implementation that ignores it passes every "
                 "other vector",
    "crunchy-point": "point format DO_NOT_USE_CRUNCHY_UNCOMPRESSED: the ephemeral point is written X || Y without the "
                     "0x04 byte (Tink's CRUNCHY encoding), and HKDF's ikm starts with those 64 bytes; not the "
                     "contract's template",
    "key-id-bounds": "a key id at a bound of the unsigned 32-bit range (0 or 2^32-1)",
    "disabled-key": "the recipient keyset holds a DISABLED key; Tink never uses it, for sealing or opening",
    "pipe-in-id": "contextInfo joins coupleId, questionId, senderUserId and recipientUserId with | unescaped "
                  "(CONTRACT.md section 10); here an id contains |, so two id quadruples give the same HKDF info. The "
                  "values are valid; a checker should flag the contextInfo",
    **B64_TRAP_NOTES,
    "b64-line-breaks": "a line break in or after the b64url text; the contract forbids line breaks (CONTRACT.md "
                       "section 1)",
    "swapped-ikm": "sealed with HKDF ikm = Z || E instead of E || Z (CONTRACT.md section 10 says this does not decrypt)",
    "context-as-aad": "sealed with an empty HKDF info and contextInfo as the GCM AAD (CONTRACT.md section 10 says "
                      "this does not decrypt)",
}
NON_CONTRACT = ("compressed-point", "raw-prefix", "legacy-prefix", "crunchy-prefix", "aes256-dem", "hkdf-sha384",
                "hkdf-sha512", "curve-p384", "curve-p521", "hkdf-salt", "crunchy-point")


def deterministic_recipients():
    kat_keys, kat_primary = keys_of(shared_text(TINK_KAT_KEYSET))
    return {
        "kat": {"keys": kat_keys, "primary": kat_primary, "text": shared_text(TINK_KAT_KEYSET)},
        "r1": fixed_recipient("keybox recipient 1", 0x1B2C3D4E),
        "r2": fixed_recipient("keybox recipient 2", 0xD3A1C0F5),
        "r3": fixed_recipient("keybox recipient 3", 0x5E6F7A8B, java=True),
        "salt": fixed_recipient("keybox recipient salt", 0x2C3D4E5F, salt=derived("keybox hkdf salt", 16)),
        "crunchy": fixed_recipient("keybox recipient crunchy", 0x3D4E5F60,
                                   point_format="DO_NOT_USE_CRUNCHY_UNCOMPRESSED"),
        "id0": fixed_recipient("keybox recipient id 0", 0),
        "idmax": fixed_recipient("keybox recipient id max", 0xFFFFFFFF),
        "disabled": with_disabled_key(fixed_recipient("keybox recipient 1", 0x1B2C3D4E),
                                      fixed_recipient("keybox recipient disabled", 0x4E5F6071, status="DISABLED")),
    }


def with_disabled_key(primary: dict, disabled: dict) -> dict:
    """A keyset of two keys: a DISABLED one first, then the ENABLED primary."""
    assert disabled["keys"][0]["status"] == "DISABLED"
    return {**primary, "keys": disabled["keys"] + primary["keys"], "disabled": disabled}


def closer_file():
    """seal vectors with chosen ephemeral scalars and IVs (computed by pyca, checked by ref, opened by Tink), each
    with its open twin."""
    R = deterministic_recipients()
    for r in ("r1", "r2", "r3", "salt", "crunchy", "id0", "idmax", "disabled"):
        R[r]["text"] = java_json(R[r]["keys"], R[r]["primary"])
    kat = json.loads(shared_text(TINK_KAT))
    android_pt = android_keyset_json(derived("android answer key", 32), 0x9F8E7D6C).encode()
    V = []
    cases = [
        # id, recipient, public layout, contextInfo, plaintext, ephemeral scalar, iv, flags, comment
        ("kat", "kat", "java", kat["context_info"], bytes.fromhex(kat["plaintext"]), bytes.fromhex(kat["ephemeral_e"]),
         bytes.fromhex(kat["iv"]), ["kat", "raw-key"], "the reference known-answer case (CONTRACT.md section 10, "
         "ecies_kat.json); expected keybox = its ciphertext"),
        ("32-byte-key", "r1", "java", CTX_MAIN, derived("keybox one-time key 1", 32), derived("keybox eph 1", 32),
         derived("keybox iv 1", 12), ["raw-key"], "a 32-byte one-time answer key (iOS)"),
        ("android-keyset", "r1", "java", CTX_MAIN, android_pt, derived("keybox eph 2", 32), derived("keybox iv 2", 12),
         ["tink-keyset"], "a Tink AES-256-GCM JSON keyset as Android writes it (key id 0x9F8E7D6C)"),
        ("empty-plaintext", "r1", "java", CTX_MAIN, b"", derived("keybox eph 3", 32), derived("keybox iv 3", 12),
         ["empty-plaintext"], "an empty plaintext: 98-byte ciphertext"),
        ("key-id-above-2-31", "r2", "java", CTX_MAIN, derived("keybox one-time key 4", 32), derived("keybox eph 4", 32),
         derived("keybox iv 4", 12), ["key-id-above-2-31", "raw-key"], "recipient key id 0xD3A1C0F5 = 3550593269"),
        ("java-coordinates", "r3", "java", CTX_MAIN, derived("keybox one-time key 5", 32), derived("keybox eph 5", 32),
         derived("keybox iv 5", 12), ["java-coordinates", "raw-key"], "the recipient's x and y are 33 bytes in the "
         "protobuf; the ephemeral point is still 65 bytes"),
        ("python-layout", "r1", "python", CTX_MAIN, derived("keybox one-time key 6", 32), derived("keybox eph 6", 32),
         derived("keybox iv 6", 12), ["tink-python-json", "raw-key"], "the recipient's pub:v1: holds the keyset "
         "as Tink Python writes it"),
        ("non-ascii-context", "r1", "java", CTX_NON_ASCII, derived("keybox one-time key 7", 32),
         derived("keybox eph 7", 32), derived("keybox iv 7", 12), ["non-ascii-context", "raw-key"],
         "contextInfo with accents, CJK and an emoji"),
        ("empty-context", "r1", "java", "", derived("keybox one-time key 8", 32), derived("keybox eph 8", 32),
         derived("keybox iv 8", 12), ["empty-context", "raw-key"], "an empty contextInfo"),
        ("ephemeral-scalar-one", "r1", "java", CTX_MAIN, derived("keybox one-time key 9", 32), (1).to_bytes(32, "big"),
         derived("keybox iv 9", 12), ["ephemeral-scalar-one", "raw-key"], "ephemeral scalar 1: E is the generator"),
        ("long-plaintext", "r1", "java", CTX_MAIN, derived("keybox long plaintext", 300), derived("keybox eph 10", 32),
         derived("keybox iv 10", 12), [], "a 300-byte plaintext"),
        ("hkdf-salt", "salt", "java", CTX_MAIN, derived("keybox one-time key 11", 32), derived("keybox eph 11", 32),
         derived("keybox iv 11", 12), ["hkdf-salt", "raw-key"], "the recipient key has a 16-byte hkdf_salt: "
         "HKDF must use it (an implementation that ignores it derives another DEM key)"),
        ("crunchy-point", "crunchy", "java", CTX_MAIN, derived("keybox one-time key 12", 32),
         derived("keybox eph 12", 32), derived("keybox iv 12", 12), ["crunchy-point", "raw-key"],
         "point format DO_NOT_USE_CRUNCHY_UNCOMPRESSED: the ephemeral point is X || Y (64 bytes, no 0x04), and HKDF "
         "takes those 64 bytes"),
        ("key-id-0", "id0", "java", CTX_MAIN, derived("keybox one-time key 13", 32), derived("keybox eph 13", 32),
         derived("keybox iv 13", 12), ["key-id-bounds", "raw-key"], "recipient key id 0: the prefix is 01 00000000 "
         "(and protobuf JSON writers may leave a 0 out)"),
        ("key-id-max", "idmax", "java", CTX_MAIN, derived("keybox one-time key 14", 32), derived("keybox eph 14", 32),
         derived("keybox iv 14", 12), ["key-id-bounds", "key-id-above-2-31", "raw-key"],
         "recipient key id 2^32-1 = 4294967295 (-1 in a Java int): the prefix is 01 ffffffff"),
        ("disabled-key", "disabled", "java", CTX_MAIN, derived("keybox one-time key 15", 32),
         derived("keybox eph 15", 32), derived("keybox iv 15", 12), ["disabled-key", "raw-key"],
         "the recipient keyset holds a DISABLED key (0x4E5F6071) before its ENABLED primary; sealed to the primary"),
        ("pipe-in-id", "r1", "java", "cpl|q1|x|uid_alice_01|uid_bob_02", derived("keybox one-time key 16", 32),
         derived("keybox eph 16", 32), derived("keybox iv 16", 12), ["pipe-in-id", "raw-key"],
         "contextInfo cpl|q1|x|uid_alice_01|uid_bob_02: coupleId 'cpl|q1' with questionId 'x', or coupleId 'cpl' "
         "with questionId 'q1|x', give these same bytes (CONTRACT.md section 10 joins the ids with | unescaped)"),
    ]
    for cid, rname, layout, ctx, pt, eph, iv, flags, comment in cases:
        r = R[rname]
        pub_keys = public_keys(r["keys"])
        pub_text = java_json(pub_keys, r["primary"]) if layout == "java" else python_json(pub_keys, r["primary"])
        if rname == "kat":
            assert r["primary"] == kat["key_id"]
        plain_flags = [x for x in flags if x not in ("raw-key", "tink-keyset", "tink-python-json")]
        V.append(vec(f"seal-{cid}", "seal", model({"recipientPublicKey": pub_v1(pub_text), "contextInfo": ctx,
                                                   "plaintext": pt, "ephemeralPrivateKey": eph, "iv": iv}),
                     None, flags=plain_flags + [layout_flag(pub_text)], comment=comment))
        V.append(vec(f"open-{cid}", "open", model({"recipientPrivateKeyset": r["text"], "contextInfo": ctx}), None,
                     flags=[x for x in flags if x != "tink-python-json"] + [layout_flag(r["text"])],
                     comment=f"opens seal-{cid}"))
    # compute the seals (pyca), check with ref, and fill in the open twins
    for i in range(0, len(V), 2):
        s, o = V[i], V[i + 1]
        inp = runtime(s["input"])
        trace = {}
        kb = pyca_seal(pyca_keyset_text({"publicKey": inp["recipientPublicKey"]}), inp["contextInfo"],
                       inp["plaintext"], inp["ephemeralPrivateKey"], inp["iv"], trace)
        ref_check_seal(inp, trace)
        if s["id"] == "seal-kat":
            assert kb == "keybox:v1:" + std_b64url(bytes.fromhex(kat["ciphertext"])), "KAT mismatch"
            assert trace["dem"].hex() == kat["dem_key"] and trace["z"].hex() == kat["shared_x"]
        s["expect"] = {"keybox": kb}
        o["input"]["keybox"] = kb
        pt = inp["plaintext"]
        form = pyca_form(pt)
        o["expect"] = model({"plaintext": pt, **form})
    return {"path": "vectors/closer/keybox/closer.yaml", "suite": "keybox",
            "title": "Keyboxes with chosen ephemeral keys and IVs (CONTRACT.md section 10)",
            "source": "seal-kat is the reference known-answer case (../shared/reference-vectors/tink/ecies_kat.json, "
                      "decrypted by Tink 1.16.1). The other keyboxes were computed by the contract's composition on "
                      "pyca/cryptography {cryptography} (OpenSSL {openssl}) with the chosen ephemeral scalar and IV; "
                      "the ephemeral point, ECDH secret and DEM key were recomputed by a pure-Python P-256 and HKDF "
                      "written in the generator, and every keybox was opened by Tink {tink} (Python, on Tink C++) with "
                      "the recipient's private keyset and gave the plaintext back. Recipient scalars are SHA-256 of "
                      "fixed labels; keysets written by the generator, byte-identical with Tink's protobuf classes.",
            "notes": KB_NOTES, "vectors": V}


def ref_check_seal(inp: dict, trace: dict):
    """Recompute E, Z and the DEM key of a pyca seal with the pure-Python P-256 and HKDF."""
    pub = pyca_public_of(pyca_primary(pyca_keyset(pyca_keyset_text({"publicKey": inp["recipientPublicKey"]}))))
    assert pub["curve"] == "NIST_P256" and pub["pointFormat"] in ("UNCOMPRESSED", "DO_NOT_USE_CRUNCHY_UNCOMPRESSED")
    assert pub["hashFunction"] == "SHA256"
    crunchy = pub["pointFormat"] == "DO_NOT_USE_CRUNCHY_UNCOMPRESSED"
    e = int.from_bytes(inp["ephemeralPrivateKey"], "big")
    E = ref_mul(e, P256_G)
    R = (int.from_bytes(pub["x"], "big"), int.from_bytes(pub["y"], "big"))
    assert ref_on_curve(R)
    Z = be32(ref_mul(e, R)[0])
    kem = ref_uncompressed(E)[1:] if crunchy else ref_uncompressed(E)
    assert trace["kem"] == kem and trace["z"] == Z
    dem = ref_hkdf("sha256", kem + Z, pub["hkdfSalt"], inp["contextInfo"].encode(), pub["demKeySize"])
    assert trace["dem"] == dem


def tink_made_files(data):
    ks, boxes = data["keysets"], data["keyboxes"]
    V = []
    spec = [  # name in the data file, flags, comment
        ("tink-32-byte-key", ["raw-key"], "a 32-byte one-time answer key (iOS), the contract template"),
        ("tink-empty-plaintext", ["empty-plaintext"], "an empty plaintext"),
        ("tink-android-keyset", ["tink-keyset"], "an AES-256-GCM keyset made by Tink, in Tink Java's JSON layout "
         "(Android)"),
        ("tink-java-coordinates", ["java-coordinates", "tink-java-json", "raw-key"], "the recipient keyset has "
         "33-byte x, y and key_value (Tink Java's encoding)"),
        ("tink-java-coordinates-android-keyset", ["java-coordinates", "tink-java-json", "tink-keyset"],
         "Android end to end: Java-style recipient keyset, Android-style keyset plaintext"),
        ("tink-key-id-above-2-31", ["key-id-above-2-31", "raw-key"], "recipient key id 0xC0FFEE42 = 3237998146"),
        ("tink-compressed-point", ["compressed-point", "raw-key"], "ECIES_P256_COMPRESSED_HKDF_HMAC_SHA256_AES128_GCM: "
         "a 33-byte ephemeral point"),
        ("tink-raw-prefix", ["raw-prefix", "raw-key"], "output prefix RAW: no 5-byte prefix"),
        ("tink-legacy-prefix", ["legacy-prefix", "raw-key"], "output prefix LEGACY: 0x00 || keyId"),
        ("tink-aes256-dem", ["aes256-dem", "raw-key"], "an AES-256-GCM DEM"),
        ("tink-two-keys-primary", ["two-keys", "raw-key"], "a keyset of two keys; made with the primary"),
        ("tink-two-keys-other", ["two-keys", "non-primary-key", "raw-key"], "the same keyset; made with its other "
         "key (a reader must pick the key by the id in the prefix)"),
        ("tink-non-ascii-context", ["non-ascii-context", "raw-key"], "contextInfo with accents, CJK and an emoji"),
        ("tink-long-plaintext", [], "a 300-byte plaintext"),
    ]
    for name, flags, comment in spec:
        b = boxes[name]
        text = ks[b["keyset"]]["json"]
        fl = ["tink-made"] + [f for f in flags if f not in ("tink-java-json",)] + [layout_flag(text)]
        pt = bytes.fromhex(b["plaintext"])
        V.append(vec(name, "open", model({"recipientPrivateKeyset": text, "contextInfo": b["contextInfo"],
                                          "keybox": b["keybox"]}),
                     model({"plaintext": pt, **pyca_form(pt)}), flags=fl, comment=comment))
    tv = []
    for n, (hash_name, fmt, variant, dem, pt, ctx, ct) in TINK_TV.items():
        r = tink_tv_recipient(n)
        flags = ["tink-test-vector", "tink-python-json"]
        flags += {"COMPRESSED": ["compressed-point"]}.get(fmt, [])
        flags += {"NO_PREFIX": ["raw-prefix"], "CRUNCHY": ["crunchy-prefix"]}.get(variant, [])
        flags += ["aes256-dem"] if dem == 32 else []
        flags += {"SHA384": ["hkdf-sha384"], "SHA512": ["hkdf-sha512"]}.get(hash_name, [])
        flags += {"NIST_P384": ["curve-p384"], "NIST_P521": ["curve-p521"]}.get(TINK_TV_CURVE[n], [])
        flags += ["empty-plaintext"] if pt == "" else []
        flags += ["empty-context"] if ctx == "" else ["control-char-context"]
        ptb = bytes.fromhex(pt)
        ctx_text = bytes.fromhex(ctx).decode("ascii")
        tv.append(vec(f"tink-test-vector-{n}", "open",
                      model({"recipientPrivateKeyset": python_json(r["keys"], r["primary"]), "contextInfo": ctx_text,
                             "keybox": "keybox:v1:" + std_b64url(bytes.fromhex(ct))}),
                      model({"plaintext": ptb, **pyca_form(ptb)}), flags=flags,
                      comment=f"Tink's ECIES test vector {n} ("
                              + ("" if TINK_TV_CURVE[n] == "NIST_P256" else TINK_TV_CURVE[n] + ", ")
                              + f"{hash_name}, {fmt}, {variant}, AES-{dem * 8}-GCM); "
                              f"the recipient keyset is written for it (key id 0x88668866)"))
    return [
        {"path": "vectors/closer/keybox/tink.yaml", "suite": "keybox", "title": "Keyboxes made by Tink (CONTRACT.md section 10)",
         "source": "Keysets and keyboxes made by Tink {tink} (Python, on Tink C++) with its own randomness, kept in "
                   "scripts/generate/data/keybox_tink.json. Every keybox was opened by Tink and by the contract's "
                   "composition on pyca/cryptography {cryptography} (OpenSSL {openssl}), which gave the same "
                   "plaintext; form and key were read from the plaintext by both (Tink's keyset reader and protos, and "
                   "a reader written from CONTRACT.md section 9).",
         "notes": KB_NOTES, "vectors": V},
        {"path": "vectors/closer/keybox/tink-test-vectors.yaml", "suite": "keybox",
         "title": "Tink's own ECIES-AEAD-HKDF test vectors (P-256, P-384, P-521, AES-GCM DEM)",
         "source": "tink-crypto/tink-java src/main/java/com/google/crypto/tink/hybrid/internal/testing/"
                   "EciesAeadHkdfTestUtil.java, createTestVector0, 1, 2, 6, 7, 8, 9, 10, 11 (Apache-2.0; the same "
                   "values are in tink-cc ecies_aead_hkdf_test_vectors.cc), as transcribed in "
                   "scripts/generate/data/tink-ecies-test-vectors.json. The recipient keysets "
                   "are written for them (getPrivateP256Value / getP256Point; NO_PREFIX as RAW; key id 0x88668866). "
                   "Every vector was opened by Tink {tink} (Python) and by pyca/cryptography {cryptography}, both "
                   "giving the published plaintext. Vectors 12 (NIST P-384) and 13 (NIST P-521): tink-crypto/tink-cc "
                   "tink/hybrid/internal/testing/ecies_aead_hkdf_test_vectors.cc, CreateTestVector12 and 13, with "
                   "their keys P384Point/P384SecretValue and P521Point/P521SecretValue (Apache-2.0); outside the "
                   "contract's curve, but within Tink's ECIES-AEAD-HKDF, which implementations of the suite open too. "
                   "Left out: vectors 3, 4, 5 (AES-CTR-HMAC and AES-SIV DEMs), which the suite does not cover, and 14 "
                   "(X25519, made by tink-cc itself, not in tink-java).",
         "notes": KB_NOTES, "vectors": tv},
    ]


def invalid_file(data):
    ks, boxes = data["keysets"], data["keyboxes"]
    base = boxes["tink-32-byte-key"]
    text = ks[base["keyset"]]["json"]
    ctx = base["contextInfo"]
    ct = std_unb64url(base["keybox"][len("keybox:v1:"):])
    assert len(ct) == 130 and ct[0] == 1
    kb = lambda c: "keybox:v1:" + std_b64url(c)  # noqa: E731
    V = []

    def bad(vid, error, flags, comment, keyset=text, context=ctx, keybox=None):
        V.append(vec(vid, "open", model({"recipientPrivateKeyset": keyset, "contextInfo": context,
                                         "keybox": keybox if keybox is not None else base["keybox"]}),
                     flags=flags, comment=comment, error=error))
    bad("invalid-wrong-context", "authentication", ["wrong-context"], "tink-32-byte-key opened with the sender and "
        "recipient swapped in contextInfo", context="cpl_8d2f41|q_2025_06_01|uid_bob_02|uid_alice_01")
    bad("invalid-modified-tag", "authentication", ["modified-tag"], "tink-32-byte-key with the last tag byte's low "
        "bit flipped", keybox=kb(flip(ct, len(ct) - 1)))
    bad("invalid-truncated-one-byte", "authentication", ["truncated"], "tink-32-byte-key without its last byte: "
        "still long enough for the layout, so the tag check fails", keybox=kb(ct[:-1]))
    bad("invalid-truncated-layout", "format", ["truncated"], "tink-32-byte-key cut to 97 bytes: shorter than "
        "prefix(5) + point(65) + iv(12) + tag(16)" + TINK_UNCLASSIFIED, keybox=kb(ct[:97]))
    bad("invalid-wrong-key-id", "authentication", ["wrong-key-id"], "tink-32-byte-key with the prefix's key id "
        "changed: no key of the keyset matches", keybox=kb(ct[:4] + bytes([ct[4] ^ 0x01]) + ct[5:]))
    bad("invalid-wrong-recipient", "authentication", ["wrong-recipient"], "tink-32-byte-key opened with another "
        "Tink-made private key that has the same key id", keyset=ks["p256-other-same-id"]["json"])
    keys, primary = keys_of(text)
    bad("invalid-public-keyset", "key", ["public-keyset"], "the recipient's public keyset given as "
        "recipientPrivateKeyset", keyset=python_json(public_keys(keys), primary))
    bad("invalid-wrong-type-url", "key", ["wrong-type-url"], "the private key's value under the type URL of an ECDSA "
        "private key", keyset=java_json([dict(keys[0], typeUrl="type.googleapis.com/google.crypto.tink."
                                                               "EcdsaPrivateKey")], primary))
    bad("invalid-keyset-json", "format", ["bad-json"], "the recipient keyset cut short", keyset=text[:-20])
    bad("invalid-keybox-prefix", "format", ["keybox-prefix"], "keybox:v2: instead of keybox:v1:",
        keybox="keybox:v2:" + base["keybox"][len("keybox:v1:"):])
    bad("invalid-keybox-no-prefix", "format", ["keybox-prefix"], "the b64url body without keybox:v1:",
        keybox=base["keybox"][len("keybox:v1:"):])
    padded = base64.urlsafe_b64encode(ct).decode()
    assert padded.endswith("=")
    bad("invalid-b64url-padding", "format", ["b64url-padding"], "the keybox body with = padding",
        keybox="keybox:v1:" + padded)
    off = ct[:5] + ct[5:70 - 1] + bytes([ct[69] ^ 0x01]) + ct[70:]
    assert ref_decode_point(off[5:70]) is None
    bad("invalid-ephemeral-off-curve", "authentication", ["ephemeral-off-curve"], "tink-32-byte-key with the last byte of the "
        "ephemeral point's y flipped: not a point on P-256", keybox=kb(off))
    body = base["keybox"][len("keybox:v1:"):]
    for name, flag, comment, body_bad in b64url_traps(body):
        if name != "padded":
            bad(f"invalid-keybox-{name}", "format", [flag], "tink-32-byte-key: " + comment, keybox="keybox:v1:" + body_bad)
    # a keybox for a key the recipient keyset holds DISABLED
    dis = fixed_recipient("keybox recipient disabled", 0x4E5F6071)
    dis_box = pyca_seal(java_json(public_keys(dis["keys"]), dis["primary"]), CTX_MAIN, derived("keybox disabled pt", 32),
                        derived("keybox eph disabled", 32), derived("keybox iv disabled", 12))
    holder = with_disabled_key(fixed_recipient("keybox recipient 1", 0x1B2C3D4E),
                               fixed_recipient("keybox recipient disabled", 0x4E5F6071, status="DISABLED"))
    holder_text = java_json(holder["keys"], holder["primary"])
    enabled_text = java_json(dis["keys"] + holder["keys"][1:], holder["primary"])
    assert tink_open(enabled_text, CTX_MAIN, dis_box) == pyca_open(enabled_text, CTX_MAIN, dis_box)
    bad("invalid-disabled-key", "authentication", ["disabled-key"], "a keybox for the key 0x4E5F6071, which the "
        "recipient keyset holds DISABLED: no usable key matches its prefix (it opens once that key is ENABLED)",
        keyset=holder_text, context=CTX_MAIN, keybox=dis_box)
    # the two wrong compositions CONTRACT.md section 10 names, computed with pyca for the deterministic recipient r1
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    r1 = fixed_recipient("keybox recipient 1", 0x1B2C3D4E)
    r1_text = java_json(r1["keys"], r1["primary"])
    pub = pyca_public_of(pyca_primary(pyca_keyset(java_json(public_keys(r1["keys"]), r1["primary"]))))
    pt, iv = derived("keybox one-time key wrong", 32), derived("keybox iv wrong", 12)
    eph = ec.derive_private_key(int.from_bytes(derived("keybox eph wrong", 32), "big") % (P256_N - 1) + 1,
                                ec.SECP256R1())
    E = encode_point(eph.public_key(), "UNCOMPRESSED")
    Z = eph.exchange(ec.ECDH(), pub["pyca"])
    prefix = key_prefix(r1["keys"][0])
    k_swapped = pyca_hkdf("SHA256", Z + E, b"", CTX_MAIN.encode(), 16)
    swapped = prefix + E + iv + AESGCM(k_swapped).encrypt(iv, pt, b"")
    bad("invalid-swapped-ikm", "authentication", ["swapped-ikm"], "sealed for open-32-byte-key's recipient with HKDF "
        "ikm = Z || E", keyset=r1_text, context=CTX_MAIN, keybox=kb(swapped))
    k_aad = pyca_hkdf("SHA256", E + Z, b"", b"", 16)
    as_aad = prefix + E + iv + AESGCM(k_aad).encrypt(iv, pt, CTX_MAIN.encode())
    bad("invalid-context-as-aad", "authentication", ["context-as-aad"], "sealed for open-32-byte-key's recipient with "
        "HKDF info empty and contextInfo as the GCM AAD", keyset=r1_text, context=CTX_MAIN, keybox=kb(as_aad))
    # construction checks of the two wrong compositions: each opens when read the same wrong way
    assert AESGCM(k_swapped).decrypt(iv, swapped[5 + 65 + 12:], b"") == pt
    assert AESGCM(k_aad).decrypt(iv, as_aad[5 + 65 + 12:], CTX_MAIN.encode()) == pt
    # construction checks of the modified keyboxes: the untouched one opens with Tink and pyca
    assert tink_open(text, ctx, base["keybox"]) == pyca_open(text, ctx, base["keybox"]) == bytes.fromhex(base["plaintext"])
    return {"path": "vectors/closer/keybox/invalid.yaml", "suite": "keybox", "title": "Refused keyboxes (CONTRACT.md section 10)",
            "source": "Modified copies of the Tink-made keybox tink-32-byte-key (vectors/closer/keybox/tink.yaml) and its "
                      "keyset, and two keyboxes sealed with the wrong compositions CONTRACT.md section 10 names "
                      "(computed with pyca/cryptography {cryptography}). Each was refused by Tink {tink} (Python) and "
                      "by the contract's composition on pyca/cryptography; the class is the one docs/vector-format.md "
                      "gives (context info, tag, key, and anything wrong inside the ciphertext once its prefix and "
                      "base64 read, such as an ephemeral point off the curve: authentication, as Tink reports them "
                      "all as a failed decryption; prefix, base64, JSON: format; a public keyset or wrong type URL "
                      "where a private key is needed: key; a keybox too short for its layout: format, which Tink cannot "
                      "tell from a failed decryption: its adapter answers unclassified, matching any class), and the "
                      "pyca side refused with exactly that class.",
            "notes": KB_NOTES, "vectors": V}


def roundtrip_file(data):
    ks = data["keysets"]
    android_pt = ks["aes256-gcm-android"]["json"].encode()
    V = [
        vec("roundtrip-32-byte-key", "roundtrip", model({"recipientPrivateKeyset": ks["p256-tink"]["json"],
                                                         "contextInfo": CTX_MAIN,
                                                         "plaintext": derived("roundtrip key 1", 32)}),
            model({"plaintext": derived("roundtrip key 1", 32)}), flags=["tink-made", "tink-python-json"],
            comment="the contract template, a 32-byte one-time key"),
        vec("roundtrip-android", "roundtrip", model({"recipientPrivateKeyset": ks["p256-java-coordinates"]["json"],
                                                     "contextInfo": CTX_NON_ASCII, "plaintext": android_pt}),
            model({"plaintext": android_pt}), flags=["tink-made", "tink-java-json", "java-coordinates",
                                                     "non-ascii-context"],
            comment="a Java-style recipient keyset (33-byte coordinates), an Android keyset as plaintext"),
        vec("roundtrip-key-id-above-2-31", "roundtrip",
            model({"recipientPrivateKeyset": ks["p256-key-id-high"]["json"], "contextInfo": CTX_MAIN,
                   "plaintext": b""}),
            model({"plaintext": b""}), flags=["tink-made", "tink-python-json", "key-id-above-2-31", "empty-plaintext"],
            comment="recipient key id 0xC0FFEE42, empty plaintext"),
    ]
    return {"path": "vectors/closer/keybox/roundtrip.yaml", "suite": "keybox",
            "title": "Keybox round trips with fresh randomness (CONTRACT.md section 10)",
            "source": "Recipient keysets made by Tink {tink} (scripts/generate/data/keybox_tink.json). The generator "
                      "checked the full matrix: Tink (Python) and the contract's composition on pyca/cryptography "
                      "{cryptography} each sealed with fresh randomness, and each opened both results, getting the "
                      "plaintext back.",
            "notes": {**KB_NOTES}, "vectors": V}


# --------------------------------------------------------------------------- checks (both implementations)

def run_checks(files, data):
    counts = {}
    for f in files:
        for v in f["vectors"]:
            inp = runtime(v["input"])
            op = v["op"]
            key = (f["suite"], op, v["result"])
            counts[key] = counts.get(key, 0) + 1
            where = f"{f['path']}: {v['id']}"
            if v["result"] == "invalid":
                want = v.get("expect", {}).get("error")
                outs = {}
                for name, fn in impls(f["suite"], op):
                    try:
                        fn(inp)
                    except Refused as e:
                        outs[name] = e
                        continue
                    raise AssertionError(f"{where}: {name} accepted an invalid vector")
                assert want is None or outs["pyca"].cls == want, f"{where}: pyca refused with {outs['pyca'].cls}, want {want}: " \
                                                 f"{outs['pyca'].why}"
                assert want is None or outs["tink"].cls in (None, want), f"{where}: tink refused with {outs['tink'].cls}: " \
                                                         f"{outs['tink'].why}"
                continue
            exp = runtime(v["expect"])
            if f["suite"] == "tink-public-key":
                for name, fn in impls(f["suite"], op):
                    assert fn(inp) == exp, f"{where}: {name} gives {fn(inp)}"
            elif op == "seal":
                assert pyca_seal(pyca_keyset_text({"publicKey": inp["recipientPublicKey"]}), inp["contextInfo"],
                                 inp["plaintext"], inp["ephemeralPrivateKey"], inp["iv"]) == exp["keybox"], where
                priv = next(x for x in f["vectors"] if x["id"] == "open-" + v["id"][len("seal-"):])
                text = runtime(priv["input"])["recipientPrivateKeyset"]
                assert tink_open(text, inp["contextInfo"], exp["keybox"]) == inp["plaintext"], where
                assert pyca_open(text, inp["contextInfo"], exp["keybox"]) == inp["plaintext"], where
                assert tink_describe({"publicKey": inp["recipientPublicKey"]}) == \
                    pyca_describe({"publicKey": inp["recipientPublicKey"]}), where
            elif op == "open":
                for name, fn in impls(f["suite"], op):
                    pt = fn(inp)
                    assert pt == exp["plaintext"], f"{where}: {name}"
                for name, form in (("tink", tink_form), ("pyca", pyca_form)):
                    got = form(exp["plaintext"])
                    assert {k: got[k] for k in exp if k != "plaintext"} == {k: v for k, v in exp.items()
                                                                           if k != "plaintext"}, f"{where}: {name}"
                    assert set(got) == set(exp) - {"plaintext"}, f"{where}: {name} form fields"
            elif op == "roundtrip":
                text, ctx, pt = inp["recipientPrivateKeyset"], inp["contextInfo"], inp["plaintext"]
                made = {"tink": tink_seal(text, ctx, pt),
                        "pyca": pyca_seal(text, ctx, pt, (int.from_bytes(os.urandom(32), "big") % (P256_N - 1) + 1)
                                          .to_bytes(32, "big"), os.urandom(12))}
                for maker, box in made.items():
                    assert tink_open(text, ctx, box) == pt, f"{where}: tink opens {maker}'s"
                    assert pyca_open(text, ctx, box) == pt, f"{where}: pyca opens {maker}'s"
                assert exp["plaintext"] == pt
            else:
                raise AssertionError(op)
    return counts


def impls(suite, op):
    if suite == "tink-public-key":
        return [("tink", tink_describe), ("pyca", pyca_describe)]
    if op == "open":
        return [("tink", lambda i: tink_open(i["recipientPrivateKeyset"], i["contextInfo"], i["keybox"])),
                ("pyca", lambda i: pyca_open(i["recipientPrivateKeyset"], i["contextInfo"], i["keybox"]))]
    raise AssertionError((suite, op))


def verify_tink_data(data):
    """Every keyset of the data file is read the same by both; every keybox opens with both."""
    for name, k in data["keysets"].items():
        tink_parse(k["json"])
        if name != "aes256-gcm-android":
            assert tink_describe({"keysetJson": k["json"]}) == pyca_describe({"keysetJson": k["json"]}), name
    for name, b in data["keyboxes"].items():
        text = data["keysets"][b["keyset"]]["json"]
        pt = bytes.fromhex(b["plaintext"])
        assert tink_open(text, b["contextInfo"], b["keybox"]) == pt, name
        assert pyca_open(text, b["contextInfo"], b["keybox"]) == pt, name
    return len(data["keysets"]), len(data["keyboxes"])


# --------------------------------------------------------------------------- Wycheproof copies and sanity checks

def copy_references(check: bool):
    """The Wycheproof copies (the LICENSE is the one symmetric_vectors.py copies: checked, not written)."""
    lic = REPO / LICENSE[0]
    assert lic.exists() and sha256_file(lic) == LICENSE[1], f"{LICENSE[0]} missing or changed"
    return copy_reference(COPIES, check, f"Wycheproof commit {WYCHEPROOF_COMMIT}")


def wycheproof_sanity():
    """pyca and ref over the two copied files (the ECDH file: pyca on all, ref on the valid ones)."""
    from cryptography.hazmat.primitives.asymmetric import ec
    out = {}
    doc = json.loads((REPO / COPIES[0][1]).read_text())
    n = {"pyca": 0, "ref": 0}
    for g in doc["testGroups"]:
        assert g["curve"] == "secp256r1" and g["encoding"] == "ecpoint"
        for t in g["tests"]:
            priv, pub = bytes.fromhex(t["private"]), bytes.fromhex(t["public"])
            d = int.from_bytes(priv, "big")
            try:
                peer = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), pub)
                shared = ec.derive_private_key(d, ec.SECP256R1()).exchange(ec.ECDH(), peer)
            except ValueError:
                shared = None
            if t["result"] == "valid":
                assert shared == bytes.fromhex(t["shared"]), ("pyca", t["tcId"])
            elif t["result"] == "invalid":
                assert shared is None, ("pyca", t["tcId"])
            n["pyca"] += 1
            if t["result"] == "valid":
                P = ref_decode_point(pub)
                assert P is not None and be32(ref_mul(d % P256_N, P)[0]) == bytes.fromhex(t["shared"]), ("ref", t["tcId"])
                n["ref"] += 1
    out["ecdh"] = (n, doc["numberOfTests"])
    doc = json.loads((REPO / COPIES[1][1]).read_text())
    n = {"pyca": 0, "ref": 0}
    for g in doc["testGroups"]:
        for t in g["tests"]:
            args = [bytes.fromhex(t[k]) for k in ("ikm", "salt", "info")]
            for name, fn in (("pyca", lambda: pyca_hkdf("SHA256", *args, t["size"])),
                             ("ref", lambda: ref_hkdf("sha256", *args, t["size"]))):
                try:
                    got = fn()
                except (ValueError, Refused):
                    got = None
                if t["result"] == "valid":
                    assert got == bytes.fromhex(t["okm"]), (name, t["tcId"])
                else:
                    assert got is None, (name, t["tcId"])
                n[name] += 1
    out["hkdf"] = (n, doc["numberOfTests"])
    return out


# --------------------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="do not write; exit 1 if a file on disk differs")
    ap.add_argument("--new-tink-data", action="store_true",
                    help="let Tink make new keysets and keyboxes (rewrites scripts/generate/data/keybox_tink.json)")
    args = ap.parse_args()
    if args.check and args.new_tink_data:
        sys.exit("--check and --new-tink-data exclude each other")

    tink()
    cross_read_tink_derived()
    differ = copy_references(args.check)
    data = load_tink_data(args.new_tink_data, args.check)
    nks, nkb = verify_tink_data(data)
    print(f"{DATA.relative_to(REPO)}: {nks} keysets and {nkb} keyboxes re-verified by Tink and pyca")
    files = [*public_key_files(data), closer_file(), *tink_made_files(data), invalid_file(data), roundtrip_file(data)]
    run_checks(files, data)
    if all((REPO / c[1]).exists() for c in COPIES):
        for name, (n, total) in wycheproof_sanity().items():
            print(f"wycheproof {name}: pyca checked {n['pyca']}, ref {n['ref']} of {total} tests")
    vers = versions()
    texts = {}
    for f in files:
        texts[f["path"]] = emit(f, vers, blocks=True)
        read_back(f, texts[f["path"]])
        n = len(f["vectors"])
        nv = sum(1 for v in f["vectors"] if v["result"] == "valid")
        ops = sorted({v["op"] or "-" for v in f["vectors"]})
        print(f"{f['path']}: {n} vectors ({nv} valid, {n - nv} invalid; ops {', '.join(ops)}), checked by tink and pyca")
    finish(texts, args.check, differ)


if __name__ == "__main__":
    ensure_venv("venv-generate-keybox", PINS, __file__)
    main()
