'use strict';
// How a suite is written: its canonical name and its ops; each op lists every input field it reads
// (name, kind, required) and every output it may write, and has run(input) → outputs. The handshake
// announces exactly these lists, and the protocol checks requests against them (protocol.js).
//
//   module.exports = suite('hkdf-sha256', [
//     op(null, [field('ikm', 'bytes'), …], ['okm'], (input) => ({ okm: out(…) })),
//   ]);

/** A required input field of kind 'bytes', 'text', 'integer' or 'answer'. */
function field(name, kind) {
  return { name, kind, required: true };
}

/** An optional input field. */
function optional(name, kind) {
  return { name, kind, required: false };
}

function op(name, inputs, outputs, run) {
  return { op: name, inputs, outputs, run };
}

function suite(name, ops) {
  return { name, ops };
}

module.exports = { field, optional, op, suite };
