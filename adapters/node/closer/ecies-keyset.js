'use strict';
// Reads a Tink cleartext JSON keyset of ECIES-AEAD-HKDF keys, public or private (CONTRACT.md
// §9), and the `pub:v1:` form of a public keyset (§10), with no Tink library: the JSON through
// json.js, the protobufs through protobuf.js. The same rules as the JVM adapter's EciesKeyset
// (docs/adapters.md, "The JVM adapter's Tink keyset and ECIES suites"):
//
//   EciesAeadHkdfPrivateKey { version = 1, public_key = 2, key_value = 3 }
//   EciesAeadHkdfPublicKey  { version = 1, params = 2, x = 3, y = 4 }
//   EciesAeadHkdfParams     { kem_params = 1, dem_params = 2, ec_point_format = 3 }
//   EciesHkdfKemParams      { curve_type = 1, hkdf_hash_type = 2, hkdf_salt = 11 }
//   EciesAeadDemParams      { aead_dem = 2 (KeyTemplate { type_url = 1, value = 2, output_prefix_type = 3 }) }
//   AesGcmKeyFormat         { key_size = 2, version = 3 }
//
// format: not JSON, a member missing or of the wrong type, a key id outside 0..2^32-1, a status,
// outputPrefixType or keyMaterialType that is no Tink enum name, value not strict b64, a protobuf that does not decode or
// lacks a field the key needs. key: UNKNOWN_PREFIX, a status other than ENABLED, the key id not the
// primary, another type URL or key material type, a version other than 0, an unknown (or absent: proto3's 0) curve, hash or
// point format, a DEM other than AES-GCM of 16 or 32 bytes, a point not on the curve, a bad scalar or
// one whose d·G is not the stored point, a private keyset inside pub:v1:. unsupported: a DEM Tink
// knows but this adapter does not compute. Unlike the JVM adapter, a keyset may hold several keys
// (Tink's rules: exactly one ENABLED primary; DISABLED and DESTROYED keys are skipped).

const json = require('../wire/json');
const b64 = require('../wire/b64');
const utf8 = require('../wire/utf8');
const pb = require('../wire/protobuf');
const curves = require('../primitives/nist-curves');
const hkdf = require('../primitives/hkdf');
const { Refusal, Unsupported } = require('../wire/answers');
const keysetJson = require('../wire/keyset-json');
const access = keysetJson.make((m) => new Refusal('format', m));

const PUBLIC_TYPE_URL = 'type.googleapis.com/google.crypto.tink.EciesAeadHkdfPublicKey';
const PRIVATE_TYPE_URL = 'type.googleapis.com/google.crypto.tink.EciesAeadHkdfPrivateKey';
const AES_GCM_TYPE_URL = 'type.googleapis.com/google.crypto.tink.AesGcmKey';
const PUB_PREFIX = 'pub:v1:';
const PREFIX_TYPES = ['TINK', 'RAW', 'LEGACY', 'CRUNCHY'];
const OTHER_TINK_DEMS = [
  'type.googleapis.com/google.crypto.tink.AesCtrHmacAeadKey',
  'type.googleapis.com/google.crypto.tink.XChaCha20Poly1305Key',
  'type.googleapis.com/google.crypto.tink.AesSivKey',
];
/** Tink's EcPointFormat enum. */
const POINT_FORMATS = { 1: 'UNCOMPRESSED', 2: 'COMPRESSED', 3: 'DO_NOT_USE_CRUNCHY_UNCOMPRESSED' };

const format = (m) => new Refusal('format', m);

/**
 * A key: { keyId, outputPrefix, params: { curve, hash, hkdfSalt, demKeySize, pointFormat },
 * publicPoint (uncompressed SEC1), privateScalar (BigInt, or null for a public key) }.
 */
function outputPrefixBytes(key) {
  if (key.outputPrefix === 'RAW') return Buffer.alloc(0);
  const b = Buffer.alloc(5);
  b[0] = key.outputPrefix === 'TINK' ? 0x01 : 0x00;
  b.writeUInt32BE(key.keyId, 1);
  return b;
}

