"""Argon2id for the Closer wraps (CONTRACT.md §2), which Tink does not have: libsodium's crypto_pwhash
(ALG_ARGON2ID13) through ctypes, the system's libsodium (a Debian package Concord already needs). Android
derives with BouncyCastle; what the Tink adapter checks in those suites is the AES-GCM layer on top, which
is Tink's. One lane only, as libsodium: a tag with p > 1 is unsupported. The tag `kdfParams` is read by the
strict grammar of §2."""

import ctypes
import ctypes.util
import re

from wire.answers import Refusal, Unsupported

_ALG_ARGON2ID13 = 2
_sodium = None


def _library():
    global _sodium
    if _sodium is None:
        path = ctypes.util.find_library("sodium")
        if path is None:
            raise Unsupported("libsodium is not installed (apt-get install libsodium23): no Argon2id for this suite")
        lib = ctypes.CDLL(path)
        if lib.sodium_init() < 0:
            raise RuntimeError("sodium_init failed")
        lib.crypto_pwhash.argtypes = [ctypes.c_char_p, ctypes.c_ulonglong, ctypes.c_char_p, ctypes.c_ulonglong,
                                      ctypes.c_char_p, ctypes.c_ulonglong, ctypes.c_size_t, ctypes.c_int]
        lib.crypto_pwhash.restype = ctypes.c_int
        _sodium = lib
    return _sodium


def version():
    lib = _library()
    lib.sodium_version_string.restype = ctypes.c_char_p
    return lib.sodium_version_string().decode("ascii")


CLOSER = (47104, 3, 1)  # m (KiB), t, p: "argon2id;v=19;m=47104;t=3;p=1"

_TAG = re.compile(r"argon2id;v=([0-9]+);m=([0-9]+);t=([0-9]+);p=([0-9]+)")


def parse_params(tag):
    """The §2 grammar: exactly `argon2id;v=19;m=<m>;t=<t>;p=<p>`, canonical ASCII decimals, none zero,
    m >= 8p, each at most 2^32 - 1 and p at most 2^24 - 1. Refusal: parameters. Returns (m, t, p)."""
    match = _TAG.fullmatch(tag)
    if match is None:
        raise Refusal("parameters", "kdfParams %r is not argon2id;v=19;m=<m>;t=<t>;p=<p>" % tag)
    digits = match.groups()
    if any(len(d) > 1 and d[0] == "0" for d in digits):
        raise Refusal("parameters", "kdfParams %r has a number with a leading zero" % tag)
    v, m, t, p = (int(d) for d in digits)
    if v != 19:
        raise Refusal("parameters", "kdfParams names Argon2 version %d; the contract's is 19 (0x13)" % v)
    if 0 in (m, t, p):
        raise Refusal("parameters", "kdfParams %r has a zero value" % tag)
    if max(m, t, p) > 0xFFFFFFFF or p > 0xFFFFFF:
        raise Refusal("parameters", "kdfParams %r has a value above RFC 9106's limits" % tag)
    if m < 8 * p:
        raise Refusal("parameters", "kdfParams %r has m below 8 * p" % tag)
    return m, t, p


def derive(secret, salt, params=CLOSER):
    """Argon2id(password = UTF-8(secret), salt, version 0x13, m KiB, t passes, one lane) -> 32 bytes."""
    m, t, p = params
    if len(salt) != 16:
        raise Refusal("parameters", "the salt is %d bytes; the contract's salt is 16" % len(salt))
    if p != 1:
        raise Unsupported("libsodium derives Argon2id with one lane only; kdfParams has p=%d" % p)
    password = secret.encode("utf-8")
    out = ctypes.create_string_buffer(32)
    if _library().crypto_pwhash(out, 32, password, len(password), salt, t, m * 1024, _ALG_ARGON2ID13) != 0:
        raise Unsupported("libsodium's crypto_pwhash refuses m=%d KiB, t=%d (outside its limits or out of memory)"
                          % (m, t))
    return out.raw
