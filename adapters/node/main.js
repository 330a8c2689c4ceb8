'use strict';
// The Concord node adapter: Node.js's built-in crypto (OpenSSL) behind the line protocol of
// docs/adapters.md, as a Cloud Function written in TypeScript would call it. Run:
//
//   node adapters/node/main.js
//
// Takes no arguments. Writes the handshake, answers every request line exactly once, exits 0 at end
// of input (1 if stdout goes away). Computation is synchronous on the one event loop thread, so
// answers come back in request order; CONCORD_ADAPTER_THREADS is checked like the other adapters'
// (1..9999, else exit 2) and changes nothing else. See docs/web-adapters.md.

const transport = require('./wire/transport');

transport.guardStdout();
const PREFIX = 'concord node adapter';
if (process.argv.length > 2) {
  process.stderr.write(`${PREFIX}: takes no arguments\n`);
  process.exit(2);
}
transport.threadSetting(PREFIX, 1);

const { handshake } = require('./wire/protocol');
const suites = require('./suites');
require('./primitives/nist-curves').selfCheck();

const version = `Node.js ${process.versions.node} (OpenSSL ${process.versions.openssl})`;
transport.serve({ prefix: PREFIX, hello: handshake('node', version, suites), suites });
