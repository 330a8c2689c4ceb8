#!/usr/bin/env python3
"""Write Sources/ConcordGeneration/UnluckyKeys.swift: P-256 and X25519 keys whose ECDH shared secret starts with
exactly one or exactly two zero bytes, and keys whose public coordinate does (docs/exploration.md, "Rare events").

Fresh randomness makes these 1 time in 256 (one zero byte) or 1 in 65,536 (two), so `concord explore` would meet
them once in a long while; its key generators draw them from this table every few cases instead (C2SP CCTV's
"unlucky" vectors do the same). The keys are found by a deterministic, bounded search: from a seed scalar (SHA-256
of a label, as scripts/generate/concordgen/values.py's `derived`), counting up, the first scalar with exactly the
wanted zero bytes, one point addition a step (P-256 in affine coordinates, X25519 by the Montgomery ladder's
differential addition, scalars stepping by 8 so that they stay clamped). Each key found is then recomputed from its
scalar by a whole scalar multiplication (the P-256 double-and-add, RFC 7748's ladder) and checked again; the Swift
test (ExplorationTests.unluckyKeysHaveTheirZeroBytes) recomputes every entry with OpenSSL and libsodium.

Pure Python 3, no packages. Usage:
    python3 scripts/generate/unlucky_keys.py            # write the file
    python3 scripts/generate/unlucky_keys.py --check    # recompute; exit 1 if the file on disk differs
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
OUT = REPO / "Sources" / "ConcordGeneration" / "UnluckyKeys.swift"
LIMIT = 2_000_000  # steps a search may take: the bound

# P-256 (SEC 2 / FIPS 186-4).
P = 0xFFFFFFFF00000001000000000000000000000000FFFFFFFFFFFFFFFFFFFFFFFF
N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
G = (0x6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296,
     0x4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5)
# Curve25519 (RFC 7748).
Q = 2**255 - 19
A24 = 121665


def derived(label: str, n: int = 32) -> bytes:
    out, i = b"", 0
    while len(out) < n:
        out += hashlib.sha256(f"concord unlucky keys {label} {i}".encode()).digest()
        i += 1
    return out[:n]


def p256_add(p1, p2):
    if p1 is None:
        return p2
    if p2 is None:
        return p1
    (x1, y1), (x2, y2) = p1, p2
    if x1 == x2 and (y1 + y2) % P == 0:
        return None
    if p1 == p2:
        lam = (3 * x1 * x1 - 3) * pow(2 * y1, -1, P) % P
    else:
        lam = (y2 - y1) * pow(x2 - x1, -1, P) % P
    x3 = (lam * lam - x1 - x2) % P
    return x3, (lam * (x1 - x3) - y1) % P


def p256_mul(k: int, pt):
    r = None
    for bit in bin(k)[2:]:
        r = p256_add(r, r)
        if bit == "1":
            r = p256_add(r, pt)
    return r


def be32(n: int) -> bytes:
    return n.to_bytes(32, "big")


def zeros(b: bytes) -> int:
    return len(b) - len(b.lstrip(b"\x00"))


def p256_seed(label: str) -> int:
    return int.from_bytes(derived(label), "big") % (N - 1) + 1


def p256_search(label: str, base, test) -> tuple[int, int]:
    """The first scalar from the label's seed up whose point on `base` passes `test`, and the steps taken."""
    a = p256_seed(label)
    pt = p256_mul(a, base)
    for step in range(LIMIT):
        if test(pt):
            return a, step
        a, pt = a + 1, p256_add(pt, base)
        assert a < N
    raise AssertionError(f"{label}: nothing within {LIMIT} steps")


def sec1(pt) -> bytes:
    return b"\x04" + be32(pt[0]) + be32(pt[1])


def x25519(k: int, u: int) -> int:
    """RFC 7748 §5's ladder on an already clamped scalar."""
    x1, x2, z2, x3, z3, swap = u, 1, 0, u, 1, 0
    for t in reversed(range(255)):
        bit = (k >> t) & 1
        swap ^= bit
        if swap:
            x2, x3, z2, z3 = x3, x2, z3, z2
        swap = bit
        a, b = (x2 + z2) % Q, (x2 - z2) % Q
        aa, bb = a * a % Q, b * b % Q
        e = (aa - bb) % Q
        c, d = (x3 + z3) % Q, (x3 - z3) % Q
        da, cb = d * a % Q, c * b % Q
        x3, z3 = (da + cb) ** 2 % Q, x1 * (da - cb) ** 2 % Q
        x2, z2 = aa * bb % Q, e * (aa + A24 * e) % Q
    if swap:
        x2, z2 = x3, z3
    return x2 * pow(z2, Q - 2, Q) % Q


def clamp(b: bytes) -> int:
    k = int.from_bytes(b, "little")
    return (k & ~7 & ~(1 << 255)) | (1 << 254)


def le32(n: int) -> bytes:
    return n.to_bytes(32, "little")


