'use strict';
// Suite hkdf-sha256 on Web Crypto: importKey('raw', ikm, 'HKDF'), then deriveBits({name: 'HKDF',
// hash: 'SHA-256', salt, info}, key, 8 × size). A size outside 1..8160 (255 × 32) is parameters
// (checked here, as the other adapters refuse it; Web Crypto would throw OperationError).

const { suite, op, field, library } = require('../../node/wire/suite-spec');
const { out, hexDecode } = require('../../node/wire/values');
const { Refusal } = require('../../node/wire/answers');

const MAX = 255 * 32;

module.exports = (page) => suite('hkdf-sha256', [
  op(null, [field('ikm', 'bytes'), field('salt', 'bytes'), field('info', 'bytes'), field('size', 'integer')], ['okm'],
    async (i) => {
      if (i.size <= 0n || i.size > BigInt(MAX)) {
        throw new Refusal('parameters', `HKDF-SHA256 output size ${i.size} is outside 1..${MAX} (255 * 32)`);
      }
      const r = await page.call('hkdf', {
        ikm: i.ikm.toString('hex'), salt: i.salt.toString('hex'), info: i.info.toString('hex'), hash: 'SHA-256', bits: Number(i.size) * 8,
      });
      return { okm: out(hexDecode(r.okm)) };
    }),
], library("Chromium's Web Crypto crypto.subtle.deriveBits HKDF SHA-256 (BoringSSL)"));
