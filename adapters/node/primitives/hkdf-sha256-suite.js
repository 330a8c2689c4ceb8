'use strict';
// Suite hkdf-sha256 (the KDF of CONTRACT.md §10, and Wycheproof's hkdf_sha256_test.json): ikm,
// salt, info, size → okm through crypto.hkdfSync('sha256', …). A size outside 1..8160 (255 × 32) is
// `parameters`; an info over 1024 bytes is unsupported (hkdfSync's own limit).

const { suite, op, field, library } = require('../wire/suite-spec');
const { out } = require('../wire/values');
const hkdf = require('./hkdf');

module.exports = suite('hkdf-sha256', [
  op(null, [field('ikm', 'bytes'), field('salt', 'bytes'), field('info', 'bytes'), field('size', 'integer')], ['okm'],
    (i) => ({ okm: out(hkdf.derive(hkdf.SHA256, i.ikm, i.salt, i.info, i.size)) })),
], library(`Node crypto.hkdfSync (OpenSSL ${process.versions.openssl})`));
