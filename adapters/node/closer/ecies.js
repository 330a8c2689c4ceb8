'use strict';
// Tink's ECIES-AEAD-HKDF hybrid encryption with the AES-GCM DEM (CONTRACT.md §10), as a Cloud
// Function would write it on Node's crypto: createECDH / setPrivateKey for the KEM, hkdfSync for the
// KDF, createCipheriv('aes-…-gcm') for the DEM.
//
//   E  = e·G, in the key's point format (UNCOMPRESSED 04‖X‖Y, COMPRESSED 02|03‖X, CRUNCHY X‖Y)
//   Z  = x-coordinate of e·Q = d·E
//   K  = HKDF-hash(ikm = E ‖ Z, salt = kem hkdf_salt, info = contextInfo, L = DEM key size)
//   ct = outputPrefix ‖ E ‖ iv(12) ‖ AES-GCM(K, iv, aad = empty, plaintext) ‖ tag(16)
//
// where the output prefix is 0x01‖keyId (TINK), 0x00‖keyId (LEGACY, CRUNCHY) or empty (RAW).

const crypto = require('crypto');
const curves = require('../primitives/nist-curves');
const hkdf = require('../primitives/hkdf');
const aesGcm = require('../primitives/aes-gcm');
const { outputPrefixBytes } = require('./ecies-keyset');
const { Refusal } = require('../wire/answers');

const IV_BYTES = 12;
const EMPTY = Buffer.alloc(0);

function demKey(params, kem, z, contextInfo) {
  return hkdf.derive(params.hash, Buffer.concat([kem, z]), params.hkdfSalt, contextInfo, BigInt(params.demKeySize));
}

/** Seals to `recipient`'s public point with the ECDH object `ephemeral` (holding e) and this iv. */
function sealWith(recipient, ephemeral, iv, contextInfo, plaintext) {
  if (iv.length !== IV_BYTES) {
    throw new Refusal('parameters', `iv is ${iv.length} bytes; Tink's ECIES AES-GCM DEM uses ${IV_BYTES}`);
  }
  const { params } = recipient;
  const kem = curves.encodePoint(params.curve, ephemeral.getPublicKey(), params.pointFormat);
  const z = ephemeral.computeSecret(recipient.publicPoint);
  const { ciphertext, tag } = aesGcm.seal(demKey(params, kem, z, contextInfo), iv, EMPTY, plaintext);
  return Buffer.concat([outputPrefixBytes(recipient), kem, iv, ciphertext, tag]);
}

/** Seals with the given ephemeral scalar e (BigInt, already checked to be in 1..n-1). */
function seal(recipient, e, iv, contextInfo, plaintext) {
  return sealWith(recipient, curves.ecdhFor(recipient.params.curve, e), iv, contextInfo, plaintext);
}

/** Seals with a fresh ephemeral key (ECDH.generateKeys) and a random iv (randomBytes). */
function sealRandom(recipient, contextInfo, plaintext) {
  const ephemeral = crypto.createECDH(recipient.params.curve.openssl);
  ephemeral.generateKeys();
  return sealWith(recipient, ephemeral, crypto.randomBytes(IV_BYTES), contextInfo, plaintext);
}

/**
 * Opens with `recipient`'s private scalar. Too short for prefix + point + iv + tag → format; another
 * output prefix, an ephemeral point that is not on the curve, a tag that does not verify →
 * authentication (defects of the ciphertext, which Tink reports alike as "decryption failed").
 */
function open(recipient, ct, contextInfo) {
  if (recipient.privateScalar === null) throw new Refusal('key', 'decryption needs a private key');
  const { params } = recipient;
  const curve = params.curve;
  const prefix = outputPrefixBytes(recipient);
  const kemBytes = curves.encodedPointBytes(curve, params.pointFormat);
  const min = prefix.length + kemBytes + IV_BYTES + aesGcm.TAG_BYTES;
  if (ct.length < min) {
    throw new Refusal('format', `the ciphertext is ${ct.length} bytes, shorter than output prefix (${prefix.length}) + ephemeral point (${kemBytes}) + iv (${IV_BYTES}) + tag (${aesGcm.TAG_BYTES}) = ${min}`);
  }
  if (!ct.subarray(0, prefix.length).equals(prefix)) {
    throw new Refusal('authentication', `the ciphertext's output prefix ${ct.subarray(0, prefix.length).toString('hex')} is not the key's (${recipient.outputPrefix} ${prefix.toString('hex')}): no key of the keyset matches (Tink: decryption failed)`);
  }
  let pos = prefix.length;
  const kem = ct.subarray(pos, pos + kemBytes);
  pos += kemBytes;
  const iv = ct.subarray(pos, pos + IV_BYTES);
  pos += IV_BYTES;
  const body = ct.subarray(pos, ct.length - aesGcm.TAG_BYTES);
  const tag = ct.subarray(ct.length - aesGcm.TAG_BYTES);

  let ephemeral;
  try {
    ephemeral = curves.decodePoint(curve, kem, params.pointFormat, `the ciphertext's ephemeral point (${params.pointFormat})`);
  } catch (e) {
    if (e instanceof Refusal) throw new Refusal('authentication', e.message);
    throw e;
  }
  const z = curves.sharedX(curve, recipient.privateScalar, ephemeral);
  try {
    return aesGcm.open(demKey(params, kem, z, contextInfo), iv, EMPTY, body, tag);
  } catch (e) {
    if (e instanceof Refusal) {
      throw new Refusal(e.errorClass, `the DEM (AES-${8 * params.demKeySize}-GCM): ${e.message}; wrong contextInfo, recipient key or ciphertext bytes`);
    }
    throw e;
  }
}

/**
 * Opens with a keyset of one or more keys (`recipient.keys`), as Tink picks them: the keys whose
 * output prefix starts the ciphertext, then the RAW keys; the first that opens wins. With one key,
 * exactly `open`; with several, a failure is that of the first key tried.
 */
function openWithKeyset(recipient, ct, contextInfo) {
  const keys = recipient.keys || [recipient];
  if (keys.length === 1) return open(keys[0], ct, contextInfo);
  const prefixed = keys.filter((k) => k.outputPrefix !== 'RAW' && ct.subarray(0, 5).equals(outputPrefixBytes(k)));
  const candidates = [...prefixed, ...keys.filter((k) => k.outputPrefix === 'RAW')];
  if (candidates.length === 0) {
    throw new Refusal('authentication', `the ciphertext's first bytes ${ct.subarray(0, 5).toString('hex')} are the output prefix of no key of the keyset, which has no RAW key (Tink: decryption failed)`);
  }
  let first = null;
  for (const k of candidates) {
    try {
      return open(k, ct, contextInfo);
    } catch (e) {
      if (!(e instanceof Refusal)) throw e;
      if (first === null) first = new Refusal(e.errorClass, `key ${k.keyId} (${k.outputPrefix}): ${e.message}`);
    }
  }
  throw first;
}

module.exports = { seal, sealRandom, open, openWithKeyset, IV_BYTES };
