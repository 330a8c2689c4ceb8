'use strict';
// Suite sinew.field-cipher (docs/contracts/sinew.md) on Node's crypto: the layout of sinew/field-cipher.js over
// createCipheriv / createDecipheriv; fresh nonces from crypto.randomBytes.

const crypto = require('crypto');
const { suite, op, field, optional, PORT } = require('../wire/suite-spec');
const aesGcm = require('../primitives/aes-gcm');
const sinew = require('./field-cipher');

const gcm = {
  seal: async (key, nonce, aad, plaintext) => {
    const { ciphertext, tag } = aesGcm.seal(key, nonce, aad, plaintext);
    return Buffer.concat([ciphertext, tag]);
  },
  open: async (key, nonce, aad, sealed) => aesGcm.open(key, nonce, aad, sealed.subarray(0, sealed.length - 16), sealed.subarray(sealed.length - 16)),
};

module.exports = fieldCipher(gcm, () => crypto.randomBytes(12));

/** The suite over an AES-GCM (also used by the webcrypto adapter with crypto.subtle). */
function fieldCipher(g, freshNonce) {
  const keys = [optional('keysetJson', 'text'), optional('keys', 'text')];
  const primary = optional('primaryKeyId', 'integer');
  return suite('sinew.field-cipher', [
    op('encrypt', [...keys, primary, field('context', 'text'), field('plaintext', 'text'), field('nonce', 'bytes')], ['value'],
      async (i) => ({ value: await sinew.encrypt(g, sinew.keyring(i), i.context, i.plaintext, i.nonce) })),
    op('decrypt', [...keys, field('context', 'text'), field('value', 'text')], ['plaintext'],
      async (i) => ({ plaintext: await sinew.decrypt(g, sinew.keyring(i), i.context, i.value) })),
    op('roundtrip-seal', [...keys, primary, field('context', 'text'), field('plaintext', 'text')], ['value'],
      async (i) => ({ value: await sinew.encrypt(g, sinew.keyring(i), i.context, i.plaintext, freshNonce()) })),
    op('roundtrip', [...keys, primary, field('context', 'text'), field('plaintext', 'text')], ['plaintext'],
      async (i) => {
        const ring = sinew.keyring(i);
        const value = await sinew.encrypt(g, ring, i.context, i.plaintext, freshNonce());
        return { plaintext: await sinew.decrypt(g, ring, i.context, value) };
      }),
  ], PORT); // the layout of sinew/field-cipher.js, written here, over an AES-GCM
}

module.exports.fieldCipher = fieldCipher;
