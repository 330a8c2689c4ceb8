'use strict';
// The two base64 encodings of CONTRACT.md §1, decoded by hand so that decoding is exactly as strict
// as the contract says (Buffer.from(s, 'base64') skips unknown characters and ignores spare bits):
//   b64:    RFC 4648 §4 alphabet (A-Z a-z 0-9 + /), '=' padding to a multiple of 4, no line breaks;
//   b64url: RFC 4648 §5 alphabet (A-Z a-z 0-9 - _), no padding.
// A decoder refuses (B64Malformed, whose message says why) a character outside its alphabet
// (whitespace, line breaks, the other alphabet's + / - _), missing or wrong padding (b64), any '='
// (b64url), a length no encoding produces, and a final quantum whose spare bits are not zero.

const STD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

class B64Malformed extends Error {
  constructor(message) {
    super(message);
    this.name = 'B64Malformed';
  }
}

function table(alphabet) {
  const t = new Int8Array(128).fill(-1);
  for (let i = 0; i < alphabet.length; i++) t[alphabet.charCodeAt(i)] = i;
  return t;
}
const STD_VALUES = table(STD);
const URL_VALUES = table(URL);

/** b64: standard alphabet, padded. */
function encode(buf) {
  return Buffer.from(buf).toString('base64');
}

/** b64url: URL-safe alphabet, unpadded. */
function encodeUrl(buf) {
  return Buffer.from(buf).toString('base64url');
}

function checkAlphabet(s, end, values, name) {
  for (let i = 0; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c < 128 && values[c] >= 0) continue;
    let what;
    if (c === 0x3d) what = values === URL_VALUES ? "'=' (b64url takes no padding)" : "'=' before the end";
    else if (c === 0x20 || c === 0x09) what = 'whitespace';
    else if (c === 0x0a || c === 0x0d) what = 'a line break';
    else if (c >= 0x21 && c < 0x7f) what = `'${s[i]}'`;
    else what = 'U+' + c.toString(16).toUpperCase().padStart(4, '0');
    throw new B64Malformed(`${name} has ${what} at position ${i}, outside its alphabet`);
  }
}

function decodeWith(s, values, padded, name) {
  let end = s.length;
  if (padded) {
    if (end % 4 !== 0) {
      checkAlphabet(s, end, values, name);
      throw new B64Malformed(`${name} length ${end} is not a multiple of 4 (padding missing or wrong)`);
    }
    let padding = 0;
    while (end > 0 && s[end - 1] === '=' && padding < 3) { end--; padding++; }
    checkAlphabet(s, end, values, name);
    if (padding === 3) throw new B64Malformed(`${name} has three '=' padding characters`);
    const expected = (4 - (end % 4)) % 4;
    if (padding !== expected) {
      throw new B64Malformed(`${name} has ${padding} '=' padding character(s); a final quantum of ${end % 4} characters needs ${expected}`);
    }
  } else {
    checkAlphabet(s, end, values, name);
  }
  if (end % 4 === 1) throw new B64Malformed(`${name} has a final quantum of a single character (no byte string encodes to that)`);
  const rest = end % 4;
  if (rest === 2 && (values[s.charCodeAt(end - 1)] & 0xf) !== 0) {
    throw new B64Malformed(`${name} final quantum has non-zero spare bits (not the canonical encoding)`);
  }
  if (rest === 3 && (values[s.charCodeAt(end - 1)] & 0x3) !== 0) {
    throw new B64Malformed(`${name} final quantum has non-zero spare bits (not the canonical encoding)`);
  }
  // Every character is now of the alphabet, with the right padding and zero spare bits: Node's
  // decoder gives exactly the bytes.
  return Buffer.from(s.slice(0, end), padded ? 'base64' : 'base64url');
}

/** Strict b64 decoding (standard alphabet, padding required). */
function decode(s) {
  return decodeWith(s, STD_VALUES, true, 'b64');
}

/** Strict b64url decoding (URL-safe alphabet, no padding). */
function decodeUrl(s) {
  return decodeWith(s, URL_VALUES, false, 'b64url');
}

module.exports = { encode, encodeUrl, decode, decodeUrl, B64Malformed };
