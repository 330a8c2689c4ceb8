#!/usr/bin/env python3
"""Write vectors/argon2id/*.yaml and vectors/kdf-params/*.yaml.

Every expected key written here either comes from a published source (RFC 9106, the
phc-winner-argon2 KAT files, libsodium's own test vectors) or is computed by at least two
independent Argon2 implementations that must agree byte for byte:

  * argon2-cffi     - the phc-winner-argon2 reference C code (vendored by argon2-cffi-bindings)
  * libsodium       - its own Argon2 code, reached through PyNaCl (p = 1 only, 16-byte salt,
                      no secret / associated data, output >= 16 bytes)
  * argon2pure      - an independent pure-Python implementation (its own BLAKE2b too); slow

Published values are re-computed as well and must match. Concord itself (the code under test)
is never used. The script is deterministic: running it again writes identical files.

Usage (from anywhere; the script creates and re-launches itself in its own venv):
    python3 scripts/generate/argon2id_vectors.py            # write the files
    python3 scripts/generate/argon2id_vectors.py --check    # compute, compare with the files on disk
Options: --jobs N (processes for argon2pure, default: CPU count).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import os
import re
import subprocess
import sys
import textwrap
import unicodedata
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
VENV = REPO / ".build" / "venv-generate"
VENV_PY = VENV / "bin" / "python"
PINS = [
    "argon2-cffi==25.1.0",
    "argon2-cffi-bindings==25.1.0",  # vendors phc-winner-argon2 f57e61e19229e23c4445b85494dbf7c07de721cb
    "argon2pure==1.3",
    "six==1.17.0",
    "PyNaCl==1.6.2",  # bundles libsodium 1.0.20-stable
    "cffi==2.1.1",
    "pycparser==3.12",
    "PyYAML==6.0.3",
]
SHARED_KATS = REPO.parent / "shared" / "reference-vectors" / "argon2" / "kats"
SCHEMA_LINE = "# yaml-language-server: $schema=../../schemas/vector-file.schema.json"
CLOSER_TAG = "argon2id;v=19;m=47104;t=3;p=1"


# --------------------------------------------------------------------------- venv bootstrap

def ensure_venv() -> None:
    """Create .build/venv-generate with the pinned packages and re-run this script inside it."""
    if Path(sys.prefix).resolve() == VENV.resolve():
        return
    stamp = VENV / "concord-pins.txt"
    wanted = "\n".join(PINS) + "\n"
    if not VENV_PY.exists():
        print(f"creating {VENV.relative_to(REPO)}", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    if not stamp.exists() or stamp.read_text() != wanted:
        subprocess.run([str(VENV_PY), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        *PINS], check=True)
        stamp.write_text(wanted)
    os.execv(str(VENV_PY), [str(VENV_PY), str(Path(__file__).resolve()), *sys.argv[1:]])


# --------------------------------------------------------------------------- implementations

def impl_cffi(pw, salt, t, m, p, length, secret=b"", ad=b"", version=19):
    """phc-winner-argon2 reference code through argon2-cffi's raw argon2_ctx binding."""
    from argon2.low_level import ffi, lib
    out = ffi.new("uint8_t[]", length)
    keep = []  # keep cffi buffers alive until argon2_ctx returns

    def buf(data):
        if not data:
            return ffi.NULL
        b = ffi.new("uint8_t[]", data)
        keep.append(b)
        return b

    ctx = ffi.new("argon2_context *", dict(
        out=out, outlen=length, pwd=buf(pw), pwdlen=len(pw), salt=buf(salt), saltlen=len(salt),
        secret=buf(secret), secretlen=len(secret), ad=buf(ad), adlen=len(ad),
        t_cost=t, m_cost=m, lanes=p, threads=1, version=version,
        allocate_cbk=ffi.NULL, free_cbk=ffi.NULL, flags=lib.ARGON2_DEFAULT_FLAGS))
    rc = lib.argon2_ctx(ctx, lib.Argon2_id)
    if rc != lib.ARGON2_OK:
        raise ValueError(ffi.string(lib.argon2_error_message(rc)).decode())
    return bytes(ffi.buffer(out, length))


def impl_pure(pw, salt, t, m, p, length, secret=b"", ad=b"", version=19):
    """argon2pure: independent pure-Python Argon2 (own BLAKE2b), lanes computed in-process."""
    import argon2pure
    return argon2pure.argon2(pw, salt, t, m, p, tag_length=length, secret=secret,
                             associated_data=ad, type_code=argon2pure.ARGON2ID,
                             threads=1, version=version)


def sodium_can(salt, p, length, secret=b"", ad=b"", version=19):
    return p == 1 and len(salt) == 16 and not secret and not ad and 16 <= length and version == 19


def impl_sodium(pw, salt, t, m, p, length, secret=b"", ad=b"", version=19):
    """libsodium crypto_pwhash(ALG_ARGON2ID13) through PyNaCl; memlimit = m * 1024 bytes."""
    import nacl.bindings as nb
    assert sodium_can(salt, p, length, secret, ad, version)
    return nb.crypto_pwhash_alg(length, pw, salt, t, m * 1024, nb.crypto_pwhash_ALG_ARGON2ID13)


def sodium_str_verify(encoded: str, pw: bytes) -> bool:
    """libsodium crypto_pwhash_str_verify (accepts p > 1 and any salt length from the string)."""
    import nacl.exceptions
    import nacl.pwhash.argon2id
    try:
        return nacl.pwhash.argon2id.verify(encoded.encode(), pw)
    except nacl.exceptions.InvalidkeyError:
        return False


def versions():
    from importlib.metadata import version
    return {n: version(n) for n in ("argon2-cffi", "argon2-cffi-bindings", "argon2pure", "PyNaCl")}


# --------------------------------------------------------------------------- values and vectors

class Hex:
    def __init__(self, data: bytes):
        self.data = bytes(data)


class Utf8:
    def __init__(self, text: str):
        self.text = text
        self.data = text.encode("utf-8")


def as_bytes(v) -> bytes:
    return v.data


def parse_tag(tag: str):
    mt = re.fullmatch(r"argon2id;v=(19|16);m=([1-9][0-9]*|0);t=([1-9][0-9]*|0);p=([1-9][0-9]*|0)", tag)
    assert mt, tag
    return dict(v=int(mt[1]), m=int(mt[2]), t=int(mt[3]), p=int(mt[4]))


def derived(label: str, n: int) -> bytes:
    """Fixed, reproducible 'random-looking' bytes: SHA-256 of a label, truncated/extended."""
    out = b""
    i = 0
    while len(out) < n:
        out += hashlib.sha256(f"concord vectors {label} {i}".encode()).digest()
        i += 1
    return out[:n]


def kdf_args(vec, defaults):
    inp = {**defaults, **vec["input"]}
    pr = parse_tag(inp["params"])
    return dict(pw=as_bytes(inp["password"]), salt=as_bytes(inp["salt"]), t=pr["t"], m=pr["m"], p=pr["p"],
                length=inp.get("length", 32),
                secret=as_bytes(inp["secret"]) if "secret" in inp else b"",
                ad=as_bytes(inp["associatedData"]) if "associatedData" in inp else b"",
                version=pr["v"])


# ---- closer-params.yaml

