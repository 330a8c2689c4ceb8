'use strict';
// Sinew's FieldCipher (docs/contracts/sinew.md) as the web side reads and writes it: a layout reader that
// holds raw keys with their ids and writes the header itself,
//   value = b64( 0x01 || keyId(4, big-endian) || nonce(12) || AES-256-GCM(UTF-8(plain), aad = UTF-8(context)) ).
// Keys come from a Tink cleartext JSON keyset of AesGcmKeys (every key, any status and prefix; the rules
// apply when a key is used) or from a [{"keyId", "key"}] list. The AES-GCM is given by the caller, so the
// node adapter (Node's crypto) and the webcrypto adapter (crypto.subtle in a page) share this layout:
//   gcm.seal(key, nonce, aad, plaintext) → Promise<ct || tag>
//   gcm.open(key, nonce, aad, sealed) → Promise<plaintext>, rejecting with Refusal('authentication').

const json = require('../wire/json');
const b64 = require('../wire/b64');
const pb = require('../wire/protobuf');
const utf8 = require('../wire/utf8');
const { hexDecode } = require('../wire/values');
const { Refusal, BadRequest } = require('../wire/answers');

const TYPE_URL = 'type.googleapis.com/google.crypto.tink.AesGcmKey';
const MINIMUM = 5 + 12 + 16;
const fail = (m) => new Refusal('format', m);
const keysetJson = require('../wire/keyset-json');
const access = keysetJson.make(fail);

function keysetRing(text) {
  let root;
  try {
    root = json.parse(text);
  } catch (e) {
    throw fail(`keysetJson is not JSON: ${e.message}`);
  }
  const keyset = access.object(root, 'keysetJson');
  const primary = access.uint32(access.member(keyset, 'primaryKeyId', 'keysetJson'), 'keysetJson: primaryKeyId');
  const list = access.member(keyset, 'key', 'keysetJson');
  if (!Array.isArray(list) || list.length === 0) throw fail('keysetJson: "key" must be a non-empty array');
  const keys = list.map((o, n) => {
    const at = `keysetJson: key[${n}]`;
    const k = access.object(o, at);
    const keyId = access.uint32(access.member(k, 'keyId', at), `${at}.keyId`);
    // No name of Tink's enum is format (keyset-json's rule); UNKNOWN_STATUS and UNKNOWN_PREFIX are key.
    const status = access.enumName(access.member(k, 'status', at), keysetJson.STATUSES, `${at}.status`);
    if (status === 'UNKNOWN_STATUS') throw new Refusal('key', `${at}.status is UNKNOWN_STATUS, not ENABLED, DISABLED or DESTROYED`);
    const prefix = access.enumName(access.member(k, 'outputPrefixType', at), keysetJson.PREFIXES, `${at}.outputPrefixType`);
    if (prefix === 'UNKNOWN_PREFIX') throw new Refusal('key', `${at}.outputPrefixType is UNKNOWN_PREFIX, not TINK, RAW, LEGACY or CRUNCHY`);
    if (status === 'DESTROYED') return { keyId, key: Buffer.alloc(0), enabled: false, prefix };
    const data = access.object(access.member(k, 'keyData', at), `${at}.keyData`);
    const url = access.string(access.member(data, 'typeUrl', `${at}.keyData`), `${at}.keyData.typeUrl`);
    if (url !== TYPE_URL) throw new Refusal('key', `${at} has type ${json.quote(url)}, not ${TYPE_URL}`);
    const material = access.enumName(access.member(data, 'keyMaterialType', `${at}.keyData`), keysetJson.MATERIALS, `${at}.keyData.keyMaterialType`);
    if (material !== 'SYMMETRIC') throw new Refusal('key', `${at}.keyData.keyMaterialType is ${material}, not SYMMETRIC`);
    let proto;
    try {
      proto = b64.decode(access.string(access.member(data, 'value', `${at}.keyData`), `${at}.keyData.value`));
    } catch (e) {
      if (e instanceof b64.B64Malformed) throw fail(`${at}.keyData.value: ${e.message}`);
      throw e;
    }
    let m;
    try {
      m = pb.read(proto, 'AesGcmKey', [pb.varintField(1, 'version'), pb.bytesField(3, 'key_value')]);
    } catch (e) {
      if (e instanceof pb.ProtobufMalformed) throw fail(`${at}: ${e.message}`);
      throw e;
    }
    if (m.varint(1, 0) !== 0) throw new Refusal('key', `${at}: AesGcmKey.version is not 0`);
    if (!m.has(3)) throw fail(`${at}: AesGcmKey has no key_value`);
    const key = m.requiredBytes(3);
    if (key.length !== 16 && key.length !== 32) throw new Refusal('key', `${at}: AesGcmKey.key_value is ${key.length} bytes (Tink takes 16 or 32)`);
    return { keyId, key, enabled: status === 'ENABLED', prefix };
  });
  // Tink loads no keyset whose primaryKeyId names no ENABLED key, whatever the op.
  if (!keys.some((k) => k.keyId === primary && k.enabled)) {
    throw new Refusal('key', `keysetJson: primaryKeyId ${primary} names no ENABLED key: the keyset has no primary key`);
  }
  return { keys, primary };
}

