"""Suite sinew.field-cipher of the Concord Tink adapter (docs/contracts/sinew.md): the Android and JVM side,
which holds a Tink keyset and calls Tink's Aead.

Every encryption and decryption is Tink's Aead on the keyset (a `TINK` key writes the 0x01 || keyId header
itself). The adapter adds what Tink does not express: the outer strict `b64`, building a keyset from a
`{keyId, key}` list (each key with output prefix TINK), the contract's 32-byte key rule (Tink alone also takes
AES-128 keys), and the refusal class: Tink reports every failed decryption alike, so when Tink refuses, the
class is read from the value's layout (too short or another version byte: format; no enabled TINK key with
the header's id: key; otherwise: authentication).
"""

import base64
import json

import tink
from tink import aead, secret_key_access
from tink.proto import aes_gcm_pb2, tink_pb2

from primitives.keysets import AES_GCM, decode_proto, key_refusal, parse_keyset, proto_keyset
from wire.answers import BadRequest, Refusal, type_name
from wire.encodings import b64_decode, hex_decode
from wire.protocol import Op, get_text, library

MINIMUM = 5 + 12 + 16


def _uint32(value, field):
    if not isinstance(value, int) or isinstance(value, bool):
        raise Refusal("format", "%s must be an integer, found %s" % (field, type_name(value)))
    if not 0 <= value <= 0xFFFFFFFF:
        raise Refusal("format", "%s %d is not an unsigned 32-bit id" % (field, value))
    return value


def keyset_from_list(text, primary):
    """A Tink keyset of AesGcmKeys, output prefix TINK, from `[{"keyId": n, "key": "<hex>"}, ...]`."""
    try:
        entries = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise Refusal("format", "keys is not JSON: %s" % e) from None
    if not isinstance(entries, list) or not entries:
        raise Refusal("format", "keys must be a non-empty JSON list of {keyId, key}")
    keyset = tink_pb2.Keyset()
    seen = set()
    for n, e in enumerate(entries):
        if not isinstance(e, dict):
            raise Refusal("format", "keys[%d] is not an object" % n)
        if set(e) - {"keyId", "key"}:
            raise Refusal("format", "keys[%d] has a member other than keyId and key" % n)
        if "keyId" not in e:
            raise Refusal("format", "keys[%d] has no keyId" % n)
        key_id = _uint32(e["keyId"], "keys[%d].keyId" % n)
        hex_text = e.get("key")
        if not isinstance(hex_text, str):
            raise Refusal("format", "keys[%d].key must be a hex string" % n)
        try:
            key_bytes = hex_decode(hex_text)
        except ValueError as bad:
            raise Refusal("format", "keys[%d].key must be a hex string (%s)" % (n, bad))
        if key_id in seen:
            raise Refusal("format", "keys[%d]: the key id %d appears twice" % (n, key_id))
        seen.add(key_id)
        entry = keyset.key.add()
        entry.key_data.type_url = AES_GCM
        entry.key_data.value = aes_gcm_pb2.AesGcmKey(version=0, key_value=key_bytes).SerializeToString()
        entry.key_data.key_material_type = tink_pb2.KeyData.SYMMETRIC
        entry.status = tink_pb2.ENABLED
        entry.key_id = key_id
        entry.output_prefix_type = tink_pb2.TINK
    keyset.primary_key_id = keyset.key[0].key_id if primary is None else _uint32(primary, "primaryKeyId")
    if keyset.primary_key_id not in seen:
        raise Refusal("key", "the primary key id %d is not among the keys" % keyset.primary_key_id)
    try:
        return tink.proto_keyset_format.parse(keyset.SerializeToString(), secret_key_access.TOKEN)
    except tink.TinkError as e:
        raise key_refusal(e, "Tink refuses the keys: %s" % e) from None


def _key_value(entry):
    return decode_proto(aes_gcm_pb2.AesGcmKey, entry.key_data.value, "key %d" % entry.key_id).key_value