def closer_file():
    phrases = [
        "glow river pencil anchor maple orbit velvet candle harbor quiet",
        "stone meadow lantern copper violet summit echo willow parade frost",
        "amber tiger ocean ribbon pilot garden noble cedar thunder plum",
    ]
    nfc = "crème brûlée déjà vu naïve façade smörgåsbord piñata über 🔐"
    assert unicodedata.is_normalized("NFC", nfc)
    nfd = unicodedata.normalize("NFD", nfc)
    assert nfd != nfc
    vecs = [
        dict(id="closer-phrase-1", comment="a ten-word recovery phrase (10 lowercase words, one ASCII space "
             "between words) with the salt 00 01 .. 0f", flags=["closer-params", "recovery-phrase"],
             input=dict(password=Utf8(phrases[0]), salt=Hex(bytes(range(16))))),
        dict(id="closer-phrase-2", comment="another ten-word recovery phrase",
             flags=["closer-params", "recovery-phrase"],
             input=dict(password=Utf8(phrases[1]), salt=Hex(derived("closer-phrase-2", 16)))),
        dict(id="closer-phrase-3", comment="another ten-word recovery phrase, all-zero salt",
             flags=["closer-params", "recovery-phrase"],
             input=dict(password=Utf8(phrases[2]), salt=Hex(bytes(16)))),
        dict(id="closer-invite-1", comment="a 6-character invite code (^[A-HJ-NP-Z2-9]{6}$) as the password",
             flags=["closer-params", "invite-code"],
             input=dict(password=Utf8("K7M2QX"), salt=Hex(derived("closer-invite-1", 16)))),
        dict(id="closer-invite-2", comment="another invite code",
             flags=["closer-params", "invite-code"],
             input=dict(password=Utf8("H4RPWN"), salt=Hex(derived("closer-invite-2", 16)))),
        dict(id="closer-non-ascii-nfc", comment="accented letters and an emoji, NFC (precomposed) form: "
             f"{len(nfc.encode())} UTF-8 bytes", flags=["closer-params", "non-ascii"],
             input=dict(password=Utf8(nfc), salt=Hex(derived("closer-non-ascii", 16)))),
        dict(id="closer-non-ascii-nfd", comment="the same text in NFD (decomposed) form, same salt: "
             f"{len(nfd.encode())} UTF-8 bytes and a different key, since the contract applies no "
             "Unicode normalization", flags=["closer-params", "non-ascii", "nfd"],
             input=dict(password=Utf8(nfd), salt=Hex(derived("closer-non-ascii", 16)))),
        dict(id="closer-empty-password", comment="the empty password (zero bytes)",
             flags=["closer-params", "empty-password"],
             input=dict(password=Hex(b""), salt=Hex(derived("closer-empty-password", 16)))),
    ]
    return dict(
        path="vectors/argon2id/closer-params.yaml", suite="argon2id",
        title="Argon2id with the Closer production parameters (argon2id;v=19;m=47104;t=3;p=1)",
        source_impls=["cffi", "sodium", "pure"],
        source="Generated by scripts/generate/argon2id_vectors.py: every key was computed by three "
               "implementations that agreed byte for byte: the phc-winner-argon2 reference C code "
               "(argon2-cffi {argon2-cffi} / argon2-cffi-bindings {argon2-cffi-bindings}, vendored commit "
               "f57e61e), libsodium 1.0.20 crypto_pwhash ALG_ARGON2ID13 with opslimit 3 and memlimit "
               "47104*1024 (PyNaCl {PyNaCl}) and argon2pure {argon2pure} (pure Python).",
        notes={
            "closer-params": "the production parameters of CONTRACT.md section 2: Argon2id v=19, "
                             "m=47104 KiB, t=3, p=1, 32-byte output, no secret, no associated data",
            "recovery-phrase": "the password has the shape of a recovery phrase (10 lowercase words separated by "
                               "one ASCII space); the words are not claimed to come from the 248-word list, "
                               "which the KDF does not care about",
            "invite-code": "the password is a 6-character invite code from [A-HJ-NP-Z2-9]",
            "non-ascii": "the password has non-ASCII characters (accented letters, an emoji); bytes are "
                         "the UTF-8 of the text exactly as written",
            "nfd": "the text is in Unicode NFD; an implementation that normalizes text before hashing "
                   "gets the NFC vector's key instead and fails",
            "empty-password": "the password is empty (zero bytes)",
        },
        defaults=dict(params=CLOSER_TAG),
        vectors=vecs,
    )


# ---- rfc9106.yaml

RFC9106 = dict(
    pw=bytes([1]) * 32, salt=bytes([2]) * 16, secret=bytes([3]) * 8, ad=bytes([4]) * 12,
    tag19=bytes.fromhex("0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659"),
    tag16=bytes.fromhex("b64615f07789b66b645b67ee9ed3b377ae350b6bfcbb0fc95141ea8f322613c0"),
)


def read_kat(path: Path):
    """Header and final tag of a phc-winner-argon2 genkat output file."""
    text = path.read_text()
    lines = text.splitlines()

    def field(prefix):
        ln = next(ln for ln in lines if ln.startswith(prefix))
        return bytes.fromhex(ln.split(":", 1)[1].replace(" ", ""))
    head = re.search(r"version number (\d+)\n=+\nMemory: (\d+) KiB, Iterations: (\d+), Parallelism: (\d+) "
                     r"lanes, Tag length: (\d+) bytes", text)
    tags = [ln for ln in lines if ln.startswith("Tag:")]
    assert head and len(tags) == 1, path
    return dict(v=int(head[1]), m=int(head[2]), t=int(head[3]), p=int(head[4]), length=int(head[5]),
                pw=field("Password["), salt=field("Salt["), secret=field("Secret["), ad=field("Associated data["),
                tag=bytes.fromhex(tags[0][4:].replace(" ", "")))


def rfc_file():
    for name, v, tag in (("argon2id", 19, RFC9106["tag19"]), ("argon2id_v16", 16, RFC9106["tag16"])):
        path = SHARED_KATS / name
        if path.exists():
            kat = read_kat(path)
            assert kat == dict(v=v, m=32, t=3, p=4, length=32, pw=RFC9106["pw"], salt=RFC9106["salt"],
                               secret=RFC9106["secret"], ad=RFC9106["ad"], tag=tag), f"{path} differs"
        else:
            print(f"warning: {path} not found; using the values embedded in this script", file=sys.stderr)
    def inp(tag):
        return dict(password=Hex(RFC9106["pw"]), salt=Hex(RFC9106["salt"]), params=tag,
                    secret=Hex(RFC9106["secret"]), associatedData=Hex(RFC9106["ad"]))
    vecs = [
        dict(id="rfc9106-argon2id", comment="RFC 9106 section 5.3 (Argon2id test vector); the same inputs and "
             "tag as the final test of phc-winner-argon2 kats/argon2id",
             flags=["rfc9106", "phc-kat", "p-gt-1", "secret", "associated-data"],
             input=inp("argon2id;v=19;m=32;t=3;p=4"),
             expect=dict(key=Hex(RFC9106["tag19"])), published=RFC9106["tag19"]),
        dict(id="phc-kat-argon2id-v16", comment="phc-winner-argon2 kats/argon2id_v16: the same inputs with "
             "Argon2 version 16 (0x10), whose tag is b64615f07789b66b645b67ee9ed3b377ae350b6bfcbb0fc95141ea8f322613c0; "
             "the contract accepts version 19 only, so every implementation must refuse it",
             flags=["phc-kat", "p-gt-1", "secret", "associated-data", "wrong-version"],
             result="invalid", input=inp("argon2id;v=16;m=32;t=3;p=4"),
             expect=dict(error="parameters"), published=RFC9106["tag16"], check_version=16),
    ]
    return dict(
        path="vectors/argon2id/rfc9106.yaml", suite="argon2id",
        title="Argon2id known answers from RFC 9106 and the phc-winner-argon2 KAT files",
        source_impls=["cffi", "pure"],
        source="RFC 9106 section 5.3 and P-H-C/phc-winner-argon2 kats/argon2id and kats/argon2id_v16 at commit "
               "f57e61e19229e23c4445b85494dbf7c07de721cb (final test of each file). Both tags were re-computed "
               "and matched by the phc-winner-argon2 reference C code (argon2-cffi {argon2-cffi}) and "
               "argon2pure {argon2pure}. libsodium cannot express p > 1, a secret or associated data.",
        notes={
            "rfc9106": "the Argon2id test vector of RFC 9106 section 5.3",
            "phc-kat": "the final test of a phc-winner-argon2 KAT file (kats/argon2id or kats/argon2id_v16)",
            "p-gt-1": "parallelism above 1 (libsodium cannot run it: unsupported)",
            "secret": "uses the secret key input K (libsodium cannot run it: unsupported)",
            "associated-data": "uses the associated data input X (libsodium cannot run it: unsupported)",
            "wrong-version": "Argon2 version 16 (0x10); the contract accepts only version 19, so the vector "
                             "must be refused with a parameters error",
        },
        defaults=None,
        vectors=vecs,
    )


# ---- libsodium.yaml

