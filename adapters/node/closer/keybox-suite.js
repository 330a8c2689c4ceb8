'use strict';
// Suite closer.keybox (CONTRACT.md §10): the one-time answer key sealed to the recipient's Tink
// ECIES-AEAD-HKDF public key, keybox = "keybox:v1:" + b64url(Tink ciphertext), HKDF info =
// UTF-8(contextInfo) — what Closer's Cloud Function (wrapReleaseKeyCallable) computes on Node.
//
// - seal: recipientPublicKey (pub:v1:), contextInfo, plaintext, ephemeralPrivateKey (big-endian, any
//   length; 0 or ≥ n → key), iv (not 12 bytes → parameters) → keybox;
// - open: recipientPrivateKeyset, contextInfo, keybox → plaintext, form (raw for 32 bytes,
//   tink-keyset for a Tink AES-256-GCM JSON keyset, else other) and, for raw and tink-keyset, key;
// - roundtrip-seal: recipientPrivateKeyset, contextInfo, plaintext → keybox, sealed to the keyset's
//   public key with a fresh ephemeral key (ECDH.generateKeys) and iv (randomBytes);
// - roundtrip: the same input, sealed as by roundtrip-seal and opened with the same keyset → plaintext.
//
// The key's parameters are honoured (point format, HKDF hash and salt, AES-128/256 DEM, output
// prefix) and so is its curve: the contract's P-256, and P-384 and P-521, which Tink's ECIES-AEAD-HKDF
// also allows (its test vectors 12 and 13; until issue 12 another curve was refused as key). A keyset of several keys
// seals with its primary key and opens with the key its output prefix names (or a RAW key), as Tink.

const { suite, op, field, optional, PORT } = require('../wire/suite-spec');
const { out } = require('../wire/values');
const { Refusal, within } = require('../wire/answers');
const keysets = require('./ecies-keyset');
const aesKeysets = require('./tink-aes-gcm-keyset');
const curves = require('../primitives/nist-curves');
const ecies = require('./ecies');
const b64 = require('../wire/b64');
const utf8 = require('../wire/utf8');

const PREFIX = 'keybox:v1:';

function privateKeyset(text) {
  const key = within('recipientPrivateKeyset', () => keysets.parseJson(text));
  if (key.privateScalar === null) {
    throw new Refusal('key', `recipientPrivateKeyset is a public keyset (${keysets.PUBLIC_TYPE_URL}); opening needs the private key`);
  }
  return key;
}

const keybox = (ct) => ({ keybox: PREFIX + b64.encodeUrl(ct) });

// contextInfo, or the four ids joined in this order with '|' (CONTRACT.md §10).
const CONTEXT_IDS = ['coupleId', 'questionId', 'senderUserId', 'recipientUserId'];
const contextFields = [optional('contextInfo', 'text'), ...CONTEXT_IDS.map((k) => optional(k, 'text'))];
const context = (i) => utf8.encode(i.contextInfo !== undefined ? i.contextInfo : CONTEXT_IDS.map((k) => i[k]).join('|'));

function seal(i) {
  const recipient = within('recipientPublicKey', () => keysets.parsePub(i.recipientPublicKey));
  const e = curves.scalar(recipient.params.curve, i.ephemeralPrivateKey, 'ephemeralPrivateKey');
  return keybox(ecies.seal(recipient, e, i.iv, context(i), i.plaintext));
}

function roundtripSeal(i) {
  const recipient = privateKeyset(i.recipientPrivateKeyset);
  return keybox(ecies.sealRandom(recipient, utf8.encode(i.contextInfo), i.plaintext));
}

function roundtrip(i) {
  const recipient = privateKeyset(i.recipientPrivateKeyset);
  const contextInfo = utf8.encode(i.contextInfo);
  return { plaintext: out(ecies.openWithKeyset(recipient, ecies.sealRandom(recipient, contextInfo, i.plaintext), contextInfo)) };
}

function open(i) {
  const recipient = privateKeyset(i.recipientPrivateKeyset);
  if (!i.keybox.startsWith(PREFIX)) throw new Refusal('format', `keybox does not start with "${PREFIX}"`);
  let ct;
  try {
    ct = b64.decodeUrl(i.keybox.slice(PREFIX.length));
  } catch (e) {
    if (e instanceof b64.B64Malformed) throw new Refusal('format', `keybox: ${e.message}`);
    throw e;
  }
  const plaintext = within('keybox', () => ecies.openWithKeyset(recipient, ct, context(i)));
  if (plaintext.length === 32) return { plaintext: out(plaintext), form: 'raw', key: out(plaintext) };
  const text = utf8.decodeOrNull(plaintext);
  if (text !== null) {
    try {
      const k = aesKeysets.parse(text);
      return { plaintext: out(plaintext), form: 'tink-keyset', key: out(k.keyValue) };
    } catch (e) {
      if (!(e instanceof aesKeysets.InvalidKeyset)) throw e;
    }
  }
  return { plaintext: out(plaintext), form: 'other' };
}

const sealInputs = [field('recipientPrivateKeyset', 'text'), field('contextInfo', 'text'), field('plaintext', 'bytes')];

module.exports = suite('closer.keybox', [
  op('seal', [field('recipientPublicKey', 'text'), ...contextFields, field('plaintext', 'bytes'),
    field('ephemeralPrivateKey', 'bytes'), field('iv', 'bytes')], ['keybox'], seal),
  op('open', [field('recipientPrivateKeyset', 'text'), ...contextFields, field('keybox', 'text')],
    ['plaintext', 'form', 'key'], open),
  op('roundtrip-seal', sealInputs, ['keybox'], roundtripSeal),
  op('roundtrip', sealInputs, ['plaintext'], roundtrip),
], PORT); // Concord's ECIES composition (closer/ecies.js) on Node's ECDH, hkdfSync and AES-GCM