/** Reads `pub:v1:` + b64url(UTF-8 public keyset JSON). A private keyset inside is a `key` refusal. */
function parsePub(text) {
  if (!text.startsWith(PUB_PREFIX)) throw format(`does not start with "${PUB_PREFIX}"`);
  let raw;
  try {
    raw = b64.decodeUrl(text.slice(PUB_PREFIX.length));
  } catch (e) {
    if (e instanceof b64.B64Malformed) throw format(`after "${PUB_PREFIX}": ${e.message}`);
    throw e;
  }
  const keysetJson = utf8.decodeOrNull(raw);
  if (keysetJson === null) throw format(`after "${PUB_PREFIX}": the decoded bytes are not UTF-8 (a JSON keyset)`);
  const key = parseJson(keysetJson);
  if (key.privateScalar !== null) {
    throw new Refusal('key', `the keyset inside "${PUB_PREFIX}" is a private keyset (${PRIVATE_TYPE_URL}); a public key is expected (and the private key has leaked)`);
  }
  return key;
}

/**
 * Reads a cleartext JSON keyset of ECIES-AEAD-HKDF keys, public or private → its primary key, with
 * `keys`: every ENABLED key of the keyset (the primary among them), which opening tries by output
 * prefix as Tink does. Keys that are DISABLED or DESTROYED are skipped after their JSON shape is read.
 * For a keyset of one key the checks run in the JVM adapter's order.
 */
function parseJson(text) {
  let root;
  try {
    root = json.parse(text);
  } catch (e) {
    if (e instanceof json.JsonSyntaxError) throw format(`the keyset is not JSON: ${e.message}`);
    throw e;
  }
  const keyset = access.object(root, 'the keyset');
  const primary = access.uint32(access.member(keyset, 'primaryKeyId', 'the keyset'), 'primaryKeyId');
  const list = access.member(keyset, 'key', 'the keyset');
  if (!Array.isArray(list)) throw format(`"key" is ${json.typeName(list)}, not an array`);
  if (list.length === 0) throw format('the keyset\'s "key" array is empty');
  const entries = list.map((k, i) => shape(k, `key[${i}]`));

  // The primary: the one ENABLED key whose id is primaryKeyId.
  const withId = entries.filter((e) => e.keyId === primary);
  const enabled = withId.filter((e) => e.status === 'ENABLED');
  if (enabled.length === 0) {
    if (withId.length > 0) throw new Refusal('key', `${withId[0].where}.status is ${json.quote(withId[0].status)}, not "ENABLED"`);
    if (entries.length === 1) {
      throw new Refusal('key', `primaryKeyId ${primary} is not the id of the keyset's only key (${entries[0].keyId}): the keyset has no primary key`);
    }
    throw new Refusal('key', `primaryKeyId ${primary} is not the id of an ENABLED key: the keyset has no primary key`);
  }
  if (enabled.length > 1) throw new Refusal('key', `${enabled.length} ENABLED keys have the primary id ${primary}: the keyset has several primary keys`);
  for (const e of entries) {
    if (!['ENABLED', 'DISABLED', 'DESTROYED'].includes(e.status)) {
      throw new Refusal('key', `${e.where}.status is ${json.quote(e.status)}, not ENABLED, DISABLED or DESTROYED`);
    }
  }
  const enabledEntries = entries.filter((e) => e.status === 'ENABLED');
  const keys = enabledEntries.map(material);
  const primaryKey = keys[enabledEntries.indexOf(enabled[0])];
  for (const k of keys) {
    if ((k.privateScalar === null) !== (primaryKey.privateScalar === null)) {
      throw new Refusal('key', 'the keyset mixes public and private ECIES keys');
    }
  }
  return { ...primaryKey, keys };
}

/** The JSON members of one key (format when one is missing or of the wrong type). */
function shape(v, where) {
  const key = access.object(v, where);
  const keyId = access.uint32(access.member(key, 'keyId', where), `${where}.keyId`);
  // No name of Tink's enum is format (keyset-json's rule); UNKNOWN_PREFIX, a status other than ENABLED and
  // a key material type other than the type URL's are key.
  const status = access.enumName(access.member(key, 'status', where), keysetJson.STATUSES, `${where}.status`);
  const prefix = access.enumName(access.member(key, 'outputPrefixType', where), keysetJson.PREFIXES, `${where}.outputPrefixType`);
  const keyData = access.object(access.member(key, 'keyData', where), `${where}.keyData`);
  const typeUrl = access.string(access.member(keyData, 'typeUrl', `${where}.keyData`), `${where}.keyData.typeUrl`);
  const material = access.enumName(access.member(keyData, 'keyMaterialType', `${where}.keyData`), keysetJson.MATERIALS, `${where}.keyData.keyMaterialType`);
  const value = access.string(access.member(keyData, 'value', `${where}.keyData`), `${where}.keyData.value`);
  // The value's base64 is part of the JSON keyset: read with every entry, before any key check, as Tink's
  // JSON reader does.
  let proto;
  try {
    proto = b64.decode(value);
  } catch (e) {
    if (e instanceof b64.B64Malformed) throw format(`${where}.keyData.value: ${e.message}`);
    throw e;
  }
  if (!PREFIX_TYPES.includes(prefix)) throw new Refusal('key', `${where}.outputPrefixType is ${prefix}, not TINK, RAW, LEGACY or CRUNCHY`);
  return { where, keyId, status, prefix, typeUrl, material, proto };
}

