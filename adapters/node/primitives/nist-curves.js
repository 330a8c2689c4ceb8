'use strict';
// The NIST prime curves of Tink's EllipticCurveType enum (CONTRACT.md §9) on Node's crypto.ECDH
// (OpenSSL): scalars, SEC1 points, d·G and the ECDH x-coordinate. The contract's curve is P-256;
// P-384 and P-521 are here so that a keyset on them can be described.
//
// A bad scalar or point is refused as `key`: a scalar of 0 or ≥ n; a point of the wrong length or
// leading byte, a coordinate ≥ p, or a point OpenSSL does not accept as on the curve. All three curves
// have cofactor 1, so a point on the curve is in the prime-order group.

const crypto = require('crypto');
const { Refusal } = require('../wire/answers');

// p and n from SEC 2 v2 §2.4.2, §2.5.1, §2.6.1 (checked at start-up against OpenSSL: see selfCheck).
const CURVES = [
  {
    name: 'NIST_P256', protoValue: 2, openssl: 'prime256v1', fieldBytes: 32,
    p: 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn,
    n: 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n,
  },
  {
    name: 'NIST_P384', protoValue: 3, openssl: 'secp384r1', fieldBytes: 48,
    p: 0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffffn,
    n: 0xffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973n,
  },
  {
    name: 'NIST_P521', protoValue: 4, openssl: 'secp521r1', fieldBytes: 66,
    p: (1n << 521n) - 1n,
    n: 0x1fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e91386409n,
  },
];

function fromProto(value) {
  return CURVES.find((c) => c.protoValue === value) || null;
}

function toBigInt(buf) {
  return buf.length === 0 ? 0n : BigInt('0x' + Buffer.from(buf).toString('hex'));
}

/** v as exactly `size` big-endian bytes (v < 256^size). */
function toBytes(v, size) {
  return Buffer.from(v.toString(16).padStart(size * 2, '0'), 'hex');
}

/** A big-endian scalar of any length (leading zeros allowed) → BigInt; 0 or ≥ n is a `key` refusal. */
function scalar(curve, bytes, what) {
  const d = toBigInt(bytes);
  if (d === 0n) throw new Refusal('key', `${what} is zero (${bytes.length} bytes), not a ${curve.name} scalar`);
  if (d >= curve.n) throw new Refusal('key', `${what} is not below the ${curve.name} group order n`);
  return d;
}

function checkCoordinate(curve, v, what, coordinate) {
  if (v >= curve.p) {
    throw new Refusal('key', `${what}: coordinate ${coordinate} is not below the ${curve.name} field prime p (not a point on the curve)`);
  }
}

/** OpenSSL's reading of a SEC1 point, as the uncompressed 04‖X‖Y; `key` when it is not on the curve. */
function convert(curve, sec1, what) {
  try {
    return crypto.ECDH.convertKey(sec1, curve.openssl, undefined, undefined, 'uncompressed');
  } catch (e) {
    throw new Refusal('key', `${what} is not a point on ${curve.name} (OpenSSL: ${e.message})`);
  }
}

/**
 * The point with these big-endian coordinates (any encoded length: Tink Java writes 33 bytes with a
 * leading 0x00), as an uncompressed SEC1 Buffer; `key` when not on the curve.
 */
function point(curve, xBytes, yBytes, what) {
  const x = toBigInt(xBytes);
  const y = toBigInt(yBytes);
  checkCoordinate(curve, x, what, 'x');
  checkCoordinate(curve, y, what, 'y');
  const sec1 = Buffer.concat([Buffer.from([4]), toBytes(x, curve.fieldBytes), toBytes(y, curve.fieldBytes)]);
  return convert(curve, sec1, what);
}

