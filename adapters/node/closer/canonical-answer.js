'use strict';
// The canonical answer JSON of CONTRACT.md §7 (schemaVersion 3), written the way Android writes it:
//
//   {"scaleValue":<int|null>,"selectedOptionIds":[<string>,…],"writtenText":<string|null>}
//
// - the keys in this order, no whitespace, UTF-8;
// - scaleValue a 32-bit signed integer in plain decimal, or null (outside 32 bits: a `format` refusal);
// - selectedOptionIds sorted by UTF-16 code units — JavaScript's default string comparison, which is
//   exactly Kotlin's String.compareTo — duplicates kept;
// - strings escape only " \ LF CR TAB (as \" \\ \n \r \t); every other character, including /, other
//   control characters, U+2028 and non-ASCII, is written as itself; no Unicode normalization.

const { Refusal } = require('../wire/answers');

const INT32_MIN = -(2n ** 31n);
const INT32_MAX = 2n ** 31n - 1n;
const ESCAPES = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function string(s) {
  return '"' + s.replace(/["\\\n\r\t]/g, (c) => ESCAPES[c]) + '"';
}

/** UTF-16 code unit order, spelled out: `<` on strings compares code units, not code points. */
function byCodeUnits(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The canonical JSON text of an answer { scaleValue: BigInt|null, selectedOptionIds, writtenText }. */
function serialize(answer) {
  let scale = 'null';
  if (answer.scaleValue !== null) {
    const v = answer.scaleValue;
    if (v < INT32_MIN || v > INT32_MAX) {
      throw new Refusal('format', `scaleValue ${v} is outside the 32-bit signed range ${INT32_MIN}..${INT32_MAX}`);
    }
    scale = v.toString();
  }
  const ids = [...answer.selectedOptionIds].sort(byCodeUnits); // Array.prototype.sort is stable
  const text = answer.writtenText === null ? 'null' : string(answer.writtenText);
  return `{"scaleValue":${scale},"selectedOptionIds":[${ids.map(string).join(',')}],"writtenText":${text}}`;
}

module.exports = { serialize };
