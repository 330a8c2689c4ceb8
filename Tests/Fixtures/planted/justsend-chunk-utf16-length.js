'use strict';
// Planted bug justsend-chunk-utf16-length (README.md): a chunk's AAD sized with the asset id's
// UTF-16 length.
//
// The app builds aad = UTF-8(assetId) ‖ 0x00 ‖ uint64BE(i) ‖ uint64BE(count) (docs/contracts/
// justsend.md §4) in one buffer of assetId.length + 17 bytes: JavaScript's (and Java's, Kotlin's)
// String.length counts UTF-16 code units, not UTF-8 bytes. For an ASCII id they are equal; an id
// with any other character ("café.jpg", "写真.png", an emoji) has more UTF-8 bytes than units, so its
// UTF-8 is cut and its end overwritten by the index and count: another AAD, and a chunk that no
// other client opens. The landed justsend.chunk vectors use ASCII ids only.
//
// Otherwise Concord's node adapter's justsend.chunk (justsend/share.js), with this one buffer.

const crypto = require('crypto');
const { nodeAdapter, bugOn, serve } = require('./lib/planted');
const { suite, op, field } = nodeAdapter('wire/suite-spec');
const { out } = nodeAdapter('wire/values');
const { Refusal } = nodeAdapter('wire/answers');
const share = nodeAdapter('justsend/share');
const utf8 = nodeAdapter('wire/utf8');
const aesGcm = nodeAdapter('primitives/aes-gcm');

const prims = { hkdf: async (ikm, salt, info) => Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, 32)) };

/** The app's AAD: one buffer of assetId.length + 17 bytes, the UTF-8 written into it from the start. */
function aad(assetId, i, n) {
  if (!bugOn) return Buffer.concat([utf8.encode(assetId), Buffer.from([0]), i, n]);
  const buf = Buffer.alloc(assetId.length + 17);
  buf.write(assetId, 0, 'utf8'); // writes as many whole characters as fit
  buf[assetId.length] = 0;
  i.copy(buf, assetId.length + 1);
  n.copy(buf, assetId.length + 9);
  return buf;
}

function parameters(c) {
  if (c.noncePrefix.length !== 4) throw new Refusal('parameters', `noncePrefix is ${c.noncePrefix.length} bytes; it is 4`);
  if (c.count < 1n) throw new Refusal('parameters', `count is ${c.count}; an attachment has at least one chunk`);
  if (c.index < 0n || c.index >= c.count) throw new Refusal('parameters', `index ${c.index} is outside 0..<${c.count}`);
  const i = Buffer.alloc(8);
  i.writeBigUInt64BE(c.index);
  const n = Buffer.alloc(8);
  n.writeBigUInt64BE(c.count);
  return { nonce: Buffer.concat([c.noncePrefix, i]), aad: aad(c.assetId, i, n) };
}

async function seal(c) {
  const p = parameters(c);
  const key = await share.attachmentKey(prims, c.shareKey, c.assetId);
  const { ciphertext, tag } = aesGcm.seal(key, p.nonce, p.aad, c.plaintext);
  return Buffer.concat([ciphertext, tag]);
}

async function open(c) {
  const p = parameters(c);
  const key = await share.attachmentKey(prims, c.shareKey, c.assetId);
  if (c.chunk.length < 16) throw new Refusal('format', `the chunk is ${c.chunk.length} bytes, shorter than the 16-byte tag`);
  return aesGcm.open(key, p.nonce, p.aad, c.chunk.subarray(0, c.chunk.length - 16), c.chunk.subarray(c.chunk.length - 16));
}

const chunkFields = [field('shareKey', 'bytes'), field('assetId', 'text'), field('noncePrefix', 'bytes'), field('index', 'integer'), field('count', 'integer')];

serve('justsend-chunk-utf16-length', [
  suite('justsend.chunk', [
    op('seal', [...chunkFields, field('plaintext', 'bytes')], ['chunk'], async (i) => ({ chunk: out(await seal(i)) })),
    op('open', [...chunkFields, field('chunk', 'bytes')], ['plaintext'], async (i) => ({ plaintext: out(await open(i)) })),
  ]),
]);