/** The key material of one ENABLED key. */
function material({ where, keyId, prefix, typeUrl, material: materialType, proto }) {
  let isPrivate;
  if (typeUrl === PUBLIC_TYPE_URL) isPrivate = false;
  else if (typeUrl === PRIVATE_TYPE_URL) isPrivate = true;
  else throw new Refusal('key', `${where}.keyData.typeUrl is ${json.quote(typeUrl)}, not ${json.quote(PUBLIC_TYPE_URL)} or ${json.quote(PRIVATE_TYPE_URL)}`);
  const expectedMaterial = isPrivate ? 'ASYMMETRIC_PRIVATE' : 'ASYMMETRIC_PUBLIC';
  if (materialType !== expectedMaterial) {
    throw new Refusal('key', `${where}.keyData.keyMaterialType is ${json.quote(materialType)}, not ${json.quote(expectedMaterial)} as its type URL needs`);
  }
  try {
    parseWhole(proto, isPrivate);
    return isPrivate ? privateKey(proto, keyId, prefix) : publicKey(proto, 'EciesAeadHkdfPublicKey', keyId, prefix);
  } catch (e) {
    if (e instanceof pb.ProtobufMalformed) throw format(`${where}.keyData.value: ${e.message}`);
    if (e instanceof Refusal || e instanceof Unsupported) throw e.within(`${where}.keyData.value`);
    throw e;
  }
}

/**
 * The key's protobuf parsed whole (its nested messages and the UTF-8 of the DEM's type URL) before any
 * of its values is checked, as protobuf parses a message (Tink's ParseFromString): a malformation
 * anywhere is format before a bad value is key. The template's value (an AesGcmKeyFormat) is bytes to
 * protobuf, read later.
 */
function parseWhole(proto, isPrivate) {
  let name = 'EciesAeadHkdfPublicKey';
  let pub = proto;
  if (isPrivate) {
    const m = pb.read(proto, 'EciesAeadHkdfPrivateKey', [pb.varintField(1, 'version'), pb.bytesField(2, 'public_key'), pb.bytesField(3, 'key_value')]);
    pub = m.bytesOrEmpty(2);
    name = 'EciesAeadHkdfPrivateKey.public_key';
  }
  const k = pb.read(pub, name, [pb.varintField(1, 'version'), pb.bytesField(2, 'params'), pb.bytesField(3, 'x'), pb.bytesField(4, 'y')]);
  const p = pb.read(k.bytesOrEmpty(2), k.path(2), [pb.bytesField(1, 'kem_params'), pb.bytesField(2, 'dem_params'), pb.varintField(3, 'ec_point_format')]);
  pb.read(p.bytesOrEmpty(1), p.path(1), [pb.varintField(1, 'curve_type'), pb.varintField(2, 'hkdf_hash_type'), pb.bytesField(11, 'hkdf_salt')]);
  const d = pb.read(p.bytesOrEmpty(2), p.path(2), [pb.bytesField(2, 'aead_dem')]);
  const t = pb.read(d.bytesOrEmpty(2), d.path(2), [pb.bytesField(1, 'type_url'), pb.bytesField(2, 'value'), pb.varintField(3, 'output_prefix_type')]);
  if (utf8.decodeOrNull(t.bytesOrEmpty(1)) === null) throw new pb.ProtobufMalformed(`${t.path(1)} is not UTF-8`);
}

function checkVersion(m, field) {
  const version = m.varint(field, 0);
  if (version !== 0) throw new Refusal('key', `${m.path(field)} is ${version}; Tink knows only version 0`);
}

