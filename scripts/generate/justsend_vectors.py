#!/usr/bin/env python3
"""Writes vectors/justsend/<suite>/*.yaml: the JustSend key-hierarchy contract (docs/contracts/justsend.md).

Every value is computed by the contract's compositions, written once here, on two stacks of primitives that
must agree byte for byte (or the script aborts):

  pyca   pyca/cryptography: AESGCM, HKDF (SHA-256), X25519 (all OpenSSL), Python's base64 and the stdlib
         base32 codec (RFC 4648 base32 mapped onto the Crockford alphabet) for the recovery code.
  ref    written here from the specifications: HKDF-SHA256 from RFC 5869 on `hmac`, X25519 from RFC 7748 §5
         (the Montgomery ladder), Crockford Base32 bit by bit, b64 / b64url by concordgen/b64.py; AES-GCM is
         checked by real Tink (tink 1.16.1, an AesGcmKey with output prefix RAW, whose ciphertext layout is
         nonce || ct || tag): every sealed value pyca made is decrypted by Tink to the same plaintext, and every
         invalid one is refused by Tink too.

The RFC 7748 §6.1 key pairs and shared secret are the device keys of the envelope vectors: both stacks must
reproduce the published values. Invalid vectors: the pyca stack refuses with the class the contract gives,
the ref stack (and Tink, for AES-GCM) must refuse as well.

    python3 scripts/generate/justsend_vectors.py            # (re)write the files
    python3 scripts/generate/justsend_vectors.py --check    # recompute; exit 1 if a file on disk differs
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import hmac
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from concordgen.b64 import B64_STD, B64_URL, hand_b64decode, hand_b64encode  # noqa: E402
from concordgen.env import ensure_venv  # noqa: E402
from concordgen.output import finish  # noqa: E402
from concordgen.values import Hex, Refused, Utf8, derived, flip, zero_counts  # noqa: E402
from concordgen.yamlfile import emit, read_back  # noqa: E402

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
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
RFC4648_B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
RECOVERY_SALT = b"justsend/recovery-kek/v1"
ATTACHMENT_INFO = b"justsend-share-attachment-v1"
# RFC 7748 §6.1: Alice's and Bob's key pairs and their shared secret.
RFC7748 = {
    "alice_private": "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a",
    "alice_public": "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a",
    "bob_private": "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb",
    "bob_public": "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f",
    "shared": "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742",
}


def versions():
    from importlib.metadata import version
    from cryptography.hazmat.backends.openssl import backend
    v = {n: version(n) for n in ("tink", "cryptography")}
    v["openssl"] = backend.openssl_version_text().split(" ")[1]
    return v


# --------------------------------------------------------------------------- the two stacks

def pyca_hkdf(ikm, salt, info, n=32):
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF
    return HKDF(algorithm=hashes.SHA256(), length=n, salt=salt, info=info).derive(ikm)


def ref_hkdf(ikm, salt, info, n=32):
    """RFC 5869 §2.2–2.3 on hmac: an empty salt is HashLen zero bytes."""
    prk = hmac.new(salt or bytes(32), ikm, hashlib.sha256).digest()
    out, t, i = b"", b"", 1
    while len(out) < n:
        t = hmac.new(prk, t + info + bytes([i]), hashlib.sha256).digest()
        out += t
        i += 1
    return out[:n]


def hkdf(ikm, salt, info, n=32):
    a, b = pyca_hkdf(ikm, salt, info, n), ref_hkdf(ikm, salt, info, n)
    assert a == b
    return a


def pyca_x25519(private, public):
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
    try:
        return X25519PrivateKey.from_private_bytes(private).exchange(X25519PublicKey.from_public_bytes(public))
    except ValueError as e:  # pyca refuses an all-zero shared secret
        raise Refused("key", f"X25519: {e}") from None


def pyca_x25519_public(private):
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
    return X25519PrivateKey.from_private_bytes(private).public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)


P25519 = 2 ** 255 - 19


def ref_x25519(k: bytes, u: bytes) -> bytes:
    """RFC 7748 §5: decode (clamp k, mask u's top bit), the Montgomery ladder, encode."""
    kn = bytearray(k)
    kn[0] &= 248
    kn[31] &= 127
    kn[31] |= 64
    scalar = int.from_bytes(kn, "little")
    x1 = int.from_bytes(u, "little") & ((1 << 255) - 1)
    x2, z2, x3, z3, swap = 1, 0, x1, 1, 0
    for t in reversed(range(255)):
        bit = (scalar >> t) & 1
        swap ^= bit
        if swap:
            x2, x3, z2, z3 = x3, x2, z3, z2
        swap = bit
        a, b = (x2 + z2) % P25519, (x2 - z2) % P25519
        aa, bb = a * a % P25519, b * b % P25519
        e = (aa - bb) % P25519
        c, d = (x3 + z3) % P25519, (x3 - z3) % P25519
        da, cb = d * a % P25519, c * b % P25519
        x3, z3 = (da + cb) ** 2 % P25519, x1 * (da - cb) ** 2 % P25519
        x2, z2 = aa * bb % P25519, e * (aa + 121665 * e) % P25519
    if swap:
        x2, z2 = x3, z3
    return (x2 * pow(z2, P25519 - 2, P25519) % P25519).to_bytes(32, "little")


def x25519(private, public):
    r = ref_x25519(private, public)
    try:
        p = pyca_x25519(private, public)
    except Refused:
        assert r == bytes(32), "pyca refuses a non-zero shared secret"
        raise
    assert p == r and r != bytes(32)
    return p


def x25519_public(private):
    a, b = pyca_x25519_public(private), ref_x25519(private, (9).to_bytes(32, "little"))
    assert a == b
    return a


_T = {}


def tink_open(key: bytes, nonce: bytes, sealed: bytes, aad: bytes = b"") -> bytes:
    """Real Tink's AES-GCM (an AesGcmKey with output prefix RAW: nonce || ct || tag); Refused(None) on failure."""
    if not _T:
        import tink
        from tink import aead, secret_key_access
        from tink.proto import aes_gcm_pb2, tink_pb2
        aead.register()
        _T.update(t=tink, aead=aead, TOKEN=secret_key_access.TOKEN, gcm=aes_gcm_pb2, tpb=tink_pb2)
    tpb = _T["tpb"]
    ks = tpb.Keyset(primary_key_id=1)
    k = ks.key.add()
    k.key_data.type_url = "type.googleapis.com/google.crypto.tink.AesGcmKey"
    k.key_data.value = _T["gcm"].AesGcmKey(version=0, key_value=key).SerializeToString()
    k.key_data.key_material_type = tpb.KeyData.SYMMETRIC
    k.status, k.key_id, k.output_prefix_type = tpb.ENABLED, 1, tpb.RAW
    handle = _T["t"].proto_keyset_format.parse(ks.SerializeToString(), _T["TOKEN"])
    try:
        return handle.primitive(_T["aead"].Aead).decrypt(nonce + sealed, aad)
    except _T["t"].TinkError as e:
        raise Refused(None, f"Tink: {e}") from None


def gcm_seal(key, nonce, plaintext, aad=b""):
    """pyca seals; Tink must open it to the same plaintext."""
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    sealed = AESGCM(key).encrypt(nonce, plaintext, aad)
    assert tink_open(key, nonce, sealed, aad) == plaintext
    return sealed


def gcm_open(key, nonce, sealed, aad=b""):
    """pyca and Tink must both open (same plaintext) or both refuse."""
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    try:
        p = AESGCM(key).decrypt(nonce, sealed, aad)
    except InvalidTag:
        p = None
    try:
        t = tink_open(key, nonce, sealed, aad)
    except Refused:
        t = None
    assert p == t, "pyca and Tink disagree"
    if p is None:
        raise Refused("authentication", "tag")
    return p


def b64(data: bytes) -> str:
    a, b = base64.b64encode(data).decode(), hand_b64encode(data, B64_STD, True)
    assert a == b
    return a


def unb64(text: str, field: str) -> bytes:
    try:
        data = hand_b64decode(text, B64_STD, True)
    except Refused:
        try:  # Python's codec must refuse too (or decode to a non-canonical form)
            assert base64.b64encode(base64.b64decode(text, validate=True)).decode() != text
        except ValueError:
            pass
        raise Refused("format", f"{field}: not strict b64") from None
    assert base64.b64decode(text, validate=True) == data
    return data


# --------------------------------------------------------------------------- the compositions (docs/contracts/justsend.md)

def check_key(key, name="key"):
    if len(key) != 32:
        raise Refused("parameters", f"{name} is not 32 bytes")


def seal(key, nonce, plaintext):
    check_key(key)
    if len(nonce) != 12:
        raise Refused("parameters", "nonce")
    return b64(gcm_seal(key, nonce, plaintext)), b64(nonce)


def open_(key, ciphertext, stored_nonce):
    check_key(key)
    sealed, nonce = unb64(ciphertext, "ciphertext"), unb64(stored_nonce, "storedNonce")
    if len(nonce) != 12:
        raise Refused("format", "stored nonce not 12 bytes")
    if len(sealed) < 16:
        raise Refused("format", "ciphertext shorter than the tag")
    return gcm_open(key, nonce, sealed)


def wrap(key, kek, nonce):
    check_key(kek, "wrapping key")
    if len(key) != 32:
        raise Refused("parameters", "wrapped key not 32 bytes")
    if len(nonce) != 12:
        raise Refused("parameters", "nonce")
    return b64(nonce + gcm_seal(kek, nonce, key))


def unwrap(wrapped, kek):
    check_key(kek, "wrapping key")
    blob = unb64(wrapped, "wrapped")
    if len(blob) < 28:
        raise Refused("format", "wrap shorter than 28 bytes")
    key = gcm_open(kek, blob[:12], blob[12:])
    if len(key) != 32:
        raise Refused("format", "not a 32-byte key")
    return key


def device_kek(our_private, their_public, salt, info):
    if len(our_private) != 32 or len(their_public) != 32:
        raise Refused("key", "X25519 keys are 32 bytes")
    return hkdf(x25519(our_private, their_public), salt, info)


def crockford_encode(entropy: bytes) -> str:
    if len(entropy) != 16:
        raise Refused("parameters", "entropy is 16 bytes")
    bits = "".join(f"{b:08b}" for b in entropy) + "00"
    ref = "".join(CROCKFORD[int(bits[i:i + 5], 2)] for i in range(0, 130, 5))
    std = base64.b32encode(entropy).decode().rstrip("=").translate(str.maketrans(RFC4648_B32, CROCKFORD))
    assert ref == std
    return ref


def normalize(typed: str) -> str:
    """ASCII uppercase, drop '-' and ' ', I/L → 1, O → 0; then 26 symbols with zero spare bits, else format."""
    out = []
    for ch in typed:
        if ord(ch) > 0x7F:
            raise Refused("format", "not ASCII")
        if ch in "- ":
            continue
        c = ch.upper() if "a" <= ch <= "z" else ch
        c = {"I": "1", "L": "1", "O": "0"}.get(c, c)
        if c not in CROCKFORD:
            raise Refused("format", f"{c!r} not in the alphabet")
        out.append(c)
    code = "".join(out)
    if len(code) != 26:
        raise Refused("format", "not 26 symbols")
    if CROCKFORD.index(code[-1]) & 3:
        raise Refused("format", "spare bits")
    return code


def crockford_decode(code: str) -> bytes:
    bits = "".join(f"{CROCKFORD.index(c):05b}" for c in code)
    ref = int(bits[:128], 2).to_bytes(16, "big")
    std = base64.b32decode(code.translate(str.maketrans(CROCKFORD, RFC4648_B32)) + "======")
    assert ref == std and crockford_encode(ref) == code
    return ref


def recovery_kek(typed, info):
    return hkdf(normalize(typed).encode(), RECOVERY_SALT, info)


def fragment(share_key):
    check_key(share_key, "share key")
    a, b = base64.urlsafe_b64encode(share_key).decode().rstrip("="), hand_b64encode(share_key, B64_URL, False)
    assert a == b and len(a) == 43
    return a


def share_key(frag):
    if len(frag) != 43:
        raise Refused("format", "not 43 characters")
    return hand_b64decode(frag, B64_URL, False)


def attachment_key(share, asset_id):
    check_key(share, "share key")
    return hkdf(share, asset_id.encode(), ATTACHMENT_INFO)


def chunk_params(prefix, index, count, asset_id):
    if len(prefix) != 4:
        raise Refused("parameters", "noncePrefix is 4 bytes")
    if count < 1 or not 0 <= index < count:
        raise Refused("parameters", "index outside 0..<count")
    return prefix + index.to_bytes(8, "big"), asset_id.encode() + b"\x00" + index.to_bytes(8, "big") + count.to_bytes(8, "big")


def seal_chunk(share, asset_id, prefix, index, count, plaintext):
    nonce, aad = chunk_params(prefix, index, count, asset_id)
    return gcm_seal(attachment_key(share, asset_id), nonce, plaintext, aad)


def open_chunk(share, asset_id, prefix, index, count, chunk):
    nonce, aad = chunk_params(prefix, index, count, asset_id)
    key = attachment_key(share, asset_id)
    if len(chunk) < 16:
        raise Refused("format", "chunk shorter than the tag")
    return gcm_open(key, nonce, chunk, aad)


# --------------------------------------------------------------------------- vectors

def refused(fn, *args):
    try:
        fn(*args)
    except Refused as e:
        return e.cls
    raise AssertionError(f"{fn.__name__} accepted {args!r}")


def v(id_, op, inp, expect, comment, result="valid", flags=None):
    d = {"id": id_, "op": op, "comment": comment, "result": result, "input": inp, "expect": expect}
    if flags:
        d["flags"] = flags
    return d


def bad(id_, op, inp, cls, comment):
    return v(id_, op, inp, {"error": cls}, comment, result="invalid")


SOURCE_GCM = ("AES-256-GCM by pyca/cryptography {cryptography} (OpenSSL {openssl}), each sealed value decrypted to its "
              "plaintext by Tink {tink} (Python, a RAW AesGcmKey); b64 by Python's codec and a codec written from "
              "RFC 4648, which agree")


def seal_file():
    key = derived("justsend content key", 32)
    vectors = []
    for id_, plain, comment in (("empty", b"", "empty content: the ciphertext is the tag alone"),
                                ("hello", b"hello, JustSend", "short content"),
                                ("binary-1k", derived("justsend content 1k", 1024), "1 KiB of binary content")):
        nonce = derived(f"justsend nonce {id_}", 12)
        ct, n = seal(key, nonce, plain)
        assert open_(key, ct, n) == plain
        vectors.append(v(f"seal-{id_}", "seal", {"key": Hex(key), "nonce": Hex(nonce), "plaintext": Hex(plain)},
                         {"ciphertext": ct, "storedNonce": n}, comment + "; the nonce is stored apart"))
        vectors.append(v(f"open-{id_}", "open", {"key": Hex(key), "ciphertext": ct, "storedNonce": n},
                         {"plaintext": Hex(plain)}, f"opens seal-{id_}"))
    ct, n = seal(key, derived("justsend nonce hello", 12), b"hello, JustSend")
    raw = base64.b64decode(ct)
    rows = [
        ("open-tampered-ciphertext", {"key": Hex(key), "ciphertext": b64(flip(raw, 0)), "storedNonce": n},
         "authentication", "a changed ciphertext byte"),
        ("open-tampered-tag", {"key": Hex(key), "ciphertext": b64(flip(raw, len(raw) - 1)), "storedNonce": n},
         "authentication", "a changed tag byte"),
        ("open-wrong-nonce", {"key": Hex(key), "ciphertext": ct, "storedNonce": b64(flip(base64.b64decode(n), 11))},
         "authentication", "another nonce"),
        ("open-wrong-key", {"key": Hex(derived("other key", 32)), "ciphertext": ct, "storedNonce": n},
         "authentication", "another key"),
        ("open-nonce-prepended", {"key": Hex(key), "ciphertext": b64(base64.b64decode(n) + raw), "storedNonce": n},
         "authentication", "the wrap layout (nonce || ct || tag) given as a seal ciphertext"),
        ("open-nonce-11-bytes", {"key": Hex(key), "ciphertext": ct, "storedNonce": b64(bytes(11))}, "format",
         "a stored nonce that is not 12 bytes"),
        ("open-ciphertext-15-bytes", {"key": Hex(key), "ciphertext": b64(raw[:15]), "storedNonce": n}, "format",
         "a ciphertext shorter than the 16-byte tag"),
        ("open-ciphertext-not-b64", {"key": Hex(key), "ciphertext": ct.rstrip("=") + "!", "storedNonce": n},
         "format", "a ciphertext that is not strict b64"),
        ("open-nonce-b64url", {"key": Hex(key), "ciphertext": ct, "storedNonce": base64.urlsafe_b64encode(
            b"\xfb\xff" * 6).decode()}, "format", "a stored nonce in the URL-safe alphabet"),
        ("open-key-16-bytes", {"key": Hex(key[:16]), "ciphertext": ct, "storedNonce": n}, "parameters",
         "an AES-128 key: the contract is AES-256"),
    ]
    for id_, inp, cls, comment in rows:
        got = refused(open_, inp["key"].data, inp["ciphertext"], inp["storedNonce"])
        assert got == cls, (id_, got)
        vectors.append(bad(id_, "open", inp, cls, comment))
    for id_, k, nonce, cls, comment in (("seal-nonce-16-bytes", key, bytes(16), "parameters", "a 16-byte nonce"),
                                        ("seal-key-31-bytes", key[:31], bytes(12), "parameters", "a 31-byte key")):
        assert refused(seal, k, nonce, b"x") == cls
        vectors.append(bad(id_, "seal", {"key": Hex(k), "nonce": Hex(nonce), "plaintext": Hex(b"x")}, cls, comment))
    return {"path": "vectors/justsend/seal/seal.yaml", "suite": "justsend.seal", "title": "JustSend item content (seal)",
            "source": SOURCE_GCM, "notes": {}, "vectors": vectors}


def wrap_file():
    kek, key = derived("justsend ARK", 32), derived("justsend IK", 32)
    vectors = []
    for id_, nonce in (("ik-under-ark", derived("justsend wrap nonce", 12)), ("zero-nonce", bytes(12))):
        w = wrap(key, kek, nonce)
        assert unwrap(w, kek) == key and len(base64.b64decode(w)) == 60
        vectors.append(v(f"wrap-{id_}", "wrap", {"wrappingKey": Hex(kek), "key": Hex(key), "nonce": Hex(nonce)},
                         {"wrapped": w}, "a 32-byte key wrapped: 60 bytes, nonce first (CryptoKit's combined form)"))
        vectors.append(v(f"unwrap-{id_}", "unwrap", {"wrappingKey": Hex(kek), "wrapped": w}, {"key": Hex(key)},
                         f"unwraps wrap-{id_}"))
    w = wrap(key, kek, derived("justsend wrap nonce", 12))
    raw = base64.b64decode(w)
    short_plain = b64(derived("n16", 12) + gcm_seal(kek, derived("n16", 12), key[:16]))
    rows = [
        ("unwrap-wrong-kek", Hex(derived("other kek", 32)), w, "authentication", "another wrapping key"),
        ("unwrap-tampered-nonce", Hex(kek), b64(flip(raw, 0)), "authentication", "a changed nonce byte"),
        ("unwrap-tampered-ciphertext", Hex(kek), b64(flip(raw, 20)), "authentication", "a changed ciphertext byte"),
        ("unwrap-tampered-tag", Hex(kek), b64(flip(raw, 59)), "authentication", "a changed tag byte"),
        ("unwrap-27-bytes", Hex(kek), b64(raw[:27]), "format", "shorter than nonce + tag (28)"),
        ("unwrap-not-b64", Hex(kek), w[:-2] + "-_", "format", "the URL-safe alphabet"),
        ("unwrap-16-byte-key-inside", Hex(kek), short_plain, "format",
         "authentic, but the wrapped plaintext is 16 bytes, not a 32-byte key"),
        ("unwrap-kek-16-bytes", Hex(kek[:16]), w, "parameters", "a 16-byte wrapping key"),
    ]
    for id_, k, wrapped, cls, comment in rows:
        assert refused(unwrap, wrapped, k.data) == cls, id_
        vectors.append(bad(id_, "unwrap", {"wrappingKey": k, "wrapped": wrapped}, cls, comment))
    assert refused(wrap, key[:16], kek, bytes(12)) == "parameters"
    vectors.append(bad("wrap-16-byte-key", "wrap", {"wrappingKey": Hex(kek), "key": Hex(key[:16]), "nonce": Hex(bytes(12))},
                       "parameters", "the contract wraps 32-byte keys"))
    vectors.append(v("roundtrip-ik", "roundtrip", {"wrappingKey": Hex(kek), "key": Hex(key)}, {"key": Hex(key)},
                     "every implementation wraps with a fresh nonce, every one unwraps every wrap"))
    return {"path": "vectors/justsend/wrap/wrap.yaml", "suite": "justsend.wrap", "title": "JustSend key wrapping",
            "source": SOURCE_GCM, "notes": {}, "vectors": vectors}


def chain_file():
    ark, ik, ck = derived("chain ARK", 32), derived("chain IK", 32), derived("chain CK", 32)
    content = "a note that only the account can read \u2713".encode()
    w_ik = wrap(ik, ark, derived("chain n1", 12))
    w_ck = wrap(ck, ik, derived("chain n2", 12))
    ct, n = seal(ck, derived("chain n3", 12), content)

    def chain(a, wi, wc, c, nn):
        i = unwrap(wi, a)
        k = unwrap(wc, i)
        return i, k, open_(k, c, nn)

    assert chain(ark, w_ik, w_ck, ct, n) == (ik, ck, content)
    inp = {"ark": Hex(ark), "wrappedIK": w_ik, "wrappedCK": w_ck, "ciphertext": ct, "storedNonce": n}
    vectors = [{"id": "open-chain", "comment": "ARK unwraps IK, IK unwraps CK, CK opens the content", "result": "valid",
                "input": inp, "expect": {"ik": Hex(ik), "ck": Hex(ck), "content": Hex(content)}}]
    other_ck = wrap(derived("chain CK 2", 32), derived("chain IK 2", 32), derived("chain n4", 12))
    for id_, change, cls, comment in (
            ("wrong-ark", {"ark": Hex(derived("chain ARK 2", 32))}, "authentication", "another account's root key"),
            ("ck-of-another-item-key", {"wrappedCK": other_ck}, "authentication",
             "a CK wrapped under another item's IK"),
            ("ik-and-ck-swapped", {"wrappedIK": w_ck, "wrappedCK": w_ik}, "authentication", "the two wraps swapped"),
            ("content-tampered", {"ciphertext": b64(flip(base64.b64decode(ct), 3))}, "authentication",
             "a changed content byte")):
        x = {**inp, **change}
        assert refused(chain, x["ark"].data, x["wrappedIK"], x["wrappedCK"], x["ciphertext"], x["storedNonce"]) == cls
        vectors.append({"id": id_, "comment": comment, "result": "invalid", "input": x, "expect": {"error": cls}})
    return {"path": "vectors/justsend/chain/chain.yaml", "suite": "justsend.chain", "title": "JustSend ARK → IK → CK → content",
            "source": SOURCE_GCM, "notes": {}, "vectors": vectors}


def device_file():
    a_priv, b_priv = bytes.fromhex(RFC7748["alice_private"]), bytes.fromhex(RFC7748["bob_private"])
    a_pub, b_pub = x25519_public(a_priv), x25519_public(b_priv)
    assert a_pub.hex() == RFC7748["alice_public"] and b_pub.hex() == RFC7748["bob_public"]
    assert x25519(a_priv, b_pub).hex() == RFC7748["shared"] == x25519(b_priv, a_pub).hex()
    ark = derived("device ARK", 32)
    info = b"justsend/device-kek/v1"
    vectors = []

    def both(id_, our, their, salt, inf, peer_priv, peer_pub, comment):
        kek = device_kek(our, their, salt, inf)
        nonce = derived(f"device nonce {id_}", 12)
        w = wrap(ark, kek, nonce)
        base = {"salt": Hex(salt), "deviceKEKInfo": Hex(inf)}
        vectors.append(v(f"wrap-{id_}", "wrap", {"ourPrivate": Hex(our), "theirPublic": Hex(their), **base, "ark": Hex(ark),
                                                 "nonce": Hex(nonce)}, {"kek": Hex(kek), "wrappedARK": w}, comment))
        assert unwrap(w, device_kek(peer_priv, peer_pub, salt, inf)) == ark
        vectors.append(v(f"unwrap-{id_}", "unwrap", {"ourPrivate": Hex(peer_priv), "theirPublic": Hex(peer_pub), **base,
                                                     "wrappedARK": w}, {"ark": Hex(ark)},
                         f"the other side of wrap-{id_} derives the same KEK"))
        return w

    w_self = both("self", a_priv, a_pub, b"", info, a_priv, a_pub,
                  "device envelope: ECDH with the device's own public key (RFC 7748 §6.1 Alice), empty salt")
    both("grant", a_priv, b_pub, b"", info, b_priv, a_pub,
         "grant: Alice wraps for Bob (RFC 7748 §6.1 keys; the shared secret is the RFC's), Bob unwraps with Alice's public key")
    both("salt-and-empty-info", b_priv, b_pub, derived("device salt", 16), b"", b_priv, b_pub,
         "a non-empty salt and an empty info")
    base = {"salt": Hex(b""), "deviceKEKInfo": Hex(info)}
    rows = [
        ("unwrap-other-info", {"ourPrivate": Hex(a_priv), "theirPublic": Hex(a_pub), "salt": Hex(b""),
                               "deviceKEKInfo": Hex(b"justsend/device-kek/v2"), "wrappedARK": w_self}, "authentication",
         "another deviceKEKInfo gives another KEK"),
        ("unwrap-other-device", {"ourPrivate": Hex(b_priv), "theirPublic": Hex(b_pub), **base, "wrappedARK": w_self},
         "authentication", "another device's envelope"),
        ("unwrap-low-order-zero", {"ourPrivate": Hex(a_priv), "theirPublic": Hex(bytes(32)), **base, "wrappedARK": w_self},
         "key", "public key u = 0 (low order): the shared secret is all zero"),
        ("unwrap-low-order-one", {"ourPrivate": Hex(a_priv), "theirPublic": Hex((1).to_bytes(32, "little")), **base,
                                  "wrappedARK": w_self}, "key", "public key u = 1 (low order)"),
        ("unwrap-low-order-p", {"ourPrivate": Hex(a_priv), "theirPublic": Hex(P25519.to_bytes(32, "little")), **base,
                                "wrappedARK": w_self}, "key", "public key u = p (non-canonical zero)"),
        ("unwrap-public-31-bytes", {"ourPrivate": Hex(a_priv), "theirPublic": Hex(a_pub[:31]), **base,
                                    "wrappedARK": w_self}, "key", "a 31-byte public key"),
    ]

    def unwrap_env(i):
        return unwrap(i["wrappedARK"], device_kek(i["ourPrivate"].data, i["theirPublic"].data, i["salt"].data,
                                                  i["deviceKEKInfo"].data))
    for id_, inp, cls, comment in rows:
        assert refused(unwrap_env, inp) == cls, id_
        vectors.append(bad(id_, "unwrap", inp, cls, comment))
    return {"path": "vectors/justsend/device-envelope/device-envelope.yaml", "suite": "justsend.device-envelope",
            "title": "JustSend device envelope and grant",
            "source": "X25519 by pyca/cryptography {cryptography} and an RFC 7748 §5 ladder written in the generator, "
                      "which agree and reproduce RFC 7748 §6.1's keys and shared secret; HKDF-SHA256 by pyca and RFC "
                      "5869 on hmac, which agree; " + SOURCE_GCM + ". deviceKEKInfo is chosen here (the seed does "
                      "not show its bytes)",
            "notes": {}, "vectors": vectors}


# The rare events of fresh randomness, fixed (issue 28 item 9). X25519 values are 32 bytes, little-endian: an
# implementation that passes one through a big integer (Java's XECPublicKey.getU(), a BigInteger, written back
# with toByteArray() reversed; or any minimal-length encoding) loses a zero byte at the most significant end (the
# last byte), and one that strips "leading" zeros of the byte string loses the first. The search rule: for each
# case, try the private keys derived("device leading zero <case> <i>", 32) for i = 0, 1, 2, ... and take the first
# whose shared secret s (with RFC 7748 Bob's public key, or with its own public key P for the self envelopes) and
# public key P have exactly the wanted zero bytes: (zero bytes at the start of s, at the end of s, at the start of P,
# at the end of P). The search runs on pyca; the key found is recomputed by both stacks (x25519, x25519_public).
DEVICE_ZEROS = [  # case, wanted zero counts, self envelope?, flag, comment
    ("secret-00", (1, 0, 0, 0), False, "secret-leading-zero",
     "the X25519 shared secret's first byte is 00 (1 time in 256 with fresh keys)"),
    ("secret-0000", (2, 0, 0, 0), False, "secret-leading-zeros",
     "the shared secret starts with 00 00 (1 time in 65,536)"),
    ("secret-last-00", (0, 1, 0, 0), False, "secret-high-zero",
     "the shared secret's last byte, the most significant of the little-endian number, is 00 (1 time in 256)"),
    ("public-00", (0, 0, 1, 0), True, "public-leading-zero",
     "the device's public key starts with 00 (1 time in 256)"),
    ("public-last-00", (0, 0, 0, 1), True, "public-high-zero",
     "the device's public key ends with 00, the most significant byte of u (1 time in 256)"),
]
DEVICE_ZERO_NOTES = {
    "secret-leading-zero": "the X25519 shared secret starts with a zero byte; HKDF's ikm is all 32 bytes, so an "
                           "implementation that strips leading zero bytes derives another KEK",
    "secret-leading-zeros": "the shared secret starts with two zero bytes: a fix that pads back one byte still fails",
    "secret-high-zero": "the shared secret ends with a zero byte, the most significant byte of the little-endian "
                        "number: a big-integer round trip (written back minimal or big-endian) loses it",
    "public-leading-zero": "the public key starts with a zero byte (the low byte of u)",
    "public-high-zero": "the public key ends with a zero byte, the most significant byte of u: Java's "
                        "XECPublicKey.getU() is a BigInteger, and writing it back with toByteArray() gives 31 bytes",
}


def device_zeros_search(case, want, self_envelope, peer_pub):
    for i in range(2_000_000):
        k = derived(f"device leading zero {case} {i}", 32)
        pub = pyca_x25519_public(k)
        s = pyca_x25519(k, pub if self_envelope else peer_pub)
        if zero_counts(s, pub) == want:
            return k, i
    raise AssertionError(f"{case}: no key found")


def device_zeros_file():
    b_priv = bytes.fromhex(RFC7748["bob_private"])
    b_pub = x25519_public(b_priv)
    ark = derived("device ARK", 32)
    info = b"justsend/device-kek/v1"
    vectors = []
    for case, want, self_env, flag, comment in DEVICE_ZEROS:
        k, steps = device_zeros_search(case, want, self_env, b_pub)
        pub = x25519_public(k)  # pyca and the RFC 7748 ladder
        their, peer_priv, peer_pub = (pub, k, pub) if self_env else (b_pub, b_priv, pub)
        s = x25519(k, their)
        assert s == x25519(peer_priv, peer_pub) and zero_counts(s, pub) == want, case
        kek = device_kek(k, their, b"", info)
        nonce = derived(f"device leading zero nonce {case}", 12)
        w = wrap(ark, kek, nonce)
        assert unwrap(w, device_kek(peer_priv, peer_pub, b"", info)) == ark
        what = (f"; shared secret {s[:2].hex()}…{s[-2:].hex()}, public key {pub[:2].hex()}…{pub[-2:].hex()}; the "
                f"key is the first of 'device leading zero {case} i' ({steps} tried) with exactly these zero bytes")
        peer = "itself (its device envelope)" if self_env else "RFC 7748 §6.1 Bob (a grant)"
        vectors.append(v(f"wrap-{case}", "wrap", {"ourPrivate": Hex(k), "theirPublic": Hex(their), "salt": Hex(b""),
                                                  "deviceKEKInfo": Hex(info), "ark": Hex(ark), "nonce": Hex(nonce)},
                         {"kek": Hex(kek), "wrappedARK": w}, f"{comment}, wrapping for {peer}{what}", flags=[flag]))
        vectors.append(v(f"unwrap-{case}", "unwrap", {"ourPrivate": Hex(peer_priv), "theirPublic": Hex(peer_pub),
                                                      "salt": Hex(b""), "deviceKEKInfo": Hex(info), "wrappedARK": w},
                         {"ark": Hex(ark)}, f"the other side of wrap-{case}", flags=[flag]))
    return {"path": "vectors/justsend/device-envelope/leading-zeros.yaml", "suite": "justsend.device-envelope",
            "title": "JustSend device envelopes whose X25519 secret or public key has zero bytes at an end",
            "source": "Private keys found by a deterministic search (the first of a counted series of SHA-256-derived "
                      "keys whose shared secret and public key have exactly the wanted zero bytes) on "
                      "pyca/cryptography {cryptography}; X25519 by pyca and an RFC 7748 §5 ladder written in the "
                      "generator, which agree; HKDF-SHA256 by pyca and RFC 5869 on hmac, which agree; " + SOURCE_GCM,
            "notes": DEVICE_ZERO_NOTES, "vectors": vectors}


def recovery_file():
    vectors = []
    entropies = {"zeros": bytes(16), "ones": b"\xff" * 16, "random": derived("recovery entropy", 16),
                 "ascending": bytes(range(16))}
    codes = {}
    for id_, e in entropies.items():
        code = crockford_encode(e)
        codes[id_] = code
        assert crockford_decode(code) == e
        disp = "-".join(code[i:i + 4] for i in range(0, 26, 4))
        vectors.append(v(f"encode-{id_}", "encode", {"entropy": Hex(e)}, {"code": code, "display": disp},
                         "16 bytes → 26 symbols (2 zero spare bits), shown with a hyphen every 4"))
    code = codes["random"]
    disp = "-".join(code[i:i + 4] for i in range(0, 26, 4))
    e = entropies["random"]
    # a code containing 0 and 1 where I/L/O typed forms can be shown
    ones = crockford_encode(bytes.fromhex("084210842108421084210842108421" + "08"))
    typed = [
        ("canonical", code, "the code as stored"),
        ("displayed", disp, "the displayed form: hyphens removed"),
        ("lowercase", disp.lower(), "lower case is upper-cased"),
        ("spaces", " ".join(code[i:i + 4] for i in range(0, 26, 4)) + " ", "spaces instead of hyphens, and a trailing space"),
        ("mixed-separators", code[:5].lower() + "--" + code[5:13] + " - " + code[13:], "hyphens and spaces anywhere"),
    ]
    for id_, t, comment in typed:
        assert normalize(t) == code
        vectors.append(v(f"normalize-{id_}", "normalize", {"typed": t}, {"code": code, "entropy": Hex(e)}, comment))
    for id_, t, comment in (("i-l-o", ones.replace("1", "I", 2).replace("1", "l", 2).replace("0", "O", 1).replace("0", "o", 1),
                             "I and L (either case) become 1, O becomes 0"),):
        assert normalize(t) == ones
        vectors.append(v(f"normalize-{id_}", "normalize", {"typed": t}, {"code": ones, "entropy": Hex(crockford_decode(ones))},
                         comment))
    spare = code[:-1] + CROCKFORD[CROCKFORD.index(code[-1]) | 1]
    traps = [
        ("letter-u", code[:3] + "U" + code[4:], "U is not in Crockford's alphabet"),
        ("lowercase-u", code[:3] + "u" + code[4:], "u neither"),
        ("length-25", code[:25], "one symbol short"),
        ("length-27", code + "0", "one symbol too many"),
        ("empty", "", "nothing typed"),
        ("spare-bits", spare, "the last symbol's 2 spare bits are not zero"),
        ("punctuation", code[:4] + "." + code[4:], "a period is not a separator"),
        ("underscore", code[:4] + "_" + code[4:], "an underscore is not a separator"),
        ("tab", code[:4] + "\t" + code[4:], "a tab is not a separator (only '-' and space)"),
        ("no-break-space", code[:4] + "\u00a0" + code[4:], "U+00A0 is not a separator"),
        ("fullwidth-digit", "\uff10" + code[1:], "a full-width digit is not ASCII"),
        ("dotless-i", "\u0131" + code[1:], "U+0131 upper-cases to I in Unicode, but the code is ASCII only"),
    ]
    for id_, t, comment in traps:
        assert refused(normalize, t) == "format", id_
        vectors.append(bad(f"normalize-{id_}", "normalize", {"typed": t}, "format", comment))
    vectors.append(bad("encode-15-bytes", "encode", {"entropy": Hex(e[:15])}, "parameters", "the code is 16 bytes"))
    assert refused(crockford_encode, e[:15]) == "parameters"
    ark = derived("recovery ARK", 32)
    for id_, t, info, comment in (("displayed", disp, b"", "the displayed code, empty recoveryInfo"),
                                  ("lowercase-spaces", disp.lower().replace("-", " "), b"",
                                   "the same code typed differently: the same KEK and the same wrap"),
                                  ("with-info", code, b"justsend/recovery/v1", "a non-empty recoveryInfo")):
        kek = recovery_kek(t, info)
        nonce = derived(f"recovery nonce {info!r}", 12)
        w = wrap(ark, kek, nonce)
        vectors.append(v(f"wrap-{id_}", "wrap", {"typed": t, "recoveryInfo": Hex(info), "ark": Hex(ark), "nonce": Hex(nonce)},
                         {"kek": Hex(kek), "wrappedARK": w}, comment))
        vectors.append(v(f"unwrap-{id_}", "unwrap", {"typed": t, "recoveryInfo": Hex(info), "wrappedARK": w},
                         {"ark": Hex(ark)}, f"unwraps wrap-{id_}"))
    w = wrap(ark, recovery_kek(code, b""), derived("recovery nonce b''", 12))
    other = crockford_encode(derived("recovery entropy 2", 16))
    for id_, t, info, cls, comment in (("other-code", other, b"", "authentication", "another valid code"),
                                       ("other-info", code, b"x", "authentication", "another recoveryInfo"),
                                       ("bad-code", code[:25], b"", "format", "a code that does not normalize")):
        def u(t=t, info=info):
            return unwrap(w, recovery_kek(t, info))
        assert refused(u) == cls
        vectors.append(bad(f"unwrap-{id_}", "unwrap", {"typed": t, "recoveryInfo": Hex(info), "wrappedARK": w}, cls, comment))
    return {"path": "vectors/justsend/recovery-code/recovery-code.yaml", "suite": "justsend.recovery-code",
            "title": "JustSend recovery code: Crockford Base32, normalization, KEK, wrap",
            "source": "Crockford Base32 written bit by bit in the generator and Python's RFC 4648 base32 codec mapped onto "
                      "the Crockford alphabet, which agree; HKDF-SHA256 by pyca/cryptography {cryptography} and RFC 5869 on "
                      "hmac, which agree; " + SOURCE_GCM,
            "notes": {}, "vectors": vectors}


def share_file():
    vectors = []
    keys = {"random": derived("share key", 32), "zeros": bytes(32), "ones": b"\xff" * 32}
    for id_, k in keys.items():
        f = fragment(k)
        assert share_key(f) == k
        vectors.append(v(f"encode-{id_}", "encode", {"shareKey": Hex(k)}, {"fragment": f}, "b64url, no padding, 43 characters"))
        vectors.append(v(f"decode-{id_}", "decode", {"fragment": f}, {"shareKey": Hex(k)}, f"decodes encode-{id_}"))
    f = fragment(keys["random"])
    spare = f[:-1] + B64_URL[B64_URL.index(f[-1]) | 1]
    for id_, frag, comment in (("padded", f + "=", "padding is not part of the fragment"),
                               ("length-42", f[:42], "42 characters"),
                               ("standard-alphabet", base64.b64encode(keys["ones"]).decode().rstrip("="),
                                "the standard alphabet (+ and /)"),
                               ("spare-bits", spare, "non-zero spare bits in the last character"),
                               ("with-hash", "#" + f[:42], "the '#' is not part of the fragment")):
        try:
            share_key(frag)
            raise AssertionError(id_)
        except Refused as e:
            assert e.cls == "format"
        try:  # Python's codec refuses too, or reads it as something else
            ok = base64.urlsafe_b64encode(base64.urlsafe_b64decode(frag + "=" * (-len(frag) % 4))).decode().rstrip("=") == frag
            assert not ok or len(frag) != 43
        except (ValueError, base64.binascii.Error):
            pass
        vectors.append(bad(f"decode-{id_}", "decode", {"fragment": frag}, "format", comment))
    vectors.append(bad("encode-16-byte-key", "encode", {"shareKey": Hex(keys["random"][:16])}, "parameters",
                       "a share key is 32 bytes"))
    for id_, k, asset, comment in (("photo", keys["random"], "asset-0001.jpg", "one attachment's key"),
                                   ("other-asset", keys["random"], "asset-0002.pdf", "another attachment of the same share"),
                                   ("unicode-asset", keys["random"], "r\u00e9sum\u00e9.pdf", "an asset id's UTF-8 bytes"),
                                   ("empty-asset", keys["random"], "", "an empty asset id: an empty salt")):
        vectors.append(v(f"attachment-key-{id_}", "attachment-key", {"shareKey": Hex(k), "assetId": asset},
                         {"attachmentKey": Hex(attachment_key(k, asset))}, comment))
    return {"path": "vectors/justsend/share-link/share-link.yaml", "suite": "justsend.share-link",
            "title": "JustSend share links: the fragment and the attachment key",
            "source": "b64url by Python's codec and a codec written from RFC 4648, which agree; HKDF-SHA256 by "
                      "pyca/cryptography {cryptography} and RFC 5869 on hmac, which agree",
            "notes": {}, "vectors": vectors}


def chunk_file():
    share, asset, prefix = derived("chunk share key", 32), "asset-0001.mov", derived("chunk prefix", 4)
    parts = [derived(f"chunk {i}", 48) for i in range(2)] + [b"the short last chunk"]
    vectors, sealed = [], []
    for i, p in enumerate(parts):
        c = seal_chunk(share, asset, prefix, i, 3, p)
        sealed.append(c)
        base = {"shareKey": Hex(share), "assetId": asset, "noncePrefix": Hex(prefix), "index": i, "count": 3}
        vectors.append(v(f"seal-{i}-of-3", "seal", {**base, "plaintext": Hex(p)}, {"chunk": Hex(c)},
                         f"chunk {i} of 3: nonce = prefix || uint64BE({i})"))
        vectors.append(v(f"open-{i}-of-3", "open", {**base, "chunk": Hex(c)}, {"plaintext": Hex(p)}, f"opens seal-{i}-of-3"))
    single = seal_chunk(share, "", prefix, 0, 1, b"")
    vectors.append(v("seal-single-empty", "seal", {"shareKey": Hex(share), "assetId": "", "noncePrefix": Hex(prefix),
                                                   "index": 0, "count": 1, "plaintext": Hex(b"")}, {"chunk": Hex(single)},
                     "one empty chunk of an attachment with an empty id"))
    base = {"shareKey": Hex(share), "assetId": asset, "noncePrefix": Hex(prefix), "count": 3}
    rows = [
        ("reordered", {**base, "index": 0, "chunk": Hex(sealed[1])}, "authentication", "chunk 1 opened at position 0"),
        ("moved-to-other-asset", {**base, "assetId": "asset-0002.mov", "index": 1, "chunk": Hex(sealed[1])},
         "authentication", "a chunk moved to another attachment of the share"),
        ("moved-to-other-share", {**base, "shareKey": Hex(derived("other share", 32)), "index": 1, "chunk": Hex(sealed[1])},
         "authentication", "a chunk moved to another share"),
        ("last-chunk-dropped", {**base, "count": 2, "index": 1, "chunk": Hex(sealed[1])}, "authentication",
         "the last chunk dropped: the reader counts 2 chunks, chunk 1 was sealed as one of 3"),
        ("other-count", {**base, "count": 4, "index": 2, "chunk": Hex(sealed[2])}, "authentication",
         "a chunk sealed as one of 3 opened as one of 4"),
        ("other-prefix", {**base, "noncePrefix": Hex(flip(prefix, 0)), "index": 0, "chunk": Hex(sealed[0])},
         "authentication", "another nonce prefix"),
        ("tampered", {**base, "index": 0, "chunk": Hex(flip(sealed[0], 5))}, "authentication", "a changed byte"),
        ("15-bytes", {**base, "index": 0, "chunk": Hex(sealed[0][:15])}, "format", "shorter than the tag"),
        ("index-equals-count", {**base, "index": 3, "chunk": Hex(sealed[2])}, "parameters", "index 3 of 3"),
        ("count-zero", {**base, "count": 0, "index": 0, "chunk": Hex(sealed[0])}, "parameters", "no chunks"),
        ("prefix-3-bytes", {**base, "noncePrefix": Hex(prefix[:3]), "index": 0, "chunk": Hex(sealed[0])}, "parameters",
         "the nonce prefix is 4 bytes"),
    ]
    for id_, inp, cls, comment in rows:
        got = refused(open_chunk, inp["shareKey"].data, inp["assetId"], inp["noncePrefix"].data, inp["index"], inp["count"],
                      inp["chunk"].data)
        assert got == cls, (id_, got)
        vectors.append(bad(f"open-{id_}", "open", inp, cls, comment))
    return {"path": "vectors/justsend/chunk/chunk.yaml", "suite": "justsend.chunk", "title": "JustSend chunked attachments",
            "source": "attachment keys by HKDF-SHA256 in pyca/cryptography {cryptography} and RFC 5869 on hmac, which "
                      "agree; " + SOURCE_GCM + "; the 4-byte nonce prefix is chosen here (the seed does not show it)",
            "notes": {}, "vectors": vectors}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="do not write; exit 1 if a file on disk differs")
    args = ap.parse_args()
    files = [seal_file(), wrap_file(), chain_file(), device_file(), device_zeros_file(), recovery_file(), share_file(), chunk_file()]
    vers = versions()
    texts = {}
    for f in files:
        texts[f["path"]] = emit(f, vers)
        read_back(f, texts[f["path"]])
        print(f"{f['path']}: {len(f['vectors'])} vectors, checked by pyca, ref and Tink")
    finish(texts, args.check, [])


if __name__ == "__main__":
    ensure_venv("venv-generate-packs", PINS, __file__)
    main()
