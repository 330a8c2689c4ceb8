'use strict';
// Planted bug askkey-der-short-integer (README.md): a DER → IEEE P1363 converter that pads one zero
// byte, never two.
//
// The app turns the DER signatures of the Secure Enclave into CryptoKit's raw r‖s with the usual
// fix-ups for each INTEGER: 33 bytes (a sign byte) → drop the first; 31 bytes (a leading zero the
// encoding dropped) → put one zero back; anything else is taken as it is. An r or s below 2^240 has
// two or more leading zero bytes (1 in 65,536 signatures for each), so it comes out 30 bytes or
// shorter: `to-p1363` writes fewer than 64 bytes, and `verify` of a DER signature hands CryptoKit a
// raw signature of the wrong size, which it refuses (`format`) where every other verifier accepts.
// The landed vectors have integers of 33, 32 and 31 bytes, which it gets right.
//
// The rest is the contract as Concord's swift port reads it: strict DER (a SEQUENCE of two minimal
// non-negative INTEGERs of at most 32 bytes, nothing after it: `format`), the public key (SEC1,
// compressed or uncompressed: `key`), r and s in 1..n-1 (`authentication`), then ECDSA P-256 with
// SHA-256 on Node's crypto.

const crypto = require('crypto');
const { nodeAdapter, bugOn, serve } = require('./lib/planted');
const { suite, op, field } = nodeAdapter('wire/suite-spec');
const { out } = nodeAdapter('wire/values');
const { Refusal } = nodeAdapter('wire/answers');
const curves = nodeAdapter('primitives/nist-curves');

const P256 = curves.P256;

/** One DER element of `tag` at `at`: its content's bounds, or a `format` refusal (short form only: P-256 signatures are short). */
function element(der, at, end, tag, name) {
  if (at >= end) throw new Refusal('format', `der: expected ${name}, found the end`);
  if (der[at] !== tag) throw new Refusal('format', `der: expected ${name} (tag 0x${tag.toString(16)}), found 0x${der[at].toString(16)}`);
  if (at + 1 >= end) throw new Refusal('format', `der: ${name} has no length`);
  const first = der[at + 1];
  let length, start;
  if (first < 0x80) {
    length = first;
    start = at + 2;
  } else if (first === 0x80) {
    throw new Refusal('format', `der: ${name} has an indefinite length (BER, not DER)`);
  } else {
    const n = first & 0x7f;
    if (n > 4) throw new Refusal('format', `der: ${name} has a ${n}-byte length`);
    if (at + 2 + n > end) throw new Refusal('format', `der: ${name}'s length runs past the end`);
    if (der[at + 2] === 0) throw new Refusal('format', `der: ${name}'s length has a leading zero byte (BER, not DER)`);
    length = 0;
    for (let k = 0; k < n; k++) length = length * 256 + der[at + 2 + k];
    if (length < 0x80) throw new Refusal('format', `der: ${name}'s length ${length} is in long form where the short form fits`);
    start = at + 2 + n;
  }
  if (length > end - start) throw new Refusal('format', `der: ${name} is ${length} bytes but only ${end - start} remain`);
  return { start, end: start + length };
}

/** An INTEGER's value without its sign byte; empty, negative or non-minimal is `format`. */
function unsignedInteger(der, at, end, name) {
  const e = element(der, at, end, 0x02, name);
  const v = der.subarray(e.start, e.end);
  if (v.length === 0) throw new Refusal('format', `der: ${name} is an empty INTEGER`);
  if (v[0] & 0x80) throw new Refusal('format', `der: ${name} is negative`);
  if (v[0] === 0 && v.length > 1) {
    if (!(v[1] & 0x80)) throw new Refusal('format', `der: ${name} has a superfluous leading zero byte (not DER)`);
    return { value: v.subarray(1), next: e.end };
  }
  return { value: v, next: e.end };
}

/** Strict DER SEQUENCE { INTEGER r, INTEGER s }, each at most 32 bytes once leading zeros are dropped. */
function parseDer(der) {
  const seq = element(der, 0, der.length, 0x30, 'the SEQUENCE');
  if (seq.end !== der.length) throw new Refusal('format', 'der: bytes after the SEQUENCE');
  const r = unsignedInteger(der, seq.start, seq.end, 'r');
  const s = unsignedInteger(der, r.next, seq.end, 's');
  if (s.next !== seq.end) throw new Refusal('format', 'der: bytes after s');
  for (const [v, name] of [[r.value, 'r'], [s.value, 's']]) {
    if (stripped(v).length > 32) throw new Refusal('format', `der: ${name} is longer than 32 bytes: not a P-256 signature`);
  }
  return { r: r.value, s: s.value };
}

