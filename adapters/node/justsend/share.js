'use strict';
// JustSend's share links and chunked attachments (docs/contracts/justsend.md §4), the web side's part of
// the contract (a share recipient): the 43-character b64url fragment, the per-attachment key
//   HKDF-SHA256(shareKey, salt = UTF-8(assetId), info = "justsend-share-attachment-v1", 32)
// and chunk i of count: AES-256-GCM with nonce = noncePrefix(4) || uint64BE(i) and
// aad = UTF-8(assetId) || 0x00 || uint64BE(i) || uint64BE(count), stored as ct || tag.
// The primitives are given, so node (Node's crypto) and webcrypto (crypto.subtle) share the composition:
//   prims.hkdf(ikm, salt, info) → Promise<32 bytes>; prims.seal / prims.open as in sinew/field-cipher.js.

const b64 = require('../wire/b64');
const utf8 = require('../wire/utf8');
const { Refusal } = require('../wire/answers');

const INFO = Buffer.from('justsend-share-attachment-v1', 'utf8');

function checkShareKey(key) {
  if (key.length !== 32) throw new Refusal('parameters', `the share key is ${key.length} bytes; it is 32`);
}

function fragment(shareKey) {
  checkShareKey(shareKey);
  return b64.encodeUrl(shareKey);
}

function shareKey(frag) {
  if (frag.length !== 43) throw new Refusal('format', `the fragment is ${frag.length} characters; a share key's is 43`);
  try {
    return b64.decodeUrl(frag);
  } catch (e) {
    if (e instanceof b64.B64Malformed) throw new Refusal('format', `fragment: ${e.message}`);
    throw e;
  }
}

async function attachmentKey(prims, share, assetId) {
  checkShareKey(share);
  return prims.hkdf(share, utf8.encode(assetId), INFO);
}

function chunkParameters(prefix, index, count, assetId) {
  if (prefix.length !== 4) throw new Refusal('parameters', `noncePrefix is ${prefix.length} bytes; it is 4`);
  if (count < 1n) throw new Refusal('parameters', `count is ${count}; an attachment has at least one chunk`);
  if (index < 0n || index >= count) throw new Refusal('parameters', `index ${index} is outside 0..<${count}`);
  const i = Buffer.alloc(8);
  i.writeBigUInt64BE(index);
  const n = Buffer.alloc(8);
  n.writeBigUInt64BE(count);
  return { nonce: Buffer.concat([prefix, i]), aad: Buffer.concat([utf8.encode(assetId), Buffer.from([0]), i, n]) };
}

async function sealChunk(prims, i) {
  const { nonce, aad } = chunkParameters(i.noncePrefix, i.index, i.count, i.assetId);
  return prims.seal(await attachmentKey(prims, i.shareKey, i.assetId), nonce, aad, i.plaintext);
}

async function openChunk(prims, i) {
  const { nonce, aad } = chunkParameters(i.noncePrefix, i.index, i.count, i.assetId);
  const key = await attachmentKey(prims, i.shareKey, i.assetId);
  if (i.chunk.length < 16) throw new Refusal('format', `the chunk is ${i.chunk.length} bytes, shorter than the 16-byte tag`);
  return prims.open(key, nonce, aad, i.chunk);
}

module.exports = { fragment, shareKey, attachmentKey, sealChunk, openChunk };
