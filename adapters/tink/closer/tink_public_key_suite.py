"""Suite closer.tink-public-key of the Tink adapter (CONTRACT.md §9–§10)."""

import tink
from tink import hybrid
from tink.proto import aes_gcm_pb2, common_pb2, ecies_aead_hkdf_pb2, tink_pb2

from closer.hybrid_keysets import PUBLIC_KEY_PREFIX
from primitives.keysets import (AES_GCM, ECIES_PUBLIC, decode_proto, key_refusal, parse_keyset, primary_key, proto_keyset,
                                tink_primitive)
from wire.answers import BadRequest, Refusal, Unsupported
from wire.encodings import wire_decode
from wire.protocol import Op, get_text, library, out_bytes

FIELD_BYTES = {"NIST_P256": 32, "NIST_P384": 48, "NIST_P521": 66}


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
                    raise key_refusal(e, "Tink cannot derive a public keyset from keysetJson: %s" % e) from None

        keyset = proto_keyset(handle)
        key = primary_key(keyset, field)
        if key.key_data.type_url != ECIES_PUBLIC:
            raise Refusal("key", "%s: primary key %d has type %s, not %s"
                          % (field, key.key_id, key.key_data.type_url, ECIES_PUBLIC))
        # Tink's own validation first: the key managers parse and check every ENABLED key, in order (version,
        # curve, point, DEM), when it builds the primitive; only then is the primary decoded to describe it.
        encrypt = tink_primitive(handle, hybrid.HybridEncrypt, field)
        # Some of the key Tink checks only when it is used (an ec_point_format with no name is "Unsupported
        # point format" at encryption): one encryption, so that describing a key means Tink can use it.
        try:
            encrypt.encrypt(b"", b"")
        except tink.TinkError as e:
            raise key_refusal(e, "Tink refuses to encrypt with %s: %s" % (field, e)) from None
        public = decode_proto(ecies_aead_hkdf_pb2.EciesAeadHkdfPublicKey, key.key_data.value,
                               "%s key %d value" % (field, key.key_id))

        params = public.params
        curve = common_pb2.EllipticCurveType.Name(params.kem_params.curve_type)
        if curve not in FIELD_BYTES:
            raise Unsupported("curve %s has no (x, y) description in this suite" % curve)
        dem = params.dem_params.aead_dem
        if dem.type_url != AES_GCM:
            raise Unsupported("DEM %s is not AES-GCM; demKeySize is defined for AesGcmKeyFormat only" % dem.type_url)
        dem_format = decode_proto(aes_gcm_pb2.AesGcmKeyFormat, dem.value, "%s DEM key format" % field)
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