LS_COMMIT = "58441ad2fdf6d18b51ec388285f2c45771fc0a73"
# Transcribed from jedisct1/libsodium test/default/pwhash_argon2id.c and .exp at LS_COMMIT (a matching pair:
# later commits such as 01072a2f and 99fa31a5 lower tv2's memlimit from 1397645 to 397645 bytes, with a
# correspondingly updated .exp).
# tv(): passwd_hex, passwd_len, salt_hex, outlen, opslimit, memlimit  (lanes field unused by crypto_pwhash)
LS_TV = [
    ("a347ae92bce9f80f6f595a4480fc9c2fe7e7d7148d371e9487d75f5c23008ffae065577a928febd9b1973a5a95073acdbe"
     "b6a030cfc0d79caa2dc5cd011cef02c08da232d76d52dfbca38ca8dcbd665b17d1665f7cf5fe59772ec909733b24de97"
     "d6f58d220b20c60d7c07ec1fd93c52c31020300c6c1facd77937a597c7a6", 127,
     "5541fbc995d5c197ba290346d2c559dedf405cf97e5f95482143202f9e74f5c2", 155, 5, 7256678),
    ("e125cee61c8cb7778d9e5ad0a6f5d978ce9f84de213a8556d9ffe202020ab4a6ed9074a4eb3416f9b168f137510f3a30"
     "b70b96cbfa219ff99f6c6eaffb15c06b60e00cc2890277f0fd3c622115772f7048adaebed86e", 86,
     "f1192dd5dc2368b9cd421338b22433455ee0a3699f9379a08b9650ea2c126f0d", 250, 4, 7849083),
    ("92263cbf6ac376499f68a4289d3bb59e5a22335eba63a32e6410249155b956b6a3b48d4a44906b18b897127300b375b8"
     "f834f1ceffc70880a885f47c33876717e392be57f7da3ae58da4fd1f43daa7e44bb82d3717af4319349c24cd31e46d29"
     "5856b0441b6b289992a11ced1cc3bf3011604590244a3eb737ff221129215e4e4347f4915d41292b5173d196eb9add69"
     "3be5319fdadc242906178bb6c0286c9b6ca6012746711f58c8c392016b2fdfc09c64f0f6b6ab7b", 183,
     "3b840e20e9555e9fb031c4ba1f1747ce25cc1d0ff664be676b9b4a90641ff194", 249, 3, 7994791),
    ("027b6d8e8c8c474e9b69c7d9ed4f9971e8e1ce2f6ba95048414c3970f0f09b70e3b6c5ae05872b3d8678705b7d381829"
     "c351a5a9c88c233569b35d6b0b809df44b6451a9c273f1150e2ef8a0b5437eb701e373474cd44b97ef0248ebce2ca040"
     "0e1b53f3d86221eca3f18eb45b702b9172440f774a82cbf1f6f525df30a6e293c873cce69bb078ed1f0d31e7f9b80624"
     "09f37f19f8550aae", 152,
     "eb2a3056a09ad2d7d7f975bcd707598f24cd32518cde3069f2e403b34bfee8a5", 5, 4, 1397645),
    ("4a857e2ee8aa9b6056f2424e84d24a72473378906ee04a46cb05311502d5250b82ad86b83c8f20a23dbb74f6da60b0b6"
     "ecffd67134d45946ac8ebfb3064294bc097d43ced68642bfb8bbbdd0f50b30118f5e", 82,
     "39d82eef32010b8b79cc5ba88ed539fbaba741100f2edbeca7cc171ffeabf258", 190, 3, 1432947),
    ("c7b09aec680e7b42fedd7fc792e78b2f6c1bea8f4a884320b648f81e8cf515e8ba9dcfb11d43c4aae114c1734aa69ca8"
     "2d44998365db9c93744fa28b63fd16000e8261cbbe083e7e2da1e5f696bde0834fe53146d7e0e35e7de9920d041f5a56"
     "21aabe02da3e2b09b405b77937efef3197bd5772e41fdb73fb5294478e45208063b5f58e089dbeb6d6342a909c1307b3"
     "fff5fe2cf4da56bdae50848f", 156,
     "039c056d933b475032777edbaffac50f143f64c123329ed9cf59e3b65d3f43b6", 178, 3, 4886999),
    ("b540beb016a5366524d4605156493f9874514a5aa58818cd0c6dfffaa9e90205f17b", 34,
     "44071f6d181561670bda728d43fb79b443bb805afdebaf98622b5165e01b15fb", 231, 1, 1631659),
    ("a14975c26c088755a8b715ff2528d647cd343987fcf4aa25e7194a8417fb2b4b3f7268da9f3182b4cfb22d138b2749d6"
     "73a47ecc7525dd15a0a3c66046971784bb63d7eae24cc84f2631712075a10e10a96b0e0ee67c43e01c423cb9c44e5371"
     "017e9c496956b632158da3fe12addecb88912e6759bc37f9af2f45af72c5cae3b179ffb676a697de6ebe45cd4c16d4a9"
     "d642d29ddc0186a0a48cb6cd62bfc3dd229d313b301560971e740e2cf1f99a9a090a5b283f35475057e96d7064e2e0fc"
     "81984591068d55a3b4169f22cccb0745a2689407ea1901a0a766eb99", 220,
     "3d968b2752b8838431165059319f3ff8910b7b8ecb54ea01d3f54769e9d98daf", 167, 3, 1784128),
]
LS_TV2 = [
    (LS_TV[0][0], 127, LS_TV[0][2], 155, 4, 1397645),
    (LS_TV[0][0], 127, LS_TV[0][2], 155, 3, 1397645),
]
# pwhash_argon2id.exp: tv() lines (tv[3] failed: outlen 5 is below crypto_pwhash_BYTES_MIN = 16), then tv2()
LS_EXP_TV = {
    0: "18acec5d6507739f203d1f5d9f1d862f7c2cdac4f19d2bdff64487e60d969e3ced615337b9eec6ac4461c6ca07f0939741e5"
       "7c24d0005c7ea171a0ee1e7348249d135b38f222e4dad7b9a033ed83f5ca27277393e316582033c74affe2566a2bea47f9"
       "1f0fd9fe49ece7e1f79f3ad6e9b23e0277c8ecc4b313225748dd2a80f5679534a0700e246a79a49b3f74eb89ec6205fe1e"
       "eb941c73b1fcf1",
    1: "26bab5f101560e48c711da4f05e81f5a3802b7a93d5155b9cab153069cc42b8e9f910bfead747652a0708d70e4de0bada3"
       "7218bd203a1201c36b42f9a269b675b1f30cfc36f35a3030e9c7f57dfba0d341a974c1886f708c3e8297efbfe411bb9d51"
       "375264bd7c70d57a8a56fc9de2c1c97c08776803ec2cd0140bba8e61dc0f4ad3d3d1a89b4b710af81bfe35a0eea193e18a"
       "6da0f5ec05542c9eefc4584458e1da715611ba09617384748bd43b9bf1f3a6df4ecd091d0875e08d6e2fd8a5c7ce08904b"
       "5160cd38167b76ec76ef2d310049055a564da23d4ebd2b87e421cc33c401e12d5cd8d936c9baf75ebdfb557d342d2858fc"
       "781da31860",
    2: "6eb45e668582d63788ca8f6e930ca60b045a795fca987344f9a7a135aa3b5132b50a34a3864c26581f1f56dd0bcbfafbfa"
       "92cd9bff6b24a734cfe88f854aef4bda0a7983120f44936e8ff31d29728ac08ccce6f3f916b3c63962755c23a1fa9bb4e8"
       "823fc867bfd18f28980d94bc5874423ab7f96cc0ab78d8fa21fbd00cd3a1d96a73fa439ccc3fc4eab1590677b06cc78b0f"
       "674dfb680f23022fb902022dd8620803229c6ddf79a8156ccfce48bbd76c05ab670634f206e5b2e896230baa74a856964d"
       "bd8511acb71d75a1506766a125d8ce037f1db72086ebc3bccaefbd8cd9380167c2530386544ebfbeadbe237784d102bb92"
       "a10fd242",
    4: "08d8cd330c57e1b4643241d05bb468ba4ee4e932cd0858816be9ef15360b27bbd06a87130ee92222be267a29b81f5ae8fe"
       "8613324cfc4832dc49387fd0602f1c57b4d0f3855db94fb7e12eb05f9a484aed4a4307abf586cd3d55c809bc081541e00b"
       "682772fb2066504ff935b8ebc551a2083882f874bc0fae68e56848ae34c91097c3bf0cca8e75c0797eef3efde3f75e0058"
       "15018db3cf7c109a812264c4de69dcb22322dbbcfa447f5b00ecd1b04a7be1569c8e556adb7bba48adf81d",
    5: "d6e9d6cabd42fb9ba7162fe9b8e41d59d3c7034756cb460c9affe393308bd0225ce0371f2e6c3ca32aca2002bf2d3909c6"
       "b6e7dfc4a00e850ff4f570f8f749d4bb6f0091e554be67a9095ae1eefaa1a933316cbec3c2fd4a14a5b6941bda9b7eabd8"
       "21d79abde2475a53af1a8571c7ee46460be415882e0b393f48c12f740a6a72cba9773000602e13b40d3dfa6ac1d4ec43a8"
       "38b7e3e165fecad4b2498389e60a3ff9f0f8f4b9fca1126e64f49501e38690",
    6: "7fb72409b0987f8190c3729710e98c3f80c5a8727d425fdcde7f3644d467fe973f5b5fee683bd3fce812cb9ae5e9921a2d"
       "06c2f1905e4e839692f2b934b682f11a2fe2b90482ea5dd234863516dba6f52dc0702d324ec77d860c2e181f84472bd710"
       "4fedce071ffa93c5309494ad51623d214447a7b2b1462dc7d5d55a1f6fd5b54ce024118d86f0c6489d16545aaa87b6689d"
       "ad9f2fb47fda9894f8e12b87d978b483ccd4cc5fd9595cdc7a818452f915ce2f7df95ec12b1c72e3788d473441d884f974"
       "8eb14703c21b45d82fd667b85f5b2d98c13303b3fe76285531a826b6fc0fe8e3dddecf",
    7: "4e702bc5f891df884c6ddaa243aa846ce3c087fe930fef0f36b3c2be34164ccc295db509254743f18f947159c813bcd5dd"
       "8d94a3aec93bbe57605d1fad1aef1112687c3d4ef1cb329d21f1632f626818d766915d886e8d819e4b0b9c9307f4b6afc0"
       "81e13b0cf31db382ff1bf05a16aac7af696336d75e99f82163e0f371e1d25c4add808e215697ad3f779a51a462f8bf5261"
       "0af21fc69dba6b072606f2dabca7d4ae1d91d919",
}
LS_EXP_TV2 = {
    0: "2d232f9dc4de96628b2a4c2b39ceb6a813011fb74a3ba1da096761fabe08f563bd91366aba5c5e35aecd98643cabc16ce5"
       "60dca261a963230a1fa2af52f2413a57a827c6ee13bcec0c123d195914a55700ccb5756196a86fb9cb4aeacccc0e6dd850"
       "f4386b705aaae147ea347543b7fbe24553d9da41f1b335b6e9980cdb966cf7b48520eb42a7269380c885dbefbccf447851"
       "fcacbe1753a5b9e1",
    1: "34b207147fb7ef83e1ca1a97e30aa6e08ea9b6b1048c59c9c13050dff33e76ce3c440d7f018f817e6b8593e78f339ba633"
       "b9d7ec3519b5eafbcc4bc2d20b5136bbc7e5b7e92ff37d024bbbecf5738f718ab22c8adcdb82ceffc233b8ad61f91850ab"
       "dfe8bb119775d9c4243ec1ac761dfbd132489228dfeab5268c7f0ddc29f56b957d1b76c874cdd77e16139e0df9b847248f"
       "d782c9a1147b8480",
}
# tv3() and str_tests(): (label, password, encoded hash, libsodium's verdict in the test)
LS_STR = [
    ("tv3-0", "", "$argon2id$v=19$m=4096,t=0,p=1$X1NhbHQAAAAAAAAAAAAAAA$bWh++MKN1OiFHKgIWTLvIi1iHicmHH7+Fv3K88ifFfI",
     False),
    ("tv3-2", "", "$argon2id$v=19$m=4882,t=2,p=1$bA81arsiXysd3WbTRzmEOw$Nm8QBM+7RH1DXo9rvp5cwKEOOOfD2g6JuxlXihoNcpE",
     True),
    ("tv3-3", "^T5H$JYt39n%K*j:W]!1s?vg!:jGi]Ax?..l7[p0v:1jHTpla9;]bUN;?bWyCbtqg ",
     "$argon2id$v=19$m=4096,t=0,p=1$PkEgMTYtYnl0ZXMgc2FsdA$ltB/ue1kPtBMBGfsysMpPigE6hiNEKZ9vs8vLNVDQGA", False),
    ("tv3-4", "^T5H$JYt39n%K*j:W]!1s?vg!:jGi]Ax?..l7[p0v:1jHTpla9;]bUN;?bWyCbtqg ",
     "$argon2id$v=19$m=4096,t=19,p=1$PkEgMTYtYnl0ZXMgc2FsdA$ltB/ue1kPtBMBGfsysMpPigE6hiNEKZ9vs8vLNVDQGA", True),
    ("tv3-5", "K3S=KyH#)36_?]LxeR8QNKw6X=gFbxai$C%29V*",
     "$argon2id$v=19$m=4096,t=1,p=3$PkEgcHJldHR5IGxvbmcgc2FsdA$HUqx5Z1b/ZypnUrvvJ5UC2Q+T6Q1WwASK/Kr9dRbGA0", True),
    ("str-valid-7", "password",
     "$argon2id$v=19$m=256,t=3,p=1$MDEyMzQ1Njc$G5ajKFCoUzaXRLdz7UJb5wGkb2Xt+X5/GQjUYtS2+TE", True),
]


