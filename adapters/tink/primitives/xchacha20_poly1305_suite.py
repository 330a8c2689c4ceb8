"""Suite xchacha20-poly1305 of the Tink adapter."""

import tink
from tink import aead
from tink.proto import tink_pb2, xchacha20_poly1305_pb2

from primitives.keysets import TYPE_URL_PREFIX, raw_handle
from wire.answers import Refusal
from wire.protocol import Op, get_bytes, library, out_bytes

class _ChaChaOpen:
    """AEAD open with a given raw key through a RAW keyset holding one key of the suite's type: Tink's ciphertext
    is nonce || ct || tag, so a given nonce can be opened (never sealed: Tink draws it). Tink 1.16.1 for Python
    registers no ChaCha20Poly1305Key manager ("No manager for type ...ChaCha20Poly1305Key"), so only
    XChaCha20-Poly1305 is offered."""

    NOT_RUN = {"seal": "Tink's Aead draws its own nonce; a given nonce cannot be used"}

    def __init__(self):
        self.ops = (Op("open", self._open, inputs=("key", "nonce", "aad", "ciphertext", "tag"), outputs=("plaintext",)),)

    def _open(self, request_input):
        key = get_bytes(request_input, "key")
        nonce = get_bytes(request_input, "nonce")
        aad = get_bytes(request_input, "aad")
        ciphertext = get_bytes(request_input, "ciphertext")
        tag = get_bytes(request_input, "tag")
        if len(key) != 32:
            raise Refusal("parameters", "%s takes a 32-byte key (got %d bytes)" % (self.label, len(key)))
        if len(nonce) != self.nonce_bytes:
            raise Refusal("parameters", "%s takes a %d-byte nonce (got %d bytes)" % (self.label, self.nonce_bytes, len(nonce)))
        if len(tag) != 16:
            raise Refusal("parameters", "%s takes a 16-byte tag (got %d bytes)" % (self.label, len(tag)))
        value = self.proto(version=0, key_value=key).SerializeToString()
        primitive = raw_handle(self.type_url, value, tink_pb2.KeyData.SYMMETRIC).primitive(aead.Aead)
        try:
            plaintext = primitive.decrypt(nonce + ciphertext + tag, aad)
        except tink.TinkError as e:
            raise Refusal("authentication", "Tink Aead refuses the blob: %s" % e) from None
        return {"plaintext": out_bytes(plaintext)}


class XChaCha20Poly1305Suite(_ChaChaOpen):
    name = "xchacha20-poly1305"
    PROVENANCE = library("Tink Aead, XChaCha20Poly1305Key")
    label = "XChaCha20-Poly1305"
    nonce_bytes = 24
    type_url = TYPE_URL_PREFIX + "XChaCha20Poly1305Key"
    proto = xchacha20_poly1305_pb2.XChaCha20Poly1305Key