def x25519_search(label: str, u: int, want: int) -> tuple[int, int]:
    """The first clamped scalar a = seed + 8·step whose X25519(a, u) starts with exactly `want` zero bytes: one
    differential addition a step (P_{k+1} = P_k + 8U, P_k − 8U = P_{k−1})."""
    a = clamp(derived(label))
    q = x25519(8, u)
    prev, cur = (x25519(a - 8, u), 1), (x25519(a, u), 1)
    for step in range(LIMIT):
        x, z = cur
        got = le32(x * pow(z, Q - 2, Q) % Q)
        if zeros(got) == want:
            return a, step
        (x1, z1), (x2, z2) = prev, cur
        aa, bb = (x2 + z2) % Q, (x2 - z2) % Q
        c, d = (q + 1) % Q, (q - 1) % Q
        da, cb = d * aa % Q, c * bb % Q
        prev, cur = cur, (z1 * (da + cb) ** 2 % Q, x1 * (da - cb) ** 2 % Q)
        a += 8
        assert a < 1 << 255
    raise AssertionError(f"{label}: nothing within {LIMIT} steps")


def build() -> list[tuple]:
    """(name, curve, class, private, public, peer private, peer public, steps) per entry."""
    out = []
    for want in (1, 2):
        for i in range(4):
            b = p256_seed(f"p256 peer {want} {i}")
            bp = p256_mul(b, G)
            a, steps = p256_search(f"p256 shared {want} {i}", bp, lambda pt: zeros(be32(pt[0])) == want)
            z = be32(p256_mul(a, bp)[0])
            assert zeros(z) == want
            out.append(("p256", f"shared-secret-{want}", be32(a), sec1(p256_mul(a, G)), be32(b), sec1(bp), steps))
        for coord, index in (("x", 0), ("y", 1)):
            for i in range(2):
                a, steps = p256_search(f"p256 {coord} {want} {i}", G, lambda pt: zeros(be32(pt[index])) == want)
                pub = p256_mul(a, G)
                assert zeros(be32(pub[index])) == want
                out.append(("p256", f"{coord}-{want}", be32(a), sec1(pub), None, None, steps))
        for i in range(4):
            b = clamp(derived(f"x25519 peer {want} {i}"))
            bu = x25519(b, 9)
            a, steps = x25519_search(f"x25519 shared {want} {i}", bu, want)
            assert zeros(le32(x25519(a, bu))) == want and x25519(a, bu) == x25519(b, x25519(a, 9))
            out.append(("x25519", f"shared-secret-{want}", le32(a), le32(x25519(a, 9)), le32(b), le32(bu), steps))
        for i in range(2):
            a, steps = x25519_search(f"x25519 public {want} {i}", 9, want)
            assert zeros(le32(x25519(a, 9))) == want
            out.append(("x25519", f"public-{want}", le32(a), le32(x25519(a, 9)), None, None, steps))
    return out


def swift(entries) -> str:
    def hexes(b):
        return '"' + b.hex() + '"' if b is not None else "nil"
    lines = [
        "// Written by scripts/generate/unlucky_keys.py (do not edit; --check compares): the search's rule and bound",
        "// are in its docstring. ExplorationTests.unluckyKeysHaveTheirZeroBytes recomputes every entry.",
        "",
        "/// Keys whose ECDH shared secret, or own public coordinate, starts with exactly one or two zero bytes",
        "/// (docs/exploration.md, \"Rare events\"): found by a deterministic, bounded search over scalars.",
        "public enum UnluckyKeys {",
        "    public struct Entry: Sendable {",
        "        /// `p256` or `x25519`.",
        "        public var curve: String",
        "        /// `shared-secret-1`, `shared-secret-2` (the secret with the peer), `x-1`, `y-2` (P-256's own",
        "        /// point), `public-1`, `public-2` (X25519's own u-coordinate): what starts with that many zero bytes.",
        "        public var event: String",
        "        public var privateHex: String",
        "        public var publicHex: String",
        "        public var peerPrivateHex: String?",
        "        public var peerPublicHex: String?",
        "    }",
        "",
        "    public static let entries: [Entry] = [",
    ]
    for curve, event, d, q, b, bq, steps in entries:
        lines.append(f"        // {steps} steps")
        lines.append(f"        Entry(curve: \"{curve}\", event: \"{event}\",")
        lines.append(f"              privateHex: {hexes(d)},")
        lines.append(f"              publicHex: {hexes(q)},")
        lines.append(f"              peerPrivateHex: {hexes(b)},")
        lines.append(f"              peerPublicHex: {hexes(bq)}),")
    lines += ["    ]", "}", ""]
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="recompute and compare with the file on disk")
    args = ap.parse_args()
    text = swift(build())
    if args.check:
        same = OUT.exists() and OUT.read_text() == text
        print(f"{OUT.relative_to(REPO)}: {'the same' if same else 'DIFFERS'}")
        return 0 if same else 1
    OUT.write_text(text)
    print(f"wrote {OUT.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
