'use strict';
// Suite aes-gcm (CONTRACT.md §3, and Wycheproof's aes_gcm_test.json): Node's createCipheriv /
// createDecipheriv with a 16-byte tag. Keys of 16, 24, 32 bytes; nonces of 1..128 bytes (a longer
// nonce is unsupported: OpenSSL 3's GCM takes no more); an empty nonce and a tag that is not 16
// bytes are `parameters`; a tag that does not verify is `authentication`.

const { suite, op, field, library } = require('../wire/suite-spec');
const { out } = require('../wire/values');
const aesGcm = require('./aes-gcm');

module.exports = suite('aes-gcm', [
  op('seal', [field('key', 'bytes'), field('nonce', 'bytes'), field('aad', 'bytes'), field('plaintext', 'bytes')],
    ['ciphertext', 'tag'],
    (i) => {
      const { ciphertext, tag } = aesGcm.seal(i.key, i.nonce, i.aad, i.plaintext);
      return { ciphertext: out(ciphertext), tag: out(tag) };
    }),
  op('open', [field('key', 'bytes'), field('nonce', 'bytes'), field('aad', 'bytes'), field('ciphertext', 'bytes'), field('tag', 'bytes')],
    ['plaintext'],
    (i) => ({ plaintext: out(aesGcm.open(i.key, i.nonce, i.aad, i.ciphertext, i.tag)) })),
], library(`Node crypto.createCipheriv / createDecipheriv aes-*-gcm (OpenSSL ${process.versions.openssl})`));
