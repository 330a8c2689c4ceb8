"""Suite ed25519 of the Tink adapter."""

import tink
from tink import signature as signature_module
from tink.proto import ed25519_pb2, tink_pb2

from primitives.keysets import ED25519_PUBLIC, raw_handle
from wire.answers import Refusal
from wire.protocol import Op, get_bytes, library

class Ed25519Suite:
    """Ed25519 verify through Tink's PublicKeyVerify with a RAW Ed25519PublicKey."""

    name = "ed25519"
    PROVENANCE = library("Tink PublicKeyVerify, Ed25519PublicKey")
    NOT_RUN = {"sign": "a Tink Ed25519PrivateKey carries its public key, which the vector does not give and Tink's "
                       "API cannot derive from the secret alone"}

    def __init__(self):
        self.ops = (Op("verify", self._verify, inputs=("public", "message", "signature")),)

    def _verify(self, request_input):
        public = get_bytes(request_input, "public")
        signature = get_bytes(request_input, "signature")
        if len(public) != 32:
            raise Refusal("parameters", "an Ed25519 public key is 32 bytes (got %d)" % len(public))
        if len(signature) != 64:
            raise Refusal("parameters", "an Ed25519 signature is 64 bytes (got %d)" % len(signature))
        value = ed25519_pb2.Ed25519PublicKey(version=0, key_value=public).SerializeToString()
        try:
            verifier = raw_handle(ED25519_PUBLIC, value, tink_pb2.KeyData.ASYMMETRIC_PUBLIC).primitive(signature_module.PublicKeyVerify)
        except tink.TinkError as e:
            raise Refusal("key", "Tink refuses the Ed25519 public key: %s" % e) from None
        try:
            verifier.verify(signature, get_bytes(request_input, "message"))
        except tink.TinkError as e:
            raise Refusal("authentication", "Tink's PublicKeyVerify refuses the signature: %s" % e) from None
        return {}
