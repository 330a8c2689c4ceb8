"""The registry of the Tink adapter's suites, in the order the handshake lists them: register a new suite
here (docs/adapters.md, "Where to add a suite"). Every cryptographic operation and every keyset check is
Tink's: keysets are parsed with tink.json_proto_keyset_format, keys validated by creating Tink primitives,
keyboxes opened with Tink's HybridDecrypt, AES-GCM blobs with Tink's Aead. The adapter adds only what Tink
does not express: the text layers (strict b64 / b64url), the mapping of Tink's errors to the refusal
classes, and reading key fields through Tink's own protobuf classes (tink.proto).
"""

from closer.couple_key_wrap_suite import CoupleKeyWrapSuite
from closer.field_suite import FieldSuite
from closer.invite_phrase_suite import InvitePhraseSuite
from closer.keybox_suite import KeyboxSuite
from closer.sealed_answer_suite import SealedAnswerSuite
from closer.tink_public_key_suite import TinkPublicKeySuite
from primitives.aes_gcm_suite import AesGcmSuite
from primitives.ecdsa_p256_suite import EcdsaP256Suite
from primitives.ed25519_suite import Ed25519Suite
from primitives.hmac_sha256_suite import HmacSha256Suite
from primitives.xchacha20_poly1305_suite import XChaCha20Poly1305Suite
from sinew.field_cipher_suite import SinewFieldCipherSuite

ALL = (KeyboxSuite(), TinkPublicKeySuite(), FieldSuite(), CoupleKeyWrapSuite(), InvitePhraseSuite(),
       SealedAnswerSuite(), AesGcmSuite(),
       HmacSha256Suite(),
       XChaCha20Poly1305Suite(), Ed25519Suite(), EcdsaP256Suite(),
       SinewFieldCipherSuite())


def handshake():
    """The handshake's "suites" member (docs/adapters.md §1), made from the suites' declarations, with each
    suite's PROVENANCE (who wrote the code it runs; a suite without one fails a test of the project)."""
    out = []
    for suite in ALL:
        entry = {"suite": suite.name, "ops": [op.announce() for op in suite.ops]}
        if getattr(suite, "PROVENANCE", None) is not None:
            entry["provenance"] = suite.PROVENANCE
        out.append(entry)
    return out


def find(name):
    for suite in ALL:
        if suite.name == name:
            return suite
    return None