function stripped(v) {
  let k = 0;
  while (k < v.length && v[k] === 0) k++;
  return v.subarray(k);
}

/** The contract's fixed width: left-padded to 32 bytes. */
function pad32(v) {
  const t = stripped(v);
  return Buffer.concat([Buffer.alloc(32 - t.length), t]);
}

/** The app's fix-up of one DER integer (its sign byte already dropped): one zero put back, never two. */
function fixed32(v) {
  if (!bugOn) return pad32(v);
  if (v.length === 31) return Buffer.concat([Buffer.alloc(1), v]);
  return Buffer.from(v);
}

function toP1363(der) {
  const { r, s } = parseDer(der);
  return Buffer.concat([fixed32(r), fixed32(s)]);
}

function derInteger(v) {
  let b = stripped(v);
  if (b.length === 0) b = Buffer.alloc(1);
  if (b[0] & 0x80) b = Buffer.concat([Buffer.alloc(1), b]);
  return Buffer.concat([Buffer.from([0x02, b.length]), b]);
}

function toDer(p1363) {
  if (p1363.length !== 64) throw new Refusal('format', `p1363: an IEEE P1363 P-256 signature is 64 bytes, r‖s (got ${p1363.length})`);
  const body = Buffer.concat([derInteger(p1363.subarray(0, 32)), derInteger(p1363.subarray(32))]);
  return Buffer.concat([Buffer.from([0x30, body.length]), body]);
}

function checkRange(v, name) {
  const n = curves.toBigInt(v);
  if (n === 0n) throw new Refusal('authentication', `signature: ECDSA ${name} is 0`);
  if (n >= P256.n) throw new Refusal('authentication', `signature: ECDSA ${name} is not below the P-256 group order`);
}

/** Verifies r‖s (64 bytes) under a SEC1 point: the key first, then r and s, then the signature. */
function verifyRaw(publicKey, message, raw) {
  const q = curves.decodeSec1(P256, publicKey, 'signature: public key');
  checkRange(raw.subarray(0, 32), 'r');
  checkRange(raw.subarray(32), 's');
  const jwk = { kty: 'EC', crv: 'P-256', x: curves.x(P256, q).toString('base64url'), y: curves.y(P256, q).toString('base64url') };
  const key = crypto.createPublicKey({ key: jwk, format: 'jwk' });
  if (!crypto.verify('sha256', message, { key, dsaEncoding: 'ieee-p1363' }, raw)) {
    throw new Refusal('authentication', 'signature: the ECDSA P-256 signature does not verify under this public key');
  }
}

function verify(i) {
  let raw;
  if (i.encoding === 'der') {
    raw = toP1363(i.signature);
    // CryptoKit's ECDSASignature(rawRepresentation:) takes exactly 64 bytes.
    if (raw.length !== 64) throw new Refusal('format', `signature: the raw form is ${raw.length} bytes, not 64`);
  } else if (i.encoding === 'p1363') {
    if (i.signature.length !== 64) {
      throw new Refusal('format', `signature: an IEEE P1363 P-256 signature is 64 bytes, r‖s (got ${i.signature.length})`);
    }
    raw = i.signature;
  } else {
    throw new Refusal('parameters', 'encoding must be der or p1363');
  }
  verifyRaw(i.publicKey, i.message, raw);
  return { r: out(pad32(raw.subarray(0, 32))), s: out(pad32(raw.subarray(32))) };
}

serve('askkey-der-short-integer', [
  suite('askkey.signature-encoding', [
    op('to-p1363', [field('der', 'bytes')], ['p1363'], (i) => ({ p1363: out(toP1363(i.der)) })),
    op('to-der', [field('p1363', 'bytes')], ['der'], (i) => ({ der: out(toDer(i.p1363)) })),
    op('verify', [field('publicKey', 'bytes'), field('message', 'bytes'), field('signature', 'bytes'), field('encoding', 'text')], ['r', 's'], verify),
  ]),
]);
