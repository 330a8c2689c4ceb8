'use strict';
// Suites justsend.share-link and justsend.chunk (docs/contracts/justsend.md §4) on Web Crypto, the seed's
// share recipient: the composition of node/justsend/share.js with HKDF and AES-GCM done by crypto.subtle
// in the page (its hkdf, aesGcmSeal and aesGcmOpen).

const { hexDecode } = require('../../node/wire/values');
const { suites } = require('../../node/justsend/share-suite');
const { Refusal } = require('../../node/wire/answers');
const { PageError } = require('../wire/page');

module.exports = (page) => suites({
  hkdf: async (ikm, salt, info) => {
    const r = await page.call('hkdf', { ikm: hex(ikm), salt: hex(salt), info: hex(info), hash: 'SHA-256', bits: 256 });
    return hexDecode(r.okm);
  },
  seal: async (key, nonce, aad, plaintext) => {
    const r = await page.call('aesGcmSeal', { key: hex(key), nonce: hex(nonce), aad: hex(aad), plaintext: hex(plaintext) });
    return hexDecode(r.sealed);
  },
  open: async (key, nonce, aad, sealed) => {
    try {
      const r = await page.call('aesGcmOpen', { key: hex(key), nonce: hex(nonce), aad: hex(aad), sealed: hex(sealed) });
      return hexDecode(r.plaintext);
    } catch (e) {
      if (e instanceof PageError && e.step === 'decrypt' && e.domName === 'OperationError') {
        throw new Refusal('authentication', `AES-GCM decrypt failed (${e.domName}): the chunk belongs elsewhere or was changed`);
      }
      throw e;
    }
  },
});

function hex(b) { return Buffer.from(b).toString('hex'); }
