'use strict';
// Planted bug hkdf-long-info (README.md): HKDF-SHA256 whose info loses its length above 255 bytes.
//
// The app hands (salt, info) to its HKDF through a small binary bridge that writes each field's
// length in one byte (a uint8 length prefix, as TLS 1.3's HkdfLabel writes its context). The bridge
// stores `info.length & 0xff` and the reader takes that many bytes: an info of 256 bytes arrives
// empty, one of 300 as its first 44 bytes. Every info of at most 255 bytes is right.
//
// Otherwise Concord's node adapter's HKDF (crypto.hkdfSync), unchanged.

const { nodeAdapter, bugOn, serve } = require('./lib/planted');
const { suite, op, field } = nodeAdapter('wire/suite-spec');
const { out } = nodeAdapter('wire/values');
const hkdf = nodeAdapter('primitives/hkdf');

/** The info as the bridge delivers it: its length kept in a byte. */
function bridged(info) {
  return bugOn ? info.subarray(0, info.length & 0xff) : info;
}

serve('hkdf-long-info', [
  suite('hkdf-sha256', [
    op(null, [field('ikm', 'bytes'), field('salt', 'bytes'), field('info', 'bytes'), field('size', 'integer')], ['okm'],
      (i) => ({ okm: out(hkdf.derive(hkdf.SHA256, i.ikm, i.salt, bridged(i.info), i.size)) })),
  ]),
]);