def b64_unpadded(s: str) -> bytes:
    return base64.b64decode(s + "=" * (-len(s) % 4), validate=True)


def parse_phc(encoded: str):
    mt = re.fullmatch(r"\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)", encoded)
    assert mt, encoded
    return dict(m=int(mt[1]), t=int(mt[2]), p=int(mt[3]), salt=b64_unpadded(mt[4]), key=b64_unpadded(mt[5]))


def libsodium_file():
    vecs = []

    def tv_vector(group, i, row, exp_hex):
        pw_hex, pw_len, salt_hex, outlen, ops, mem = row
        pw = bytes.fromhex(pw_hex)
        assert len(pw) == pw_len, (group, i)
        salt = bytes.fromhex(salt_hex)[:16]  # crypto_pwhash reads crypto_pwhash_SALTBYTES = 16 bytes
        m = mem // 1024
        key = bytes.fromhex(exp_hex)
        assert len(key) == outlen
        flags = ["libsodium-tv"] + (["long-output"] if outlen > 64 else [])
        return dict(id=f"libsodium-{group}-{i}",
                    comment=f"{group}[{i}]: opslimit {ops}, memlimit {mem} bytes -> t={ops}, m={mem}//1024={m} KiB, "
                            f"p=1; salt = the first 16 of its {len(bytes.fromhex(salt_hex))} salt bytes; "
                            f"{outlen}-byte output",
                    flags=flags,
                    input=dict(password=Hex(pw), salt=Hex(salt), params=f"argon2id;v=19;m={m};t={ops};p=1",
                               length=outlen),
                    expect=dict(key=Hex(key)), published=key)

    for i, row in enumerate(LS_TV):
        if i in LS_EXP_TV:
            vecs.append(tv_vector("tv", i, row, LS_EXP_TV[i]))
    for i, row in enumerate(LS_TV2):
        vecs.append(tv_vector("tv2", i, row, LS_EXP_TV2[i]))

    for label, pw_text, encoded, ok in LS_STR:
        ph = parse_phc(encoded)
        pw = Utf8(pw_text) if pw_text else Hex(b"")
        inp = dict(password=pw, salt=Hex(ph["salt"]), params=f"argon2id;v=19;m={ph['m']};t={ph['t']};p={ph['p']}")
        where = "str_tests()" if label.startswith("str") else label.split("-")[0] + "()"
        flags = ["libsodium-str"] + (["empty-password"] if not pw_text else []) + \
                (["p-gt-1"] if ph["p"] > 1 else []) + (["short-salt"] if len(ph["salt"]) < 16 else []) + \
                (["long-salt"] if len(ph["salt"]) > 16 else [])
        if ok:
            vecs.append(dict(
                id=f"libsodium-{label}", flags=flags, input=inp, expect=dict(key=Hex(ph["key"])),
                comment=f"{where} encoded hash {encoded.split('$')[3]} (salt and key base64-decoded from the "
                        f"string), which crypto_pwhash_str_verify accepts in libsodium's test",
                published=ph["key"], encoded=encoded))
        else:
            vecs.append(dict(
                id=f"libsodium-{label}", flags=flags + ["zero-iterations"], result="invalid", input=inp,
                expect=dict(error="parameters"),
                comment=f"{where} encoded hash with {encoded.split('$')[3]}: t = 0, so libsodium's test "
                        "expects crypto_pwhash_str_verify to refuse it", encoded=encoded, refused=True))

    # tv2(): crypto_pwhash_argon2id("password", salt = the 16 bytes left in the buffer by the last tv2 entry)
    tv2_salt = bytes.fromhex(LS_TV2[-1][2])[:16]
    for label, mem, m in (("tv2-memlimit-1", "1 byte", 0), ("tv2-memlimit-4096", "4096 bytes", 4)):
        vecs.append(dict(
            id=f"libsodium-{label}", flags=["libsodium-tv", "memory-too-small"], result="invalid",
            input=dict(password=Utf8("password"), salt=Hex(tv2_salt), params=f"argon2id;v=19;m={m};t=3;p=1",
                       length=256),
            expect=dict(error="parameters"),
            comment=f"tv2(): crypto_pwhash_argon2id with opslimit 3 and memlimit {mem} (m = {m} KiB, below "
                    "8 KiB), which libsodium's test expects to fail", refused=True))
    return dict(
        path="vectors/argon2id/libsodium.yaml", suite="argon2id",
        title="Argon2id vectors from libsodium's own test suite (test/default/pwhash_argon2id.c)",
        source_impls=["cffi", "sodium", "pure"],
        source="jedisct1/libsodium test/default/pwhash_argon2id.c (tv, tv2, tv3 and str_tests) and its expected "
               f"output test/default/pwhash_argon2id.exp, both at commit {LS_COMMIT}. "
               "Every valid key was re-computed and matched by the phc-winner-argon2 reference C code "
               "(argon2-cffi {argon2-cffi}), argon2pure {argon2pure} and libsodium 1.0.20 (PyNaCl {PyNaCl}: "
               "crypto_pwhash for tv/tv2, crypto_pwhash_str_verify for tv3/str_tests); libsodium also refused "
               "each invalid one. License: ISC (vectors/LICENSES/libsodium.LICENSE).",
        notes={
            "libsodium-tv": "from tv() or tv2(), which call crypto_pwhash(out, outlen, passwd, passwd_len, salt, "
                            "opslimit, memlimit, ALG_ARGON2ID13). Mapping: t = opslimit, m = floor(memlimit / "
                            "1024) KiB (libsodium divides by 1024 and Argon2 then uses 4*floor(m/4) blocks), "
                            "p = 1 (crypto_pwhash has no lanes argument; the table's lanes column is unused), "
                            "length = outlen, password = the first passwd_len bytes of passwd_hex. The salt "
                            "strings hold 32 bytes but crypto_pwhash reads only crypto_pwhash_SALTBYTES = 16, so "
                            "salt = the first 16. Left out: tv[3] (outlen 5 is below libsodium's 16-byte minimum, "
                            "so it has no published key) and tv2()'s failures that test libsodium's own API "
                            "limits (algorithm 0, outlen 15, passwd_len 2^32)",
            "libsodium-str": "from tv3() or str_tests(): an encoded $argon2id$v=19$m=..,t=..,p=..$salt$key string; "
                             "salt and key are its unpadded base64 fields, the password is the test's password "
                             "string as UTF-8. Left out: tv3[1] (libsodium's test expects it to fail to verify; "
                             "no correct key is published)",
            "long-output": "output longer than 64 bytes, so the variable-length hash H' chains BLAKE2b calls",
            "empty-password": "the password is empty (zero bytes)",
            "p-gt-1": "parallelism above 1 (crypto_pwhash cannot run it; crypto_pwhash_str_verify can)",
            "short-salt": "an 8-byte salt (Argon2's minimum; libsodium's crypto_pwhash needs exactly 16)",
            "long-salt": "a salt longer than 16 bytes (libsodium's crypto_pwhash needs exactly 16)",
            "zero-iterations": "t = 0, which Argon2 refuses",
            "memory-too-small": "memory below 8 KiB (8 * p), which Argon2 refuses",
        },
        defaults=None,
        vectors=vecs,
    )


