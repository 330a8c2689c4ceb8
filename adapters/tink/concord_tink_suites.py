"""The suites of the Concord Tink adapter (docs/adapters.md, section "The Tink adapter").

Every cryptographic operation and every keyset check is Tink's: keysets are parsed with
tink.json_proto_keyset_format, keys validated by creating Tink primitives, keyboxes opened with
Tink's HybridDecrypt, AES-GCM blobs with Tink's Aead. The adapter adds only what Tink does not
express: the `keybox:v1:` / `pub:v1:` text layers (strict b64url), the mapping of Tink's errors to
the refusal classes, and reading key fields through Tink's own protobuf classes (tink.proto).
"""

import importlib.metadata
import base64
import json
import re
import threading

import tink
from google.protobuf import message as protobuf_message
from tink import aead, hybrid, secret_key_access
from tink import mac
from tink import signature as signature_module
from tink import _insecure_keyset_handle as insecure_keyset_handle  # the proto keyset behind a handle
from tink.proto import aes_gcm_pb2, common_pb2, ecies_aead_hkdf_pb2, tink_pb2
from tink.proto import hmac_pb2
from tink.proto import ecdsa_pb2, ed25519_pb2, xchacha20_poly1305_pb2

from google.protobuf import json_format

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
KEYBOX_PREFIX = "keybox:v1:"
PUBLIC_KEY_PREFIX = "pub:v1:"
FIELD_BYTES = {"NIST_P256": 32, "NIST_P384": 48, "NIST_P521": 66}


# ------------------------------------------------------------------------------------ answers


def tink_version():
    try:
        return importlib.metadata.version("tink")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def library(what):
    """A suite's PROVENANCE (docs/adapters.md §1): Tink's own code, called directly, with the version."""
    return {"library": "%s (tink-py %s)" % (what, tink_version())}


PORT = "port"  # a suite's PROVENANCE when its computation is written in this adapter


class Refusal(Exception):
    """The implementation refused the input; error_class is one of the vector format's classes, or
    "unclassified" where Tink gives one error for failures of different classes (docs/adapters.md)."""

    def __init__(self, error_class, message):
        super().__init__(message)
        self.error_class = error_class
        self.message = message


class Unsupported(Exception):
    """This adapter cannot run the request (never a pass, never a failure)."""


class BadRequest(Exception):
    """The request is malformed (missing field, wrong type, bad hex): reported as a fault."""


