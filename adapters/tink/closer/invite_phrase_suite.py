"""Suite closer.invite-phrase of the Tink adapter (CONTRACT.md §5): `open`, the key from Argon2id over the
invite code and the blob after the salt through Tink's Aead (a RAW keyset of that key)."""

from closer.aead_keysets import NONCE, TAG, open_blob, raw_aead
from primitives import argon2id
from wire.answers import Refusal
from wire.encodings import b64_decode
from wire.protocol import Op, get_text, library

AAD = b"closer_invite_phrase"
SALT = 16


class InvitePhraseSuite:
    name = "closer.invite-phrase"
    PROVENANCE = library("Tink Aead on a RAW AesGcmKey keyset of the derived key; Argon2id from libsodium crypto_pwhash")
    NOT_RUN = {"seal": "Tink's Aead draws its own nonce; a given nonce cannot be used"}

    def __init__(self):
        self.ops = (Op("open", self._open, inputs=("inviteCode", "encryptedRecoveryPhrase"), outputs=("phrase",)),)

    def _open(self, request_input):
        code = get_text(request_input, "inviteCode")
        data = b64_decode(get_text(request_input, "encryptedRecoveryPhrase"), "encryptedRecoveryPhrase")
        if len(data) < SALT + NONCE + TAG:
            raise Refusal("format", "encryptedRecoveryPhrase is %d bytes, shorter than salt (16) + nonce (12) + tag (16)"
                          % len(data))
        key = argon2id.derive(code, data[:SALT])
        plaintext = open_blob(raw_aead(key, "the derived key"), key, data[SALT:], AAD, "the blob after the salt")
        try:
            return {"phrase": plaintext.decode("utf-8", "strict")}
        except UnicodeDecodeError as e:
            raise Refusal("format", "the decrypted phrase is not valid UTF-8 (%s)" % e) from None
