#!/usr/bin/env python3
"""Write vectors/closer/keybox/leading-zeros.yaml: P-256 keyboxes (Closer's template) whose ECDH shared secret Z
starts with one or two zero bytes, or whose ephemeral point E has an x or y coordinate starting with a zero byte.

Fresh randomness makes these 1 time in 256 (one zero byte) or 1 in 65,536 (two), so an implementation that passes Z
or a coordinate through a signed big integer and back (Java's BigInteger.toByteArray(), which drops leading zeros
and adds a sign byte) fails a user now and then and no fixed vector catches it: every seal here is such a rare
case, fixed. The ephemeral scalars are found by a deterministic search (SEARCH below): counting up from a seed
scalar (SHA-256 of a label, as keybox_vectors.py makes its scalars), the first scalar whose E and Z have exactly the
wanted leading zero bytes and no other. The search runs on keybox_vectors.py's pure-Python P-256 ("ref"), one point
addition a step; the scalar found is then sealed by the contract's composition on pyca/cryptography (which
recomputes E and Z with OpenSSL, asserted equal), E, Z and the DEM key are recomputed by ref from the scalar
(keybox_vectors.ref_check_seal), and every keybox is opened by real Tink 1.16.1 (Python) with the recipient's
private keyset, and by the pyca composition. --check reruns the search, so the scalars are the same on every run.

Usage:
    python3 scripts/generate/closer_keybox_zeros_vectors.py            # write the file
    python3 scripts/generate/closer_keybox_zeros_vectors.py --check    # compare with the file on disk
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import keybox_vectors as kv  # noqa: E402
from concordgen.env import ensure_venv  # noqa: E402
from concordgen.output import finish  # noqa: E402
from concordgen.values import Hex, derived  # noqa: E402
from concordgen.yamlfile import emit, read_back  # noqa: E402

# The search rule: for each case, seed = SHA-256-derived scalar of the label ("keybox leading zero <case>"), reduced
# into [1, n-1] as keybox_vectors.py reduces recipient scalars; try seed, seed+1, seed+2, ... and take the first
# scalar e whose E = e*G and Z = x(e*R) (R: the recipient's public point) have exactly these leading zero byte counts
# (Z, E.x, E.y), 32-byte big-endian each.
SEARCH = [  # case, (zero bytes at the start of Z, of E.x, of E.y), flag, comment
    ("secret-00", (1, 0, 0), "secret-leading-zero",
     "the ECDH shared secret Z starts with one 00 byte (1 time in 256 with fresh randomness); E's coordinates do not"),
    ("secret-0000", (2, 0, 0), "secret-leading-zeros",
     "Z starts with 00 00 (1 time in 65,536); E's coordinates do not"),
    ("ephemeral-x-00", (0, 1, 0), "ephemeral-x-leading-zero",
     "the ephemeral point's x starts with a 00 byte (1 time in 256); Z and y do not"),
    ("ephemeral-y-00", (0, 0, 1), "ephemeral-y-leading-zero",
     "the ephemeral point's y starts with a 00 byte (1 time in 256); Z and x do not"),
]
CONTEXT = kv.CTX_MAIN

NOTES = {
    "raw-key": kv.KB_NOTES["raw-key"],
    "tink-java-json": kv.KB_NOTES["tink-java-json"],
    "secret-leading-zero": "the ECDH shared secret Z (the x coordinate of e*R, 32 bytes) starts with one zero byte: "
                           "HKDF's ikm is E || Z with all 32 bytes of Z; an implementation that passes Z through a "
                           "big integer (Java's BigInteger.toByteArray(), a minimal-length encoding) drops the 00, "
                           "derives another DEM key, and fails 1 keybox in 256",
    "secret-leading-zeros": "Z starts with two zero bytes (00 00): a fix that pads back only one dropped byte, or "
                            "checks only the first, still fails",
    "ephemeral-x-leading-zero": "the ephemeral point's x coordinate starts with a zero byte: E is 04 || x || y with "
                                "32 bytes each (65 bytes); a seal that writes x minimally makes a 64-byte point, and "
                                "an open that re-encodes the point it read derives another DEM key",
    "ephemeral-y-leading-zero": "the ephemeral point's y coordinate starts with a zero byte (as for x)",
}


def leading_zeros(b: bytes) -> int:
    return len(b) - len(b.lstrip(b"\x00"))


def search(label: str, want: tuple, R) -> tuple[int, int]:
    """The first scalar from the label's seed up whose (Z, E.x, E.y) have exactly `want` leading zero bytes, with
    the number of steps; one pure-Python point addition each for E and for e*R a step."""
    seed = int.from_bytes(derived(label, 32), "big") % (kv.P256_N - 1) + 1
    E, Q = kv.ref_mul(seed, kv.P256_G), kv.ref_mul(seed, R)
    for step in range(2_000_000):
        e = seed + step
        assert 0 < e < kv.P256_N
        got = (leading_zeros(kv.be32(Q[0])), leading_zeros(kv.be32(E[0])), leading_zeros(kv.be32(E[1])))
        if got == want:
            return e, step
        E, Q = kv.ref_add(E, kv.P256_G), kv.ref_add(Q, R)
    raise AssertionError(f"{label}: no scalar found")


def pyca_points(e: int, R) -> tuple[bytes, bytes]:
    """E (uncompressed) and Z for the scalar e with OpenSSL, the second stack of the search's result."""
    from cryptography.hazmat.primitives.asymmetric import ec
    k = ec.derive_private_key(e, ec.SECP256R1())
    peer = ec.EllipticCurvePublicNumbers(R[0], R[1], ec.SECP256R1()).public_key()
    return kv.encode_point(k.public_key(), "UNCOMPRESSED"), k.exchange(ec.ECDH(), peer)


