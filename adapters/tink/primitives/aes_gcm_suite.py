"""Suite aes-gcm of the Tink adapter."""

import tink
from tink import aead, secret_key_access
from tink.proto import aes_gcm_pb2, tink_pb2

from primitives.keysets import AES_GCM
from wire.answers import Refusal, Unsupported
from wire.protocol import Op, get_bytes, library, out_bytes

class AesGcmSuite:
    """AEAD open with a given raw key, through a Tink keyset holding one AesGcmKey, prefix RAW."""

    name = "aes-gcm"
    PROVENANCE = library("Tink Aead, AesGcmKey")
    NOT_RUN = {"seal": "Tink's Aead draws its own nonce; a given nonce cannot be used"}

    def __init__(self):
        self.ops = (Op("open", self._open, inputs=("key", "nonce", "aad", "ciphertext", "tag"), outputs=("plaintext",)),)

    def _open(self, request_input):
        key = get_bytes(request_input, "key")
        nonce = get_bytes(request_input, "nonce")
        aad = get_bytes(request_input, "aad")
        ciphertext = get_bytes(request_input, "ciphertext")
        tag = get_bytes(request_input, "tag")
        if len(tag) != 16:
            raise Refusal("parameters", "tag is %d bytes; this suite uses 16-byte tags" % len(tag))
        if len(key) not in (16, 32):
            raise Unsupported("Tink's AES-GCM takes 16- or 32-byte keys, not %d" % len(key))
        if len(nonce) != 12:
            raise Unsupported("Tink's AES-GCM uses 12-byte nonces, not %d" % len(nonce))
        keyset = tink_pb2.Keyset(primary_key_id=1)
        entry = keyset.key.add()
        entry.key_data.type_url = AES_GCM
        entry.key_data.value = aes_gcm_pb2.AesGcmKey(version=0, key_value=key).SerializeToString()
        entry.key_data.key_material_type = tink_pb2.KeyData.SYMMETRIC
        entry.status = tink_pb2.ENABLED
        entry.key_id = 1
        entry.output_prefix_type = tink_pb2.RAW
        handle = tink.proto_keyset_format.parse(keyset.SerializeToString(), secret_key_access.TOKEN)
        primitive = handle.primitive(aead.Aead)
        try:
            plaintext = primitive.decrypt(nonce + ciphertext + tag, aad)
        except tink.TinkError as e:
            raise Refusal("authentication", "Tink Aead refuses the blob: %s" % e) from None
        return {"plaintext": out_bytes(plaintext)}
