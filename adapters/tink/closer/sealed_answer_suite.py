"""Suite closer.sealed-answer of the Tink adapter (CONTRACT.md §8)."""

import base64
import hashlib
import json

from closer.aead_keysets import contract_key, open_blob, raw_aead
from closer.canonical_answer import parse_canonical
from wire.answers import Refusal
from wire.encodings import b64url_decode, b64url_encode, wire_decode
from wire.protocol import Op, get_bytes, get_text, library

SEALED = "sealed:v1:"
COMMITMENT = "sha256:"


def _json_members(text):
    if not text.startswith("{"):
        return None
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return None
    return list(value) if isinstance(value, dict) else None


def _wrapper_refusal(payload):
    """The iOS JSON metadata wrapper prefixed sealed:v1: (as text or its base64url), refused by name (§8)."""
    if not payload.startswith(SEALED):
        return None
    body = payload[len(SEALED):]
    members = _json_members(body)
    if members is not None:
        return Refusal("format", "encryptedPayload is a JSON object {%s} prefixed sealed:v1: (a metadata wrapper), "
                                 "not sealed:v1: + base64url(nonce || ciphertext || tag)" % ", ".join(members))
    try:
        decoded = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        members = _json_members(decoded.decode("utf-8", "strict"))
    except (ValueError, UnicodeDecodeError):
        return None
    if members is not None:
        return Refusal("format", "encryptedPayload is sealed:v1: + base64url of a JSON object {%s} (a metadata "
                                 "wrapper), not of nonce || ciphertext || tag" % ", ".join(members))
    return None


class SealedAnswerSuite:
    """CONTRACT.md §8: the one-time key as a Tink keyset (one AesGcmKey, RAW: the contract's combined form)
    and Tink's Aead decrypting; the canonical JSON and the commitment as Android computes them."""

    name = "closer.sealed-answer"
    PROVENANCE = library("Tink Aead on a RAW AesGcmKey keyset of oneTimeKey; SHA-256 from hashlib")
    NOT_RUN = {"seal": "Tink's Aead draws its own nonce; a given nonce cannot be used"}

    def __init__(self):
        self.ops = (Op("open", self._open, inputs=("coupleId", "questionId", "userId", "oneTimeKey",
                                                    "encryptedPayload", "commitmentHash"), outputs=("answer",)),)

    def _open(self, request_input):
        c, q, u = (get_text(request_input, k) for k in ("coupleId", "questionId", "userId"))
        key = contract_key(get_bytes(request_input, "oneTimeKey"), "oneTimeKey")
        payload = get_text(request_input, "encryptedPayload")
        expected = get_text(request_input, "commitmentHash")
        wrapper = _wrapper_refusal(payload)
        if wrapper is not None:
            raise wrapper
        blob = wire_decode(payload, SEALED, "encryptedPayload")
        if not expected.startswith(COMMITMENT):
            raise Refusal("format", "commitmentHash does not start with %s" % COMMITMENT)
        digest = b64url_decode(expected[len(COMMITMENT):], "commitmentHash")
        if len(digest) != 32:
            raise Refusal("format", "commitmentHash holds %d bytes; a SHA-256 digest is 32" % len(digest))
        aad = ("%s|%s|%s" % (c, q, u)).encode("utf-8")
        canonical = open_blob(raw_aead(key, "oneTimeKey"), key, blob, aad, "the sealed:v1 payload")
        scale, ids, text = parse_canonical(canonical)
        actual = COMMITMENT + b64url_encode(hashlib.sha256(("v1|%s|%s|%s|" % (c, q, u)).encode("utf-8") + canonical).digest())
        if actual != expected:
            raise Refusal("authentication", "the commitment does not match the decrypted answer: expected %s, the "
                                            "answer gives %s" % (expected, actual))
        return {"answer": {"scaleValue": scale, "selectedOptionIds": ids, "writtenText": text}}
