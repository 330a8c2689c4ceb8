'use strict';
// How a suite is written: its canonical name and its ops; each op lists every input field it reads
// (name, kind, required) and every output it may write, and has run(input) → outputs. The handshake
// announces exactly these lists, and the protocol checks requests against them (protocol.js).
//
//   module.exports = suite('hkdf-sha256', [
//     op(null, [field('ikm', 'bytes'), …], ['okm'], (input) => ({ okm: out(…) })),
//   ], library('Node crypto.hkdfSync'));
//
// The third argument says who wrote the code the suite runs (docs/adapters.md §1, docs/fill.md):
// PORT when the computation is written in this adapter (a composition of the contract, even on
// Node's crypto underneath), library('…') when a library's own function computes it, called directly.
// The handshake announces it; a suite without one fails a test of the project.

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

/** The suite's code is Concord's own port, written in this adapter. */
const PORT = 'port';

/** The suite's computation is this library's own code, called directly. */
function library(what) {
  return { library: what };
}

function suite(name, ops, provenance) {
  return { name, ops, provenance };
}

module.exports = { field, optional, op, suite, PORT, library };