# ---- small-params.yaml

def small_file():
    pw_password = Utf8("password")
    s16 = Hex(b"saltsaltsaltsalt")
    rows = [
        # id, comment, password, salt, t, m, p, length, secret, ad
        ("small-m8-t1-p1", "the smallest memory for p=1 (8 KiB)", pw_password, s16, 1, 8, 1, 32, None, None),
        ("small-m16-t2-p2", "m = 8*p exactly, two lanes", pw_password, s16, 2, 16, 2, 32, None, None),
        ("small-m32-t1-p4", "m = 8*p exactly, four lanes, 16-byte output", pw_password, s16, 1, 32, 4, 16, None, None),
        ("small-len4", "the shortest output Argon2 allows (4 bytes)", pw_password, s16, 1, 64, 1, 4, None, None),
        ("small-len16", "16-byte output", Utf8("correct horse battery staple"), Hex(derived("small-len16", 16)),
         2, 64, 1, 16, None, None),
        ("small-len64", "64-byte output: the longest that is a single BLAKE2b call in H'",
         Utf8("correct horse battery staple"), Hex(derived("small-len64", 16)), 3, 128, 1, 64, None, None),
        ("small-len65", "65-byte output: the shortest that chains BLAKE2b calls in H'", pw_password,
         Hex(derived("small-len65", 16)), 1, 128, 2, 65, None, None),
        ("small-len128", "128-byte output", pw_password, Hex(derived("small-len128", 16)), 2, 256, 1, 128, None, None),
        ("small-salt8", "an 8-byte salt, Argon2's minimum", pw_password, Hex(b"01234567"), 4, 256, 1, 32, None, None),
        ("small-salt32", "a 32-byte salt", pw_password, Hex(derived("small-salt32", 32)), 1, 256, 2, 32, None, None),
        ("small-m100-p3-secret", "a 16-byte secret; m=100 is not a multiple of 4*p, so Argon2 uses 96 blocks",
         pw_password, s16, 2, 100, 3, 32, derived("small-secret", 16), None),
        ("small-m102-ad", "associated data; m=102 is not a multiple of 4, so Argon2 uses 100 blocks",
         pw_password, s16, 2, 102, 1, 32, None, b"closer_couple_key"),
        ("small-m50-p4-secret-ad", "secret and associated data, four lanes; m=50 gives 48 blocks",
         Utf8("K7M2QX"), Hex(derived("small-secret-ad", 16)), 3, 50, 4, 32, derived("small-secret-ad-k", 32),
         derived("small-secret-ad-x", 20)),
        ("small-empty-password", "the empty password", Hex(b""), s16, 4, 8, 1, 32, None, None),
        ("small-long-password", "a 256-byte password, bytes 00 .. ff", Hex(bytes(range(256))),
         Hex(derived("small-long-password", 16)), 1, 64, 1, 32, None, None),
        ("small-m256-t4-p4", "four lanes, four passes", Utf8("glow river pencil anchor maple orbit velvet candle "
         "harbor quiet"), Hex(derived("small-m256-t4-p4", 16)), 4, 256, 4, 32, None, None),
        ("small-zero-salt", "an all-zero 16-byte salt", Utf8("H4RPWN"), Hex(bytes(16)), 3, 192, 1, 32, None, None),
    ]
    vecs = []
    for vid, comment, pw, salt, t, m, p, length, secret, ad in rows:
        inp = dict(password=pw, salt=salt, params=f"argon2id;v=19;m={m};t={t};p={p}")
        if length != 32:
            inp["length"] = length
        if secret is not None:
            inp["secret"] = Hex(secret)
        if ad is not None:
            inp["associatedData"] = Utf8(ad.decode()) if ad.isascii() and ad.decode().isprintable() else Hex(ad)
        flags = []
        if p > 1:
            flags.append("p-gt-1")
        if secret is not None:
            flags.append("secret")
        if ad is not None:
            flags.append("associated-data")
        if len(salt.data) < 16:
            flags.append("short-salt")
        if len(salt.data) > 16:
            flags.append("long-salt")
        if length < 16:
            flags.append("short-output")
        if length > 64:
            flags.append("long-output")
        if not pw.data:
            flags.append("empty-password")
        vecs.append(dict(id=vid, comment=comment, flags=flags, input=inp))
    return dict(
        path="vectors/argon2id/small-params.yaml", suite="argon2id",
        title="Argon2id with small parameters (m 8..256 KiB, t 1..4, p 1..4, lengths 4..128)",
        source_impls=["cffi", "pure"],
        source="Generated by scripts/generate/argon2id_vectors.py: every key was computed by the phc-winner-argon2 "
               "reference C code (argon2-cffi {argon2-cffi} / argon2-cffi-bindings {argon2-cffi-bindings}, "
               "raw argon2_ctx) and argon2pure {argon2pure} (pure Python), which agreed byte for byte; the "
               "vectors that libsodium can express (p=1, 16-byte salt, no secret or associated data, output "
               "of 16 bytes or more: {sodium_ids}) were also matched by libsodium 1.0.20 (PyNaCl {PyNaCl}).",
        notes={
            "p-gt-1": "parallelism above 1 (libsodium cannot run it: unsupported)",
            "secret": "uses the secret key input K (libsodium cannot run it: unsupported)",
            "associated-data": "uses the associated data input X (libsodium cannot run it: unsupported)",
            "short-salt": "an 8-byte salt, Argon2's minimum (libsodium needs exactly 16: unsupported)",
            "long-salt": "a salt longer than 16 bytes (libsodium needs exactly 16: unsupported)",
            "short-output": "output shorter than 16 bytes (libsodium's minimum: unsupported)",
            "long-output": "output longer than 64 bytes, so the variable-length hash H' chains BLAKE2b calls",
            "empty-password": "the password is empty (zero bytes)",
        },
        defaults=None,
        vectors=vecs,
    )


# ---- invalid.yaml (argon2id)