def build():
    r = kv.fixed_recipient("keybox recipient 1", 0x1B2C3D4E)  # keybox_vectors.py's r1: the contract template, TINK
    r["text"] = kv.java_json(r["keys"], r["primary"])
    pub_text = kv.java_json(kv.public_keys(r["keys"]), r["primary"])
    pub = kv.pub_v1(pub_text)
    V, found = [], {}
    for cid, want, flag, comment in SEARCH:
        e, steps = search(f"keybox leading zero {cid}", want, r["point"])
        E, Z = pyca_points(e, r["point"])
        assert (leading_zeros(Z), leading_zeros(E[1:33]), leading_zeros(E[33:])) == want, cid
        eph = e.to_bytes(32, "big")
        pt, iv = derived(f"keybox leading zero key {cid}", 32), derived(f"keybox leading zero iv {cid}", 12)
        trace = {}
        kb = kv.pyca_seal(kv.pyca_keyset_text({"publicKey": pub}), CONTEXT, pt, eph, iv, trace)
        assert trace["kem"] == E and trace["z"] == Z, cid
        kv.ref_check_seal({"recipientPublicKey": pub, "contextInfo": CONTEXT, "ephemeralPrivateKey": eph, "iv": iv},
                          trace)
        assert kv.tink_open(r["text"], CONTEXT, kb) == pt, f"{cid}: Tink does not open it"
        assert kv.pyca_open(r["text"], CONTEXT, kb) == pt, f"{cid}: pyca does not open it"
        assert kv.pyca_form(pt) == kv.tink_form(pt) == {"form": "raw", "key": pt}
        found[cid] = (steps, Z[:4].hex(), E[1:3].hex(), E[33:35].hex())
        what = f"Z = {Z[:4].hex()}..., E.x = {E[1:3].hex()}..., E.y = {E[33:35].hex()}...; the scalar is the first " \
               f"from the seed of 'keybox leading zero {cid}' up ({steps} steps) with exactly these zero bytes"
        V.append({"id": f"seal-{cid}", "op": "seal", "comment": f"{comment}; {what}", "flags": [flag, "tink-java-json"],
                  "input": {"recipientPublicKey": pub, "contextInfo": CONTEXT, "plaintext": Hex(pt),
                            "ephemeralPrivateKey": Hex(eph), "iv": Hex(iv)},
                  "expect": {"keybox": kb}})
        V.append({"id": f"open-{cid}", "op": "open", "comment": f"opens seal-{cid} (Tink 1.16.1 opens it)",
                  "flags": [flag, "raw-key", "tink-java-json"],
                  "input": {"recipientPrivateKeyset": r["text"], "contextInfo": CONTEXT, "keybox": kb},
                  "expect": {"plaintext": Hex(pt), "form": "raw", "key": Hex(pt)}})
    return {"path": "vectors/closer/keybox/leading-zeros.yaml", "suite": "closer.keybox",
            "title": "Keyboxes whose ECDH secret or ephemeral coordinate starts with zero bytes (CONTRACT.md "
                     "section 10)",
            "source": ("Generated by scripts/generate/closer_keybox_zeros_vectors.py. Each ephemeral scalar was found "
                       "by a deterministic search (the first scalar counting up from a SHA-256-derived seed whose "
                       "ECDH secret and ephemeral point have exactly the wanted leading zero bytes) on keybox_vectors."
                       "py's pure-Python P-256; the keybox was computed by the contract's composition on "
                       "pyca/cryptography {cryptography} (OpenSSL {openssl}), whose E and Z equal the search's, E, Z "
                       "and the DEM key recomputed by the pure-Python P-256 and HKDF, and every keybox opened by Tink "
                       "{tink} (Python, on Tink C++) with the recipient's private keyset, giving the plaintext back. "
                       "The recipient is closer.yaml's (the contract template, key id 0x1B2C3D4E)."),
            "notes": NOTES, "vectors": V}, found


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    ensure_venv("venv-generate-keybox", kv.PINS, __file__)
    f, found = build()
    for cid, (steps, z, x, y) in found.items():
        print(f"{cid}: {steps} steps from the seed; Z {z}..., E.x {x}..., E.y {y}...")
    text = emit(f, kv.versions(), blocks=True)
    read_back(f, text)
    finish({f["path"]: text}, args.check, [])


if __name__ == "__main__":
    main()
