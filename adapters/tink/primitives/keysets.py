"""Tink keysets as every suite of this adapter reads or builds them: Tink's key managers registered once,
the type URLs, Tink's JSON keyset parser with the refusal classes of its errors, the proto keyset behind a
handle, its primary key, and a one-key RAW keyset for a raw key. Every check is Tink's own."""

import json

import tink
from google.protobuf import json_format
from google.protobuf import message as protobuf_message
from tink import aead, hybrid, mac, secret_key_access
from tink import signature as signature_module
from tink import _insecure_keyset_handle as insecure_keyset_handle  # the proto keyset behind a handle
from tink.proto import tink_pb2

from wire.answers import Refusal, type_name

hybrid.register()
aead.register()
mac.register()
signature_module.register()

TYPE_URL_PREFIX = "type.googleapis.com/google.crypto.tink."
ECIES_PRIVATE = TYPE_URL_PREFIX + "EciesAeadHkdfPrivateKey"
ECIES_PUBLIC = TYPE_URL_PREFIX + "EciesAeadHkdfPublicKey"
AES_GCM = TYPE_URL_PREFIX + "AesGcmKey"
HMAC = TYPE_URL_PREFIX + "HmacKey"
ED25519_PUBLIC = TYPE_URL_PREFIX + "Ed25519PublicKey"
ECDSA_PUBLIC = TYPE_URL_PREFIX + "EcdsaPublicKey"


def _json_object(text, field):
    """The text must at least be a JSON object; what Tink then makes of it is Tink's business."""
    try:
        value = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise Refusal("format", "%s is not JSON: %s" % (field, e)) from None
    if not isinstance(value, dict):
        raise Refusal("format", "%s is JSON %s, not an object (a keyset)" % (field, type_name(value)))


def _tink_keyset_refusal(error, field):
    """A TinkError from parsing: a JSON-to-protobuf mapping failure is format; anything else is
    unclassified, since Tink's keyset reader raises the same TinkError for a missing keyData (the
    contract's format), secret material where none may be and a key it cannot use (key)."""
    cause = error.args[0] if error.args else None
    if isinstance(cause, json_format.ParseError):
        return Refusal("format", "%s is not a Tink JSON keyset: %s" % (field, cause))
    # A keyset without an ENABLED primary key is key, as the ports refuse it (closer.md section 9).
    if "does not contain a valid primary key" in str(error):
        return Refusal("key", "Tink refuses %s: %s" % (field, error))
    return Refusal("unclassified", "Tink refuses %s: %s" % (field, error))


def parse_keyset(text, field, secret):
    """Tink's JSON keyset parser: with secret access, or without (refusing secret key material)."""
    _json_object(text, field)
    try:
        if secret:
            return tink.json_proto_keyset_format.parse(text, secret_key_access.TOKEN)
        return tink.json_proto_keyset_format.parse_without_secret(text)
    except tink.TinkError as e:
        raise _tink_keyset_refusal(e, field) from None


def proto_keyset(handle):
    return insecure_keyset_handle.to_proto_keyset(handle, secret_key_access.TOKEN)


def primary_key(keyset, field):
    for key in keyset.key:
        if key.key_id == keyset.primary_key_id and key.status == tink_pb2.ENABLED:
            return key
    raise Refusal("key", "%s has no enabled primary key (primaryKeyId %d)" % (field, keyset.primary_key_id))


def material(key):
    return tink_pb2.KeyData.KeyMaterialType.Name(key.key_data.key_material_type)


def decode_proto(cls, data, what):
    try:
        return cls.FromString(data)
    except protobuf_message.DecodeError as e:
        raise Refusal("format", "%s is not a valid %s protobuf: %s" % (what, cls.DESCRIPTOR.name, e)) from None


# Tink C++'s messages when a key's protobuf does not decode (ParseFromString failed): "Could not parse ...
# as proto" / "as key type", and the ECIES DEM helper's "Invalid AesGcmKeyFormat in DEM key template";
# and its ECIES key manager's "Invalid EciesAeadHkdfPublicKey: missing required fields." (params, x or
# y absent), which the ports refuse as a protobuf lacking a field the key needs (format, closer.md §9).
_PROTOBUF_FAILURES = ("Could not parse", "Invalid AesGcmKeyFormat in DEM key template", "missing required fields")


def key_refusal(error, message):
    """A TinkError from making a key or primitive of a parsed keyset: a key's protobuf that does not decode
    is format (as the ports refuse it); anything else is Tink refusing the key (key)."""
    return Refusal("format" if any(m in str(error) for m in _PROTOBUF_FAILURES) else "key", message)


def tink_primitive(handle, primitive_class, field):
    try:
        return handle.primitive(primitive_class)
    except tink.TinkError as e:
        raise key_refusal(e, "Tink refuses %s as a %s keyset: %s" % (field, primitive_class.__name__, e)) from None


def raw_handle(type_url, value, material):
    """A keyset handle holding one key (id 1, ENABLED, prefix RAW) of this type, built from its proto bytes."""
    keyset = tink_pb2.Keyset(primary_key_id=1)
    entry = keyset.key.add()
    entry.key_data.type_url = type_url
    entry.key_data.value = value
    entry.key_data.key_material_type = material
    entry.status = tink_pb2.ENABLED
    entry.key_id = 1
    entry.output_prefix_type = tink_pb2.RAW
    return tink.proto_keyset_format.parse(keyset.SerializeToString(), secret_key_access.TOKEN)
