'use strict';
// Reads a Tink cleartext JSON keyset holding one AES-256-GCM key (the Android couple key / one-time
// key, CONTRACT.md §9) and extracts the key bytes, with no Tink library; the rules of the JVM
// adapter's TinkAesGcmKeyset: exactly one key, its keyId equal to primaryKeyId (both 0..2^32-1),
// status ENABLED, any of the four output prefix types, typeUrl AesGcmKey, keyMaterialType SYMMETRIC,
// value strict b64 of the protobuf AesGcmKey { uint32 version = 1; bytes key_value = 3; } with
// version 0, each field at most once, no other field, a 32-byte key_value. Unknown JSON members are
// ignored, as Tink's own JSON reader ignores them.

const json = require('../wire/json');
const b64 = require('../wire/b64');
const pb = require('../wire/protobuf');

const TYPE_URL = 'type.googleapis.com/google.crypto.tink.AesGcmKey';
const PREFIX_TYPES = ['TINK', 'RAW', 'LEGACY', 'CRUNCHY'];
const KEY_BYTES = 32;

class InvalidKeyset extends Error {
  constructor(message) {
    super(message);
    this.name = 'InvalidKeyset';
  }
}
const access = require('../wire/keyset-json').make((m) => new InvalidKeyset(m));

/** → { keyId, outputPrefixType, keyValue }; throws InvalidKeyset saying why the text is not such a keyset. */
function parse(text) {
  let root;
  try {
    root = json.parse(text);
  } catch (e) {
    throw new InvalidKeyset(`not JSON: ${e.message}`);
  }
  const keyset = access.object(root, 'the keyset');
  const primary = access.uint32(access.member(keyset, 'primaryKeyId', 'the keyset'), 'primaryKeyId');
  const keys = access.member(keyset, 'key', 'the keyset');
  if (!Array.isArray(keys)) throw new InvalidKeyset(`"key" is ${json.typeName(keys)}, not an array`);
  if (keys.length !== 1) throw new InvalidKeyset(`the keyset holds ${keys.length} keys; the contract's keyset holds exactly one`);
  const key = access.object(keys[0], 'key[0]');
  const keyId = access.uint32(access.member(key, 'keyId', 'key[0]'), 'key[0].keyId');
  if (keyId !== primary) throw new InvalidKeyset(`primaryKeyId ${primary} is not the id of its only key (${keyId})`);
  const status = access.string(access.member(key, 'status', 'key[0]'), 'key[0].status');
  if (status !== 'ENABLED') throw new InvalidKeyset(`key[0].status is ${json.quote(status)}, not "ENABLED"`);
  const prefix = access.string(access.member(key, 'outputPrefixType', 'key[0]'), 'key[0].outputPrefixType');
  if (!PREFIX_TYPES.includes(prefix)) throw new InvalidKeyset(`key[0].outputPrefixType ${json.quote(prefix)} is not TINK, RAW, LEGACY or CRUNCHY`);
  const keyData = access.object(access.member(key, 'keyData', 'key[0]'), 'key[0].keyData');
  const typeUrl = access.string(access.member(keyData, 'typeUrl', 'key[0].keyData'), 'key[0].keyData.typeUrl');
  if (typeUrl !== TYPE_URL) throw new InvalidKeyset(`key[0].keyData.typeUrl is ${json.quote(typeUrl)}, not ${json.quote(TYPE_URL)}`);
  const material = access.string(access.member(keyData, 'keyMaterialType', 'key[0].keyData'), 'key[0].keyData.keyMaterialType');
  if (material !== 'SYMMETRIC') throw new InvalidKeyset(`key[0].keyData.keyMaterialType is ${json.quote(material)}, not "SYMMETRIC"`);
  const value = access.string(access.member(keyData, 'value', 'key[0].keyData'), 'key[0].keyData.value');
  let proto;
  try {
    proto = b64.decode(value);
  } catch (e) {
    throw new InvalidKeyset(`key[0].keyData.value: ${e.message}`);
  }
  return { keyId, outputPrefixType: prefix, keyValue: aesGcmKeyValue(proto) };
}

function aesGcmKeyValue(proto) {
  let m;
  try {
    m = pb.read(proto, 'AesGcmKey', [pb.varintField(1, 'version'), pb.bytesField(3, 'key_value')]);
  } catch (e) {
    if (e instanceof pb.ProtobufMalformed) throw new InvalidKeyset(e.message);
    throw e;
  }
  const version = m.varint(1, 0);
  if (version !== 0) throw new InvalidKeyset(`AesGcmKey.version is ${version}; Tink knows only 0`);
  if (!m.has(3)) throw new InvalidKeyset('AesGcmKey has no key_value');
  const keyValue = m.requiredBytes(3);
  if (keyValue.length !== KEY_BYTES) throw new InvalidKeyset(`AesGcmKey.key_value is ${keyValue.length} bytes, not the contract's ${KEY_BYTES} (AES-256)`);
  return keyValue;
}

module.exports = { parse, InvalidKeyset };
