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
        # Tink says "invalid signature" for a malformed encoding and a wrong signature alike (and
        # "signature too short" for some malformed ones): its refusal is classed by the contract's
        # rule on the signature's shape (docs/vector-format.md: not strict DER, or not 64 bytes r||s,
        # is format; a well-formed signature that does not verify is authentication). A malformed
        # signature is format before the key is looked at, as the other implementations read them
        # (the signature's encoding, then the key, then r and s).
        well_formed = len(signature) == 64 if encoding == ecdsa_pb2.IEEE_P1363 else strict_der_pair(signature)
        try:
            verifier = raw_handle(ECDSA_PUBLIC, value, tink_pb2.KeyData.ASYMMETRIC_PUBLIC).primitive(signature_module.PublicKeyVerify)
        except tink.TinkError as e:
            if not well_formed:
                raise Refusal("format", "the signature is malformed (and Tink refuses the P-256 public key: %s)" % e) from None
            raise Refusal("key", "Tink refuses the P-256 public key: %s" % e) from None
        try:
            verifier.verify(signature, get_bytes(request_input, "message"))
        except tink.TinkError as e:
            error_class = "authentication" if well_formed else "format"
            raise Refusal(error_class, "Tink's PublicKeyVerify refuses the signature: %s" % e) from None
        return {}


def strict_der_pair(data):
    """Whether data is a strict DER SEQUENCE of two non-negative INTEGERs of at most 33 bytes each
    (RFC 3279's Ecdsa-Sig-Value for P-256, minimal lengths and no padding byte that is not needed),
    and nothing after it. Only the shape: the values' range is the verifier's."""
    if len(data) < 2 or data[0] != 0x30 or data[1] >= 0x80 or data[1] != len(data) - 2:
        return False
    rest = data[2:]
    for _ in range(2):
        if len(rest) < 2 or rest[0] != 0x02 or not 1 <= rest[1] <= 33 or len(rest) < 2 + rest[1]:
            return False
        value = rest[2:2 + rest[1]]
        if value[0] & 0x80 or (len(value) > 1 and value[0] == 0 and not value[1] & 0x80):
            return False
        rest = rest[2 + rest[1]:]
    return not rest
