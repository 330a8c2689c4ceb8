"""Suite closer.couple-key-wrap of the Tink adapter (CONTRACT.md §4): `unwrap` as Android's
CoupleEncryptionManager runs it, the KEK from Argon2id and the blob through Tink's Aead (a RAW keyset of the
KEK: what `AesGcmJce` writes); an option B plaintext is a Tink keyset that Tink reads back and uses."""

import tink
from tink import aead
from tink.proto import aes_gcm_pb2, tink_pb2

from closer.aead_keysets import open_blob, raw_aead
from primitives import argon2id
from primitives.keysets import AES_GCM, decode_proto, parse_keyset, proto_keyset
from wire.answers import Refusal
from wire.encodings import b64_decode
from wire.protocol import Op, get_text, library, out_bytes

AAD = b"closer_couple_key"
PROBE = b"concord: the unwrapped keyset encrypts and decrypts"


def keyset_key(plaintext):
    """Option B: the 32-byte key of a Tink cleartext JSON keyset of exactly one ENABLED AesGcmKey, read by
    Tink and used (Tink's Aead on it encrypts and decrypts a probe). Anything else is format (§4)."""
    try:
        text = plaintext.decode("utf-8", "strict")
    except UnicodeDecodeError as e:
        raise Refusal("format", "the unwrapped plaintext is neither 32 bytes (option A) nor UTF-8 (%s)" % e) from None
    try:
        handle = parse_keyset(text, "the unwrapped keyset", secret=True)
    except Refusal as r:
        raise Refusal("format", "the unwrapped plaintext is not a 32-byte key or a Tink keyset Tink reads: %s"
                      % r.message) from None
    keyset = proto_keyset(handle)
    if len(keyset.key) != 1:
        raise Refusal("format", "the unwrapped keyset holds %d keys; the contract's option B holds one" % len(keyset.key))
    key = keyset.key[0]
    if key.key_data.type_url != AES_GCM or key.status != tink_pb2.ENABLED or key.key_id != keyset.primary_key_id:
        raise Refusal("format", "the unwrapped keyset's key is not one ENABLED primary %s" % AES_GCM)
    value = decode_proto(aes_gcm_pb2.AesGcmKey, key.key_data.value, "the unwrapped keyset's key").key_value
    if len(value) != 32:
        raise Refusal("format", "the unwrapped keyset's AesGcmKey is %d bytes; the contract's couple key is 32" % len(value))
    try:
        primitive = handle.primitive(aead.Aead)
        if primitive.decrypt(primitive.encrypt(PROBE, AAD), AAD) != PROBE:
            raise RuntimeError("Tink's Aead on the unwrapped keyset decrypted its own value to different bytes")
    except tink.TinkError as e:
        raise Refusal("format", "Tink cannot use the unwrapped keyset as an Aead: %s" % e) from None
    return value


class CoupleKeyWrapSuite:
    name = "closer.couple-key-wrap"
    PROVENANCE = library("Tink Aead on a RAW AesGcmKey keyset of the KEK, Tink's keyset reader for option B; "
                         "Argon2id from libsodium crypto_pwhash")
    NOT_RUN = {"wrap": "Tink's Aead draws its own nonce; a given nonce cannot be used"}

    def __init__(self):
        self.ops = (Op("unwrap", self._unwrap, inputs=("phrase", "kdfSalt", "wrappedCoupleKey"),
                       optional=("kdfParams",), outputs=("coupleKey", "form")),)

    def _unwrap(self, request_input):
        phrase = get_text(request_input, "phrase")
        params = argon2id.CLOSER
        if "kdfParams" in request_input:
            params = argon2id.parse_params(get_text(request_input, "kdfParams"))
        salt = b64_decode(get_text(request_input, "kdfSalt"), "kdfSalt")
        if len(salt) != 16:
            raise Refusal("format", "kdfSalt decodes to %d bytes; the contract's salt is 16" % len(salt))
        blob = b64_decode(get_text(request_input, "wrappedCoupleKey"), "wrappedCoupleKey")
        kek = argon2id.derive(phrase, salt, params)
        plaintext = open_blob(raw_aead(kek, "the KEK"), kek, blob, AAD, "wrappedCoupleKey")
        if len(plaintext) == 32:
            return {"coupleKey": out_bytes(plaintext), "form": "raw"}
        return {"coupleKey": out_bytes(keyset_key(plaintext)), "form": "tink-keyset"}
