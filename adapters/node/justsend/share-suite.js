'use strict';
// Suites justsend.share-link and justsend.chunk (docs/contracts/justsend.md §4) on Node's crypto
// (hkdfSync, createCipheriv); the composition is justsend/share.js, shared with the webcrypto adapter.

const crypto = require('crypto');
const { suite, op, field, PORT } = require('../wire/suite-spec');
const { out } = require('../wire/values');
const aesGcm = require('../primitives/aes-gcm');
const share = require('./share');

const prims = {
  hkdf: async (ikm, salt, info) => Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, 32)),
  seal: async (key, nonce, aad, plaintext) => {
    const { ciphertext, tag } = aesGcm.seal(key, nonce, aad, plaintext);
    return Buffer.concat([ciphertext, tag]);
  },
  open: async (key, nonce, aad, sealed) => aesGcm.open(key, nonce, aad, sealed.subarray(0, sealed.length - 16), sealed.subarray(sealed.length - 16)),
};

/** The two suites over the given primitives (also used by the webcrypto adapter). */
function suites(p) {
  const chunkFields = [field('shareKey', 'bytes'), field('assetId', 'text'), field('noncePrefix', 'bytes'),
    field('index', 'integer'), field('count', 'integer')];
  return [
    suite('justsend.share-link', [
      op('encode', [field('shareKey', 'bytes')], ['fragment'], (i) => ({ fragment: share.fragment(i.shareKey) })),
      op('decode', [field('fragment', 'text')], ['shareKey'], (i) => ({ shareKey: out(share.shareKey(i.fragment)) })),
      op('attachment-key', [field('shareKey', 'bytes'), field('assetId', 'text')], ['attachmentKey'],
        async (i) => ({ attachmentKey: out(await share.attachmentKey(p, i.shareKey, i.assetId)) })),
    ], PORT), // the composition of justsend/share.js, written here

    suite('justsend.chunk', [
      op('seal', [...chunkFields, field('plaintext', 'bytes')], ['chunk'], async (i) => ({ chunk: out(await share.sealChunk(p, i)) })),
      op('open', [...chunkFields, field('chunk', 'bytes')], ['plaintext'], async (i) => ({ plaintext: out(await share.openChunk(p, i)) })),
    ], PORT),
  ];
}

module.exports = suites(prims);
module.exports.suites = suites;