function privateKey(proto, keyId, prefix) {
  const name = 'EciesAeadHkdfPrivateKey';
  const m = pb.read(proto, name, [pb.varintField(1, 'version'), pb.bytesField(2, 'public_key'), pb.bytesField(3, 'key_value')]);
  checkVersion(m, 1);
  const publicKeyBytes = m.requiredBytes(2);
  const keyValue = m.requiredBytes(3);
  const pub = publicKey(publicKeyBytes, `${name}.public_key`, keyId, prefix);
  const curve = pub.params.curve;
  const d = curves.scalar(curve, keyValue, m.path(3));
  if (!curves.publicPoint(curve, d).equals(pub.publicPoint)) {
    throw new Refusal('key', `${m.path(3)} is not the private key of ${name}.public_key (d·G is another point)`);
  }
  return { ...pub, privateScalar: d };
}

function publicKey(proto, name, keyId, prefix) {
  const m = pb.read(proto, name, [pb.varintField(1, 'version'), pb.bytesField(2, 'params'), pb.bytesField(3, 'x'), pb.bytesField(4, 'y')]);
  checkVersion(m, 1);
  const paramsBytes = m.requiredBytes(2);
  const x = m.requiredBytes(3);
  const y = m.requiredBytes(4);
  const params = readParams(paramsBytes, m.path(2));
  const q = curves.point(params.curve, x, y, `${name} (x, y)`);
  return { keyId, outputPrefix: prefix, params, publicPoint: q, privateScalar: null };
}

function readParams(proto, name) {
  const m = pb.read(proto, name, [pb.bytesField(1, 'kem_params'), pb.bytesField(2, 'dem_params'), pb.varintField(3, 'ec_point_format')]);
  const kemBytes = m.requiredBytes(1);
  const demBytes = m.requiredBytes(2);
  const formatValue = m.varint(3, 0); // absent: proto3's 0 (UNKNOWN_FORMAT), as Tink reads it: key
  const pointFormat = POINT_FORMATS[formatValue];
  if (!pointFormat) {
    throw new Refusal('key', `${m.path(3)} is ${formatValue}, not UNCOMPRESSED (1), COMPRESSED (2) or DO_NOT_USE_CRUNCHY_UNCOMPRESSED (3)`);
  }

  const kem = pb.read(kemBytes, m.path(1), [pb.varintField(1, 'curve_type'), pb.varintField(2, 'hkdf_hash_type'), pb.bytesField(11, 'hkdf_salt')]);
  const curveValue = kem.varint(1, 0);
  const curve = curves.fromProto(curveValue);
  if (!curve) throw new Refusal('key', `${kem.path(1)} is ${curveValue}, not NIST_P256 (2), NIST_P384 (3) or NIST_P521 (4)`);
  const hashValue = kem.varint(2, 0);
  const hash = hkdf.fromProto(hashValue);
  if (!hash) throw new Refusal('key', `${kem.path(2)} is ${hashValue}, not SHA1 (1), SHA384 (2), SHA256 (3), SHA512 (4) or SHA224 (5)`);
  const hkdfSalt = kem.bytesOrEmpty(11);

  const dem = pb.read(demBytes, m.path(2), [pb.bytesField(2, 'aead_dem')]);
  const template = pb.read(dem.requiredBytes(2), dem.path(2), [pb.bytesField(1, 'type_url'), pb.bytesField(2, 'value'), pb.varintField(3, 'output_prefix_type')]);
  const demUrl = utf8.decodeOrNull(template.requiredBytes(1));
  if (demUrl === null) throw new pb.ProtobufMalformed(`${template.path(1)} is not UTF-8`);
  if (OTHER_TINK_DEMS.includes(demUrl)) {
    throw new Unsupported(`${template.path(1)} is ${json.quote(demUrl)}; this adapter computes only the AES-GCM DEM`);
  }
  if (demUrl !== AES_GCM_TYPE_URL) {
    throw new Refusal('key', `${template.path(1)} is ${json.quote(demUrl)}, not ${json.quote(AES_GCM_TYPE_URL)}`);
  }
  // The template's output_prefix_type is read and ignored: the DEM output carries no prefix.
  const aesFormat = pb.read(template.bytesOrEmpty(2), `${template.path(2)} (AesGcmKeyFormat)`, [pb.varintField(2, 'key_size'), pb.varintField(3, 'version')]);
  const keySize = aesFormat.varint(2, 0);
  if (keySize !== 16 && keySize !== 32) {
    throw new Refusal('key', `${aesFormat.path(2)} is ${keySize}; Tink's AES-GCM takes 16 or 32 bytes`);
  }
  checkVersion(aesFormat, 3);
  return { curve, hash, hkdfSalt, demKeySize: keySize, pointFormat };
}

module.exports = { parsePub, parseJson, outputPrefixBytes, PUBLIC_TYPE_URL, PRIVATE_TYPE_URL, PUB_PREFIX };
