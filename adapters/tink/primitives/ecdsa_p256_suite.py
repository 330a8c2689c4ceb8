"""Suite ecdsa-p256 of the Tink adapter."""

import tink
from tink import signature as signature_module
from tink.proto import common_pb2, ecdsa_pb2, tink_pb2

from primitives.keysets import ECDSA_PUBLIC, raw_handle
from wire.answers import Refusal, Unsupported
from wire.protocol import Op, get_bytes, library

class EcdsaP256Suite:
    """ECDSA P-256 / SHA-256 verify (DER and IEEE P1363) through Tink's PublicKeyVerify with a RAW
    EcdsaPublicKey; the public key must be an uncompressed SEC1 point (Tink's key holds x and y)."""

    name = "ecdsa-p256"
    PROVENANCE = library("Tink PublicKeyVerify, EcdsaPublicKey")
    NOT_RUN = {"sign": "Tink's PublicKeySign draws a random nonce; RFC 6979 deterministic signatures cannot be asked for"}

    def __init__(self):
        self.ops = (Op("verify", lambda i: self._verify(i, ecdsa_pb2.DER), inputs=("public", "message", "signature")),
                    Op("verify-p1363", lambda i: self._verify(i, ecdsa_pb2.IEEE_P1363), inputs=("public", "message", "signature")))

    def _verify(self, request_input, encoding):
        public = get_bytes(request_input, "public")
        signature = get_bytes(request_input, "signature")
        if len(public) != 65 or public[0] != 4:
            raise Unsupported("Tink's EcdsaPublicKey takes x and y: only an uncompressed SEC1 point (65 bytes) is passed to it")
        params = ecdsa_pb2.EcdsaParams(hash_type=common_pb2.SHA256, curve=common_pb2.NIST_P256, encoding=encoding)
        value = ecdsa_pb2.EcdsaPublicKey(version=0, params=params, x=public[1:33], y=public[33:]).SerializeToString()
        try:
            verifier = raw_handle(ECDSA_PUBLIC, value, tink_pb2.KeyData.ASYMMETRIC_PUBLIC).primitive(signature_module.PublicKeyVerify)
        except tink.TinkError as e:
            raise Refusal("key", "Tink refuses the P-256 public key: %s" % e) from None
        try:
            verifier.verify(signature, get_bytes(request_input, "message"))
        except tink.TinkError as e:
            raise Refusal("authentication", "Tink's PublicKeyVerify refuses the signature: %s" % e) from None
        return {}