function listRing(text, primaryKeyId) {
  let root;
  try {
    root = json.parse(text);
  } catch (e) {
    throw fail(`keys is not JSON: ${e.message}`);
  }
  if (!Array.isArray(root) || root.length === 0) throw fail('keys must be a non-empty JSON list of {keyId, key}');
  const keys = [];
  root.forEach((o, n) => {
    const at = `keys[${n}]`;
    const e = access.object(o, at);
    for (const name of e.keys()) if (name !== 'keyId' && name !== 'key') throw fail(`${at} has a member other than keyId and key`);
    const keyId = access.uint32(access.member(e, 'keyId', at), `${at}.keyId`);
    const hex = e.get('key');
    if (typeof hex !== 'string') throw fail(`${at}.key must be a hex string`);
    let key;
    try {
      key = hexDecode(hex);
    } catch (e) {
      throw fail(`${at}.key must be a hex string (${e.message})`);
    }
    if (keys.some((k) => k.keyId === keyId)) throw fail(`${at}: the key id ${keyId} appears twice`);
    keys.push({ keyId, key, enabled: true, prefix: 'TINK' });
  });
  let primary = null;
  if (primaryKeyId !== undefined) {
    if (primaryKeyId < 0n || primaryKeyId > 0xffffffffn) throw fail(`primaryKeyId ${primaryKeyId} is not an unsigned 32-bit id`);
    primary = Number(primaryKeyId);
  }
  return { keys, primary };
}

/** The keyring of a request: exactly one of keysetJson and keys (with primaryKeyId). */
function keyring(i) {
  if ((i.keysetJson === undefined) === (i.keys === undefined)) {
    throw new BadRequest(`sinew.field-cipher needs exactly one of keysetJson and keys, got ${i.keys === undefined ? 'neither' : 'both'}`);
  }
  return i.keysetJson !== undefined ? keysetRing(i.keysetJson) : listRing(i.keys, i.primaryKeyId);
}

async function encrypt(gcm, ring, context, plaintext, nonce) {
  if (ring.primary === null) throw new Refusal('key', 'no primary key: give primaryKeyId with keys');
  const k = ring.keys.find((x) => x.keyId === ring.primary);
  if (!k) throw new Refusal('key', `the primary key id ${ring.primary} is not among the keys`);
  if (!k.enabled) throw new Refusal('key', `the primary key ${k.keyId} is not ENABLED`);
  if (k.prefix !== 'TINK') throw new Refusal('key', `the primary key ${k.keyId} has output prefix ${k.prefix}: it does not write the 0x01 || keyId header the layout needs`);
  if (k.key.length !== 32) throw new Refusal('key', `the primary key ${k.keyId} is ${k.key.length} bytes; the contract's keys are AES-256 (32)`);
  if (nonce.length !== 12) throw new Refusal('parameters', `the nonce is ${nonce.length} bytes; AES-GCM here takes 12`);
  const header = Buffer.alloc(5);
  header[0] = 0x01;
  header.writeUInt32BE(k.keyId, 1);
  const sealed = await gcm.seal(k.key, nonce, utf8.encode(context), utf8.encode(plaintext));
  return b64.encode(Buffer.concat([header, nonce, sealed]));
}

async function decrypt(gcm, ring, context, value) {
  let blob;
  try {
    blob = b64.decode(value);
  } catch (e) {
    if (e instanceof b64.B64Malformed) throw fail(`value: ${e.message}`);
    throw e;
  }
  if (blob.length < MINIMUM) throw fail(`value is ${blob.length} bytes, shorter than header (5) + nonce (12) + tag (16)`);
  if (blob[0] !== 0x01) throw fail(`value starts with version byte 0x${blob[0].toString(16).padStart(2, '0')}, not 0x01`);
  const id = blob.readUInt32BE(1);
  const k = ring.keys.find((x) => x.keyId === id && x.prefix === 'TINK');
  if (!k) throw new Refusal('key', `no TINK key has the header's key id ${id}`);
  if (!k.enabled) throw new Refusal('key', `the key ${id} the header names is not ENABLED`);
  if (k.key.length !== 32) throw new Refusal('key', `the key ${id} is ${k.key.length} bytes; the contract's keys are AES-256 (32)`);
  const plain = await gcm.open(k.key, blob.subarray(5, 17), utf8.encode(context), blob.subarray(17));
  const text = utf8.decodeOrNull(plain);
  if (text === null) throw fail(`the decrypted value (${plain.length} bytes) is not valid UTF-8`);
  return text;
}

module.exports = { keyring, encrypt, decrypt };
