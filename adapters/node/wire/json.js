'use strict';
// The strict JSON subset of the adapter protocol (docs/adapters.md, "JSON subset"), read and written
// by hand: JSON.parse would accept fractions, exponents, duplicate member names, lone surrogate
// escapes and integers beyond 2^53 (silently rounded).
//
// Values map to JavaScript as: object -> Map (member order kept; a Map, so that a member named
// "__proto__" is a member like any other), array -> Array, string -> string, integer -> BigInt
// (every integer, so 64-bit values stay exact), true/false -> boolean, null -> null.

const MAX_DEPTH = 64;
const MIN_INT = -(2n ** 63n);
const MAX_INT = 2n ** 63n - 1n;

class JsonSyntaxError extends Error {
  constructor(message, offset) {
    super(`${message} at character ${offset + 1}`);
    this.name = 'JsonSyntaxError';
  }
}

function describe(s, pos) {
  if (pos >= s.length) return 'end of input';
  const cp = s.codePointAt(pos);
  if (cp >= 0x20 && cp < 0x7f) return `'${String.fromCodePoint(cp)}'`;
  return 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
}

function isHigh(c) { return c >= 0xd800 && c <= 0xdbff; }
function isLow(c) { return c >= 0xdc00 && c <= 0xdfff; }

/** Parses one JSON text of the protocol's subset; throws JsonSyntaxError naming the first problem. */
function parse(s) {
  let pos = 0;

  function ws() {
    while (pos < s.length) {
      const c = s.charCodeAt(pos);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) pos++;
      else break;
    }
  }

  function expect(ch) {
    if (s[pos] !== ch) throw new JsonSyntaxError(`expected '${ch}', found ${describe(s, pos)}`, pos);
    pos++;
  }

  function value(depth) {
    if (pos >= s.length) throw new JsonSyntaxError('expected a value, found end of input', pos);
    const c = s[pos];
    if (c === '{') return object(depth + 1);
    if (c === '[') return array(depth + 1);
    if (c === '"') return string();
    if (c === 't') return literal('true', true);
    if (c === 'f') return literal('false', false);
    if (c === 'n') return literal('null', null);
    if (c === '-' || (c >= '0' && c <= '9')) return integer();
    throw new JsonSyntaxError(`expected a value, found ${describe(s, pos)}`, pos);
  }

  function literal(word, v) {
    if (!s.startsWith(word, pos)) throw new JsonSyntaxError(`expected '${word}'`, pos);
    pos += word.length;
    return v;
  }

  function object(depth) {
    if (depth > MAX_DEPTH) throw new JsonSyntaxError(`nesting deeper than ${MAX_DEPTH}`, pos);
    pos++;
    const map = new Map();
    ws();
    if (s[pos] === '}') { pos++; return map; }
    for (;;) {
      ws();
      if (s[pos] !== '"') throw new JsonSyntaxError(`expected a member name (a string), found ${describe(s, pos)}`, pos);
      const at = pos;
      const key = string();
      if (map.has(key)) throw new JsonSyntaxError(`duplicate member name ${quote(key)}`, at);
      ws();
      expect(':');
      ws();
      map.set(key, value(depth));
      ws();
      if (s[pos] === ',') { pos++; continue; }
      expect('}');
      return map;
    }
  }

  function array(depth) {
    if (depth > MAX_DEPTH) throw new JsonSyntaxError(`nesting deeper than ${MAX_DEPTH}`, pos);
    pos++;
    const list = [];
    ws();
    if (s[pos] === ']') { pos++; return list; }
    for (;;) {
      ws();
      list.push(value(depth));
      ws();
      if (s[pos] === ',') { pos++; continue; }
      expect(']');
      return list;
    }
  }

  function integer() {
    const start = pos;
    if (s[pos] === '-') pos++;
    const digits = pos;
    if (s[pos] === '0') {
      pos++;
    } else if (s[pos] >= '1' && s[pos] <= '9') {
      while (pos < s.length && s[pos] >= '0' && s[pos] <= '9') pos++;
    } else {
      throw new JsonSyntaxError(`expected a digit, found ${describe(s, pos)}`, pos);
    }
    if (pos < s.length) {
      const c = s[pos];
      if (c === '.' || c === 'e' || c === 'E') throw new JsonSyntaxError('only integers are allowed (no fraction or exponent)', start);
      if (c >= '0' && c <= '9') throw new JsonSyntaxError('a number must not have a leading zero', digits);
    }
    const text = s.slice(start, pos);
    const v = BigInt(text);
    if (v < MIN_INT || v > MAX_INT) throw new JsonSyntaxError(`integer ${text} does not fit in 64 bits`, start);
    return v;
  }

  function hex4(escapeAt) {
    const h = s.slice(pos, pos + 4);
    if (!/^[0-9a-fA-F]{4}$/.test(h)) throw new JsonSyntaxError('\\u needs four hex digits', escapeAt);
    pos += 4;
    return parseInt(h, 16);
  }

  function string() {
    const start = pos;
    pos++;
    let out = '';
    let run = pos; // start of the current run of plain characters
    for (;;) {
      if (pos >= s.length) throw new JsonSyntaxError('unterminated string', start);
      const c = s.charCodeAt(pos);
      if (c === 0x22) { out += s.slice(run, pos); pos++; return out; }
      if (c < 0x20) {
        throw new JsonSyntaxError(`raw control character U+${c.toString(16).toUpperCase().padStart(4, '0')} in a string (escape it)`, pos);
      }
      if (isHigh(c)) {
        if (pos + 1 < s.length && isLow(s.charCodeAt(pos + 1))) { pos += 2; continue; }
        throw new JsonSyntaxError('lone surrogate in a string', pos);
      }
      if (isLow(c)) throw new JsonSyntaxError('lone surrogate in a string', pos);
      if (c !== 0x5c) { pos++; continue; }
      out += s.slice(run, pos);
      const at = pos;
      pos++;
      if (pos >= s.length) throw new JsonSyntaxError('unterminated escape', at);
      const e = s[pos++];
      switch (e) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          const u = hex4(at);
          if (isHigh(u)) {
            if (s[pos] === '\\' && s[pos + 1] === 'u') {
              const lowAt = pos;
              pos += 2;
              const low = hex4(lowAt);
              if (isLow(low)) { out += String.fromCharCode(u, low); break; }
            }
            throw new JsonSyntaxError(`escaped high surrogate \\u${hexUnit(u)} is not followed by an escaped low surrogate`, at);
          }
          if (isLow(u)) throw new JsonSyntaxError(`escaped lone low surrogate \\u${hexUnit(u)}`, at);
          out += String.fromCharCode(u);
          break;
        }
        default:
          pos--;
          throw new JsonSyntaxError(`invalid escape \\${describe(s, pos).replace(/'/g, '')}`, at);
      }
      run = pos;
    }
  }

  ws();
  const v = value(0);
  ws();
  if (pos !== s.length) throw new JsonSyntaxError(`unexpected ${describe(s, pos)} after the JSON value`, pos);
  return v;
}