class SinewFieldCipherSuite:
    """docs/contracts/sinew.md: b64(0x01 || keyId || nonce || ct || tag) through Tink's Aead."""

    name = "sinew.field-cipher"
    # Every encryption and decryption is Tink's Aead; the outer b64 and the {keyId, key} list are this adapter's.
    PROVENANCE = library("Tink Aead on the keyset, AesGcmKey with its TINK prefix")
    NOT_RUN = {"encrypt": "Tink's Aead draws its own nonce; a given nonce cannot be used"}
    KEYS = ("keysetJson", "keys")
    ROUNDTRIP_INPUTS = ("context", "plaintext")

    def __init__(self):
        self.ops = (
            Op("decrypt", self._decrypt, inputs=("context", "value"), optional=self.KEYS, outputs=("plaintext",)),
            Op("roundtrip-seal", self._roundtrip_seal, inputs=self.ROUNDTRIP_INPUTS,
               optional=self.KEYS + ("primaryKeyId",), outputs=("value",)),
            Op("roundtrip", self._roundtrip, inputs=self.ROUNDTRIP_INPUTS, optional=self.KEYS + ("primaryKeyId",),
               outputs=("plaintext",)),
        )

    @staticmethod
    def _handle(request_input):
        """(keyset handle, proto keyset, Aead) for exactly one of keysetJson and keys."""
        if ("keysetJson" in request_input) == ("keys" in request_input):
            raise BadRequest("sinew.field-cipher needs exactly one of keysetJson and keys, got %s"
                             % ("both" if "keys" in request_input else "neither"))
        if "keysetJson" in request_input:
            handle = parse_keyset(get_text(request_input, "keysetJson"), "keysetJson", secret=True)
        else:
            primary = request_input.get("primaryKeyId")
            handle = keyset_from_list(get_text(request_input, "keys"), primary)
        keyset = proto_keyset(handle)
        for key in keyset.key:
            if key.status == tink_pb2.ENABLED and key.key_data.type_url != AES_GCM:
                raise Refusal("key", "key %d has type %s, not %s" % (key.key_id, json.dumps(key.key_data.type_url), AES_GCM))
        try:
            primitive = handle.primitive(aead.Aead)
        except tink.TinkError as e:
            raise key_refusal(e, "Tink refuses the keyset as an Aead keyset: %s" % e) from None
        return handle, keyset, primitive

    @staticmethod
    def _tink_key(keyset, key_id):
        return next((k for k in keyset.key if k.key_id == key_id and k.status == tink_pb2.ENABLED
                     and k.output_prefix_type == tink_pb2.TINK), None)

    def _encrypt(self, request_input):
        # The key list is read first (its faults are format), then the primary asked for, as the ports do.
        _, keyset, primitive = self._handle(request_input)
        if "keys" in request_input and "primaryKeyId" not in request_input:
            raise Refusal("key", "no primary key: give primaryKeyId with keys")
        primary = next(k for k in keyset.key if k.key_id == keyset.primary_key_id)
        if len(_key_value(primary)) != 32:
            raise Refusal("key", "the primary key %d is %d bytes; the contract's keys are AES-256 (32)"
                          % (primary.key_id, len(_key_value(primary))))
        plaintext = get_text(request_input, "plaintext").encode("utf-8")
        context = get_text(request_input, "context").encode("utf-8")
        return primitive, context, plaintext, primitive.encrypt(plaintext, context)

    def _roundtrip_seal(self, request_input):
        _, _, _, value = self._encrypt(request_input)
        return {"value": base64.b64encode(value).decode("ascii")}

    def _roundtrip(self, request_input):
        primitive, context, plaintext, value = self._encrypt(request_input)
        if primitive.decrypt(value, context) != plaintext:
            raise RuntimeError("Tink decrypted its own value to different bytes")
        return {"plaintext": plaintext.decode("utf-8")}

    def _decrypt(self, request_input):
        value = get_text(request_input, "value")
        context = get_text(request_input, "context").encode("utf-8")
        _, keyset, primitive = self._handle(request_input)
        blob = b64_decode(value, "value")
        key_id = int.from_bytes(blob[1:5], "big") if len(blob) >= 5 and blob[0] == 1 else None
        selected = self._tink_key(keyset, key_id) if key_id is not None else None
        if selected is not None and len(_key_value(selected)) != 32:
            raise Refusal("key", "the key %d the header names is %d bytes; the contract's keys are AES-256 (32)"
                          % (key_id, len(_key_value(selected))))
        try:
            plaintext = primitive.decrypt(blob, context)
        except tink.TinkError as e:
            if len(blob) < MINIMUM:
                raise Refusal("format", "value is %d bytes, shorter than header + nonce + tag (%d); Tink: %s"
                              % (len(blob), MINIMUM, e)) from None
            if blob[0] != 1:
                raise Refusal("format", "value starts with 0x%02x, not the version byte 0x01; Tink: %s"
                              % (blob[0], e)) from None
            if selected is None:
                raise Refusal("key", "no enabled TINK key has the header's key id %d; Tink: %s" % (key_id, e)) from None
            raise Refusal("authentication", "Tink Aead refuses the value under key %d: %s" % (key_id, e)) from None
        try:
            return {"plaintext": plaintext.decode("utf-8", "strict")}
        except UnicodeDecodeError as e:
            raise Refusal("format", "the decrypted value is not valid UTF-8 (%s)" % e) from None