def invalid_file():
    pw = Utf8("password")
    s16 = Hex(b"saltsaltsaltsalt")
    rows = [
        ("invalid-m7", "memory 7 KiB, below the minimum 8 * p = 8", "argon2id;v=19;m=7;t=3;p=1", s16,
         ["memory-below-8p"]),
        ("invalid-m31-p4", "memory 31 KiB with four lanes, below 8 * p = 32", "argon2id;v=19;m=31;t=3;p=4", s16,
         ["memory-below-8p"]),
        ("invalid-m0", "memory 0", "argon2id;v=19;m=0;t=3;p=1", s16, ["memory-below-8p", "zero-value"]),
        ("invalid-t0", "zero iterations", "argon2id;v=19;m=64;t=0;p=1", s16, ["zero-value"]),
        ("invalid-p0", "zero lanes", "argon2id;v=19;m=64;t=3;p=0", s16, ["zero-value"]),
        ("invalid-argon2i", "Argon2i instead of Argon2id (a real Argon2i key exists for these inputs; it is "
         "not what the contract asks for)", "argon2i;v=19;m=64;t=3;p=1", s16, ["wrong-algorithm"]),
        ("invalid-argon2d", "Argon2d instead of Argon2id", "argon2d;v=19;m=64;t=3;p=1", s16, ["wrong-algorithm"]),
        ("invalid-v16", "Argon2 version 16 (0x10), which the contract refuses although Argon2 defines it",
         "argon2id;v=16;m=64;t=3;p=1", s16, ["wrong-version"]),
        ("invalid-salt7", "a 7-byte salt, below Argon2's 8-byte minimum", "argon2id;v=19;m=64;t=3;p=1",
         Hex(b"0123456"), ["salt-too-short"]),
        ("invalid-salt-empty", "an empty salt", "argon2id;v=19;m=64;t=3;p=1", Hex(b""), ["salt-too-short"]),
        ("invalid-tag-phc-string", "the PHC string form ($argon2id$v=19$m=..,t=..,p=..) instead of the contract's "
         "tag", "$argon2id$v=19$m=64,t=3,p=1", s16, ["bad-tag"]),
        ("invalid-tag-no-p", "the tag lacks p", "argon2id;v=19;m=64;t=3", s16, ["bad-tag"]),
    ]
    vecs = [dict(id=vid, comment=comment, flags=flags, result="invalid",
                 input=dict(password=pw, salt=salt, params=tag), expect=dict(error="parameters"), refused=True)
            for vid, comment, tag, salt, flags in rows]
    return dict(
        path="vectors/argon2id/invalid.yaml", suite="argon2id",
        title="Argon2id inputs that every implementation must refuse",
        source_impls=[],
        source="CONTRACT.md section 2 (tag grammar, version 19 only, memory >= 8 * p) and RFC 9106 section 3.1 "
               "(salt of at least 8 bytes, t >= 1, p >= 1) by inspection; no key is expected. The script also "
               "checked that the reference C code (argon2-cffi {argon2-cffi}) refuses each numerically "
               "out-of-range case (m, t, p, salt) itself.",
        notes={
            "memory-below-8p": "memory below 8 * p KiB",
            "zero-value": "m, t or p is 0",
            "bad-tag": "the params tag is malformed (not the contract's argon2id;v=19;m=..;t=..;p=.. form)",
            "wrong-algorithm": "a different Argon2 variant (argon2i or argon2d)",
            "wrong-version": "an Argon2 version other than 19",
            "salt-too-short": "a salt shorter than 8 bytes (RFC 9106 section 3.1)",
        },
        defaults=None,
        vectors=vecs,
    )


# ---- kdf-params files

def kdf_valid_file():
    rows = [
        ("closer-production", "the production tag of CONTRACT.md section 2", CLOSER_TAG, 47104, 3, 1, ["closer-params"]),
        ("minimum-memory", "the smallest legal values: m = 8 * p = 8, t = 1, p = 1", "argon2id;v=19;m=8;t=1;p=1",
         8, 1, 1, ["boundary"]),
        ("rfc9106-params", "the RFC 9106 section 5.3 parameters, m = 8 * p exactly", "argon2id;v=19;m=32;t=3;p=4",
         32, 3, 4, ["boundary"]),
        ("sixteen-lanes", "m = 8 * p exactly with 16 lanes", "argon2id;v=19;m=128;t=1;p=16", 128, 1, 16, ["boundary"]),
        ("owasp-19mib", "19 MiB, t=2 (a common recommendation)", "argon2id;v=19;m=19456;t=2;p=1", 19456, 2, 1, []),
        ("libsodium-moderate", "256 MiB, t=3 (libsodium's MODERATE limits)", "argon2id;v=19;m=262144;t=3;p=1",
         262144, 3, 1, []),
        ("uint32-max", "m and t at 2^32-1, the largest 32-bit values (parsing only; nobody derives with it)",
         "argon2id;v=19;m=4294967295;t=4294967295;p=1", 4294967295, 4294967295, 1, ["boundary"]),
        ("p-max", "p at 2^24-1, the most lanes RFC 9106 section 3.1 allows, with m = 8 * p",
         "argon2id;v=19;m=134217720;t=1;p=16777215", 134217720, 1, 16777215, ["boundary"]),
    ]
    vecs = []
    for vid, comment, tag, m, t, p, flags in rows:
        assert tag == f"argon2id;v=19;m={m};t={t};p={p}"
        vecs.append(dict(id=vid, comment=comment, flags=flags, input=dict(tag=tag),
                         expect=dict(memoryKiB=m, iterations=t, parallelism=p, version=19)))
    return dict(
        path="vectors/kdf-params/closer.yaml", suite="kdf-params",
        title="Well-formed kdfParams tags",
        source_impls=[],
        source="CONTRACT.md section 2 by inspection: each expected integer is the decimal value written in the "
               "tag itself (m -> memoryKiB, t -> iterations, p -> parallelism, v -> version). Limits: m >= 8 * p "
               "(CONTRACT.md section 2), values fit in 32 bits and p <= 2^24-1 (RFC 9106 section 3.1).",
        notes={
            "closer-params": "the production tag argon2id;v=19;m=47104;t=3;p=1",
            "boundary": "a value at a limit (m = 8 * p, t = 1, 2^32-1, or p = 2^24-1)",
        },
        defaults=None,
        vectors=vecs,
    )


