'use strict';
// Planted bug sinew-newest-key (README.md): encrypting with the last key of the list, not the
// primary.
//
// The app's iOS and web side keeps its raw keys as a {keyId, key} list (docs/contracts/sinew.md §2)
// and appends a key at each rotation. Its loader checks that `primaryKeyId` names a key of the list,
// but its encrypt takes "the newest key", the list's last entry. While the primary is the last key
// (every landed encrypt vector, and every rotation that appends the new primary) it is right; a list
// whose primary is not last (a rotation rolled back, a list sorted by id, Tink's random ids written
// in another order) encrypts under another key and writes that key's id: every reader still decrypts
// it, but with the wrong key, which the next rotation retires.
//
// Otherwise Concord's node adapter's sinew.field-cipher, unchanged; keysetJson keysets (Tink's own
// primary) are not touched.

const { nodeAdapter, bugOn, serve } = require('./lib/planted');
const fieldCipher = nodeAdapter('sinew/field-cipher-suite');
const sinew = nodeAdapter('sinew/field-cipher');

/** The request as the app's encrypt sees it: primaryKeyId replaced by the last key's once the loader has checked it. */
function newest(i) {
  if (!bugOn || i.keys === undefined) return i;
  const ring = sinew.keyring(i);
  if (ring.primary === null || !ring.keys.some((k) => k.keyId === ring.primary)) return i;
  return { ...i, primaryKeyId: BigInt(ring.keys[ring.keys.length - 1].keyId) };
}

const ENCRYPTING = new Set(['encrypt', 'roundtrip-seal', 'roundtrip']);

serve('sinew-newest-key', [
  {
    ...fieldCipher,
    ops: fieldCipher.ops.map((o) => (ENCRYPTING.has(o.op) ? { ...o, run: (i) => o.run(newest(i)) } : o)),
    provenance: undefined,
  },
]);