function hexUnit(u) { return u.toString(16).toUpperCase().padStart(4, '0'); }

/**
 * Writes a value compactly: Map or plain object (members in insertion order), Array, string,
 * BigInt or integral Number, boolean, null. Strings escape `"` and `\`, \b \f \n \r \t, other
 * control characters as \u00xx and a lone surrogate as \uxxxx; every other character as itself.
 */
function write(v) {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return quote(v);
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) throw new TypeError(`cannot write the number ${v} as a JSON integer`);
    return String(v);
  }
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (Array.isArray(v)) return '[' + v.map(write).join(',') + ']';
  const entries = v instanceof Map ? [...v.entries()] : Object.entries(v);
  return '{' + entries.map(([k, x]) => quote(k) + ':' + write(x)).join(',') + '}';
}

const SHORT = { 0x22: '\\"', 0x5c: '\\\\', 0x08: '\\b', 0x0c: '\\f', 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t' };

/** A string as a JSON string literal (also for quoting values inside messages). */
function quote(s) {
  let out = '"';
  let run = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let rep = null;
    if (SHORT[c] !== undefined) rep = SHORT[c];
    else if (c < 0x20) rep = '\\u' + c.toString(16).padStart(4, '0');
    else if (isHigh(c) && i + 1 < s.length && isLow(s.charCodeAt(i + 1))) { i++; continue; }
    else if (isHigh(c) || isLow(c)) rep = '\\u' + c.toString(16).padStart(4, '0');
    if (rep !== null) { out += s.slice(run, i) + rep; run = i + 1; }
  }
  return out + s.slice(run) + '"';
}

/** "a string", "an integer", … for messages about a value of the wrong type. */
function typeName(v) {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return 'a string';
  if (typeof v === 'bigint' || typeof v === 'number') return 'an integer';
  if (typeof v === 'boolean') return 'a boolean';
  if (Array.isArray(v)) return 'an array';
  if (v instanceof Map) return 'an object';
  return typeof v;
}

module.exports = { parse, write, quote, typeName, JsonSyntaxError, MAX_DEPTH };
