'use strict';
// Input values as the protocol carries them (docs/adapters.md, "Values"): bytes as {"hex":"…"}
// (hex as docs/vector-format.md's "Encodings" says), text as a JSON string, integers as JSON numbers, and the
// Closer `answer` object. A value of the wrong shape is a malformed request (BadRequest → fault).

const { BadRequest } = require('./answers');
const { typeName, quote } = require('./json');

/**
 * Decodes hex as docs/vector-format.md ("Encodings") says every runtime does: RFC 4648 §8, an even
 * number of the ASCII digits 0-9, a-f, A-F (either case), nothing else (no whitespace, separators,
 * 0x, non-ASCII digits). Throws Error with the position of the first bad character. (Buffer.from(s,
 * 'hex') alone stops at the first bad digit and returns what came before.)
 */
function hexDecode(hex) {
  for (let i = 0; i < hex.length; i++) {
    const c = hex.charCodeAt(i);
    if ((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46)) continue;
    const what = c >= 0x21 && c < 0x7f ? `'${hex[i]}'` : 'U+' + c.toString(16).toUpperCase().padStart(4, '0');
    throw new Error(`${what} at position ${i} is not a hex digit`);
  }
  if (hex.length % 2 !== 0) throw new Error(`odd number of hex digits (${hex.length})`);
  return Buffer.from(hex, 'hex');
}

/** Lower-case hex, as every runtime writes it. */
function hexEncode(buf) {
  return Buffer.from(buf).toString('hex');
}

function bytes(name, v) {
  if (!(v instanceof Map)) throw new BadRequest(`input.${name}: expected bytes {"hex":"..."}, found ${typeName(v)}`);
  if (v.size !== 1 || !v.has('hex')) throw new BadRequest(`input.${name}: bytes must be an object with the single member "hex"`);
  const hex = v.get('hex');
  if (typeof hex !== 'string') throw new BadRequest(`input.${name}.hex: expected a string, found ${typeName(hex)}`);
  try {
    return hexDecode(hex);
  } catch (e) {
    throw new BadRequest(`input.${name}.hex: ${e.message}`);
  }
}

function text(name, v) {
  if (typeof v !== 'string') throw new BadRequest(`input.${name}: expected text (a JSON string), found ${typeName(v)}`);
  return v;
}

function integer(name, v) {
  if (typeof v !== 'bigint') throw new BadRequest(`input.${name}: expected an integer, found ${typeName(v)}`);
  return v;
}

const ANSWER_MEMBERS = ['scaleValue', 'selectedOptionIds', 'writtenText'];

/** The Closer answer: exactly scaleValue (integer|null), selectedOptionIds ([string]), writtenText (string|null). */
function answer(name, v) {
  const where = `input.${name}`;
  if (!(v instanceof Map)) throw new BadRequest(`${where}: expected an answer object, found ${typeName(v)}`);
  for (const k of v.keys()) {
    if (!ANSWER_MEMBERS.includes(k)) {
      throw new BadRequest(`${where}: unknown answer member ${quote(k)} (an answer has exactly scaleValue, selectedOptionIds, writtenText)`);
    }
  }
  for (const k of ANSWER_MEMBERS) {
    if (!v.has(k)) throw new BadRequest(`${where}.${k} is missing (all three members are required)`);
  }
  const scale = v.get('scaleValue');
  if (scale !== null && typeof scale !== 'bigint') {
    throw new BadRequest(`${where}.scaleValue: expected an integer or null, found ${typeName(scale)}`);
  }
  const ids = v.get('selectedOptionIds');
  if (!Array.isArray(ids)) throw new BadRequest(`${where}.selectedOptionIds: expected an array of strings, found ${typeName(ids)}`);
  ids.forEach((id, i) => {
    if (typeof id !== 'string') throw new BadRequest(`${where}.selectedOptionIds[${i}]: expected a string, found ${typeName(id)}`);
  });
  const written = v.get('writtenText');
  if (written !== null && typeof written !== 'string') {
    throw new BadRequest(`${where}.writtenText: expected a string or null, found ${typeName(written)}`);
  }
  return { scaleValue: scale, selectedOptionIds: [...ids], writtenText: written };
}

const DECODERS = { bytes, text, integer, answer };

/** An output byte string. */
function out(buf) {
  return { hex: hexEncode(buf) };
}

module.exports = { DECODERS, hexDecode, hexEncode, out };
