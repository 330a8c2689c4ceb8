'use strict';
// Suite ecdh-p256 on Web Crypto: the public key imported as a raw SEC1 point (compressed 33 or
// uncompressed 65 bytes), the private scalar as PKCS#8 (Web Crypto imports no raw private EC key; the
// PKCS#8 carries no public key, so the browser computes d·G itself), then deriveBits({name: 'ECDH',
// public}, private, 256) → shared.
//
// Checked here first, with the other adapters' messages: a point of another length or leading byte,
// a scalar of 0 or ≥ n (key). Then the browser's refusals: a point it does not accept (DataError on
// import: not on the curve, a coordinate ≥ p) → key.

const { suite, op, optional, library } = require('../../node/wire/suite-spec');
const { Unsupported } = require('../../node/wire/answers');

// The suite's key forms (docs/vector-format.md, "Key forms"): this adapter announces them all and reads the
// raw ones only; a DER, PEM or JWK key is unsupported here (OpenSSL, the JVM and their KeyForms parse them).
const FORMS = ['privateDer', 'privatePem', 'privateJwk', 'publicDer', 'publicPem', 'publicJwk'];
const INPUTS = [optional('private', 'bytes'), optional('privateDer', 'bytes'), optional('privatePem', 'text'),
  optional('privateJwk', 'text'), optional('public', 'bytes'), optional('publicDer', 'bytes'), optional('publicPem', 'text'),
  optional('publicJwk', 'text')];

function rawOnly(i) {
  const form = FORMS.find((f) => i[f] !== undefined);
  if (form !== undefined) throw new Unsupported(`this adapter reads raw keys only, not ${form}`);
}

const { out, hexDecode } = require('../../node/wire/values');
const { Refusal } = require('../../node/wire/answers');
const curves = require('../../node/primitives/nist-curves');
const { PageError } = require('../wire/page');

// PKCS#8 PrivateKeyInfo { version 0, AlgorithmIdentifier { id-ecPublicKey, prime256v1 },
// OCTET STRING { ECPrivateKey { version 1, privateKey OCTET STRING (32) } } } (RFC 5208, RFC 5915).
const PKCS8_PREFIX = Buffer.from('3041020100301306072a8648ce3d020106082a8648ce3d030107042730250201010420', 'hex');

function pkcs8(d) {
  return Buffer.concat([PKCS8_PREFIX, curves.toBytes(d, 32)]);
}

function checkPoint(pub) {
  const lead = pub.length > 0 ? '0x' + pub[0].toString(16).padStart(2, '0') : '';
  if (pub.length === 33) {
    if (pub[0] !== 2 && pub[0] !== 3) throw new Refusal('key', `public is 33 bytes (a compressed point) but starts with ${lead}, not 0x02 or 0x03`);
  } else if (pub.length === 65) {
    if (pub[0] !== 4) throw new Refusal('key', `public is 65 bytes (an uncompressed point) but starts with ${lead}, not 0x04`);
  } else {
    throw new Refusal('key', `public is ${pub.length} bytes; a SEC1 NIST_P256 point is 33 (compressed) or 65 (uncompressed)`);
  }
}

module.exports = (page) => suite('ecdh-p256', [
  op(null, INPUTS, ['shared'], async (i) => {
    rawOnly(i);
    checkPoint(i.public);
    const d = curves.scalar(curves.P256, i.private, 'private');
    try {
      const r = await page.call('ecdh', { curve: 'P-256', pkcs8: pkcs8(d).toString('hex'), publicRaw: i.public.toString('hex'), bits: 256 });
      return { shared: out(hexDecode(r.shared)) };
    } catch (e) {
      if (e instanceof PageError && e.step === 'importPublic' && e.domName === 'DataError') {
        throw new Refusal('key', `public is not a point Chromium's Web Crypto accepts on P-256 (${e.domName}: ${e.domMessage || 'importKey raw'})`);
      }
      throw e;
    }
  }),
], library("Chromium's Web Crypto crypto.subtle.deriveBits ECDH P-256 (BoringSSL)"));
