"""The AES-256-GCM layer of the Closer symmetric suites (CONTRACT.md §3-§8) as Android runs it: Tink's `Aead`
from a keyset, never a hand-written layout. A raw 32-byte key becomes a keyset of one AesGcmKey with output
prefix RAW (what the contract's combined form `nonce || ciphertext || tag` is, and what Android's
`AesGcmJce` writes); an Android keyset (`keysetJson`) is used as it is, so its output prefix decides what
Tink writes: `AES256_GCM` (TINK) puts `0x01 || keyId` in front, `AES256_GCM_RAW` nothing.

Tink reports every failed decryption alike ("decryption failed"), so when Tink refuses, the class is found
by asking Tink again, never by decrypting by hand: a blob that Tink opens with a TINK (or LEGACY) key of the
same bytes and the key id its first five bytes name carries a Tink output prefix, which the contract does
not allow (`format`, the prefix named); one that Tink opens with another AAD the contract used names it
(`authentication`); otherwise the tag does not verify (`authentication`).
"""

import json

import tink
from tink import aead, secret_key_access
from tink.proto import aes_gcm_pb2, tink_pb2

from primitives.keysets import AES_GCM, decode_proto, key_refusal, parse_keyset, primary_key, proto_keyset, raw_handle
from wire.answers import Refusal

NONCE = 12
TAG = 16
PREFIX = 5
PREFIX_NAMES = {1: "TINK", 0: "LEGACY/CRUNCHY"}


def _key_proto(key):
    return aes_gcm_pb2.AesGcmKey(version=0, key_value=key).SerializeToString()


def contract_key(key, field):
    if len(key) != 32:
        raise Refusal("parameters", "%s is %d bytes; the contract's AES-256-GCM needs 32" % (field, len(key)))
    return key


def raw_aead(key, field):
    """Tink's Aead on a keyset of one AesGcmKey (id 1, RAW): the contract's combined form."""
    contract_key(key, field)
    return raw_handle(AES_GCM, _key_proto(key), tink_pb2.KeyData.SYMMETRIC).primitive(aead.Aead)


def _prefixed_aead(key, key_id, prefix_type):
    keyset = tink_pb2.Keyset(primary_key_id=key_id)
    entry = keyset.key.add()
    entry.key_data.type_url = AES_GCM
    entry.key_data.value = _key_proto(key)
    entry.key_data.key_material_type = tink_pb2.KeyData.SYMMETRIC
    entry.status = tink_pb2.ENABLED
    entry.key_id = key_id
    entry.output_prefix_type = prefix_type
    handle = tink.proto_keyset_format.parse(keyset.SerializeToString(), secret_key_access.TOKEN)
    return handle.primitive(aead.Aead)


def _opens(primitive, blob, aad):
    try:
        primitive.decrypt(blob, aad)
        return True
    except tink.TinkError:
        return False


def tink_prefix(key, blob, aad):
    """The Tink output prefix a blob carries, described, when Tink opens it with a key of that prefix type
    and the id its header names (the same key bytes); else None."""
    if len(blob) < PREFIX + NONCE + TAG or blob[0] not in PREFIX_NAMES:
        return None
    key_id = int.from_bytes(blob[1:PREFIX], "big")
    prefix_type = tink_pb2.TINK if blob[0] == 1 else tink_pb2.LEGACY
    if not _opens(_prefixed_aead(key, key_id, prefix_type), blob, aad):
        return None
    return "%s (0x%02x, key id %d = 0x%08x)" % (PREFIX_NAMES[blob[0]], blob[0], key_id, key_id)


def open_blob(primitive, key, blob, aad, what, alternatives=()):
    """Tink's Aead `primitive` decrypts `blob` with `aad`; a refusal is classed by asking Tink again (see the
    module's docstring). `key`: the raw key bytes behind `primitive`; `alternatives`: (name, aad) pairs."""
    try:
        return primitive.decrypt(blob, aad)
    except tink.TinkError as e:
        error = e
    if len(blob) < NONCE + TAG:
        raise Refusal("format", "%s is %d bytes, shorter than nonce (12) + tag (16); Tink: %s" % (what, len(blob), error))
    prefix = tink_prefix(key, blob, aad)
    if prefix is not None:
        raise Refusal("format", "%s starts with a 5-byte Tink %s output prefix and Tink opens it with a key of "
                                "that prefix type and id: the contract is RAW (no prefix); Tink on a RAW key: %s"
                      % (what, prefix, error))
    raw = raw_aead(key, "the key")
    for name, other in alternatives:
        if _opens(raw, blob, other):
            raise Refusal("authentication", "%s does not open with the contract's AAD but opens with %s (%s)"
                          % (what, name, other.decode("utf-8", "replace")))
    raise Refusal("authentication", "Tink Aead refuses %s (wrong key, wrong AAD or altered bytes): %s" % (what, error))


def open_with_keyset(primitive, key, key_prefix, blob, aad, what):
    """Android's read: Tink's Aead on its own keyset. When Tink refuses a blob that a RAW key opens (an
    iOS-written value) and the keyset's key has a prefix, say so: the keyset's output prefix is the cause."""
    try:
        return primitive.decrypt(blob, aad)
    except tink.TinkError as e:
        if key_prefix != tink_pb2.RAW and _opens(raw_aead(key, "the key"), blob, aad):
            raise Refusal("key", "%s is the contract's RAW form (no Tink prefix) and opens with a RAW key, but "
                                 "keysetJson's key has output prefix %s, so Tink's Aead on it (Android's reader) "
                                 "refuses it: %s" % (what, tink_pb2.OutputPrefixType.Name(key_prefix), e)) from None
    return open_blob(raw_aead(key, "the key"), key, blob, aad, what)


def keyset_aead(text, key, field="keysetJson"):
    """(Aead, output prefix type) of an Android keyset: Tink's JSON keyset reader, one ENABLED primary
    AesGcmKey, and that key must be `key` (the raw key the other implementations use)."""
    handle = parse_keyset(text, field, secret=True)
    keyset = proto_keyset(handle)
    primary = primary_key(keyset, field)
    if primary.key_data.type_url != AES_GCM:
        raise Refusal("key", "%s's primary key has type %s, not %s" % (field, json.dumps(primary.key_data.type_url), AES_GCM))
    value = decode_proto(aes_gcm_pb2.AesGcmKey, primary.key_data.value, "%s's primary key" % field).key_value
    if value != key:
        raise Refusal("key", "%s's primary key is not the vector's key (the two inputs must hold the same key)" % field)
    try:
        return handle.primitive(aead.Aead), primary.output_prefix_type
    except tink.TinkError as e:
        raise key_refusal(e, "Tink refuses %s as an Aead keyset: %s" % (field, e)) from None
