'use strict';
// HKDF (RFC 5869) through Node's crypto.hkdfSync, with the hashes of Tink's HashType enum
// (common.proto). An empty salt is the RFC's all-zero salt (HMAC pads an empty key with zeros too).

const crypto = require('crypto');
const { Refusal, Unsupported } = require('../wire/answers');

/** Tink's HashType values → Node's digest names and output sizes. */
const HASHES = [
  { name: 'SHA1', protoValue: 1, node: 'sha1', bytes: 20 },
  { name: 'SHA384', protoValue: 2, node: 'sha384', bytes: 48 },
  { name: 'SHA256', protoValue: 3, node: 'sha256', bytes: 32 },
  { name: 'SHA512', protoValue: 4, node: 'sha512', bytes: 64 },
  { name: 'SHA224', protoValue: 5, node: 'sha224', bytes: 28 },
];
const SHA256 = HASHES[2];

function fromProto(value) {
  return HASHES.find((h) => h.protoValue === value) || null;
}

/** Node's hkdfSync takes an info of at most this many bytes. */
const MAX_INFO_BYTES = 1024;

/** `size` bytes of HKDF output; a size outside 1..255·HashLen is a `parameters` refusal. */
function derive(hash, ikm, salt, info, size) {
  const max = 255 * hash.bytes;
  if (size <= 0n || size > BigInt(max)) {
    throw new Refusal('parameters', `HKDF-${hash.name} output size ${size} is outside 1..${max} (255 * ${hash.bytes})`);
  }
  if (info.length > MAX_INFO_BYTES) {
    throw new Unsupported(`Node's crypto.hkdfSync takes an info of at most ${MAX_INFO_BYTES} bytes, not ${info.length}`);
  }
  return Buffer.from(crypto.hkdfSync(hash.node, ikm, salt, info, Number(size)));
}

module.exports = { HASHES, SHA256, fromProto, derive };
