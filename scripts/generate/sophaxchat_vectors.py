#!/usr/bin/env python3
"""Write the vector files of the SophaxChat and AskKey packs (docs/contracts/sophaxchat.md, askkey.md):

    vectors/sophaxchat/<suite>/*.yaml    vectors/askkey/<suite>/*.yaml

The contract's compositions (X3DH, the ratchet's root and chain steps, sender keys, the message, group and
sealed-sender wires, Tor v3 addresses, safety numbers; the pairing-code display and the ECDSA P-256 signature
encodings) are written once in this script and run on two independent stacks of primitives; every output must be
identical on both and every invalid vector refused by both with the same class, or the script aborts:

    A (pyca): pyca/cryptography (OpenSSL): X25519, HKDF, ChaCha20Poly1305, SHA-256, SHA3-256, Ed25519, ECDSA
              (DER through decode/encode_dss_signature); Python's base64.b32encode/b32decode.
    B (ref):  PyNaCl (libsodium): crypto_scalarmult, crypto_aead_chacha20poly1305_ietf, crypto_sign; an RFC 5869
              HKDF written here on hmac; hashlib's SHA-256 and SHA3-256; PyCryptodome's DSS (ECDSA, in both its
              'der' and 'binary' encodings); a base32 codec written here from RFC 4648 section 6.

Outside anchors, asserted: RFC 7748 section 6.1 (the X25519 keys and shared secret used for identities and the
sealed-sender ephemeral), RFC 8032 section 7.1 (the Ed25519 public keys), RFC 8439 section 2.8.2 (the
ChaCha20-Poly1305 keystream: the message vector's ciphertext equals the RFC's), the Tor address of RFC 8032
test 1's public key, RFC 6979 A.2.5 (the ECDSA P-256 signatures). The known answers are read from the project's
transcriptions in Tests/Fixtures/kats/. Concord (the code under test) is never used to compute anything; what was
written is then checked by `concord validate` and scripts/check-schema.py.

Usage (from anywhere; the script creates and re-launches itself in its own venv):
    python3 scripts/generate/sophaxchat_vectors.py            # write the files
    python3 scripts/generate/sophaxchat_vectors.py --check    # compute, compare with the files on disk
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from concordgen.env import REPO, ensure_venv  # noqa: E402
from concordgen.output import finish  # noqa: E402
from concordgen.values import Hex, Refused, derived, flip, zero_counts  # noqa: E402
from concordgen.yamlfile import emit, read_back, to_plain  # noqa: E402

PINS = [
    "cryptography==50.0.2",  # pyca/cryptography on its bundled OpenSSL
    "cffi==2.1.1",
    "pycparser==3.12",
    "pycryptodome==4.4.0",  # its own ECDSA (DSS) in both encodings
    "PyNaCl==1.6.2",  # bundles libsodium 1.0.20-stable
    "PyYAML==6.0.3",
]
KATS = REPO / "Tests" / "Fixtures" / "kats"
TOR_ANCHOR = "25njqamcweflpvkl73j4szahhihoc4xt3ktcgjnpaingr5yhkenl5sid.onion"
SOURCE = ("computed by two independent stacks that agreed byte for byte: pyca/cryptography {cryptography} "
          "(OpenSSL {openssl}) and a second stack of PyNaCl {PyNaCl} (libsodium), hashlib, PyCryptodome "
          "{pycryptodome} and an RFC 5869 HKDF and RFC 4648 base32 written in "
          "scripts/generate/sophaxchat_vectors.py{extra}")


def kat(name):
    return json.loads((KATS / f"{name}.json").read_text(encoding="utf-8"))


def versions():
    from importlib.metadata import version
    from cryptography.hazmat.backends.openssl import backend
    v = {n: version(n) for n in ("cryptography", "pycryptodome", "PyNaCl")}
    v["openssl"] = backend.openssl_version_text().split(" ")[1]
    return v


# --------------------------------------------------------------------------- the two stacks

class StackA:
    """pyca/cryptography and Python's base64."""
    name = "pyca"

    def x25519(self, priv, pub):
        from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
        if len(priv) != 32 or len(pub) != 32:
            raise Refused("parameters", "X25519 keys are 32 bytes")
        try:
            return X25519PrivateKey.from_private_bytes(priv).exchange(X25519PublicKey.from_public_bytes(pub))
        except ValueError as e:  # pyca refuses an all-zero shared secret
            raise Refused("key", f"pyca: {e}")

    def x25519_public(self, priv):
        from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey
        from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
        if len(priv) != 32:
            raise Refused("parameters", "X25519 keys are 32 bytes")
        return X25519PrivateKey.from_private_bytes(priv).public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)

    def hkdf(self, ikm, salt, info, n):
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.kdf.hkdf import HKDF
        return HKDF(algorithm=hashes.SHA256(), length=n, salt=salt or None, info=info).derive(ikm)

    def seal(self, key, nonce, pt):
        from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
        if len(key) != 32 or len(nonce) != 12:
            raise Refused("parameters", "ChaCha20-Poly1305 takes a 32-byte key and a 12-byte nonce")
        return ChaCha20Poly1305(key).encrypt(nonce, pt, b"")

    def open(self, key, nonce, ct_tag, aad=b""):
        from cryptography.exceptions import InvalidTag
        from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
        if len(key) != 32:
            raise Refused("parameters", "ChaCha20-Poly1305 takes a 32-byte key")
        try:
            return ChaCha20Poly1305(key).decrypt(nonce, ct_tag, aad)
        except InvalidTag:
            raise Refused("authentication", "pyca: tag mismatch")

    def sha256(self, b):
        from cryptography.hazmat.primitives import hashes
        h = hashes.Hash(hashes.SHA256())
        h.update(b)
        return h.finalize()

    def sha3(self, b):
        from cryptography.hazmat.primitives import hashes
        h = hashes.Hash(hashes.SHA3_256())
        h.update(b)
        return h.finalize()

    def b32encode(self, b):
        import base64
        return base64.b32encode(b).decode().rstrip("=").lower()

    def b32decode(self, s):
        import base64
        import binascii
        if not re.fullmatch(r"[a-zA-Z2-7]*", s):
            raise Refused("format", "a symbol outside the base32 alphabet")
        try:
            return base64.b32decode(s.upper() + "=" * (-len(s) % 8))
        except binascii.Error as e:
            raise Refused("format", str(e))

    def ed25519_public(self, secret):
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
        from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
        return Ed25519PrivateKey.from_private_bytes(secret).public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)

    def der_to_rs(self, der):
        from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature, encode_dss_signature
        try:
            r, s = decode_dss_signature(der)
        except ValueError as e:
            raise Refused("format", f"pyca: {e}")
        if encode_dss_signature(r, s) != der:  # pyca's reader is lenient about some BER; the contract is strict DER
            raise Refused("format", "not the DER encoding")
        if r.bit_length() > 256 or s.bit_length() > 256:
            raise Refused("format", "r or s above 32 bytes")
        return r, s

    def rs_to_der(self, r, s):
        from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
        return encode_dss_signature(r, s)

    def ecdsa_verify(self, pub, msg, sig, encoding):
        from cryptography.exceptions import InvalidSignature
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.asymmetric import ec
        if encoding == "der":
            r, s = self.der_to_rs(sig)
        elif encoding == "p1363":
            if len(sig) != 64:
                raise Refused("format", "a P1363 signature is 64 bytes")
            r, s = int.from_bytes(sig[:32], "big"), int.from_bytes(sig[32:], "big")
        else:
            raise Refused("parameters", "encoding must be der or p1363")
        key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), pub)
        try:
            key.verify(self.rs_to_der(r, s), msg, ec.ECDSA(hashes.SHA256()))
        except InvalidSignature:
            raise Refused("authentication", "pyca: the signature does not verify")
        return r, s


