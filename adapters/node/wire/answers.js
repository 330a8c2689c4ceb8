'use strict';
// The three answers a suite may give besides its outputs (docs/adapters.md §3): a refusal the
// contract requires, "unsupported" (this implementation cannot run the vector), and a malformed
// request (reported as a fault: a harness bug, not a property of the implementation).

const CLASSES = new Set(['authentication', 'format', 'parameters', 'key']);

class Refusal extends Error {
  constructor(errorClass, message) {
    super(message);
    if (!CLASSES.has(errorClass)) throw new Error(`unknown error class ${errorClass}`);
    this.name = 'Refusal';
    this.errorClass = errorClass;
  }

  /** The same refusal with `prefix: ` in front of its message (e.g. the input field it concerns). */
  within(prefix) {
    return new Refusal(this.errorClass, `${prefix}: ${this.message}`);
  }
}

class Unsupported extends Error {
  constructor(message) {
    super(message);
    this.name = 'Unsupported';
  }

  within(prefix) {
    return new Unsupported(`${prefix}: ${this.message}`);
  }
}

class BadRequest extends Error {
  constructor(message) {
    super(message);
    this.name = 'BadRequest';
  }
}

/** Runs `f`; a Refusal or Unsupported it throws gets `prefix: ` in front of its message. */
function within(prefix, f) {
  try {
    return f();
  } catch (e) {
    if (e instanceof Refusal || e instanceof Unsupported) throw e.within(prefix);
    throw e;
  }
}

module.exports = { Refusal, Unsupported, BadRequest, within };
