"""Suite hmac-sha256 of the Tink adapter."""

import tink
from tink import mac
from tink.proto import common_pb2, hmac_pb2, tink_pb2

from primitives.keysets import HMAC, raw_handle
from wire.answers import Refusal, Unsupported
from wire.protocol import Op, get_bytes, library, out_bytes

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
            return raw_handle(HMAC, value.SerializeToString(), tink_pb2.KeyData.SYMMETRIC).primitive(mac.Mac)
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
