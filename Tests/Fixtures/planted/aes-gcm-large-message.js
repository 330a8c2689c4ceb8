'use strict';
// Planted bug aes-gcm-large-message (README.md): AES-GCM whose counter starts again for every 4 KiB.
//
// The app encrypts in a streaming loop of 4096-byte chunks and starts each chunk's CTR keystream at
// the message's first counter block again (inc32(J0), as for the first chunk) instead of going on.
// Every message of at most 4096 bytes is right; from the 4097th byte on, the ciphertext is the
// plaintext XOR the keystream of the first chunk again, and the tag is GHASH over that ciphertext.
// Its own seal and open agree (a round trip on the app alone passes); nobody else's do.
//
// Computed with Node's AES-GCM: the buggy ciphertext C' from the right keystream (the ciphertext of
// zeros), and its tag as GCM's tag of C' (the seal of C' XOR the right keystream).

const { nodeAdapter, bugOn, serve } = require('./lib/planted');
const { suite, op, field } = nodeAdapter('wire/suite-spec');
const { out } = nodeAdapter('wire/values');
const aesGcm = nodeAdapter('primitives/aes-gcm');

const CHUNK = 4096;

/** The keystream GCM encrypts `length` bytes with under this key and nonce (the ciphertext of zeros). */
function keystream(key, nonce, length) {
  return aesGcm.seal(key, nonce, Buffer.alloc(0), Buffer.alloc(length)).ciphertext;
}

/** The chunk loop's keystream: the first 4096 bytes of the right one, again and again. */
function restarted(ks, length) {
  const r = Buffer.alloc(length);
  for (let i = 0; i < length; i++) r[i] = ks[i % CHUNK];
  return r;
}

function xor(a, b) {
  const r = Buffer.alloc(a.length);
  for (let i = 0; i < a.length; i++) r[i] = a[i] ^ b[i];
  return r;
}

function seal(key, nonce, aad, plaintext) {
  if (!bugOn || plaintext.length <= CHUNK) return aesGcm.seal(key, nonce, aad, plaintext);
  const ks = keystream(key, nonce, plaintext.length);
  const wrong = xor(plaintext, restarted(ks, plaintext.length));
  // GCM's tag over `wrong` is the tag of sealing the plaintext that the right keystream turns into `wrong`.
  const { ciphertext, tag } = aesGcm.seal(key, nonce, aad, xor(wrong, ks));
  if (!ciphertext.equals(wrong)) throw new Error('planted aes-gcm: the ciphertext is not the one planted');
  return { ciphertext, tag };
}

function open(key, nonce, aad, ciphertext, tag) {
  const right = aesGcm.open(key, nonce, aad, ciphertext, tag); // checks the tag over the ciphertext as it is
  if (!bugOn || ciphertext.length <= CHUNK) return right;
  const ks = xor(right, ciphertext);
  return xor(ciphertext, restarted(ks, ciphertext.length));
}

serve('aes-gcm-large-message', [
  suite('aes-gcm', [
    op('seal', [field('key', 'bytes'), field('nonce', 'bytes'), field('aad', 'bytes'), field('plaintext', 'bytes')],
      ['ciphertext', 'tag'],
      (i) => {
        const { ciphertext, tag } = seal(i.key, i.nonce, i.aad, i.plaintext);
        return { ciphertext: out(ciphertext), tag: out(tag) };
      }),
    op('open', [field('key', 'bytes'), field('nonce', 'bytes'), field('aad', 'bytes'), field('ciphertext', 'bytes'), field('tag', 'bytes')],
      ['plaintext'],
      (i) => ({ plaintext: out(open(i.key, i.nonce, i.aad, i.ciphertext, i.tag)) })),
  ]),
]);