def type_name(value):
    """How a message names a decoded JSON value's type ("an integer", "an object", ...)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    return {int: "an integer", str: "a string", dict: "an object", list: "an array"}.get(type(value),
                                                                                      type(value).__name__)


# ------------------------------------------------------------------------------------ ops


class Op:
    """One op of a suite as this adapter runs it, declared once: its name (None for a suite with a single
    direction), every input field it reads (required, then optional), every output field it may write, and
    the function computing it. The handshake is made from these declarations (handshake()) and run() checks
    each request and each answer against them, so what the adapter announces is what it does."""

    def __init__(self, name, function, inputs=(), optional=(), outputs=()):
        self.name = name
        self.function = function
        self.required = tuple(inputs)
        self.optional = tuple(optional)
        self.outputs = tuple(outputs)

    def announce(self):
        return {"op": self.name, "inputs": list(self.required + self.optional), "outputs": list(self.outputs)}


def run(suite, op_name, request_input):
    """Runs one request by the suite's declarations: an op it does not declare is unsupported (with the reason
    when the suite names the op in NOT_RUN), a required input missing a BadRequest, an input field the op
    does not declare unsupported; an output the op does not declare is an error (a fault)."""
    op = next((o for o in suite.ops if o.name == op_name), None)
    if op is None:
        if op_name in suite.NOT_RUN:
            raise Unsupported("tink does not implement %s %s: %s" % (suite.name, op_name, suite.NOT_RUN[op_name]))
        names = [o.name for o in suite.ops]
        if names == [None]:
            raise Unsupported("suite %s has no ops, got op %s" % (suite.name, json.dumps(op_name)))
        if op_name is None:
            raise Unsupported("suite %s needs an op (%s), got none" % (suite.name, ", ".join(names)))
        raise Unsupported("suite %s has no op %s (its ops: %s)" % (suite.name, json.dumps(op_name), ", ".join(names)))
    check_fields(suite.name, op_name, request_input, op.required, op.optional)
    outputs = op.function(request_input)
    for name in outputs:
        if name not in op.outputs:
            raise RuntimeError("suite %s op %s wrote the output %s, which it does not declare (its outputs: %s)"
                               % (suite.name, op_name, json.dumps(name), ", ".join(op.outputs)))
    return outputs


# ------------------------------------------------------------------------------------ values


_HEX_DIGIT = re.compile(r"[0-9a-fA-F]")


def hex_decode(text):
    """Hex as docs/vector-format.md ("Encodings") says every runtime reads it: RFC 4648 §8, an even
    number of the ASCII digits 0-9, a-f, A-F (either case), nothing else (bytes.fromhex alone takes
    whitespace). Raises ValueError naming the first bad character."""
    for i, c in enumerate(text):
        if not _HEX_DIGIT.fullmatch(c):
            raise ValueError("%s at position %d is not a hex digit"
                             % ("'%s'" % c if 0x21 <= ord(c) < 0x7f else "U+%04X" % ord(c), i))
    if len(text) % 2:
        raise ValueError("odd number of hex digits (%d)" % len(text))
    return bytes.fromhex(text)


def hex_encode(data):
    """Lower-case hex, as every runtime writes it."""
    return bytes(data).hex()


def check_fields(suite, op, request_input, required, optional=()):
    for name in required:
        if name not in request_input:
            raise BadRequest("input.%s is missing (required by suite %s%s)"
                             % (name, suite, "" if op is None else " op " + op))
    for name in request_input:
        if name not in required and name not in optional:
            raise Unsupported("input field %s is not understood by this adapter's %s suite%s"
                              % (json.dumps(name, ensure_ascii=False), suite, "" if op is None else " (op %s)" % op))


def get_bytes(request_input, name):
    value = request_input[name]
    if not isinstance(value, dict):
        raise BadRequest("input.%s: expected bytes {\"hex\":\"...\"}, found %s" % (name, type_name(value)))
    if list(value) != ["hex"]:
        raise BadRequest("input.%s: bytes must be an object with the single member \"hex\"" % name)
    digits = value["hex"]
    if not isinstance(digits, str):
        raise BadRequest("input.%s.hex: expected a string, found %s" % (name, type_name(digits)))
    try:
        return hex_decode(digits)
    except ValueError as e:
        raise BadRequest("input.%s.hex: %s" % (name, e))


def get_text(request_input, name):
    value = request_input[name]
    if not isinstance(value, str):
        raise BadRequest("input.%s: expected text (a JSON string), found %s" % (name, type_name(value)))
    return value


def out_bytes(value):
    return {"hex": hex_encode(value)}


# ------------------------------------------------------------------------------------ b64url


_B64URL = re.compile(r"[A-Za-z0-9_-]*")


def b64url_decode(text, field):
    """Strict b64url (RFC 4648 §5): URL-safe alphabet, no padding, zero spare bits. Refusal: format."""
    if not _B64URL.fullmatch(text):
        position = next(i for i, c in enumerate(text) if not re.fullmatch(r"[A-Za-z0-9_-]", c))
        c = text[position]
        what = ("'=' (b64url takes no padding)" if c == "=" else "whitespace" if c in " \t"
                else "a line break" if c in "\r\n" else "'%s'" % c if 0x21 <= ord(c) < 0x7f
                else "U+%04X" % ord(c))
        raise Refusal("format", "%s: b64url has %s at position %d, outside its alphabet"
                      % (field, what, position))
    if len(text) % 4 == 1:
        raise Refusal("format", "%s: b64url has a final quantum of a single character "
                                "(no byte string encodes to that)" % field)
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    if b64url_encode(data) != text:
        raise Refusal("format", "%s: b64url final quantum has non-zero spare bits "
                                "(not the canonical encoding)" % field)
    return data


def wire_decode(text, prefix, field):
    """The bytes of a wire string: `prefix` then strict b64url. A missing prefix or bad b64url: format."""
    if not text.startswith(prefix):
        raise Refusal("format", "%s does not start with %s" % (field, json.dumps(prefix)))
    return b64url_decode(text[len(prefix):], field)


def b64url_encode(data):
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


# ------------------------------------------------------------------------------------ keysets


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


def _material(key):
    return tink_pb2.KeyData.KeyMaterialType.Name(key.key_data.key_material_type)


def _decode_proto(cls, data, what):
    try:
        return cls.FromString(data)
    except protobuf_message.DecodeError as e:
        raise Refusal("format", "%s is not a valid %s protobuf: %s" % (what, cls.DESCRIPTOR.name, e)) from None


def _primitive(handle, primitive_class, field):
    try:
        return handle.primitive(primitive_class)
    except tink.TinkError as e:
        raise Refusal("key", "Tink refuses %s as a %s keyset: %s" % (field, primitive_class.__name__, e)) from None


_keyset_cache = {}
_keyset_cache_lock = threading.Lock()


def private_keyset(text, field="recipientPrivateKeyset"):
    """(handle, HybridDecrypt) for a private hybrid keyset; memoized (the matrix reuses few keysets)."""
    with _keyset_cache_lock:
        cached = _keyset_cache.get(text)
    if cached is not None:
        return cached
    handle = parse_keyset(text, field, secret=True)
    keyset = proto_keyset(handle)
    key = primary_key(keyset, field)
    if key.key_data.key_material_type != tink_pb2.KeyData.ASYMMETRIC_PRIVATE:
        raise Refusal("key", "%s: its primary key %d is %s (%s), not a private hybrid key"
                      % (field, key.key_id, _material(key), key.key_data.type_url))
    if key.key_data.type_url == ECIES_PRIVATE:
        _decode_proto(ecies_aead_hkdf_pb2.EciesAeadHkdfPrivateKey, key.key_data.value,
                      "%s key %d value" % (field, key.key_id))
    decrypt = _primitive(handle, hybrid.HybridDecrypt, field)
    result = (handle, decrypt)
    with _keyset_cache_lock:
        if len(_keyset_cache) > 256:
            _keyset_cache.clear()
        _keyset_cache[text] = result
    return result


def hybrid_encrypt_for(handle, field):
    try:
        public = handle.public_keyset_handle()
    except tink.TinkError as e:
        raise Refusal("key", "Tink cannot derive the public keyset of %s: %s" % (field, e)) from None
    return _primitive(public, hybrid.HybridEncrypt, field + " (public keyset)")


def aes_gcm_keyset_key(plaintext):
    """The key of a Tink JSON keyset whose primary key is an AesGcmKey Tink accepts, else None."""
    try:
        text = plaintext.decode("utf-8", "strict")
        if not isinstance(json.loads(text), dict):
            return None
        handle = tink.json_proto_keyset_format.parse(text, secret_key_access.TOKEN)
        keyset = proto_keyset(handle)
        key = primary_key(keyset, "the plaintext")
        if key.key_data.type_url != AES_GCM:
            return None
        value = aes_gcm_pb2.AesGcmKey.FromString(key.key_data.value).key_value
        handle.primitive(aead.Aead)  # Tink's own validation of every key in the keyset
        return value
    except (ValueError, RecursionError, tink.TinkError, Refusal, protobuf_message.DecodeError):
        return None


# ------------------------------------------------------------------------------------ suites


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


class TinkPublicKeySuite:
    """CONTRACT.md §9–§10: describe an ECIES-AEAD-HKDF public key as Tink parses and validates it."""

    name = "closer.tink-public-key"
    PROVENANCE = library("Tink keyset parsing and its HybridEncrypt key manager's validation")
    NOT_RUN = {}

    def __init__(self):
        self.ops = (Op(None, self._describe, optional=("publicKey", "keysetJson"),
                       outputs=("keyId", "curve", "hashFunction", "hkdfSalt", "demKeySize", "pointFormat",
                                "outputPrefix", "x", "y")),)

    def _describe(self, request_input):
        if ("publicKey" in request_input) == ("keysetJson" in request_input):
            raise BadRequest(self.name + " needs exactly one of publicKey and keysetJson, got %s"
                             % ("both" if "publicKey" in request_input else "neither"))
        if "publicKey" in request_input:
            field = "publicKey"
            text = get_text(request_input, field)
            data = wire_decode(text, PUBLIC_KEY_PREFIX, field)
            try:
                keyset_text = data.decode("utf-8", "strict")
            except UnicodeDecodeError as e:
                raise Refusal("format", "publicKey: the decoded bytes are not UTF-8 (%s)" % e) from None
            # A pub:v1: must not carry secrets: Tink's parse_without_secret refuses them (key).
            handle = parse_keyset(keyset_text, field, secret=False)
        else:
            field = "keysetJson"
            handle = parse_keyset(get_text(request_input, field), field, secret=True)
            if any(k.key_data.key_material_type != tink_pb2.KeyData.ASYMMETRIC_PUBLIC
                   for k in proto_keyset(handle).key):
                try:
                    handle = handle.public_keyset_handle()
                except tink.TinkError as e:
                    raise Refusal("key", "Tink cannot derive a public keyset from keysetJson: %s" % e) from None

        keyset = proto_keyset(handle)
        key = primary_key(keyset, field)
        if key.key_data.type_url != ECIES_PUBLIC:
            raise Refusal("key", "%s: primary key %d has type %s, not %s"
                          % (field, key.key_id, key.key_data.type_url, ECIES_PUBLIC))
        public = _decode_proto(ecies_aead_hkdf_pb2.EciesAeadHkdfPublicKey, key.key_data.value,
                               "%s key %d value" % (field, key.key_id))
        # Tink's own validation: the key manager checks version, curve, point, DEM when it builds the primitive.
        _primitive(handle, hybrid.HybridEncrypt, field)

        params = public.params
        curve = common_pb2.EllipticCurveType.Name(params.kem_params.curve_type)
        if curve not in FIELD_BYTES:
            raise Unsupported("curve %s has no (x, y) description in this suite" % curve)
        dem = params.dem_params.aead_dem
        if dem.type_url != AES_GCM:
            raise Unsupported("DEM %s is not AES-GCM; demKeySize is defined for AesGcmKeyFormat only" % dem.type_url)
        dem_format = _decode_proto(aes_gcm_pb2.AesGcmKeyFormat, dem.value, "%s DEM key format" % field)
        size = FIELD_BYTES[curve]
        return {
            "keyId": key.key_id,
            "curve": curve,
            "hashFunction": common_pb2.HashType.Name(params.kem_params.hkdf_hash_type),
            "hkdfSalt": out_bytes(params.kem_params.hkdf_salt),
            "demKeySize": dem_format.key_size,
            "pointFormat": common_pb2.EcPointFormat.Name(params.ec_point_format),
            "outputPrefix": tink_pb2.OutputPrefixType.Name(key.output_prefix_type),
            "x": out_bytes(_coordinate(public.x, size, "x")),
            "y": out_bytes(_coordinate(public.y, size, "y")),
        }


def _coordinate(value, size, name):
    """An unsigned big-endian coordinate, whatever length stored, as exactly `size` bytes."""
    stripped = value.lstrip(b"\x00")
    if len(stripped) > size:
        raise Refusal("key", "coordinate %s is %d bytes, more than the curve's %d" % (name, len(value), size))
    return stripped.rjust(size, b"\x00")


class AesGcmSuite:
    """AEAD open with a given raw key, through a Tink keyset holding one AesGcmKey, prefix RAW."""

    name = "aes-gcm"
    PROVENANCE = library("Tink Aead, AesGcmKey")
    NOT_RUN = {"seal": "Tink's Aead draws its own nonce; a given nonce cannot be used"}

    def __init__(self):
        self.ops = (Op("open", self._open, inputs=("key", "nonce", "aad", "ciphertext", "tag"), outputs=("plaintext",)),)

    def _open(self, request_input):
        key = get_bytes(request_input, "key")
        nonce = get_bytes(request_input, "nonce")
        aad = get_bytes(request_input, "aad")
        ciphertext = get_bytes(request_input, "ciphertext")
        tag = get_bytes(request_input, "tag")
        if len(tag) != 16:
            raise Refusal("parameters", "tag is %d bytes; this suite uses 16-byte tags" % len(tag))
        if len(key) not in (16, 32):
            raise Unsupported("Tink's AES-GCM takes 16- or 32-byte keys, not %d" % len(key))
        if len(nonce) != 12:
            raise Unsupported("Tink's AES-GCM uses 12-byte nonces, not %d" % len(nonce))
        keyset = tink_pb2.Keyset(primary_key_id=1)
        entry = keyset.key.add()
        entry.key_data.type_url = AES_GCM
        entry.key_data.value = aes_gcm_pb2.AesGcmKey(version=0, key_value=key).SerializeToString()
        entry.key_data.key_material_type = tink_pb2.KeyData.SYMMETRIC
        entry.status = tink_pb2.ENABLED
        entry.key_id = 1
        entry.output_prefix_type = tink_pb2.RAW
        handle = tink.proto_keyset_format.parse(keyset.SerializeToString(), secret_key_access.TOKEN)
        primitive = handle.primitive(aead.Aead)
        try:
            plaintext = primitive.decrypt(nonce + ciphertext + tag, aad)
        except tink.TinkError as e:
            raise Refusal("authentication", "Tink Aead refuses the blob: %s" % e) from None
        return {"plaintext": out_bytes(plaintext)}


# ------------------------------------------------------------------------------------ issue-14 primitives


def _raw_handle(type_url, value, material):
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


class HmacSha256Suite:
    """HMAC-SHA256 through Tink's Mac with a RAW HmacKey (hash SHA256, tag size = the tag's length). Tink's
    HmacKey takes keys of at least 16 bytes: shorter keys are unsupported."""

    name = "hmac-sha256"
    PROVENANCE = library("Tink Mac, HmacKey")
    NOT_RUN = {}

    def __init__(self):
        self.ops = (Op("compute", self._compute, inputs=("key", "message"), outputs=("tag",)),
                    Op("verify", self._verify, inputs=("key", "message", "tag")))

    def _mac(self, key, tag_size):
        if len(key) < 16:
            raise Unsupported("Tink's HmacKey takes keys of at least 16 bytes, not %d" % len(key))
        value = hmac_pb2.HmacKey(version=0, key_value=key,
                                 params=hmac_pb2.HmacParams(hash=common_pb2.SHA256, tag_size=tag_size))
        try:
            return _raw_handle(HMAC, value.SerializeToString(), tink_pb2.KeyData.SYMMETRIC).primitive(mac.Mac)
        except tink.TinkError as e:
            raise Unsupported("Tink refuses this HMAC key: %s" % e) from None

    def _compute(self, request_input):
        key = get_bytes(request_input, "key")
        return {"tag": out_bytes(self._mac(key, 32).compute_mac(get_bytes(request_input, "message")))}

    def _verify(self, request_input):
        key = get_bytes(request_input, "key")
        tag = get_bytes(request_input, "tag")
        if not 16 <= len(tag) <= 32:
            raise Refusal("parameters", "an HMAC-SHA256 tag is 16 to 32 bytes (got %d)" % len(tag))
        try:
            self._mac(key, len(tag)).verify_mac(tag, get_bytes(request_input, "message"))
        except tink.TinkError as e:
            raise Refusal("authentication", "Tink's Mac refuses the tag: %s" % e) from None
        return {}


class _ChaChaOpen:
    """AEAD open with a given raw key through a RAW keyset holding one key of the suite's type: Tink's ciphertext
    is nonce || ct || tag, so a given nonce can be opened (never sealed: Tink draws it). Tink 1.16.1 for Python
    registers no ChaCha20Poly1305Key manager ("No manager for type ...ChaCha20Poly1305Key"), so only
    XChaCha20-Poly1305 is offered."""

    NOT_RUN = {"seal": "Tink's Aead draws its own nonce; a given nonce cannot be used"}

    def __init__(self):
        self.ops = (Op("open", self._open, inputs=("key", "nonce", "aad", "ciphertext", "tag"), outputs=("plaintext",)),)

    def _open(self, request_input):
        key = get_bytes(request_input, "key")
        nonce = get_bytes(request_input, "nonce")
        aad = get_bytes(request_input, "aad")
        ciphertext = get_bytes(request_input, "ciphertext")
        tag = get_bytes(request_input, "tag")
        if len(key) != 32:
            raise Refusal("parameters", "%s takes a 32-byte key (got %d bytes)" % (self.label, len(key)))
        if len(nonce) != self.nonce_bytes:
            raise Refusal("parameters", "%s takes a %d-byte nonce (got %d bytes)" % (self.label, self.nonce_bytes, len(nonce)))
        if len(tag) != 16:
            raise Refusal("parameters", "%s takes a 16-byte tag (got %d bytes)" % (self.label, len(tag)))
        value = self.proto(version=0, key_value=key).SerializeToString()
        primitive = _raw_handle(self.type_url, value, tink_pb2.KeyData.SYMMETRIC).primitive(aead.Aead)
        try:
            plaintext = primitive.decrypt(nonce + ciphertext + tag, aad)
        except tink.TinkError as e:
            raise Refusal("authentication", "Tink Aead refuses the blob: %s" % e) from None
        return {"plaintext": out_bytes(plaintext)}


class XChaCha20Poly1305Suite(_ChaChaOpen):
    name = "xchacha20-poly1305"
    PROVENANCE = library("Tink Aead, XChaCha20Poly1305Key")
    label = "XChaCha20-Poly1305"
    nonce_bytes = 24
    type_url = TYPE_URL_PREFIX + "XChaCha20Poly1305Key"
    proto = xchacha20_poly1305_pb2.XChaCha20Poly1305Key


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
            verifier = _raw_handle(ED25519_PUBLIC, value, tink_pb2.KeyData.ASYMMETRIC_PUBLIC).primitive(signature_module.PublicKeyVerify)
        except tink.TinkError as e:
            raise Refusal("key", "Tink refuses the Ed25519 public key: %s" % e) from None
        try:
            verifier.verify(signature, get_bytes(request_input, "message"))
        except tink.TinkError as e:
            raise Refusal("authentication", "Tink's PublicKeyVerify refuses the signature: %s" % e) from None
        return {}


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
            verifier = _raw_handle(ECDSA_PUBLIC, value, tink_pb2.KeyData.ASYMMETRIC_PUBLIC).primitive(signature_module.PublicKeyVerify)
        except tink.TinkError as e:
            raise Refusal("key", "Tink refuses the P-256 public key: %s" % e) from None
        try:
            verifier.verify(signature, get_bytes(request_input, "message"))
        except tink.TinkError as e:
            raise Refusal("authentication", "Tink's PublicKeyVerify refuses the signature: %s" % e) from None
        return {}


ALL = (KeyboxSuite(), TinkPublicKeySuite(), AesGcmSuite(),
       HmacSha256Suite(),
       XChaCha20Poly1305Suite(), Ed25519Suite(), EcdsaP256Suite())


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

# The contract packs' suites live in modules of their own, imported here, last: they use the helpers above.
from concord_tink_sinew import ALL as _SINEW  # noqa: E402

ALL = ALL + _SINEW
