"""Closer's hybrid keysets through Tink: the `keybox:v1:` / `pub:v1:` prefixes, a private ECIES keyset with
its HybridDecrypt (memoized), the HybridEncrypt of its public keyset, and the AES-GCM key of a Tink keyset
sealed in a keybox."""

import json
import threading

import tink
from google.protobuf import message as protobuf_message
from tink import aead, hybrid, secret_key_access
from tink.proto import aes_gcm_pb2, ecies_aead_hkdf_pb2, tink_pb2

from primitives.keysets import (AES_GCM, ECIES_PRIVATE, decode_proto, material, parse_keyset, primary_key,
                                proto_keyset, tink_primitive)
from wire.answers import Refusal

KEYBOX_PREFIX = "keybox:v1:"
PUBLIC_KEY_PREFIX = "pub:v1:"


_keyset_cache = {}
_keyset_cache_lock = threading.Lock()


def private_keyset(text, field="recipientPrivateKeyset"):
    """(handle, HybridDecrypt) for a private hybrid keyset; memoized (the matrix reuses few keysets)."""
    with _keyset_cache_lock:
        cached = _keyset_cache.get(text)
    if cached is not None:
        return cached
    handle = parse_keyset(text, field, secret=True)
    keyset = proto_keyset(handle)
    key = primary_key(keyset, field)
    if key.key_data.key_material_type != tink_pb2.KeyData.ASYMMETRIC_PRIVATE:
        raise Refusal("key", "%s: its primary key %d is %s (%s), not a private hybrid key"
                      % (field, key.key_id, material(key), key.key_data.type_url))
    if key.key_data.type_url == ECIES_PRIVATE:
        decode_proto(ecies_aead_hkdf_pb2.EciesAeadHkdfPrivateKey, key.key_data.value,
                      "%s key %d value" % (field, key.key_id))
    decrypt = tink_primitive(handle, hybrid.HybridDecrypt, field)
    result = (handle, decrypt)
    with _keyset_cache_lock:
        if len(_keyset_cache) > 256:
            _keyset_cache.clear()
        _keyset_cache[text] = result
    return result


def hybrid_encrypt_for(handle, field):
    try:
        public = handle.public_keyset_handle()
    except tink.TinkError as e:
        raise Refusal("key", "Tink cannot derive the public keyset of %s: %s" % (field, e)) from None
    return tink_primitive(public, hybrid.HybridEncrypt, field + " (public keyset)")


def aes_gcm_keyset_key(plaintext):
    """The key of a Tink JSON keyset whose primary key is an AesGcmKey Tink accepts, else None."""
    try:
        text = plaintext.decode("utf-8", "strict")
        if not isinstance(json.loads(text), dict):
            return None
        handle = tink.json_proto_keyset_format.parse(text, secret_key_access.TOKEN)
        keyset = proto_keyset(handle)
        key = primary_key(keyset, "the plaintext")
        if key.key_data.type_url != AES_GCM:
            return None
        value = aes_gcm_pb2.AesGcmKey.FromString(key.key_data.value).key_value
        handle.primitive(aead.Aead)  # Tink's own validation of every key in the keyset
        return value
    except (ValueError, RecursionError, tink.TinkError, Refusal, protobuf_message.DecodeError):
        return None
