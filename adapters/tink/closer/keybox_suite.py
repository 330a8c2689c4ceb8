"""Suite closer.keybox of the Tink adapter (CONTRACT.md §10)."""

import tink

from closer.hybrid_keysets import KEYBOX_PREFIX, aes_gcm_keyset_key, hybrid_encrypt_for, private_keyset
from wire.answers import Refusal
from wire.encodings import b64url_encode, wire_decode
from wire.protocol import Op, get_bytes, get_text, library, out_bytes

class KeyboxSuite:
    """CONTRACT.md §10: ECIES P-256 HKDF-SHA256 AES-128-GCM keyboxes, through Tink's hybrid API."""

    name = "closer.keybox"
    PROVENANCE = library("Tink HybridDecrypt / HybridEncrypt, ECIES-AEAD-HKDF")
    NOT_RUN = {"seal": "Tink's HybridEncrypt draws its own ephemeral key and IV; they cannot be injected"}
    ROUNDTRIP_INPUTS = ("recipientPrivateKeyset", "contextInfo", "plaintext")
    # contextInfo, or the four ids joined in this order with "|" (CONTRACT.md section 10)
    CONTEXT_FIELDS = ("contextInfo", "coupleId", "questionId", "senderUserId", "recipientUserId")

    @classmethod
    def _context(cls, request_input):
        if "contextInfo" in request_input:
            return get_text(request_input, "contextInfo").encode("utf-8")
        return "|".join(get_text(request_input, k) for k in cls.CONTEXT_FIELDS[1:]).encode("utf-8")

    def __init__(self):
        self.ops = (
            Op("open", self._open, inputs=("recipientPrivateKeyset", "keybox"), optional=self.CONTEXT_FIELDS,
               outputs=("plaintext", "form", "key")),
            Op("roundtrip-seal", self._roundtrip_seal, inputs=self.ROUNDTRIP_INPUTS, outputs=("keybox",)),
            Op("roundtrip", self._roundtrip, inputs=self.ROUNDTRIP_INPUTS, outputs=("plaintext",)),
        )

    def _open(self, request_input):
        keyset_text = get_text(request_input, "recipientPrivateKeyset")
        context = self._context(request_input)
        keybox = get_text(request_input, "keybox")
        _, decrypt = private_keyset(keyset_text)  # the keyset first, as the JVM adapter does
        ciphertext = wire_decode(keybox, KEYBOX_PREFIX, "keybox")
        plaintext = self._decrypt(decrypt, ciphertext, context)
        outputs = {"plaintext": out_bytes(plaintext)}
        if len(plaintext) == 32:
            outputs["form"] = "raw"
            outputs["key"] = out_bytes(plaintext)
        else:
            key = aes_gcm_keyset_key(plaintext)
            if key is None:
                outputs["form"] = "other"
            else:
                outputs["form"] = "tink-keyset"
                outputs["key"] = out_bytes(key)
        return outputs

    def _roundtrip_seal(self, request_input):
        _, _, _, ciphertext = self._seal_fresh(request_input)
        return {"keybox": KEYBOX_PREFIX + b64url_encode(ciphertext)}

    def _roundtrip(self, request_input):
        decrypt, context, plaintext, ciphertext = self._seal_fresh(request_input)
        opened = self._decrypt(decrypt, ciphertext, context)
        if opened != plaintext:
            raise RuntimeError("Tink opened its own keybox to different bytes")
        return {"plaintext": out_bytes(opened)}

    @staticmethod
    def _seal_fresh(request_input):
        """Seals with fresh randomness to the keyset's public keyset: (decrypt, context, plaintext, ciphertext)."""
        keyset_text = get_text(request_input, "recipientPrivateKeyset")
        context = get_text(request_input, "contextInfo").encode("utf-8")
        plaintext = get_bytes(request_input, "plaintext")
        handle, decrypt = private_keyset(keyset_text)
        encrypt = hybrid_encrypt_for(handle, "recipientPrivateKeyset")
        return decrypt, context, plaintext, encrypt.encrypt(plaintext, context)

    @staticmethod
    def _decrypt(decrypt, ciphertext, context):
        try:
            return decrypt.decrypt(ciphertext, context)
        except tink.TinkError as e:
            # Tink reports every failure while decrypting (a keybox too short for its layout, a point
            # off the curve, another key id, a wrong tag or context) as one "decryption failed".
            raise Refusal("unclassified", "Tink HybridDecrypt refuses the keybox: %s" % e) from None
