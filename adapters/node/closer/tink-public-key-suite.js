'use strict';
// Suite closer.tink-public-key (CONTRACT.md §9–§10): describes the ECIES-AEAD-HKDF public key of a
// `pub:v1:` string (publicKey) or of a cleartext JSON keyset, public or private (keysetJson; a private
// keyset is described by its public key). Exactly one of the two inputs (both or neither: a fault).
// Outputs keyId, curve (NIST_P256 / NIST_P384 / NIST_P521), hashFunction, hkdfSalt, demKeySize,
// pointFormat, outputPrefix, and x, y at the curve's size (32, 48, 66 bytes) whatever length the
// keyset wrote. Refusals as ecies-keyset.js classes them, with the input field named.

const { suite, op, optional, PORT } = require('../wire/suite-spec');
const { out } = require('../wire/values');
const { BadRequest, within } = require('../wire/answers');
const keysets = require('./ecies-keyset');
const curves = require('../primitives/nist-curves');

const OUTPUTS = ['keyId', 'curve', 'hashFunction', 'hkdfSalt', 'demKeySize', 'pointFormat', 'outputPrefix', 'x', 'y'];

module.exports = suite('closer.tink-public-key', [
  op(null, [optional('publicKey', 'text'), optional('keysetJson', 'text')], OUTPUTS, (i) => {
    const hasPub = i.publicKey !== undefined;
    if (hasPub === (i.keysetJson !== undefined)) {
      throw new BadRequest(`closer.tink-public-key needs exactly one of publicKey and keysetJson, got ${hasPub ? 'both' : 'neither'}`);
    }
    const key = hasPub
      ? within('publicKey', () => keysets.parsePub(i.publicKey))
      : within('keysetJson', () => keysets.parseJson(i.keysetJson));
    const p = key.params;
    return {
      keyId: key.keyId,
      curve: p.curve.name,
      hashFunction: p.hash.name,
      hkdfSalt: out(p.hkdfSalt),
      demKeySize: p.demKeySize,
      pointFormat: p.pointFormat,
      outputPrefix: key.outputPrefix,
      x: out(curves.x(p.curve, key.publicPoint)),
      y: out(curves.y(p.curve, key.publicPoint)),
    };
  }),
], PORT); // Concord's keyset reader (closer/ecies-keyset.js)
