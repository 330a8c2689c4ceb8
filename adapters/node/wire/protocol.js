'use strict';
// The request side of the adapter protocol (docs/adapters.md §1–§3): the handshake line, and one
// request line → exactly one response, with the checks in the documented order. Suites are plain
// objects (see suite-spec.js); a suite's run may return its outputs or a Promise of them.

const json = require('./json');
const { Refusal, Unsupported, BadRequest } = require('./answers');
const { DECODERS } = require('./values');

const PROTOCOL = 1;
const REQUEST_MEMBERS = new Set(['id', 'suite', 'op', 'input']);

/** The handshake object (the object form of SPEC.md: every op with every input and output it reads or writes). */
function handshake(name, version, suites) {
  return {
    'concord-adapter': PROTOCOL,
    name,
    version,
    suites: suites.map((s) => ({
      suite: s.name,
      ops: s.ops.map((o) => ({ op: o.op, inputs: o.inputs.map((f) => f.name), outputs: [...o.outputs] })),
      ...(s.provenance === undefined ? {} : { provenance: s.provenance }),
    })),
  };
}

function opList(suite) {
  return suite.ops.map((o) => o.op).join(', ');
}

/** The op spec of a request, or Unsupported (a missing op where the suite has ops, an unknown op, an op where it has none). */
function findOp(suite, op) {
  const single = suite.ops.length === 1 && suite.ops[0].op === null;
  if (single) {
    if (op !== null) throw new Unsupported(`suite ${suite.name} has no ops, got op ${json.quote(op)}`);
    return suite.ops[0];
  }
  if (op === null) throw new Unsupported(`suite ${suite.name} needs an op (${opList(suite)}), got none`);
  const spec = suite.ops.find((o) => o.op === op);
  if (!spec) throw new Unsupported(`suite ${suite.name} has no op ${json.quote(op)} (its ops: ${opList(suite)})`);
  return spec;
}

/** Required fields present (else a fault), no unknown field (else unsupported), then each value decoded (else a fault). */
function decodeInput(suite, spec, input) {
  for (const f of spec.inputs) {
    if (f.required && !input.has(f.name)) {
      throw new BadRequest(`input.${f.name} is missing (required by suite ${suite.name}${spec.op ? ' ' + spec.op : ''})`);
    }
  }
  for (const name of input.keys()) {
    if (!spec.inputs.some((f) => f.name === name)) {
      throw new Unsupported(`input field ${json.quote(name)} is not understood by this adapter's ${suite.name} suite`);
    }
  }
  const decoded = Object.create(null);
  for (const f of spec.inputs) {
    if (input.has(f.name)) decoded[f.name] = DECODERS[f.kind](f.name, input.get(f.name));
  }
  return decoded;
}

function describeError(e) {
  if (e instanceof Error) return `${e.name}${e.code ? ' ' + e.code : ''}: ${e.message}`;
  return String(e);
}

/**
 * Answers one request line (already strict UTF-8 text). Returns a response object, or a Promise of
 * one for a suite that computes asynchronously. Never throws.
 */
function respond(text, suitesByName, log) {
  let request;
  try {
    request = json.parse(text);
  } catch (e) {
    return { id: null, fault: `request line is not valid JSON: ${e.message}` };
  }
  if (!(request instanceof Map)) return { id: null, fault: `a request must be a JSON object, found ${json.typeName(request)}` };
  const id = request.get('id');
  if (typeof id !== 'bigint') {
    return { id: null, fault: request.has('id') ? `request id must be an integer, found ${json.typeName(id)}` : 'request has no id' };
  }
  for (const m of request.keys()) {
    if (!REQUEST_MEMBERS.has(m)) return { id, fault: `unknown request member ${json.quote(m)}` };
  }
  const suiteName = request.get('suite');
  if (typeof suiteName !== 'string') return { id, fault: `request suite must be a string, found ${json.typeName(suiteName)}` };
  const op = request.has('op') ? request.get('op') : null;
  if (op !== null && typeof op !== 'string') return { id, fault: `request op must be a string or null, found ${json.typeName(op)}` };
  const input = request.get('input');
  if (!(input instanceof Map)) return { id, fault: `request input must be an object, found ${json.typeName(input)}` };
  const suite = suitesByName.get(suiteName);
  if (!suite) return { id, unsupported: `unknown suite ${json.quote(suiteName)}` };

  const fail = (e) => answerFor(id, suite, e, log);
  try {
    const spec = findOp(suite, op);
    const decoded = decodeInput(suite, spec, input);
    const result = spec.run(decoded);
    if (result && typeof result.then === 'function') {
      return result.then((outputs) => ({ id, outputs }), fail);
    }
    return { id, outputs: result };
  } catch (e) {
    return fail(e);
  }
}

function answerFor(id, suite, e, log) {
  if (e instanceof Refusal) return { id, error: e.errorClass, message: e.message };
  if (e instanceof Unsupported) return { id, unsupported: e.message };
  if (e instanceof BadRequest) return { id, fault: `bad request: ${e.message}` };
  log(`request ${id} (${suite.name}) failed: ${e && e.stack ? e.stack : e}`);
  return { id, fault: describeError(e) };
}

module.exports = { handshake, respond, PROTOCOL };
