"""Suite closer.field of the Tink adapter (CONTRACT.md §6): `enc:v1:` + b64 of what Tink's Aead writes."""

import base64

from closer.aead_keysets import contract_key, keyset_aead, open_blob, open_with_keyset, raw_aead
from wire.answers import Refusal
from wire.encodings import b64_decode
from wire.protocol import Op, get_bytes, get_text, library, out_bytes

PREFIX = "enc:v1:"


class FieldSuite:
    """CONTRACT.md §6 as Android's FieldEncryptor runs it: Tink's Aead on the couple keyset (`keysetJson`,
    as Android holds it) or, without one, on a RAW keyset of `coupleKey` (the contract's form)."""

    name = "closer.field"
    PROVENANCE = library("Tink Aead on an AesGcmKey keyset (the given keysetJson, or RAW of coupleKey)")
    NOT_RUN = {"encrypt": "Tink's Aead draws its own nonce; a given nonce cannot be used"}
    KEYSET = ("keysetJson",)
    LEGACY_IDS = ("userId", "questionId")

    def __init__(self):
        seal_in = ("coupleKey", "coupleId", "plaintext")
        self.ops = (
            Op("decrypt", self._decrypt, inputs=("coupleKey", "coupleId", "wire"),
               optional=self.LEGACY_IDS + self.KEYSET, outputs=("plaintext",)),
            Op("roundtrip-seal", self._roundtrip_seal, inputs=seal_in, optional=self.KEYSET, outputs=("wire",)),
            Op("roundtrip", self._roundtrip, inputs=seal_in, optional=self.KEYSET, outputs=("plaintext",)),
        )

    @staticmethod
    def _aead(request_input):
        """(Aead, key, the keyset's output prefix or None for the RAW keyset of coupleKey)."""
        key = contract_key(get_bytes(request_input, "coupleKey"), "coupleKey")
        if "keysetJson" in request_input:
            primitive, prefix = keyset_aead(get_text(request_input, "keysetJson"), key)
            return primitive, key, prefix
        return raw_aead(key, "coupleKey"), key, None

    def _decrypt(self, request_input):
        wire = get_text(request_input, "wire")
        aad = get_text(request_input, "coupleId").encode("utf-8")
        alternatives = ()
        if all(k in request_input for k in self.LEGACY_IDS):
            historical = "%s:%s" % (get_text(request_input, "userId"), get_text(request_input, "questionId"))
            alternatives = (("the historical AAD userId:questionId", historical.encode("utf-8")),)
        primitive, key, prefix = self._aead(request_input)
        if not wire.startswith(PREFIX):
            raise Refusal("format", "wire does not start with %s" % PREFIX)
        blob = b64_decode(wire[len(PREFIX):], "the enc:v1 body")
        what = "the enc:v1 blob"
        if prefix is None:
            plaintext = open_blob(primitive, key, blob, aad, what, alternatives)
        else:
            plaintext = open_with_keyset(primitive, key, prefix, blob, aad, what)
        return {"plaintext": out_bytes(plaintext)}

    def _seal(self, request_input):
        primitive, _, _ = self._aead(request_input)
        aad = get_text(request_input, "coupleId").encode("utf-8")
        plaintext = get_bytes(request_input, "plaintext")
        return primitive, aad, plaintext, primitive.encrypt(plaintext, aad)

    def _roundtrip_seal(self, request_input):
        _, _, _, blob = self._seal(request_input)
        return {"wire": PREFIX + base64.b64encode(blob).decode("ascii")}

    def _roundtrip(self, request_input):
        primitive, aad, plaintext, blob = self._seal(request_input)
        if primitive.decrypt(blob, aad) != plaintext:
            raise RuntimeError("Tink decrypted its own value to different bytes")
        return {"plaintext": out_bytes(plaintext)}