def kdf_invalid_file():
    rows = [
        ("argon2i", "algorithm argon2i", "argon2i;v=19;m=47104;t=3;p=1", "wrong-algorithm"),
        ("argon2d", "algorithm argon2d", "argon2d;v=19;m=47104;t=3;p=1", "wrong-algorithm"),
        ("uppercase-algorithm", "the algorithm name in upper case", "ARGON2ID;v=19;m=47104;t=3;p=1",
         "wrong-algorithm"),
        ("v16", "version 16 (0x10)", "argon2id;v=16;m=47104;t=3;p=1", "wrong-version"),
        ("v19-hex", "version written as hex 0x13", "argon2id;v=0x13;m=47104;t=3;p=1", "non-decimal"),
        ("v-missing", "no version", "argon2id;m=47104;t=3;p=1", "missing-key"),
        ("p-missing", "no parallelism", "argon2id;v=19;m=47104;t=3", "missing-key"),
        ("keys-reordered", "t before m", "argon2id;v=19;t=3;m=47104;p=1", "key-order"),
        ("key-repeated", "m given twice", "argon2id;v=19;m=47104;m=47104;t=3;p=1", "repeated-key"),
        ("unknown-key", "an extra key k=1 at the end", "argon2id;v=19;m=47104;t=3;p=1;k=1", "unknown-key"),
        ("unknown-key-instead", "x instead of p", "argon2id;v=19;m=47104;t=3;x=1", "unknown-key"),
        ("m-zero", "memory 0", "argon2id;v=19;m=0;t=3;p=1", "zero"),
        ("t-zero", "iterations 0", "argon2id;v=19;m=47104;t=0;p=1", "zero"),
        ("p-zero", "parallelism 0", "argon2id;v=19;m=47104;t=3;p=0", "zero"),
        ("memory-below-8p", "memory 31 KiB with 4 lanes (needs at least 32)", "argon2id;v=19;m=31;t=3;p=4",
         "memory-below-8p"),
        ("memory-below-8", "memory 7 KiB with 1 lane (needs at least 8)", "argon2id;v=19;m=7;t=3;p=1",
         "memory-below-8p"),
        ("m-hex", "memory written as hex 0x10", "argon2id;v=19;m=0x10;t=3;p=1", "non-decimal"),
        ("t-plus-sign", "a leading plus sign", "argon2id;v=19;m=47104;t=+3;p=1", "non-decimal"),
        ("t-minus-sign", "a negative value", "argon2id;v=19;m=47104;t=-3;p=1", "non-decimal"),
        ("t-decimal-point", "a decimal point", "argon2id;v=19;m=47104;t=3.0;p=1", "non-decimal"),
        ("t-leading-space", "a space before the value", "argon2id;v=19;m=47104;t= 3;p=1", "non-decimal"),
        ("t-leading-zero", "a leading zero (03)", "argon2id;v=19;m=47104;t=03;p=1", "non-decimal"),
        ("m-fullwidth-digits", "memory in fullwidth digits U+FF14 U+FF17 U+FF11 U+FF10 U+FF14 (Unicode Nd "
         "characters, not ASCII digits)", "argon2id;v=19;m=\uff14\uff17\uff11\uff10\uff14;t=3;p=1", "non-decimal"),
        ("m-empty", "an empty value", "argon2id;v=19;m=;t=3;p=1", "non-decimal"),
        ("trailing-semicolon", "a trailing ;", "argon2id;v=19;m=47104;t=3;p=1;", "syntax"),
        ("trailing-space", "a trailing space", "argon2id;v=19;m=47104;t=3;p=1 ", "syntax"),
        ("trailing-newline", "a trailing line feed", "argon2id;v=19;m=47104;t=3;p=1\n", "syntax"),
        ("leading-space", "a leading space", " argon2id;v=19;m=47104;t=3;p=1", "syntax"),
        ("comma-separated", "commas as in the PHC string format", "argon2id;v=19;m=47104,t=3,p=1", "syntax"),
        ("phc-string", "the PHC string prefix $argon2id$v=19$m=..,t=..,p=..", "$argon2id$v=19$m=47104,t=3,p=1",
         "syntax"),
        ("empty", "the empty string", "", "syntax"),
        ("m-above-uint32", "memory 2^32, one above the largest 32-bit value", "argon2id;v=19;m=4294967296;t=3;p=1",
         "overflow"),
        ("p-above-2pow24", "parallelism 2^24, one above RFC 9106's limit of 2^24-1 lanes (m = 8 * p, so only the "
         "lane limit is broken)", "argon2id;v=19;m=134217728;t=1;p=16777216", "overflow"),
        ("t-above-uint32", "iterations 2^32", "argon2id;v=19;m=47104;t=4294967296;p=1", "overflow"),
        ("m-wraps-uint64", "memory 2^64 + 47104, which wraps to 47104 in 64-bit arithmetic",
         "argon2id;v=19;m=18446744073709598720;t=3;p=1", "overflow"),
    ]
    assert 18446744073709598720 == 2 ** 64 + 47104
    vecs = [dict(id=vid, comment=comment, flags=[flag], result="invalid", input=dict(tag=tag),
                 expect=dict(error="parameters")) for vid, comment, tag, flag in rows]
    return dict(
        path="vectors/kdf-params/invalid.yaml", suite="kdf-params",
        title="kdfParams tags that every parser must refuse",
        source_impls=[],
        source="CONTRACT.md section 2 by inspection: a parser accepts only argon2id;v=19;m=<int>;t=<int>;p=<int> "
               "with the keys in this order, decimal values without sign or leading zero, non-zero, and "
               "m >= 8 * p; RFC 9106 section 3.1 bounds every value by 2^32-1 and p by 2^24-1.",
        notes={
            "wrong-algorithm": "an algorithm name other than argon2id (case matters)",
            "wrong-version": "a version other than 19",
            "missing-key": "a required key is absent",
            "key-order": "the keys are not in the order v, m, t, p",
            "repeated-key": "a key appears twice",
            "unknown-key": "a key other than v, m, t, p",
            "zero": "a value of 0",
            "memory-below-8p": "memory below 8 * p KiB",
            "non-decimal": "a value that is not a plain decimal number (hex, sign, point, space, leading zero, "
                           "non-ASCII digits, empty)",
            "syntax": "the string around the keys is wrong (separators, surrounding whitespace, empty string)",
            "overflow": "a value above 2^32-1, or p above 2^24-1",
        },
        defaults=None,
        vectors=vecs,
    )


# --------------------------------------------------------------------------- cross-checking

def run_checks(files, jobs: int):
    """Compute every argon2id key with the file's implementations; fill expect; assert agreement."""
    from argon2.low_level import ffi  # noqa: F401  (import early: fail fast if the venv is broken)
    pure_jobs = []  # (file index, vector index, kwargs)
    results = {}
    for fi, f in enumerate(files):
        if f["suite"] != "argon2id":
            continue
        defaults = f["defaults"] or {}
        for vi, vec in enumerate(f["vectors"]):
            if vec.get("refused"):
                check_refused(vec, defaults)
                continue
            kw = kdf_args(vec, defaults)
            if "check_version" in vec:
                kw["version"] = vec["check_version"]
            got = {}
            if "encoded" in vec:  # libsodium str vector: libsodium verifies the encoded string
                assert sodium_str_verify(vec["encoded"], kw["pw"]), vec["id"]
                got["sodium"] = vec["published"]
            got["cffi"] = impl_cffi(**kw)
            if sodium_can(kw["salt"], kw["p"], kw["length"], kw["secret"], kw["ad"], kw["version"]):
                got["sodium"] = impl_sodium(**kw)
            results[(fi, vi)] = got
            pure_jobs.append((kw["m"] * kw["t"], fi, vi, kw))
    pure_jobs.sort(key=lambda j: -j[0])
    total = sum(j[0] for j in pure_jobs)
    print(f"argon2pure: {len(pure_jobs)} keys, {total} block-passes, {jobs} processes", file=sys.stderr)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futs = [(fi, vi, pool.submit(_pure_job, kw)) for _, fi, vi, kw in pure_jobs]
        for fi, vi, fut in futs:
            results[(fi, vi)]["pure"] = fut.result()

    for (fi, vi), got in sorted(results.items()):
        f, vec = files[fi], files[fi]["vectors"][vi]
        values = set(got.values())
        assert len(values) == 1, f"{vec['id']}: implementations disagree: { {k: v.hex() for k, v in got.items()} }"
        key = values.pop()
        for impl in f["source_impls"]:
            if impl == "sodium" and impl not in got:
                continue  # p > 1, secret, ad, salt length, or short output: libsodium cannot run it
            assert impl in got, (vec["id"], impl)
        assert len(got) >= 2, vec["id"]
        if "published" in vec:
            assert key == vec["published"], f"{vec['id']}: computed key differs from the published one"
        if vec.get("result", "valid") == "valid":
            if "expect" in vec:
                assert vec["expect"]["key"].data == key
            else:
                vec["expect"] = dict(key=Hex(key))
        vec["checked_by"] = sorted(got)
    return results


def _pure_job(kw):
    return impl_pure(**kw)


def sodium_raw_refuses(kw) -> bool:
    """libsodium's own crypto_pwhash (no PyNaCl-side range checks) returns -1 for these inputs."""
    from nacl._sodium import ffi, lib
    out = ffi.new("unsigned char[]", kw["length"])
    rc = lib.crypto_pwhash(out, kw["length"], kw["pw"], len(kw["pw"]), kw["salt"], kw["t"], kw["m"] * 1024,
                           lib.crypto_pwhash_alg_argon2id13())
    return rc == -1


def check_refused(vec, defaults):
    """An invalid vector: the numeric cases must be refused by the reference code too (and by libsodium
    for the vectors taken from its tests)."""
    inp = {**defaults, **vec["input"]}
    if not re.fullmatch(r"argon2id;v=19;m=\d+;t=\d+;p=\d+", inp["params"]):
        return  # a tag-level refusal (algorithm, version, syntax): nothing numeric to run
    kw = kdf_args(vec, defaults)
    if "encoded" in vec:
        assert not sodium_str_verify(vec["encoded"], kw["pw"]), vec["id"]
    elif vec["id"].startswith("libsodium-"):
        assert sodium_raw_refuses(kw), vec["id"]
    try:
        impl_cffi(**kw)
    except ValueError:
        return
    raise AssertionError(f"{vec['id']}: the reference code accepted parameters the vector says are invalid")


# --------------------------------------------------------------------------- YAML writer

PLAIN_OK = re.compile(r"[A-Za-z][A-Za-z0-9._/-]*")
YAML_WORDS = {"true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"}


