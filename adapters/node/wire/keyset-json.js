'use strict';
// Member access for Tink JSON keysets (CONTRACT.md §9), shared by the ECIES and AES-GCM keyset
// readers: each helper names the JSON path of what is missing or of the wrong type, and throws
// what `fail(message)` makes.

const json = require('./json');

function make(fail) {
  return {
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

module.exports = { make };
