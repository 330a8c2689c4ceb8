'use strict';
// Suite aes-gcm on Web Crypto (AES-GCM of crypto.subtle.encrypt / decrypt, tagLength 128):
// - a key of other than 16, 24 or 32 bytes, an empty nonce, a tag of other than 16 bytes: parameters
//   (checked here, as the other adapters refuse them);
// - a 24-byte key: unsupported (Chromium's Web Crypto refuses 192-bit AES keys);
// - any nonce of at least one byte (Web Crypto puts no upper bound; BoringSSL takes any length);
// - decrypt failing (OperationError): authentication.

const { suite, op, field, library } = require('../../node/wire/suite-spec');
const { out, hexDecode } = require('../../node/wire/values');
const { Refusal, Unsupported } = require('../../node/wire/answers');
const { PageError } = require('../wire/page');

const TAG_BYTES = 16;

function check(key, nonce) {
  if (key.length !== 16 && key.length !== 24 && key.length !== 32) {
    throw new Refusal('parameters', `AES key is ${key.length} bytes; AES takes 16, 24 or 32`);
  }
  if (nonce.length === 0) throw new Refusal('parameters', 'the nonce is empty; GCM needs at least one byte');
}

/** importKey refusing a key size check() let through is a limit of the browser, not a refusal. */
function unsupportedImport(e, key) {
  if (e instanceof PageError && e.step === 'importKey') {
    return new Unsupported(`Chromium's Web Crypto does not take a ${key.length * 8}-bit AES key (${e.domName}: ${e.domMessage})`);
  }
  return e;
}

module.exports = (page) => suite('aes-gcm', [
  op('seal', [field('key', 'bytes'), field('nonce', 'bytes'), field('aad', 'bytes'), field('plaintext', 'bytes')],
    ['ciphertext', 'tag'],
    async (i) => {
      check(i.key, i.nonce);
      let r;
      try {
        r = await page.call('aesGcmSeal', { key: hex(i.key), nonce: hex(i.nonce), aad: hex(i.aad), plaintext: hex(i.plaintext) });
      } catch (e) {
        throw unsupportedImport(e, i.key);
      }
      const sealed = hexDecode(r.sealed);
      return { ciphertext: out(sealed.subarray(0, sealed.length - TAG_BYTES)), tag: out(sealed.subarray(sealed.length - TAG_BYTES)) };
    }),
  op('open', [field('key', 'bytes'), field('nonce', 'bytes'), field('aad', 'bytes'), field('ciphertext', 'bytes'), field('tag', 'bytes')],
    ['plaintext'],
    async (i) => {
      check(i.key, i.nonce);
      if (i.tag.length !== TAG_BYTES) throw new Refusal('parameters', `tag is ${i.tag.length} bytes; this suite uses ${TAG_BYTES}-byte tags`);
      try {
        const r = await page.call('aesGcmOpen', { key: hex(i.key), nonce: hex(i.nonce), aad: hex(i.aad), sealed: hex(Buffer.concat([i.ciphertext, i.tag])) });
        return { plaintext: out(hexDecode(r.plaintext)) };
      } catch (e) {
        if (e instanceof PageError && e.step === 'decrypt' && e.domName === 'OperationError') {
          throw new Refusal('authentication', `AES-GCM decrypt failed (${e.domName}): wrong key, nonce, AAD, ciphertext or tag`);
        }
        throw unsupportedImport(e, i.key);
      }
    }),
], library("Chromium's Web Crypto crypto.subtle.encrypt / decrypt AES-GCM (BoringSSL)"));

function hex(b) { return b.toString('hex'); }
