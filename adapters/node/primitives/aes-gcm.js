'use strict';
// AES-GCM through Node's createCipheriv / createDecipheriv (OpenSSL), 16-byte tags. Keys of 16, 24
// or 32 bytes; nonces of 1..128 bytes (OpenSSL 3's GCM takes no longer IV: a longer one is
// unsupported here, an empty one is refused as GCM requires).

const crypto = require('crypto');
const { Refusal, Unsupported } = require('../wire/answers');

const TAG_BYTES = 16;
const MAX_NONCE_BYTES = 128;

function algorithm(key, nonce) {
  if (key.length !== 16 && key.length !== 24 && key.length !== 32) {
    throw new Refusal('parameters', `AES key is ${key.length} bytes; AES takes 16, 24 or 32`);
  }
  if (nonce.length === 0) throw new Refusal('parameters', 'the nonce is empty; GCM needs at least one byte');
  if (nonce.length > MAX_NONCE_BYTES) {
    throw new Unsupported(`Node's AES-GCM takes nonces of 1..${MAX_NONCE_BYTES} bytes, not ${nonce.length} (the limit of OpenSSL ${process.versions.openssl}'s GCM)`);
  }
  return `aes-${key.length * 8}-gcm`;
}

/** → { ciphertext, tag }. */
function seal(key, nonce, aad, plaintext) {
  const c = crypto.createCipheriv(algorithm(key, nonce), key, nonce, { authTagLength: TAG_BYTES });
  c.setAAD(aad);
  const ciphertext = Buffer.concat([c.update(plaintext), c.final()]);
  return { ciphertext, tag: c.getAuthTag() };
}

/** The plaintext; a tag that does not verify is an `authentication` refusal. */
function open(key, nonce, aad, ciphertext, tag) {
  if (tag.length !== TAG_BYTES) throw new Refusal('parameters', `tag is ${tag.length} bytes; this suite uses ${TAG_BYTES}-byte tags`);
  const d = crypto.createDecipheriv(algorithm(key, nonce), key, nonce, { authTagLength: TAG_BYTES });
  d.setAAD(aad);
  d.setAuthTag(tag);
  const head = d.update(ciphertext);
  let tail;
  try {
    tail = d.final();
  } catch (e) {
    throw new Refusal('authentication', 'AES-GCM tag mismatch (wrong key, nonce, AAD, ciphertext or tag)');
  }
  return Buffer.concat([head, tail]);
}

module.exports = { seal, open, TAG_BYTES };
