'use strict';
// Planted bug closer-field-prefix-anywhere (README.md): an `enc:v1:` reader that removes the prefix
// wherever it occurs.
//
// The app checks that a wire starts with "enc:v1:" and then removes the prefix with a replace-all
// (Kotlin's and Java's String.replace("enc:v1:", ""), JavaScript's replaceAll) instead of cutting
// the first seven characters. A wire with the prefix twice ("enc:v1:enc:v1:…", a value encrypted
// twice or prefixed twice by a buggy writer) or with "enc:v1:" inside its base64 is read as if the
// extra copies were not there, where the contract refuses it (`format`: ':' is not base64).
// Everything else is the contract (§3, §6): strict b64, the combined AES-256-GCM blob, AAD =
// UTF-8(coupleId), and the refusals Concord's swift port names (a Tink prefix, the historical AAD).

const crypto = require('crypto');
const { nodeAdapter, bugOn, serve } = require('./lib/planted');
const { suite, op, field, optional } = nodeAdapter('wire/suite-spec');
const { out } = nodeAdapter('wire/values');
const { Refusal } = nodeAdapter('wire/answers');
const b64 = nodeAdapter('wire/b64');
const utf8 = nodeAdapter('wire/utf8');
const aesGcm = nodeAdapter('primitives/aes-gcm');

const PREFIX = 'enc:v1:';

function requireKey(key) {
  if (key.length !== 32) throw new Refusal('parameters', `coupleKey is ${key.length} bytes; the contract's AES-256-GCM key is 32`);
}

function encrypt(key, coupleId, plaintext, nonce) {
  requireKey(key);
  if (nonce.length !== 12) throw new Refusal('parameters', `the nonce is ${nonce.length} bytes; the contract's nonce is 12`);
  const { ciphertext, tag } = aesGcm.seal(key, nonce, utf8.encode(coupleId), plaintext);
  return PREFIX + b64.encode(Buffer.concat([nonce, ciphertext, tag]));
}

function tryOpen(key, aad, blob) {
  if (blob.length < 28) return null;
  try {
    return aesGcm.open(key, blob.subarray(0, 12), aad, blob.subarray(12, blob.length - 16), blob.subarray(blob.length - 16));
  } catch (e) {
    if (e instanceof Refusal) return null;
    throw e;
  }
}

function decrypt(key, coupleId, wire, userId, questionId) {
  requireKey(key);
  if (!wire.startsWith(PREFIX)) throw new Refusal('format', `expected the prefix "${PREFIX}", found "${Array.from(wire).slice(0, 11).join('')}…"`);
  const body = bugOn ? wire.replaceAll(PREFIX, '') : wire.slice(PREFIX.length);
  let blob;
  try {
    blob = b64.decode(body);
  } catch (e) {
    if (e instanceof b64.B64Malformed) throw new Refusal('format', `after "${PREFIX}": ${e.message}`);
    throw e;
  }
  const aad = utf8.encode(coupleId);
  const plain = tryOpen(key, aad, blob);
  if (plain !== null) return plain;
  if (blob.length < 28) throw new Refusal('format', `the enc:v1 blob is ${blob.length} bytes, shorter than nonce (12) + tag (16)`);
  if (blob.length >= 33 && blob[0] <= 1 && tryOpen(key, aad, blob.subarray(5)) !== null) {
    throw new Refusal('format', 'the enc:v1 blob starts with a 5-byte Tink output prefix and opens after dropping it: the contract is RAW');
  }
  if (userId !== undefined && questionId !== undefined && tryOpen(key, utf8.encode(`${userId}:${questionId}`), blob) !== null) {
    throw new Refusal('authentication', 'the enc:v1 blob does not open with the contract\'s AAD but opens with the historical AAD userId:questionId');
  }
  throw new Refusal('authentication', 'the enc:v1 blob does not open: the tag does not verify (wrong key, wrong AAD or altered bytes)');
}

const keyFields = [field('coupleKey', 'bytes'), field('coupleId', 'text')];
const keyset = optional('keysetJson', 'text'); // the Android side's keyset: this app, like iOS, uses coupleKey

serve('closer-field-prefix-anywhere', [
  suite('closer.field', [
    op('encrypt', [...keyFields, field('plaintext', 'bytes'), field('nonce', 'bytes')], ['wire'],
      (i) => ({ wire: encrypt(i.coupleKey, i.coupleId, i.plaintext, i.nonce) })),
    op('decrypt', [...keyFields, field('wire', 'text'), optional('userId', 'text'), optional('questionId', 'text'), keyset], ['plaintext'],
      (i) => ({ plaintext: out(decrypt(i.coupleKey, i.coupleId, i.wire, i.userId, i.questionId)) })),
    op('roundtrip-seal', [...keyFields, field('plaintext', 'bytes'), keyset], ['wire'],
      (i) => ({ wire: encrypt(i.coupleKey, i.coupleId, i.plaintext, crypto.randomBytes(12)) })),
    op('roundtrip', [...keyFields, field('plaintext', 'bytes'), keyset], ['plaintext'],
      (i) => ({ plaintext: out(decrypt(i.coupleKey, i.coupleId, encrypt(i.coupleKey, i.coupleId, i.plaintext, crypto.randomBytes(12)))) })),
  ]),
]);