def q(s: str) -> str:
    """A YAML double-quoted scalar; control, format and combining characters are escaped."""
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif o < 0x20 or 0x7F <= o <= 0x9F or unicodedata.category(ch) in ("Cf", "Zl", "Zp", "Mn", "Me", "Co", "Cs") \
                or (ch.isspace() and ch != " "):
            out.append(f"\\u{o:04x}" if o <= 0xFFFF else f"\\U{o:08x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def plain(s: str) -> str:
    if PLAIN_OK.fullmatch(s) and s.lower() not in YAML_WORDS:
        return s
    return q(s)


def folded(text: str, indent: int) -> list[str]:
    pad = " " * indent
    return [">-"] + [pad + ln for ln in textwrap.wrap(text, width=100 - indent, break_long_words=False,
                                                    break_on_hyphens=False)]


def scalar_value(v) -> str:
    if isinstance(v, Hex):
        return "{hex: " + q(v.data.hex()) + "}"
    if isinstance(v, Utf8):
        return "{utf8: " + q(v.text) + "}"
    if isinstance(v, bool):
        raise TypeError(v)
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return q(v)
    raise TypeError(v)


def emit(f, vers) -> str:
    lines = [SCHEMA_LINE, "format: concord-vectors/1", f"suite: {f['suite']}", f"title: {q(f['title'])}"]
    sodium_ids = ", ".join(v["id"] for v in f["vectors"] if "sodium" in v.get("checked_by", ()))
    src = f["source"].format(**vers, sodium_ids=sodium_ids)
    f["source_text"] = src
    fl = folded(src, 2)
    lines.append("source: " + fl[0])
    lines += fl[1:]
    if f["notes"]:
        lines.append("notes:")
        for k, v in f["notes"].items():
            fl = folded(v, 4)
            lines.append(f"  {plain(k)}: " + fl[0])
            lines += fl[1:]
    if f["defaults"]:
        lines.append("defaults:")
        for k, v in f["defaults"].items():
            lines.append(f"  {k}: {scalar_value(v)}")
    lines.append("vectors:")
    for vec in f["vectors"]:
        lines.append("")
        lines.append(f"  - id: {plain(vec['id'])}")
        if vec.get("comment"):
            lines.append(f"    comment: {q(vec['comment'])}")
        if vec.get("flags"):
            lines.append("    flags: [" + ", ".join(plain(x) for x in vec["flags"]) + "]")
        if vec.get("result", "valid") != "valid":
            lines.append(f"    result: {vec['result']}")
        lines.append("    input:")
        for k, v in vec["input"].items():
            lines.append(f"      {k}: {scalar_value(v)}")
        exp = vec["expect"]
        if "error" in exp:
            lines.append(f"    expect: {{error: {exp['error']}}}")
        else:
            lines.append("    expect:")
            for k, v in exp.items():
                lines.append(f"      {k}: {scalar_value(v)}")
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- validation

SUITE_INPUTS = {
    "argon2id": ({"password", "salt", "params"}, {"length", "secret", "associatedData"}),
    "kdf-params": ({"tag"}, set()),
}
SUITE_EXPECT = {"argon2id": {"key"}, "kdf-params": {"memoryKiB", "iterations", "parallelism", "version"}}
BYTES_FIELDS = {"password", "salt", "secret", "associatedData", "key"}
ID_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def model_to_plain(v):
    if isinstance(v, Hex):
        return {"hex": v.data.hex()}
    if isinstance(v, Utf8):
        return {"utf8": v.text}
    if isinstance(v, dict):
        return {k: model_to_plain(x) for k, x in v.items()}
    if isinstance(v, list):
        return [model_to_plain(x) for x in v]
    return v


def strict_load(text: str, path: str):
    """Parse with PyYAML, refusing duplicate keys, anchors/aliases, tags and multiple documents."""
    import yaml
    for tok in yaml.scan(text):
        assert not isinstance(tok, (yaml.AnchorToken, yaml.AliasToken, yaml.TagToken)), f"{path}: {tok}"
    nodes = list(yaml.compose_all(text))
    assert len(nodes) == 1, f"{path}: expected one document"

    def walk(node):
        if isinstance(node, yaml.MappingNode):
            keys = [k.value for k, _ in node.value]
            assert len(keys) == len(set(keys)), f"{path}:{node.start_mark.line + 1}: duplicate key"
            for k, v in node.value:
                walk(k)
                walk(v)
        elif isinstance(node, yaml.SequenceNode):
            for x in node.value:
                walk(x)
        elif isinstance(node, yaml.ScalarNode) and node.style is None:
            # a plain scalar: must mean the same under YAML 1.1 (PyYAML) and 1.2 core (libyaml loader)
            s = node.value
            if not re.fullmatch(r"-?[0-9]+", s):
                assert PLAIN_OK.fullmatch(s) and s.lower() not in YAML_WORDS, f"{path}: ambiguous plain {s!r}"
    walk(nodes[0])
    return yaml.safe_load(text)


def validate(files, texts):
    ids = {}
    for f in files:
        path, text = f["path"], texts[f["path"]]
        assert text.startswith(SCHEMA_LINE + "\n")
        assert text.encode("utf-8").decode("utf-8") == text and not text.startswith("\ufeff")
        doc = strict_load(text, path)
        want = {"format": "concord-vectors/1", "suite": f["suite"], "title": f["title"], "source": f["source_text"]}
        if f["notes"]:
            want["notes"] = f["notes"]
        if f["defaults"]:
            want["defaults"] = model_to_plain(f["defaults"])
        want["vectors"] = []
        for vec in f["vectors"]:
            w = {"id": vec["id"]}
            for k in ("comment", "flags"):
                if vec.get(k):
                    w[k] = vec[k]
            if vec.get("result", "valid") != "valid":
                w["result"] = vec["result"]
            w["input"] = model_to_plain(vec["input"])
            w["expect"] = model_to_plain(vec["expect"])
            want["vectors"].append(w)
        assert doc == want, f"{path}: the YAML does not read back as the data it was written from"
        # the loader's rules (docs/vector-format.md)
        req, opt = SUITE_INPUTS[f["suite"]]
        defaults = doc.get("defaults", {})
        assert set(defaults) <= req | opt
        assert doc["vectors"], path
        for vec in doc["vectors"]:
            assert ID_RE.fullmatch(vec["id"]), vec["id"]
            key = (f["suite"], vec["id"])
            assert key not in ids, f"duplicate id {vec['id']} in {path} and {ids[key]}"
            ids[key] = path
            assert set(vec) <= {"id", "comment", "flags", "result", "input", "expect"}, vec["id"]
            for fl in vec.get("flags", []):
                assert fl in doc.get("notes", {}), f"{path}: flag {fl} not declared in notes"
            inp = {**defaults, **vec["input"]}
            assert req <= set(inp) <= req | opt, vec["id"]
            for k, v in inp.items():
                if k in BYTES_FIELDS:
                    assert isinstance(v, dict) and len(v) == 1, vec["id"]
                    if "hex" in v:
                        assert isinstance(v["hex"], str) and re.fullmatch(r"(?:[0-9a-f]{2})*", v["hex"]), vec["id"]
                    else:
                        assert isinstance(v.get("utf8"), str), vec["id"]
                elif k == "length":
                    assert isinstance(v, int) and 4 <= v <= 1024, vec["id"]
                else:
                    assert isinstance(v, str), vec["id"]
            result = vec.get("result", "valid")
            if result == "valid":
                assert set(vec["expect"]) == SUITE_EXPECT[f["suite"]], vec["id"]
                for k, v in vec["expect"].items():
                    if k in BYTES_FIELDS:
                        assert re.fullmatch(r"(?:[0-9a-f]{2})+", v["hex"]), vec["id"]
                    else:
                        assert isinstance(v, int) and not isinstance(v, bool), vec["id"]
            else:
                assert result == "invalid" and vec["expect"] == {"error": "parameters"}, vec["id"]
    return ids


# --------------------------------------------------------------------------- main

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="do not write; exit 1 if a file on disk differs")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes for argon2pure")
    args = ap.parse_args()

    files = [closer_file(), rfc_file(), libsodium_file(), small_file(), invalid_file(),
             kdf_valid_file(), kdf_invalid_file()]
    run_checks(files, max(1, args.jobs))
    vers = versions()
    texts = {f["path"]: emit(f, vers) for f in files}
    validate(files, texts)

    differ = []
    for f in files:
        path = REPO / f["path"]
        old = path.read_bytes() if path.exists() else None
        new = texts[f["path"]].encode("utf-8")
        if old != new:
            differ.append(f["path"])
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(new)
        n = len(f["vectors"])
        nv = sum(1 for v in f["vectors"] if v.get("result", "valid") == "valid")
        checked = sorted({tuple(v.get("checked_by", ())) for v in f["vectors"] if v.get("checked_by")})
        print(f"{f['path']}: {n} vectors ({nv} valid, {n - nv} invalid); "
              f"cross-checked by: {', '.join('+'.join(c) for c in checked) or 'n/a (no derived keys)'}")
    if args.check:
        if differ:
            print("differs from the generator's output: " + ", ".join(differ), file=sys.stderr)
            sys.exit(1)
        print("all files match the generator's output")
    else:
        print(f"wrote {len(differ)} changed file(s), {len(files) - len(differ)} unchanged")


if __name__ == "__main__":
    ensure_venv()
    main()
