'use strict';
// Suite ecdh-p256 (the KEM step of CONTRACT.md §10, and Wycheproof's ecdh_secp256r1_ecpoint_test.json):
// private (a big-endian scalar of any length), public (SEC1, compressed 33 or uncompressed 65 bytes)
// → shared, the x-coordinate of private·public, through createECDH('prime256v1'), setPrivateKey and
// computeSecret. A scalar of 0 or ≥ n, a point of another length or leading byte, a coordinate ≥ p
// or a point not on the curve is `key`.

const { suite, op, optional, library } = require('../wire/suite-spec');
const { Unsupported } = require('../wire/answers');

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

const { out } = require('../wire/values');
const curves = require('./nist-curves');

module.exports = suite('ecdh-p256', [
  op(null, INPUTS, ['shared'], (i) => {
    rawOnly(i);
    const curve = curves.P256;
    const q = curves.decodeSec1(curve, i.public, 'public');
    const d = curves.scalar(curve, i.private, 'private');
    return { shared: out(curves.sharedX(curve, d, q)) };
  }),
], library(`Node crypto.createECDH('prime256v1').computeSecret (OpenSSL ${process.versions.openssl})`));
