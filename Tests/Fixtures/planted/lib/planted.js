'use strict';
// What every planted-bug adapter shares (README.md beside this folder): the line protocol of
// docs/adapters.md, served by the code of Concord's own node adapter (adapters/node/wire), and the
// switch that turns the planted bug off.
//
// A planted adapter is an app's adapter as a team would write it: a suite (or two) computed
// correctly except for one bug. Where Concord's node adapter computes the suite, the planted adapter
// runs that code and changes exactly the step the bug is in; elsewhere it composes the suite on
// Node's crypto in a few lines (lib/*.js). With PLANTED_BUG=off in its environment the same adapter
// runs without its bug: scripts/bench-reach uses that to prove that a finding is the bug's and not
// some other difference of the adapter.

const path = require('path');

const NODE_ADAPTER = path.join(__dirname, '..', '..', '..', '..', 'adapters', 'node');

/** A module of Concord's node adapter (`wire/b64`, `primitives/aes-gcm`, …). */
function nodeAdapter(name) {
  return require(path.join(NODE_ADAPTER, name));
}

/** Whether the planted bug is on (it is unless PLANTED_BUG=off). */
const bugOn = process.env.PLANTED_BUG !== 'off';
if (!['', 'on', 'off', undefined].includes(process.env.PLANTED_BUG)) {
  process.stderr.write(`planted: PLANTED_BUG must be on or off, got ${JSON.stringify(process.env.PLANTED_BUG)}\n`);
  process.exit(2);
}

/**
 * Serves the suites as the adapter `planted` (PLANTED_NAME=… announces another name: the handshake's
 * must be the NAME of --adapter NAME=COMMAND). `bug` is named in the handshake's version text, so
 * every report says which planted adapter it ran.
 */
function serve(bug, suites) {
  const transport = nodeAdapter('wire/transport');
  const { handshake } = nodeAdapter('wire/protocol');
  transport.guardStdout();
  if (process.argv.length > 2) {
    process.stderr.write(`planted ${bug}: takes no arguments (its name is PLANTED_NAME, default planted)\n`);
    process.exit(2);
  }
  const announced = process.env.PLANTED_NAME || 'planted';
  const version = `planted bug ${bug}${bugOn ? '' : ' (switched off)'}; Node.js ${process.versions.node} (OpenSSL ${process.versions.openssl})`;
  transport.serve({ prefix: `planted ${bug}`, hello: handshake(announced, version, suites), suites });
}

module.exports = { nodeAdapter, bugOn, serve };
