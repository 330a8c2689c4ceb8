'use strict';
// Member access for Tink JSON keysets (CONTRACT.md §9), shared by the ECIES and AES-GCM keyset
// readers: each helper names the JSON path of what is missing or of the wrong type, and throws
// what `fail(message)` makes.

const json = require('./json');

// The names of Tink's keyset enums (tink.proto), and the rule every keyset reader of the ports
// follows (docs/contracts/closer.md §9): a member that is no name of its enum is `format` (Tink's
// JSON parser refuses such a text as no keyset at all); a name Tink defines that the contract does
// not accept there (UNKNOWN_PREFIX, a status other than the one needed, a key material type other
// than the key's) is `key`, which each reader checks itself.
const STATUSES = ['UNKNOWN_STATUS', 'ENABLED', 'DISABLED', 'DESTROYED'];
const PREFIXES = ['UNKNOWN_PREFIX', 'TINK', 'LEGACY', 'RAW', 'CRUNCHY'];
const MATERIALS = ['UNKNOWN_KEYMATERIAL', 'SYMMETRIC', 'ASYMMETRIC_PRIVATE', 'ASYMMETRIC_PUBLIC', 'REMOTE'];

function make(fail) {
  return {
    /** A string member that must be one of `names` (a Tink enum's). */
    enumName(v, names, where) {
      if (typeof v !== 'string') throw fail(`${where} is ${json.typeName(v)}, not a string`);
      if (!names.includes(v)) throw fail(`${where} ${json.quote(v)} is no name of Tink's enum`);
      return v;
    },
    object(v, where) {
      if (!(v instanceof Map)) throw fail(`${where} is ${json.typeName(v)}, not an object`);
      return v;
    },
    member(m, name, where) {
      if (!m.has(name)) throw fail(`${where} has no ${json.quote(name)}`);
      return m.get(name);
    },
    string(v, where) {
      if (typeof v !== 'string') throw fail(`${where} is ${json.typeName(v)}, not a string`);
      return v;
    },
    /** An unsigned 32-bit key id (a Number). */
    uint32(v, where) {
      if (typeof v !== 'bigint') throw fail(`${where} is ${json.typeName(v)}, not an integer`);
      if (v < 0n || v > 0xffffffffn) {
        const signedHint = v < 0n && v >= -(2n ** 31n) ? ` (a signed 32-bit int? the unsigned value is ${v + 2n ** 32n})` : '';
        throw fail(`${where} ${v} is outside the unsigned 32-bit range 0..4294967295${signedHint}`);
      }
      return Number(v);
    },
  };
}

module.exports = { make, STATUSES, PREFIXES, MATERIALS };