def hkdf_rfc5869(ikm, salt, info, n):
    """RFC 5869 section 2 on hmac/hashlib: extract, then expand."""
    prk = hmac.new(salt or bytes(32), ikm, hashlib.sha256).digest()
    okm, t, i = b"", b"", 1
    while len(okm) < n:
        t = hmac.new(prk, t + info + bytes([i]), hashlib.sha256).digest()
        okm += t
        i += 1
    return okm[:n]


B32 = "abcdefghijklmnopqrstuvwxyz234567"


class StackB:
    """PyNaCl (libsodium), hashlib, PyCryptodome, and HKDF / base32 written here."""
    name = "ref"

    def x25519(self, priv, pub):
        from nacl.bindings import crypto_scalarmult
        from nacl.exceptions import RuntimeError as NaclError
        if len(priv) != 32 or len(pub) != 32:
            raise Refused("parameters", "X25519 keys are 32 bytes")
        try:
            out = crypto_scalarmult(priv, pub)
        except NaclError as e:  # libsodium refuses small-order points
            raise Refused("key", f"libsodium: {e}")
        if out == bytes(32):
            raise Refused("key", "all-zero shared secret")
        return out

    def x25519_public(self, priv):
        from nacl.bindings import crypto_scalarmult_base
        if len(priv) != 32:
            raise Refused("parameters", "X25519 keys are 32 bytes")
        return crypto_scalarmult_base(priv)

    def hkdf(self, ikm, salt, info, n):
        return hkdf_rfc5869(ikm, salt, info, n)

    def seal(self, key, nonce, pt):
        from nacl.bindings import crypto_aead_chacha20poly1305_ietf_encrypt
        if len(key) != 32 or len(nonce) != 12:
            raise Refused("parameters", "ChaCha20-Poly1305 takes a 32-byte key and a 12-byte nonce")
        return crypto_aead_chacha20poly1305_ietf_encrypt(pt, None, nonce, key)

    def open(self, key, nonce, ct_tag, aad=b""):
        from nacl.bindings import crypto_aead_chacha20poly1305_ietf_decrypt
        from nacl.exceptions import CryptoError
        if len(key) != 32:
            raise Refused("parameters", "ChaCha20-Poly1305 takes a 32-byte key")
        try:
            return crypto_aead_chacha20poly1305_ietf_decrypt(ct_tag, aad or None, nonce, key)
        except CryptoError:
            raise Refused("authentication", "libsodium: tag mismatch")

    def sha256(self, b):
        return hashlib.sha256(b).digest()

    def sha3(self, b):
        return hashlib.sha3_256(b).digest()

    def b32encode(self, b):
        bits = "".join(f"{x:08b}" for x in b)
        bits += "0" * (-len(bits) % 5)
        return "".join(B32[int(bits[i:i + 5], 2)] for i in range(0, len(bits), 5))

    def b32decode(self, s):
        vals = []
        for c in s:
            if c.lower() not in B32 or not c.isascii():
                raise Refused("format", f"symbol {c!r} outside the base32 alphabet")
            vals.append(B32.index(c.lower()))
        bits = "".join(f"{v:05b}" for v in vals)
        if len(bits) % 8 >= 5 or int(bits[len(bits) - len(bits) % 8:] or "0", 2) != 0:
            raise Refused("format", "not a whole number of bytes")
        return bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits) - len(bits) % 8, 8))

    def ed25519_public(self, secret):
        from nacl.signing import SigningKey
        return bytes(SigningKey(secret).verify_key)

    def der_to_rs(self, der):
        """A strict DER reader written here (SEQUENCE of two minimal non-negative INTEGERs, short lengths)."""
        def fail(why):
            raise Refused("format", why)
        if len(der) < 2 or der[0] != 0x30 or der[1] >= 0x80 or der[1] != len(der) - 2:
            fail("not a DER SEQUENCE with a short length covering the rest")
        body, out = der[2:], []
        for _ in range(2):
            if len(body) < 2 or body[0] != 0x02 or body[1] >= 0x80 or body[1] == 0 or len(body) < 2 + body[1]:
                fail("not a DER INTEGER")
            v = body[2:2 + body[1]]
            if v[0] & 0x80 or (len(v) > 1 and v[0] == 0 and not v[1] & 0x80):
                fail("a negative or non-minimal INTEGER")
            out.append(int.from_bytes(v, "big"))
            body = body[2 + body[1]:]
        if body:
            fail("bytes after s")
        if out[0].bit_length() > 256 or out[1].bit_length() > 256:
            fail("r or s above 32 bytes")
        return out[0], out[1]

    def rs_to_der(self, r, s):
        def integer(v):
            b = v.to_bytes(max(1, (v.bit_length() + 7) // 8), "big")
            if b[0] & 0x80:
                b = b"\x00" + b
            return b"\x02" + bytes([len(b)]) + b
        body = integer(r) + integer(s)
        return b"\x30" + bytes([len(body)]) + body

    def ecdsa_verify(self, pub, msg, sig, encoding):
        from Crypto.Hash import SHA256
        from Crypto.PublicKey import ECC
        from Crypto.Signature import DSS
        if encoding == "der":
            r, s = self.der_to_rs(sig)
            verifier_encoding = "der"
        elif encoding == "p1363":
            if len(sig) != 64:
                raise Refused("format", "a P1363 signature is 64 bytes")
            r, s = int.from_bytes(sig[:32], "big"), int.from_bytes(sig[32:], "big")
            verifier_encoding = "binary"
        else:
            raise Refused("parameters", "encoding must be der or p1363")
        key = ECC.import_key(pub, curve_name="P-256")
        try:
            DSS.new(key, "fips-186-3", encoding=verifier_encoding).verify(SHA256.new(msg), sig)
        except ValueError:
            raise Refused("authentication", "PyCryptodome: the signature does not verify")
        return r, s


STACKS = (StackA(), StackB())


def both(fn, *args):
    """fn on each stack: the same result from both, or a refusal of the same class from both (re-raised)."""
    outs = []
    for st in STACKS:
        try:
            outs.append(("ok", fn(st, *args)))
        except Refused as e:
            outs.append(("refused", e.cls))
    assert outs[0] == outs[1], f"{fn.__name__}: the stacks disagree: {outs[0]!r} vs {outs[1]!r}"
    if outs[0][0] == "refused":
        raise Refused(outs[0][1], f"{fn.__name__}: both stacks refused")
    return outs[0][1]


def expect(fn, *args, **out_names):
    """The vector's expect (and result): the outputs fn gives on both stacks, named by out_names (key → index or
    None for a single value), or {error: class} when both refuse."""
    try:
        r = both(fn, *args)
    except Refused as e:
        return "invalid", {"error": e.cls}
    if len(out_names) == 1:
        (k, _), = out_names.items()
        return "valid", {k: wrap(r)}
    return "valid", {k: wrap(r[i]) for k, i in out_names.items()}


def wrap(v):
    return Hex(v) if isinstance(v, (bytes, bytearray)) else v


def vec(id_, op, inp, result_expect, comment, flags=None, result=None):
    res, exp = result_expect
    return {"id": id_, "op": op, "comment": comment, "flags": flags or [], "result": result or res,
            "input": {k: wrap(x) for k, x in inp.items()}, "expect": exp}


# --------------------------------------------------------------------------- the contract, written once

def x3dh_initiate(st, ik, ek, ik_b, spk_b, opk_b, prefix=0x00):
    dhs = [st.x25519(ik, spk_b), st.x25519(ek, ik_b), st.x25519(ek, spk_b)]
    if opk_b is not None:
        dhs.append(st.x25519(ek, opk_b))
    m = st.hkdf(bytes([prefix]) * 32 + b"".join(dhs), bytes(32), b"SophaxChat_X3DH_v1", 64)
    return m[:32], m[32:]


def x3dh_respond(st, ik, spk, opk, ik_a, ek_a):
    dhs = [st.x25519(spk, ik_a), st.x25519(ik, ek_a), st.x25519(spk, ek_a)]
    if opk is not None:
        dhs.append(st.x25519(opk, ek_a))
    m = st.hkdf(bytes(32) + b"".join(dhs), bytes(32), b"SophaxChat_X3DH_v1", 64)
    return m[:32], m[32:]


def root_step(st, root, my, their):
    if len(root) != 32:
        raise Refused("parameters", "rootKey is 32 bytes")
    m = st.hkdf(root + st.x25519(my, their), b"", b"SophaxChat_RootRatchet_v1", 64)
    return m[:32], m[32:]


def chain_step(st, ck, n, stored=0):
    if len(ck) != 32:
        raise Refused("parameters", "chainKey is 32 bytes")
    if n + stored > 1000:
        raise Refused("parameters", "above the 1000 skipped-key cap")
    mk = None
    for _ in range(n + 1):
        m = st.hkdf(ck, b"", b"SophaxChat_ChainRatchet_v1", 64)
        mk, ck = m[:32], m[32:]
    return mk, ck


def sender_chain(st, ck, i):
    if len(ck) != 32:
        raise Refused("parameters", "chainKey is 32 bytes")
    for _ in range(i):
        ck = st.hkdf(ck, b"", b"SophaxChat_SenderKey_Chain_v1", 32)
    return ck


def sender_key(st, ck0, i, j=None):
    j = i if j is None else j
    if abs(i - j) > 100:
        raise Refused("parameters", "outside the +-100 window")
    ck = sender_chain(st, ck0, i)
    return st.hkdf(ck, b"", b"SophaxChat_SenderKey_Message_v1", 32), ck


def msg_seal(st, key, nonce, pt):
    if len(key) != 32:
        raise Refused("parameters", "messageKey is 32 bytes")
    return nonce + st.seal(key, nonce, pt)


def msg_open(st, key, wire):
    if len(key) != 32:
        raise Refused("parameters", "messageKey is 32 bytes")
    if len(wire) < 28:
        raise Refused("format", "shorter than nonce + tag")
    return st.open(key, wire[:12], wire[12:])


def group_seal(st, ck0, i, nonce, pt):
    return msg_seal(st, sender_key(st, ck0, i)[0], nonce, pt)


def group_open(st, ck0, i, wire):
    return msg_open(st, sender_key(st, ck0, i)[0], wire)


def sealed_seal(st, recipient, eph, nonce, pt):
    epub = st.x25519_public(eph)
    key = st.hkdf(st.x25519(eph, recipient), b"", b"SophaxChat_SealedSender_v1", 32)
    return epub + nonce + st.seal(key, nonce, pt)


def sealed_open(st, priv, wire):
    if len(wire) < 60:
        raise Refused("format", "shorter than 32 + 12 + 16")
    key = st.hkdf(st.x25519(priv, wire[:32]), b"", b"SophaxChat_SealedSender_v1", 32)
    return st.open(key, wire[32:44], wire[44:])


def onion_make(st, pub, version=3):
    if len(pub) != 32:
        raise Refused("parameters", "an Ed25519 public key is 32 bytes")
    checksum = st.sha3(b".onion checksum" + pub + bytes([version]))[:2]
    return st.b32encode(pub + checksum + bytes([version])) + ".onion"


def onion_parse(st, address):
    if not address.lower().endswith(".onion"):
        raise Refused("format", "no .onion suffix")
    body = address[:-6]
    if len(body) != 56:
        raise Refused("format", "not 56 symbols")
    raw = st.b32decode(body)
    pub, checksum, version = raw[:32], raw[32:34], raw[34]
    if version != 3:
        raise Refused("format", "version is not 3")
    if st.sha3(b".onion checksum" + pub + b"\x03")[:2] != checksum:
        raise Refused("format", "checksum mismatch")
    return pub


def safety(st, my_sig, their_sig, my_dh, their_dh):
    if any(len(k) != 32 for k in (my_sig, their_sig, my_dh, their_dh)):
        raise Refused("parameters", "identity keys are 32 bytes")
    d = st.sha256(my_sig + their_sig + my_dh + their_dh)
    h = d.hex()[:60]
    return d, " ".join(h[i:i + 5] for i in range(0, 60, 5))


def pairing_display(st, code):
    if st.name == "pyca":  # slicing after a byte check
        b = code.encode("utf-8")
        if len(b) != 6 or any(c < 0x30 or c > 0x39 for c in b):
            raise Refused("format", "not six ASCII digits")
        return code[:3] + " " + code[3:]
    m = re.fullmatch(r"([0-9]{3})([0-9]{3})", code, flags=re.ASCII)
    if m is None or code.endswith("\n"):
        raise Refused("format", "not six ASCII digits")
    return f"{m.group(1)} {m.group(2)}"


def to_p1363(st, der):
    r, s = st.der_to_rs(der)
    return r.to_bytes(32, "big") + s.to_bytes(32, "big")


def to_der(st, p1363):
    if len(p1363) != 64:
        raise Refused("format", "a P1363 signature is 64 bytes")
    return st.rs_to_der(int.from_bytes(p1363[:32], "big"), int.from_bytes(p1363[32:], "big"))


def ecdsa_verify(st, pub, msg, sig, encoding):
    r, s = st.ecdsa_verify(pub, msg, sig, encoding)
    return r.to_bytes(32, "big"), s.to_bytes(32, "big")


# --------------------------------------------------------------------------- anchors

R7748 = kat("rfc7748")["diffieHellman"]
ALICE, ALICE_PUB = bytes.fromhex(R7748["alicePrivate"]), bytes.fromhex(R7748["alicePublic"])
BOB, BOB_PUB = bytes.fromhex(R7748["bobPrivate"]), bytes.fromhex(R7748["bobPublic"])
R8032 = kat("rfc8032")["cases"]
R8439 = kat("rfc8439")["cases"][0]
R6979 = kat("rfc6979")


def check_anchors():
    for st in STACKS:
        assert st.x25519_public(ALICE) == ALICE_PUB and st.x25519_public(BOB) == BOB_PUB, st.name
        assert st.x25519(ALICE, BOB_PUB) == st.x25519(BOB, ALICE_PUB) == bytes.fromhex(R7748["shared"]), st.name
        for c in R8032[:3]:
            assert st.ed25519_public(bytes.fromhex(c["secretKey"])) == bytes.fromhex(c["publicKey"]), (st.name, c["name"])
        key, nonce = bytes.fromhex(R8439["key"]), bytes.fromhex(R8439["nonce"])
        ct = bytes.fromhex(R8439["ciphertext"]) + bytes.fromhex(R8439["tag"])
        assert st.open(key, nonce, ct, bytes.fromhex(R8439["aad"])) == bytes.fromhex(R8439["plaintext"]), st.name
        assert onion_make(st, bytes.fromhex(R8032[0]["publicKey"])) == TOR_ANCHOR, st.name
        assert st.sha3(b"") == bytes.fromhex("a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"), st.name
    assert hkdf_rfc5869(bytes.fromhex("0b" * 22), bytes.fromhex("000102030405060708090a0b0c"),
                        bytes.fromhex("f0f1f2f3f4f5f6f7f8f9"), 42).hex() == (
        "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865")  # RFC 5869 A.1


# --------------------------------------------------------------------------- files

def sfile(suite, name, title, vectors, notes=None, extra=""):
    pack, short = suite.split(".", 1)
    return {"path": f"vectors/{pack}/{short}/{name}.yaml", "suite": suite, "title": title, "source": SOURCE,
            "source_args": {"extra": extra}, "notes": notes or {}, "vectors": vectors}


EK_A = derived("sophaxchat x3dh alice ephemeral", 32)
SPK_B = derived("sophaxchat x3dh bob signed prekey", 32)
OPK_B = derived("sophaxchat x3dh bob one-time prekey", 32)
SMALL_ORDER = [bytes(32), bytes([1]) + bytes(31)]  # u = 0 and u = 1: X25519 gives the all-zero secret


def pub(k):
    return both(lambda st, x: st.x25519_public(x), k)


def x3dh_file():
    spk_b, opk_b, ek_a = pub(SPK_B), pub(OPK_B), pub(EK_A)
    notes = {"seed-prefix": "the X3DH input starts with 32 bytes of 0x00 as the seed writes it; Signal's X3DH "
                            "specification uses 0xFF, so a client ported from libsignal derives other keys here",
             "rfc7748-keys": "the identity DH keys are RFC 7748 section 6.1's Alice and Bob key pairs"}
    fl = ["seed-prefix", "rfc7748-keys"]
    vs = []
    for with_opk in (True, False):
        tag = "with-one-time-prekey" if with_opk else "without-one-time-prekey"
        ini = {"identityPrivateKey": ALICE, "ephemeralPrivateKey": EK_A, "theirIdentityKey": BOB_PUB,
               "theirSignedPrekey": spk_b}
        if with_opk:
            ini["theirOneTimePrekey"] = opk_b
        res = {"identityPrivateKey": BOB, "signedPrekeyPrivateKey": SPK_B, "theirIdentityKey": ALICE_PUB,
               "theirEphemeralKey": ek_a}
        if with_opk:
            res["oneTimePrekeyPrivateKey"] = OPK_B
        e_i = expect(x3dh_initiate, ALICE, EK_A, BOB_PUB, spk_b, opk_b if with_opk else None, rootKey=0, chainKey=1)
        e_r = expect(x3dh_respond, BOB, SPK_B, OPK_B if with_opk else None, ALICE_PUB, ek_a, rootKey=0, chainKey=1)
        assert to_plain(e_i) == to_plain(e_r) and e_i[0] == "valid", "both sides of X3DH must agree"
        signal = both(x3dh_initiate, ALICE, EK_A, BOB_PUB, spk_b, opk_b if with_opk else None, 0xFF)[0]
        n = "DH1..DH4" if with_opk else "DH1..DH3 (no one-time prekey)"
        vs.append(vec(f"initiate-{tag}", "initiate", ini, e_i, f"Alice's side, {n}; with Signal's 0xFF prefix the "
                      f"root key would be {signal.hex()}", fl))
        vs.append(vec(f"respond-{tag}", "respond", res, e_r, f"Bob's side of initiate-{tag}: the same keys", fl))
    for i, bad in enumerate(SMALL_ORDER):
        inp = {"identityPrivateKey": ALICE, "ephemeralPrivateKey": EK_A, "theirIdentityKey": BOB_PUB,
               "theirSignedPrekey": bad}
        vs.append(vec(f"initiate-small-order-signed-prekey-{i}", "initiate", inp,
                      expect(x3dh_initiate, ALICE, EK_A, BOB_PUB, bad, None),
                      f"Bob's signed prekey is the small-order point u = {i}: the DH is all zero, a key refusal"))
    inp = {"identityPrivateKey": BOB, "signedPrekeyPrivateKey": SPK_B, "theirIdentityKey": ALICE_PUB,
           "theirEphemeralKey": SMALL_ORDER[0], "oneTimePrekeyPrivateKey": OPK_B}
    vs.append(vec("respond-small-order-ephemeral", "respond", inp,
                  expect(x3dh_respond, BOB, SPK_B, OPK_B, ALICE_PUB, SMALL_ORDER[0]),
                  "Alice's ephemeral key is u = 0: a key refusal"))
    inp = {"identityPrivateKey": ALICE[:31], "ephemeralPrivateKey": EK_A, "theirIdentityKey": BOB_PUB,
           "theirSignedPrekey": spk_b}
    vs.append(vec("initiate-short-identity-key", "initiate", inp,
                  expect(x3dh_initiate, ALICE[:31], EK_A, BOB_PUB, spk_b, None),
                  "a 31-byte private key: a parameters refusal"))
    return sfile("sophaxchat.x3dh", "sophaxchat", "SophaxChat X3DH, both sides, with and without a one-time prekey",
                 vs, notes, "; the identity keys are RFC 7748's")


def ratchet_file():
    root = both(x3dh_initiate, ALICE, EK_A, BOB_PUB, pub(SPK_B), pub(OPK_B))[0]
    vs = []
    a = expect(root_step, root, ALICE, BOB_PUB, rootKey=0, chainKey=1)
    b = expect(root_step, root, BOB, ALICE_PUB, rootKey=0, chainKey=1)
    assert to_plain(a) == to_plain(b)
    vs.append(vec("root-step-alice", "root-step", {"rootKey": root, "myRatchetPrivateKey": ALICE, "theirRatchetKey": BOB_PUB},
                  a, "the X3DH root key (with a one-time prekey) and RFC 7748's key pairs, from Alice's side"))
    vs.append(vec("root-step-bob", "root-step", {"rootKey": root, "myRatchetPrivateKey": BOB, "theirRatchetKey": ALICE_PUB},
                  b, "the same step from Bob's side: the same keys"))
    vs.append(vec("root-step-small-order", "root-step",
                  {"rootKey": root, "myRatchetPrivateKey": ALICE, "theirRatchetKey": SMALL_ORDER[1]},
                  expect(root_step, root, ALICE, SMALL_ORDER[1]), "their ratchet key is u = 1: a key refusal"))
    vs.append(vec("root-step-short-root-key", "root-step",
                  {"rootKey": root[:16], "myRatchetPrivateKey": ALICE, "theirRatchetKey": BOB_PUB},
                  expect(root_step, root[:16], ALICE, BOB_PUB), "a 16-byte root key: a parameters refusal"))
    ck = both(root_step, root, ALICE, BOB_PUB)[1]
    for n, stored, why in ((0, 0, "the first message of the chain"), (1, 0, "the second: one skipped key"),
                           (7, 0, "seven skipped keys"), (1000, 0, "exactly the cap: 1000 skipped keys are kept"),
                           (1001, 0, "1001 skipped keys: above the cap, refused"),
                           (990, 10, "990 skipped here and 10 already kept: exactly the cap"),
                           (991, 10, "991 + 10 kept: above the cap, refused")):
        inp = {"chainKey": ck, "position": n}
        if stored:
            inp["storedSkipped"] = stored
        vs.append(vec(f"chain-step-{n}" + (f"-stored-{stored}" if stored else ""), "chain-step", inp,
                      expect(chain_step, ck, n, stored, messageKey=0, nextChainKey=1), f"position {n}: {why}",
                      ["skip-cap"] if n + stored >= 1000 else []))
    vs.append(vec("chain-step-short-chain-key", "chain-step", {"chainKey": ck[:31], "position": 0},
                  expect(chain_step, ck[:31], 0), "a 31-byte chain key: a parameters refusal"))
    notes = {"skip-cap": "a session keeps at most 1000 skipped message keys; reaching position n of a fresh chain "
                         "skips n, plus storedSkipped already kept"}
    return sfile("sophaxchat.ratchet", "sophaxchat", "SophaxChat Double Ratchet: root steps, chain steps, the skipped-key cap",
                 vs, notes)


CK0 = derived("sophaxchat sender key chain key 0", 32)


def sender_key_file():
    vs = []
    for i, j, why in ((0, None, "iteration 0"), (1, None, "iteration 1"), (2, None, "iteration 2"),
                      (100, 0, "the receiver at 0 fast-forwards 100: the edge of the window"),
                      (101, 0, "101 ahead: outside the window, refused"),
                      (150, 50, "100 ahead of the receiver at 50"),
                      (50, 150, "100 behind the receiver at 150: a cached earlier key"),
                      (0, 101, "101 behind: outside the window, refused")):
        inp = {"chainKey": CK0, "iteration": i}
        if j is not None:
            inp["receiverIteration"] = j
        vs.append(vec(f"iteration-{i}" + (f"-receiver-{j}" if j is not None else ""), None, inp,
                      expect(sender_key, CK0, i, j, messageKey=0, iterationChainKey=1), why,
                      ["window"] if j is not None else []))
    vs.append(vec("short-chain-key", None, {"chainKey": CK0[:16], "iteration": 0}, expect(sender_key, CK0[:16], 0),
                  "a 16-byte chain key: a parameters refusal"))
    notes = {"window": "a receiver at iteration j accepts iteration i when |i - j| <= 100"}
    return sfile("sophaxchat.sender-key", "sophaxchat", "SophaxChat sender keys: iterations and the +-100 window", vs, notes)


def wire_vectors(prefix_args, seal_fn, open_fn, key_inputs, seal_cases, wrong_key_inputs, wrong_why):
    """seal, open, truncated, tampered and wrong-key vectors of a nonce || AEAD wire."""
    vs = []
    for cid, nonce, pt, why in seal_cases:
        e = expect(seal_fn, *prefix_args, nonce, pt, wire=None)
        vs.append(vec(f"seal-{cid}", "seal", {**key_inputs, "nonce": nonce, "plaintext": pt}, e, why))
        wire = e[1]["wire"].data
        vs.append(vec(f"open-{cid}", "open", {**key_inputs, "wire": wire}, expect(open_fn, *prefix_args, wire, plaintext=None),
                      f"opens seal-{cid}"))
    wire = both(seal_fn, *prefix_args, seal_cases[0][1], seal_cases[0][2])
    for cid, w, why in (("truncated-27", wire[:27], "27 bytes: shorter than nonce + tag, a format refusal"),
                        ("no-bytes", b"", "no bytes at all: a format refusal"),
                        ("truncated-tag", wire[:-1], "the last byte cut off: the tag no longer verifies"),
                        ("tampered-tag", flip(wire, len(wire) - 1), "the tag's last bit flipped"),
                        ("tampered-ciphertext", flip(wire, 12), "the ciphertext's first bit flipped"),
                        ("tampered-nonce", flip(wire, 0), "the nonce's first bit flipped")):
        vs.append(vec(f"open-{cid}", "open", {**key_inputs, "wire": w}, expect(open_fn, *prefix_args, w), why))
    vs.append(vec("open-wrong-key", "open", {**wrong_key_inputs[1], "wire": wire}, expect(open_fn, *wrong_key_inputs[0], wire),
                  wrong_why))
    vs.append(vec("roundtrip", "roundtrip", {**key_inputs, "plaintext": seal_cases[0][2]},
                  ("valid", {"plaintext": Hex(seal_cases[0][2])}),
                  "every implementation seals with a fresh nonce and opens every other's wire"))
    return vs


CONTENT = json.dumps({"text": "hello from SophaxChat", "timestamp": 1767225600}, separators=(",", ":")).encode()


def message_file():
    key = bytes.fromhex(R8439["key"])
    rfc_nonce, rfc_pt = bytes.fromhex(R8439["nonce"]), bytes.fromhex(R8439["plaintext"])
    wire = both(msg_seal, key, rfc_nonce, rfc_pt)
    assert wire[12:-16] == bytes.fromhex(R8439["ciphertext"]), "the keystream must be RFC 8439's"
    cases = [("rfc8439", rfc_nonce, rfc_pt, "RFC 8439 section 2.8.2's key, nonce and plaintext without its AAD: the "
              "ciphertext is the RFC's, only the tag differs"),
             ("json-content", derived("sophaxchat message nonce", 12), CONTENT, "a MessageContent JSON"),
             ("empty", derived("sophaxchat message nonce empty", 12), b"", "an empty plaintext: the wire is nonce + tag")]
    other = derived("sophaxchat another message key", 32)
    vs = wire_vectors((key,), msg_seal, msg_open, {"messageKey": key}, cases, ((other,), {"messageKey": other}),
                      "another message key: an authentication refusal")
    vs.append(vec("seal-short-key", "seal", {"messageKey": key[:31], "nonce": rfc_nonce, "plaintext": rfc_pt},
                  expect(msg_seal, key[:31], rfc_nonce, rfc_pt), "a 31-byte message key: a parameters refusal"))
    vs.append(vec("seal-short-nonce", "seal", {"messageKey": key, "nonce": rfc_nonce[:8], "plaintext": rfc_pt},
                  expect(msg_seal, key, rfc_nonce[:8], rfc_pt), "an 8-byte nonce: a parameters refusal"))
    return sfile("sophaxchat.message", "sophaxchat", "SophaxChat ratchet message wires", vs,
                 extra="; the keystream equals RFC 8439 section 2.8.2's ciphertext")


def group_file():
    vs = []
    cases = [(0, derived("sophaxchat group nonce 0", 12), b"hello group", "iteration 0"),
             (3, derived("sophaxchat group nonce 3", 12), "grüße an alle 👋".encode(), "iteration 3, a UTF-8 body")]
    for i, nonce, pt, why in cases:
        e = expect(group_seal, CK0, i, nonce, pt, wire=None)
        vs.append(vec(f"seal-iteration-{i}", "seal", {"chainKey": CK0, "iteration": i, "nonce": nonce, "plaintext": pt}, e, why))
        w = e[1]["wire"].data
        vs.append(vec(f"open-iteration-{i}", "open", {"chainKey": CK0, "iteration": i, "wire": w},
                      expect(group_open, CK0, i, w, plaintext=None), f"opens seal-iteration-{i}"))
    wire = both(group_seal, CK0, 3, cases[1][1], cases[1][2])
    for cid, i, w, why in (("wrong-iteration", 2, wire, "sealed at iteration 3, opened at 2: an authentication refusal"),
                           ("truncated", 3, wire[:20], "20 bytes: a format refusal"),
                           ("tampered", 3, flip(wire, 15), "a ciphertext bit flipped: an authentication refusal")):
        vs.append(vec(f"open-{cid}", "open", {"chainKey": CK0, "iteration": i, "wire": w}, expect(group_open, CK0, i, w), why))
    other = derived("sophaxchat another chain key", 32)
    vs.append(vec("open-wrong-chain-key", "open", {"chainKey": other, "iteration": 3, "wire": wire},
                  expect(group_open, other, 3, wire), "another sender's chain key: an authentication refusal"))
    vs.append(vec("roundtrip", "roundtrip", {"chainKey": CK0, "iteration": 5, "plaintext": b"round trip"},
                  ("valid", {"plaintext": Hex(b"round trip")}), "fresh nonces, every implementation opens every wire"))
    return sfile("sophaxchat.group-message", "sophaxchat", "SophaxChat group message wires under sender keys", vs)


def sealed_file():
    vs = []
    inner = json.dumps({"sender": "alice", "message": "hi"}, separators=(",", ":")).encode()
    nonce = derived("sophaxchat sealed sender nonce", 12)
    e = expect(sealed_seal, BOB_PUB, ALICE, nonce, inner, wire=None)
    wire = e[1]["wire"].data
    assert wire[:32] == ALICE_PUB
    fl = ["rfc7748-keys"]
    vs.append(vec("seal-rfc7748", "seal", {"recipientIdentityKey": BOB_PUB, "ephemeralPrivateKey": ALICE, "nonce": nonce,
                                           "plaintext": inner}, e,
                  "the ephemeral key is RFC 7748's Alice, the recipient its Bob: the X25519 secret is the RFC's", fl))
    vs.append(vec("open-rfc7748", "open", {"recipientIdentityPrivateKey": BOB, "wire": wire},
                  expect(sealed_open, BOB, wire, plaintext=None), "opens seal-rfc7748", fl))
    eph2 = derived("sophaxchat sealed sender ephemeral", 32)
    e2 = expect(sealed_seal, BOB_PUB, eph2, nonce, b"", wire=None)
    vs.append(vec("seal-empty", "seal", {"recipientIdentityKey": BOB_PUB, "ephemeralPrivateKey": eph2, "nonce": nonce,
                                         "plaintext": b""}, e2, "an empty inner message: 60 bytes"))
    w2 = e2[1]["wire"].data
    vs.append(vec("open-empty", "open", {"recipientIdentityPrivateKey": BOB, "wire": w2},
                  expect(sealed_open, BOB, w2, plaintext=None), "exactly 60 bytes opens"))
    for cid, w, why in (("truncated-59", w2[:59], "59 bytes: shorter than 32 + 12 + 16, a format refusal"),
                        ("truncated-31", wire[:31], "31 bytes: not even the ephemeral key, a format refusal"),
                        ("tampered-ciphertext", flip(wire, 50), "a ciphertext bit flipped: an authentication refusal"),
                        ("tampered-ephemeral", flip(wire, 3), "a bit of the ephemeral key flipped: another secret, "
                                                              "an authentication refusal"),
                        ("small-order-ephemeral", SMALL_ORDER[0] + wire[32:], "the ephemeral key is u = 0: a key refusal")):
        vs.append(vec(f"open-{cid}", "open", {"recipientIdentityPrivateKey": BOB, "wire": w}, expect(sealed_open, BOB, w), why))
    vs.append(vec("open-wrong-recipient", "open", {"recipientIdentityPrivateKey": ALICE, "wire": wire},
                  expect(sealed_open, ALICE, wire), "opened with another identity key: an authentication refusal"))
    vs.append(vec("seal-small-order-recipient", "seal", {"recipientIdentityKey": SMALL_ORDER[1], "ephemeralPrivateKey": ALICE,
                                                        "nonce": nonce, "plaintext": inner},
                  expect(sealed_seal, SMALL_ORDER[1], ALICE, nonce, inner), "a small-order recipient key: a key refusal"))
    vs.append(vec("roundtrip", "roundtrip", {"recipientIdentityPrivateKey": BOB, "plaintext": inner},
                  ("valid", {"plaintext": Hex(inner)}), "fresh ephemeral keys and nonces; every implementation opens every wire"))
    notes = {"rfc7748-keys": "the keys are RFC 7748 section 6.1's Alice (ephemeral) and Bob (recipient)"}
    return sfile("sophaxchat.sealed-sender", "sophaxchat", "SophaxChat sealed-sender wires", vs, notes,
                 "; the X25519 secret of seal-rfc7748 is RFC 7748's")


# The rare events of fresh randomness, fixed (issue 28 item 9): an X25519 secret, or the ephemeral public key, with
# zero bytes at one end. X25519 values are 32 bytes, little-endian: stripping "leading" zero bytes loses the first,
# a big-integer round trip (Java's XECPublicKey.getU() is a BigInteger; toByteArray() is minimal) loses the last.
# The search rule: try the ephemeral keys derived("<label> <i>", 32) for i = 0, 1, 2, ... (on libsodium) and
# take the first whose secret (sealed sender: with the recipient's identity key; X3DH: DH2 = X25519(EK_A, IK_B)) and
# ephemeral public key have exactly the wanted zero bytes: (at the start of the secret, at its end, at the start of
# the public key, at its end), and, for X3DH, DH3 and DH4 none at either end. Both stacks then recompute everything.
ZERO_CASES = [  # case, wanted zero counts, flag, comment
    ("secret-00", (1, 0, 0, 0), "secret-leading-zero", "the X25519 secret's first byte is 00 (1 time in 256)"),
    ("secret-0000", (2, 0, 0, 0), "secret-leading-zeros", "the X25519 secret starts with 00 00 (1 time in 65,536)"),
    ("secret-last-00", (0, 1, 0, 0), "secret-high-zero",
     "the X25519 secret's last byte, the most significant of the number, is 00 (1 time in 256)"),
    ("ephemeral-00", (0, 0, 1, 0), "ephemeral-leading-zero", "the ephemeral public key starts with 00 (1 time in 256)"),
    ("ephemeral-last-00", (0, 0, 0, 1), "ephemeral-high-zero",
     "the ephemeral public key ends with 00, the most significant byte of u (1 time in 256)"),
]
ZERO_NOTES = {
    "secret-leading-zero": "an X25519 secret starts with a zero byte; HKDF takes all 32 bytes, so an implementation "
                           "that strips leading zero bytes derives other keys",
    "secret-leading-zeros": "an X25519 secret starts with two zero bytes: a fix that pads back one byte still fails",
    "secret-high-zero": "an X25519 secret ends with a zero byte, the most significant of the little-endian number: a "
                        "big-integer round trip (written back minimal or big-endian) loses it",
    "ephemeral-leading-zero": "the ephemeral public key starts with a zero byte (the low byte of u)",
    "ephemeral-high-zero": "the ephemeral public key ends with a zero byte, the most significant byte of u: Java's "
                           "XECPublicKey.getU() is a BigInteger, and writing it back with toByteArray() gives 31 bytes",
}


def zero_search(label, want, peer, others=()):
    """The first ephemeral key of the label's series with exactly `want` zero bytes (secret with `peer`, public key),
    and no zero byte at either end of its secrets with `others`; with the number of keys tried."""
    from nacl.bindings import crypto_scalarmult  # libsodium: twice as fast as pyca here
    st = STACKS[1]
    for i in range(2_000_000):
        k = derived(f"{label} {i}", 32)
        s = crypto_scalarmult(k, peer)
        if zero_counts(s, b"\x01")[:2] != want[:2]:
            continue
        if zero_counts(s, st.x25519_public(k)) == want and \
                all(zero_counts(st.x25519(k, o), b"\x01")[:2] == (0, 0) for o in others):
            return k, i
    raise AssertionError(f"{label}: no key found")


def zero_what(secret, public, label, tried):
    return (f"; secret {secret[:2].hex()}…{secret[-2:].hex()}, ephemeral public key {public[:2].hex()}…"
            f"{public[-2:].hex()}; the key is the first of '{label} i' ({tried} tried) with exactly these zero bytes")


def x3dh_zeros_file():
    spk_b, opk_b = pub(SPK_B), pub(OPK_B)
    vs = []
    for cid, want, flag, comment in ZERO_CASES:
        label = f"sophaxchat x3dh leading zero {cid}"
        ek, tried = zero_search(label, want, BOB_PUB, (spk_b, opk_b))
        ek_pub, dh2 = pub(ek), both(lambda st, a, b: st.x25519(a, b), ek, BOB_PUB)
        assert zero_counts(dh2, ek_pub) == want
        ini = {"identityPrivateKey": ALICE, "ephemeralPrivateKey": ek, "theirIdentityKey": BOB_PUB,
               "theirSignedPrekey": spk_b, "theirOneTimePrekey": opk_b}
        res = {"identityPrivateKey": BOB, "signedPrekeyPrivateKey": SPK_B, "theirIdentityKey": ALICE_PUB,
               "theirEphemeralKey": ek_pub, "oneTimePrekeyPrivateKey": OPK_B}
        e_i = expect(x3dh_initiate, ALICE, ek, BOB_PUB, spk_b, opk_b, rootKey=0, chainKey=1)
        e_r = expect(x3dh_respond, BOB, SPK_B, OPK_B, ALICE_PUB, ek_pub, rootKey=0, chainKey=1)
        assert to_plain(e_i) == to_plain(e_r) and e_i[0] == "valid", "both sides of X3DH must agree"
        what = comment.replace("the X25519 secret", "DH2 = X25519(EK_A, IK_B)") + zero_what(dh2, ek_pub, label, tried)
        vs.append(vec(f"initiate-{cid}", "initiate", ini, e_i, f"Alice's side, DH1..DH4: {what}", [flag, "rfc7748-keys"]))
        vs.append(vec(f"respond-{cid}", "respond", res, e_r, f"Bob's side of initiate-{cid}: the same keys",
                      [flag, "rfc7748-keys"]))
    notes = {**ZERO_NOTES, "rfc7748-keys": "the identity DH keys are RFC 7748 section 6.1's Alice and Bob key pairs"}
    return sfile("sophaxchat.x3dh", "leading-zeros", "SophaxChat X3DH whose DH2 or ephemeral key has zero bytes at an "
                 "end", vs, notes, "; the ephemeral keys were found by a deterministic search (the first of a counted "
                 "series of SHA-256-derived keys with exactly the wanted zero bytes), written in the script")


def sealed_zeros_file():
    vs = []
    for cid, want, flag, comment in ZERO_CASES:
        label = f"sophaxchat sealed sender leading zero {cid}"
        eph, tried = zero_search(label, want, BOB_PUB)
        secret, eph_pub = both(lambda st, a, b: st.x25519(a, b), eph, BOB_PUB), pub(eph)
        assert zero_counts(secret, eph_pub) == want
        nonce, pt = derived(f"{label} nonce", 12), derived(f"{label} message", 40)
        e = expect(sealed_seal, BOB_PUB, eph, nonce, pt, wire=None)
        wire = e[1]["wire"].data
        assert wire[:32] == eph_pub
        vs.append(vec(f"seal-{cid}", "seal", {"recipientIdentityKey": BOB_PUB, "ephemeralPrivateKey": eph,
                                              "nonce": nonce, "plaintext": pt}, e,
                      f"{comment}, the recipient RFC 7748's Bob" + zero_what(secret, eph_pub, label, tried), [flag]))
        vs.append(vec(f"open-{cid}", "open", {"recipientIdentityPrivateKey": BOB, "wire": wire},
                      expect(sealed_open, BOB, wire, plaintext=None), f"opens seal-{cid}", [flag]))
    return sfile("sophaxchat.sealed-sender", "leading-zeros", "SophaxChat sealed-sender wires whose X25519 secret or "
                 "ephemeral key has zero bytes at an end", vs, ZERO_NOTES, "; the ephemeral keys were found by a "
                 "deterministic search (the first of a counted series of SHA-256-derived keys with exactly the wanted "
                 "zero bytes), written in the script")


def onion_file():
    vs = []
    notes = {"tor-anchor": f"RFC 8032 section 7.1 TEST 1's public key gives {TOR_ANCHOR} (Tor's own unit test uses "
                           "the same pair)"}
    for c, cid in zip(R8032[:3], ("rfc8032-test1", "rfc8032-test2", "rfc8032-test3")):
        key = bytes.fromhex(c["publicKey"])
        e = expect(onion_make, key, address=None)
        fl = ["tor-anchor"] if cid == "rfc8032-test1" else []
        vs.append(vec(f"make-{cid}", "make", {"publicKey": key}, e, f"the Ed25519 public key of RFC 8032 {c['name']}", fl))
        vs.append(vec(f"parse-{cid}", "parse", {"address": e[1]["address"]}, expect(onion_parse, e[1]["address"], publicKey=None),
                      f"parses make-{cid}", fl))
    key = bytes.fromhex(R8032[0]["publicKey"])
    good = TOR_ANCHOR
    body = good[:-6]
    vs.append(vec("parse-uppercase", "parse", {"address": body.upper() + ".onion"},
                  expect(onion_parse, body.upper() + ".onion", publicKey=None),
                  "upper case: the seed writes BASE32 in capitals, Tor writes lower case; either answer is allowed",
                  result="acceptable"))
    vs.append(vec("parse-uppercase-suffix", "parse", {"address": good.upper()}, expect(onion_parse, good.upper(), publicKey=None),
                  "all upper case, the suffix too; either answer is allowed", result="acceptable"))
    mixed = "".join(c.upper() if i % 2 else c for i, c in enumerate(body)) + ".onion"
    vs.append(vec("parse-mixed-case", "parse", {"address": mixed}, expect(onion_parse, mixed, publicKey=None),
                  "mixed case; either answer is allowed", result="acceptable"))
    wrong_sum = body[:52] + ("a" if body[52] != "a" else "b") + body[53:] + ".onion"
    v4 = both(onion_make, key, 4)
    bad = [("wrong-checksum", wrong_sum, "a checksum symbol changed"),
           ("version-4", v4, "version byte 4 with its own correct checksum: only 3 is accepted"),
           ("short", body[:55] + ".onion", "55 symbols"),
           ("long", body + "a.onion", "57 symbols"),
           ("symbol-1", "1" + body[1:] + ".onion", "the symbol 1 is not in base32"),
           ("symbol-8", body[:10] + "8" + body[11:] + ".onion", "the symbol 8 is not in base32"),
           ("padding", body[:55] + "=.onion", "a padding sign"),
           ("homoglyph", body[:5] + "\u0430" + body[6:] + ".onion", "a Cyrillic a (U+0430) in place of a Latin one"),
           ("no-suffix", body, "no .onion suffix"),
           ("other-suffix", body + ".onion2", "another suffix"),
           ("v2-address", "expyuzz4wqqyqhjn.onion", "a 16-symbol v2 address")]
    for cid, addr, why in bad:
        vs.append(vec(f"parse-{cid}", "parse", {"address": addr}, expect(onion_parse, addr), why + ": a format refusal"))
    vs.append(vec("make-short-key", "make", {"publicKey": key[:31]}, expect(onion_make, key[:31]),
                  "a 31-byte key: a parameters refusal"))
    return sfile("sophaxchat.onion-address", "sophaxchat", "Tor v3 .onion addresses: make and parse", vs, notes,
                 f"; {TOR_ANCHOR} is asserted for RFC 8032 TEST 1's public key")


def safety_file():
    vs = []
    a_sig, b_sig = bytes.fromhex(R8032[0]["publicKey"]), bytes.fromhex(R8032[1]["publicKey"])
    a = both(safety, a_sig, b_sig, ALICE_PUB, BOB_PUB)
    b = both(safety, b_sig, a_sig, BOB_PUB, ALICE_PUB)
    assert a != b, "the seed's safety numbers differ between the two sides"
    fl = ["asymmetric"]
    vs.append(vec("alice", None, {"mySigningKey": a_sig, "theirSigningKey": b_sig, "myDHKey": ALICE_PUB, "theirDHKey": BOB_PUB},
                  ("valid", {"digest": Hex(a[0]), "display": a[1]}),
                  f"Alice's number for Bob; Bob computes {b[1]} (vector bob): they can never match", fl))
    vs.append(vec("bob", None, {"mySigningKey": b_sig, "theirSigningKey": a_sig, "myDHKey": BOB_PUB, "theirDHKey": ALICE_PUB},
                  ("valid", {"digest": Hex(b[0]), "display": b[1]}), "Bob's number for Alice: not Alice's", fl))
    s = both(safety, a_sig, a_sig, ALICE_PUB, ALICE_PUB)
    vs.append(vec("same-keys", None, {"mySigningKey": a_sig, "theirSigningKey": a_sig, "myDHKey": ALICE_PUB, "theirDHKey": ALICE_PUB},
                  ("valid", {"digest": Hex(s[0]), "display": s[1]}), "the same keys on both sides: the only case where "
                                                                     "the two numbers agree"))
    vs.append(vec("short-key", None, {"mySigningKey": a_sig[:31], "theirSigningKey": b_sig, "myDHKey": ALICE_PUB,
                                      "theirDHKey": BOB_PUB},
                  expect(safety, a_sig[:31], b_sig, ALICE_PUB, BOB_PUB), "a 31-byte key: a parameters refusal"))
    notes = {"asymmetric": "the seed hashes my || their: the two sides hash different strings and show different numbers"}
    return sfile("sophaxchat.safety-number", "sophaxchat", "SophaxChat safety numbers as the seed writes them", vs, notes,
                 "; the keys are RFC 8032 TEST 1 and 2's and RFC 7748's public keys")


def pairing_file():
    vs = []
    ok = [("123456", "the seed's example"), ("000000", "all zeros"), ("012345", "a leading zero is kept"),
          ("999999", "all nines")]
    for code, why in ok:
        vs.append(vec(f"code-{code}", None, {"code": code}, expect(pairing_display, code, display=None), why))
    bad = [("five-digits", "12345", "five digits"), ("seven-digits", "1234567", "seven digits"),
           ("letter", "12a456", "a letter"), ("already-spaced", "123 456", "the display form is not a code"),
           ("fullwidth", "\uff11\uff12\uff13\uff14\uff15\uff16", "fullwidth digits (U+FF11...)"),
           ("arabic-indic", "\u0661\u0662\u0663\u0664\u0665\u0666", "Arabic-Indic digits"),
           ("empty", "", "nothing"), ("signed", "-12345", "a sign"), ("leading-space", " 123456", "a leading space"),
           ("trailing-newline", "123456\n", "a trailing line break")]
    for cid, code, why in bad:
        vs.append(vec(cid, None, {"code": code}, expect(pairing_display, code), why + ": a format refusal"))
    return {"path": "vectors/askkey/pairing-code/askkey.yaml", "suite": "askkey.pairing-code",
            "title": "AskKey pairing-code display", "notes": {}, "vectors": vs, "source_args": {},
            "source": "the display rule the AskKey seed states (two groups of three digits, one space); the expected "
                      "values computed by two independent string implementations in "
                      "scripts/generate/sophaxchat_vectors.py (a byte check with slicing, and a regular expression) "
                      "that agreed"}


def short_s_signature(pub, n):
    from Crypto.Hash import SHA256
    from Crypto.PublicKey import ECC
    from Crypto.Signature import DSS
    key = ECC.construct(curve="P-256", d=int(R6979["privateKey"], 16))
    assert key.public_key().export_key(format="raw") == pub
    for i in range(5000):
        msg = f"askkey short s {i}".encode()
        sig = DSS.new(key, "deterministic-rfc6979", encoding="binary").sign(SHA256.new(msg))
        if sig[32] == 0:
            return msg, sig
    raise AssertionError("no short-s signature found")


def signature_file():
    vs = []
    pub = b"\x04" + bytes.fromhex(R6979["publicKeyX"]) + bytes.fromhex(R6979["publicKeyY"])
    n = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
    fl = ["rfc6979"]
    for c, cid in zip(R6979["cases"], ("sample", "test")):
        msg = bytes.fromhex(c["message"])
        p1363 = bytes.fromhex(c["r"]) + bytes.fromhex(c["s"])
        e = expect(to_der, p1363, der=None)
        der = e[1]["der"].data
        vs.append(vec(f"to-der-{cid}", "to-der", {"p1363": p1363}, e, f"RFC 6979 A.2.5, message \"{cid}\"", fl))
        vs.append(vec(f"to-p1363-{cid}", "to-p1363", {"der": der}, expect(to_p1363, der, p1363=None),
                      f"back to r || s", fl))
        both_rs = ("valid", {"r": Hex(p1363[:32]), "s": Hex(p1363[32:])})
        for enc, sig in (("der", der), ("p1363", p1363)):
            e = expect(ecdsa_verify, pub, msg, sig, enc, r=0, s=1)
            assert to_plain(e) == to_plain(both_rs)
            vs.append(vec(f"verify-{cid}-{enc}", "verify", {"publicKey": pub, "message": msg, "signature": sig,
                                                             "encoding": enc}, e,
                          f"the same signature in {enc}: it verifies", fl))
        for enc, sig, what in (("p1363", der, "the DER signature (Secure Enclave, Android Keystore) given to a P1363 "
                                               "verifier (Web Crypto, CryptoKit raw)"),
                               ("der", p1363, "the P1363 signature given to a DER verifier")):
            vs.append(vec(f"verify-{cid}-{enc}-given-{'der' if enc == 'p1363' else 'p1363'}", "verify",
                          {"publicKey": pub, "message": msg, "signature": sig, "encoding": enc},
                          expect(ecdsa_verify, pub, msg, sig, enc), what + ": a format refusal", fl))
        vs.append(vec(f"verify-{cid}-wrong-message", "verify", {"publicKey": pub, "message": msg + b"!", "signature": der,
                                                              "encoding": "der"},
                      expect(ecdsa_verify, pub, msg + b"!", der, "der"), "another message: an authentication refusal", fl))
        s = int.from_bytes(p1363[32:], "big")
        high = p1363[:32] + (n - s).to_bytes(32, "big")
        vs.append(vec(f"verify-{cid}-other-s", "verify", {"publicKey": pub, "message": msg, "signature": high,
                                                        "encoding": "p1363"},
                      expect(ecdsa_verify, pub, msg, high, "p1363", r=0, s=1),
                      "s replaced by n - s: ECDSA without a low-s rule accepts both (malleability)", fl))
    # A signature whose s has a leading zero byte: DER drops it, P1363 keeps it. Signed by PyCryptodome's
    # RFC 6979 signer with RFC 6979's key, over the first message "askkey short s <i>" that gives one; both
    # stacks verify it in both encodings.
    msg, p1363 = short_s_signature(pub, n)
    e = expect(to_der, p1363, der=None)
    der = e[1]["der"].data
    assert len(der) < 71, "DER drops the leading zero"
    vs.append(vec("to-der-short-s", "to-der", {"p1363": p1363}, e, "s below 2^248: its DER integer is shorter"))
    vs.append(vec("to-p1363-short-s", "to-p1363", {"der": der}, expect(to_p1363, der, p1363=None),
                  "back to r || s: s keeps its leading zero"))
    for enc, sig in (("der", der), ("p1363", p1363)):
        vs.append(vec(f"verify-short-s-{enc}", "verify", {"publicKey": pub, "message": msg, "signature": sig, "encoding": enc},
                      expect(ecdsa_verify, pub, msg, sig, enc, r=0, s=1), f"the short-s signature in {enc}"))
    der = both(to_der, bytes.fromhex(R6979["cases"][0]["r"]) + bytes.fromhex(R6979["cases"][0]["s"]))
    ber_len = b"\x30\x81" + der[1:2] + der[2:]
    extra_zero = b"\x30" + bytes([der[1] + 1]) + b"\x02" + bytes([der[3] + 1]) + b"\x00" + der[4:]
    for cid, sig, why in (("long-form-length", ber_len, "the SEQUENCE length in long form (BER, not DER)"),
                          ("extra-zero", extra_zero, "r with an extra leading zero byte (not minimal)"),
                          ("trailing-byte", der + b"\x00", "a byte after the SEQUENCE"),
                          ("truncated", der[:-1], "one byte short")):
        vs.append(vec(f"to-p1363-{cid}", "to-p1363", {"der": sig}, expect(to_p1363, sig), why + ": a format refusal"))
    vs.append(vec("to-der-short", "to-der", {"p1363": bytes(63)}, expect(to_der, bytes(63)), "63 bytes: a format refusal"))
    notes = {"rfc6979": "RFC 6979 A.2.5's P-256 / SHA-256 key and signatures (r and s as published)"}
    return sfile("askkey.signature-encoding", "askkey", "ECDSA P-256 signatures in DER and P1363", vs, notes,
                 "; the signatures are RFC 6979 A.2.5's")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="do not write; exit 1 if a file on disk differs")
    args = ap.parse_args()
    check_anchors()
    files = [x3dh_file(), ratchet_file(), sender_key_file(), message_file(), group_file(), sealed_file(), x3dh_zeros_file(), sealed_zeros_file(),
             onion_file(),
             safety_file(), pairing_file(), signature_file()]
    vers = versions()
    texts = {}
    for f in files:
        for v in f["vectors"]:
            if not v.get("op"):
                v.pop("op", None)
        texts[f["path"]] = emit(f, vers)
        read_back(f, texts[f["path"]])
        nv = sum(1 for v in f["vectors"] if v["result"] == "valid")
        print(f"{f['path']}: {len(f['vectors'])} vectors ({nv} valid), checked by both stacks")
    finish(texts, args.check, [])


if __name__ == "__main__":
    ensure_venv("venv-generate-sophax", PINS, __file__)
    main()
