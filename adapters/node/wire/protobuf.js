'use strict';
// A strict reader of one protobuf message against the list of its fields, written by hand (no
// protobuf package) for the Tink key protos of CONTRACT.md §9. A field is a varint (uint32 or enum)
// or length-delimited (bytes, or an embedded message read by another call). Refused with
// ProtobufMalformed: a truncated tag, varint or length; a varint over 10 bytes or 64 bits; a field
// number the message does not define; a wire type other than the field's; a field that appears
// twice (one byte string must mean one key); a varint field above 2^32-1. proto3 writes no field at
// its default value, so an absent field reads as absent, never as a value.

class ProtobufMalformed extends Error {
  constructor(message) {
    super(message);
    this.name = 'ProtobufMalformed';
  }
}

function varintField(number, name) { return { number, name, lengthDelimited: false }; }
function bytesField(number, name) { return { number, name, lengthDelimited: true }; }

/** A varint at state.pos, advancing it; a BigInt. */
function varint(b, state, what) {
  let value = 0n;
  for (let i = 0; i < 10; i++) {
    if (state.pos >= b.length) throw new ProtobufMalformed(`the protobuf ends inside ${what}`);
    const x = b[state.pos++];
    if (i === 9 && x > 1) throw new ProtobufMalformed(`${what} is a varint longer than 64 bits`);
    value |= BigInt(x & 0x7f) << BigInt(7 * i);
    if (x < 0x80) return value;
  }
  throw new ProtobufMalformed(`${what} is a varint longer than 10 bytes`);
}

class Message {
  constructor(name, values, schema) {
    this.name = name;
    this.values = values;
    this.schema = schema;
  }

  has(n) { return this.values.has(n); }

  path(n) { return `${this.name}.${this.schema.get(n).name}`; }

  missing(n) { return new ProtobufMalformed(`${this.path(n)} (field ${n}) is missing`); }

  /** A varint field's value (a Number: every field read here is 32-bit), or `fallback` when absent. */
  varint(n, fallback) { return this.values.has(n) ? this.values.get(n) : fallback; }

  requiredVarint(n) {
    if (!this.has(n)) throw this.missing(n);
    return this.values.get(n);
  }

  /** A length-delimited field that must be present (proto3: empty bytes are absent too). */
  requiredBytes(n) {
    if (!this.has(n)) throw this.missing(n);
    return this.values.get(n);
  }

  bytesOrEmpty(n) { return this.values.has(n) ? this.values.get(n) : Buffer.alloc(0); }
}

/** Reads `data` as the message `name` with exactly these fields. */
function read(data, name, fields) {
  const schema = new Map(fields.map((f) => [f.number, f]));
  const values = new Map();
  const state = { pos: 0 };
  while (state.pos < data.length) {
    const tag = varint(data, state, `${name}: a field tag`);
    const number = tag >> 3n;
    const wireType = Number(tag & 7n);
    const field = number <= 0x7fffffffn ? schema.get(Number(number)) : undefined;
    if (!field) {
      const list = fields.map((f) => `${f.name} = ${f.number}`).join(', ');
      throw new ProtobufMalformed(`${name} has field ${number} (wire type ${wireType}), which it does not define (its fields: ${list})`);
    }
    const where = `${name}.${field.name}`;
    if (values.has(field.number)) throw new ProtobufMalformed(`${where} (field ${field.number}) appears twice`);
    const expected = field.lengthDelimited ? 2 : 0;
    if (wireType !== expected) {
      throw new ProtobufMalformed(`${where} (field ${field.number}) has wire type ${wireType}, not ${expected}${expected === 2 ? ' (length-delimited)' : ' (varint)'}`);
    }
    if (field.lengthDelimited) {
      const len = varint(data, state, `the length of ${where}`);
      const left = data.length - state.pos;
      if (len > BigInt(left)) {
        throw new ProtobufMalformed(`the length of ${where}, ${len}, runs past the end of ${name} (${left} bytes left)`);
      }
      values.set(field.number, data.subarray(state.pos, state.pos + Number(len)));
      state.pos += Number(len);
    } else {
      const v = varint(data, state, where);
      if (v > 0xffffffffn) throw new ProtobufMalformed(`${where} is ${v}, above the 32-bit range`);
      values.set(field.number, Number(v));
    }
  }
  return new Message(name, values, schema);
}

module.exports = { read, varintField, bytesField, ProtobufMalformed };
