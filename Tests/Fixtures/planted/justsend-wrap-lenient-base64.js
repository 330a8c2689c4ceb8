'use strict';
// Planted bug justsend-wrap-lenient-base64 (README.md): a b64 reader that checks the alphabet and
// nothing else.
//
// The app's web side checks a wrapped key against /^[A-Za-z0-9+/=]+$/ (so the URL-safe alphabet,
// spaces and line breaks are refused, as the landed vectors check) and then decodes with Node's
// Buffer.from(text, 'base64'), which also takes a value without its padding, with non-zero spare
// bits, or with '=' in the middle (it stops there). The contract (docs/contracts/justsend.md §1)
// refuses all three (`format`); this app unwraps them.
//
// Otherwise the contract's wrap: b64(nonce(12) ‖ AES-256-GCM(wrappingKey, nonce, key, no AAD)) on
// Node's crypto, with the refusals of Concord's swift port.

const crypto = require('crypto');
const { nodeAdapter, bugOn, serve } = require('./lib/planted');
const { suite, op, field } = nodeAdapter('wire/suite-spec');
const { out } = nodeAdapter('wire/values');
const { Refusal } = nodeAdapter('wire/answers');
const b64 = nodeAdapter('wire/b64');
const aesGcm = nodeAdapter('primitives/aes-gcm');

function checkWrappingKey(k) {
  if (k.length !== 32) throw new Refusal('parameters', `the wrapping key is ${k.length} bytes; AES-256 keys are 32`);
}

function wrap(wrappingKey, key, nonce) {
  checkWrappingKey(wrappingKey);
  if (key.length !== 32) throw new Refusal('parameters', `the wrapped key is ${key.length} bytes; the contract wraps 32-byte keys`);
  if (nonce.length !== 12) throw new Refusal('parameters', `the nonce is ${nonce.length} bytes; the contract's nonce is 12`);
  const { ciphertext, tag } = aesGcm.seal(wrappingKey, nonce, Buffer.alloc(0), key);
  return b64.encode(Buffer.concat([nonce, ciphertext, tag]));
}

/** The app's b64 reader: the alphabet checked, then Buffer.from. */
function decode(text) {
  if (!bugOn) {
    try {
      return b64.decode(text);
    } catch (e) {
      if (e instanceof b64.B64Malformed) throw new Refusal('format', `wrapped: ${e.message}`);
      throw e;
    }
  }
  if (!/^[A-Za-z0-9+/=]*$/.test(text)) throw new Refusal('format', 'wrapped: a character outside the b64 alphabet');
  return Buffer.from(text, 'base64');
}

function unwrap(wrappingKey, wrapped) {
  checkWrappingKey(wrappingKey);
  const blob = decode(wrapped);
  if (blob.length < 28) throw new Refusal('format', `wrapped is ${blob.length} bytes, shorter than nonce (12) + tag (16)`);
  let key;
  try {
    key = aesGcm.open(wrappingKey, blob.subarray(0, 12), Buffer.alloc(0), blob.subarray(12, blob.length - 16), blob.subarray(blob.length - 16));
  } catch (e) {
    if (e instanceof Refusal) throw new Refusal('authentication', 'wrapped does not authenticate (wrong key or altered bytes)');
    throw e;
  }
  if (key.length !== 32) throw new Refusal('format', `wrapped holds ${key.length} bytes, not a 32-byte key`);
  return key;
}

const keys = [field('wrappingKey', 'bytes'), field('key', 'bytes')];

serve('justsend-wrap-lenient-base64', [
  suite('justsend.wrap', [
    op('wrap', [...keys, field('nonce', 'bytes')], ['wrapped'], (i) => ({ wrapped: wrap(i.wrappingKey, i.key, i.nonce) })),
    op('unwrap', [field('wrappingKey', 'bytes'), field('wrapped', 'text')], ['key'], (i) => ({ key: out(unwrap(i.wrappingKey, i.wrapped)) })),
    op('roundtrip-wrap', keys, ['wrapped'], (i) => ({ wrapped: wrap(i.wrappingKey, i.key, crypto.randomBytes(12)) })),
    op('roundtrip', keys, ['key'], (i) => ({ key: out(unwrap(i.wrappingKey, wrap(i.wrappingKey, i.key, crypto.randomBytes(12)))) })),
  ]),
]);
