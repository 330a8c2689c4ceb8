'use strict';
// Suite sinew.field-cipher (docs/contracts/sinew.md) on Web Crypto, the seed's web target: the layout of
// node/sinew/field-cipher.js (key selection, header, b64, UTF-8) with every AES-GCM done by crypto.subtle in the page
// (the page's aesGcmSeal / aesGcmOpen); fresh nonces for the round trip from Node's crypto.randomBytes.

const { hexDecode } = require('../../node/wire/values');
const crypto = require('crypto');
const { fieldCipher } = require('../../node/sinew/field-cipher-suite');
const { Refusal } = require('../../node/wire/answers');
const { PageError } = require('../wire/page');

module.exports = (page) => fieldCipher({
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
        throw new Refusal('authentication', `AES-GCM decrypt failed (${e.domName}): wrong key, context or altered bytes`);
      }
      throw e;
    }
  },
}, () => crypto.randomBytes(12));

function hex(b) { return Buffer.from(b).toString('hex'); }