/** A SEC1 point, compressed (02|03‖X) or uncompressed (04‖X‖Y) → uncompressed; anything else is `key`. */
function decodeSec1(curve, sec1, what) {
  const len = sec1.length;
  const f = curve.fieldBytes;
  const lead = '0x' + (len > 0 ? sec1[0].toString(16).padStart(2, '0') : '');
  if (len === 1 + f) {
    if (sec1[0] !== 2 && sec1[0] !== 3) {
      throw new Refusal('key', `${what} is ${len} bytes (a compressed point) but starts with ${lead}, not 0x02 or 0x03`);
    }
    checkCoordinate(curve, toBigInt(sec1.subarray(1)), what, 'x');
    try {
      return crypto.ECDH.convertKey(sec1, curve.openssl, undefined, undefined, 'uncompressed');
    } catch (e) {
      throw new Refusal('key', `${what}: no point of ${curve.name} has this x-coordinate (OpenSSL: ${e.message})`);
    }
  }
  if (len === 1 + 2 * f) {
    if (sec1[0] !== 4) {
      throw new Refusal('key', `${what} is ${len} bytes (an uncompressed point) but starts with ${lead}, not 0x04`);
    }
    return point(curve, sec1.subarray(1, 1 + f), sec1.subarray(1 + f), what);
  }
  throw new Refusal('key', `${what} is ${len} bytes; a SEC1 ${curve.name} point is ${1 + f} (compressed) or ${1 + 2 * f} (uncompressed)`);
}

/** An ECDH object holding the scalar d. */
function ecdhFor(curve, d) {
  const ecdh = crypto.createECDH(curve.openssl);
  ecdh.setPrivateKey(toBytes(d, curve.fieldBytes));
  return ecdh;
}

/** d·G, uncompressed SEC1. */
function publicPoint(curve, d) {
  return ecdhFor(curve, d).getPublicKey();
}

/** The x-coordinate of d·Q (fieldBytes long): the ECDH shared secret. Q uncompressed SEC1, already checked. */
function sharedX(curve, d, q) {
  return ecdhFor(curve, d).computeSecret(q);
}

function x(curve, q) { return q.subarray(1, 1 + curve.fieldBytes); }
function y(curve, q) { return q.subarray(1 + curve.fieldBytes); }

/** Q in one of Tink's point formats. */
function encodePoint(curve, q, format) {
  if (format === 'COMPRESSED') return crypto.ECDH.convertKey(q, curve.openssl, undefined, undefined, 'compressed');
  if (format === 'UNCOMPRESSED') return Buffer.from(q);
  return Buffer.from(q.subarray(1)); // DO_NOT_USE_CRUNCHY_UNCOMPRESSED: X‖Y
}

function encodedPointBytes(curve, format) {
  if (format === 'COMPRESSED') return 1 + curve.fieldBytes;
  if (format === 'UNCOMPRESSED') return 1 + 2 * curve.fieldBytes;
  return 2 * curve.fieldBytes;
}

/** Reads an encoded point of `format` → uncompressed SEC1; `key` when it is not a point. */
function decodePoint(curve, bytes, format, what) {
  if (format === 'DO_NOT_USE_CRUNCHY_UNCOMPRESSED') {
    return point(curve, bytes.subarray(0, curve.fieldBytes), bytes.subarray(curve.fieldBytes), what);
  }
  return decodeSec1(curve, bytes, what);
}

/** OpenSSL agrees with the constants above: n-1 is a valid scalar and n is not, and -G = (x, p-y) is a point. */
function selfCheck() {
  for (const c of CURVES) {
    ecdhFor(c, c.n - 1n);
    let refused = false;
    try { ecdhFor(c, c.n); } catch (e) { refused = true; }
    if (!refused) throw new Error(`OpenSSL accepts n as a ${c.name} scalar: the order constant is wrong`);
    const g = publicPoint(c, 1n); // -G = (x, p - y) is on the curve only if p is right
    point(c, x(c, g), toBytes(c.p - toBigInt(y(c, g)), c.fieldBytes), `${c.name}: -G (checking p)`);
  }
}

module.exports = {
  CURVES, P256: CURVES[0], fromProto, scalar, point, decodeSec1, publicPoint, sharedX, x, y,
  encodePoint, encodedPointBytes, decodePoint, toBigInt, toBytes, ecdhFor, selfCheck,
};
