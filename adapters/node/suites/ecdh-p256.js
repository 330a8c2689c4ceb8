'use strict';
// Suite ecdh-p256 (the KEM step of CONTRACT.md §10, and Wycheproof's ecdh_secp256r1_ecpoint_test.json):
// private (a big-endian scalar of any length), public (SEC1, compressed 33 or uncompressed 65 bytes)
// → shared, the x-coordinate of private·public, through createECDH('prime256v1'), setPrivateKey and
// computeSecret. A scalar of 0 or ≥ n, a point of another length or leading byte, a coordinate ≥ p
// or a point not on the curve is `key`.

const { suite, op, field } = require('../lib/suite-spec');
const { out } = require('../lib/values');
const curves = require('../lib/nist-curves');

module.exports = suite('ecdh-p256', [
  op(null, [field('private', 'bytes'), field('public', 'bytes')], ['shared'], (i) => {
    const curve = curves.P256;
    const q = curves.decodeSec1(curve, i.public, 'public');
    const d = curves.scalar(curve, i.private, 'private');
    return { shared: out(curves.sharedX(curve, d, q)) };
  }),
]);
