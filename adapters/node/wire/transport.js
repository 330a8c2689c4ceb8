'use strict';
// The transport of the adapter protocol (docs/adapters.md, "Transport" and §5): stdin split into
// lines of at most 16 MiB, each checked to be strict UTF-8; one JSON line per response on stdout;
// at end of input, every accepted request is answered, then the process exits 0. If stdout goes
// away (the runner is gone), exit 1.
//
// stdout carries protocol lines only: console.log and console.info are pointed at stderr before any
// suite runs, so that a stray log line cannot corrupt the stream.

const json = require('./json');
const { respond } = require('./protocol');

const MAX_LINE_BYTES = 16 * 1024 * 1024;
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Keeps stdout for protocol lines only. Call first. */
function guardStdout() {
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;
}

/** CONCORD_ADAPTER_THREADS: unset, or an integer 1..9999 (else the adapter exits 2 before its handshake). */
function threadSetting(prefix, fallback) {
  const env = process.env.CONCORD_ADAPTER_THREADS;
  if (env === undefined || env === '') return fallback;
  if (!/^[1-9][0-9]{0,3}$/.test(env)) {
    process.stderr.write(`${prefix}: CONCORD_ADAPTER_THREADS must be an integer 1..9999, got ${json.quote(env)}\n`);
    process.exit(2);
  }
  return Number(env);
}

/**
 * Serves the protocol on stdin/stdout: writes `hello`, then answers each line with
 * respond(text, suitesByName). `onEnd` (optional, may return a Promise) runs after the last answer,
 * before the exit.
 */
function serve({ prefix, hello, suites, onEnd }) {
  const log = (m) => process.stderr.write(`${prefix}: ${m}\n`);
  const suitesByName = new Map(suites.map((s) => [s.name, s]));
  let closing = false;

  function send(message) {
    if (closing) return;
    let line;
    try {
      line = json.write(message) + '\n';
    } catch (e) {
      line = json.write({ id: message.id === undefined ? null : message.id, fault: `the adapter could not write its answer: ${e.message}` }) + '\n';
    }
    process.stdout.write(line);
  }

  process.stdout.on('error', (e) => {
    closing = true;
    log(`writing stdout failed, exiting: ${e.message}`);
    process.exit(1);
  });

  send(hello);

  const pending = new Set();
  function accept(buf) {
    let text;
    try {
      text = utf8.decode(buf);
    } catch (e) {
      send({ id: null, fault: 'request line is not valid UTF-8' });
      return;
    }
    const answer = respond(text, suitesByName, log);
    if (answer && typeof answer.then === 'function') {
      const p = answer.then(send, (e) => log(`an answer failed: ${e && e.stack ? e.stack : e}`));
      pending.add(p);
      p.finally(() => pending.delete(p));
    } else {
      send(answer);
    }
  }

  let parts = [];
  let size = 0;
  let tooLong = false;
  function endLine() {
    if (tooLong) send({ id: null, fault: `request line longer than ${MAX_LINE_BYTES} bytes` });
    else accept(parts.length === 1 ? parts[0] : Buffer.concat(parts, size));
    parts = [];
    size = 0;
    tooLong = false;
  }

  process.stdin.on('data', (chunk) => {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      const piece = chunk.subarray(start, nl === -1 ? chunk.length : nl);
      if (!tooLong) {
        if (size + piece.length > MAX_LINE_BYTES) {
          tooLong = true;
          parts = [];
          size = 0;
        } else if (piece.length > 0) {
          parts.push(piece);
          size += piece.length;
        }
      }
      if (nl === -1) break;
      endLine();
      start = nl + 1;
    }
  });

  process.stdin.on('end', async () => {
    if (tooLong || size > 0) endLine(); // a last line without '\n'
    while (pending.size > 0) await Promise.allSettled([...pending]);
    try {
      if (onEnd) await onEnd();
    } catch (e) {
      log(`stopping failed: ${e && e.message}`);
    }
    process.stdout.write('', () => process.exit(0));
  });

  process.stdin.on('error', (e) => {
    log(`reading stdin failed: ${e.message}`);
    process.exit(1);
  });

  return { log };
}

module.exports = { serve, guardStdout, threadSetting, MAX_LINE_BYTES };
