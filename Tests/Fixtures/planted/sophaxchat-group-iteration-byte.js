'use strict';
// Planted bug sophaxchat-group-iteration-byte (README.md): a sender-key iteration kept in one byte.
//
// The seed leaves open how a group message carries its iteration (docs/contracts/sophaxchat.md §3).
// This app gives it one byte of its group header and keeps it in a UInt8 on both sides, so the
// chain is derived for i mod 256: the first 256 messages of a sender key are right; message 256 is
// sealed and opened with message_key(0) again (a key and, with a counter nonce, a nonce reused), and
// no other client opens it. The window (|i − j| ≤ 100) is checked on the session's full counters.
// The landed vectors stop at iteration 150 (sender-key) and 5 (group-message); a flow of a few
// hundred group messages meets it at once.
//
// Otherwise the contract's sender keys on Node's crypto (HKDF-SHA256, ChaCha20-Poly1305), with the
// refusals of Concord's swift port and its harness limit of 100000 chain steps.

const crypto = require('crypto');
const { nodeAdapter, bugOn, serve } = require('./lib/planted');
const { suite, op, field, optional } = nodeAdapter('wire/suite-spec');
const { out } = nodeAdapter('wire/values');
const { Refusal, Unsupported } = nodeAdapter('wire/answers');

const MAX_STEPS = 100000n;
const WINDOW = 100n;
const EMPTY = Buffer.alloc(0);

function hkdf(ikm, info) {
  return Buffer.from(crypto.hkdfSync('sha256', ikm, EMPTY, Buffer.from(info, 'utf8'), 32));
}

/** chain_key(i) from chain_key(0), i as the app holds it. */
function chainKey(chainKey0, iteration) {
  if (chainKey0.length !== 32) throw new Refusal('parameters', `chainKey is ${chainKey0.length} bytes; the contract's keys are 32`);
  if (iteration < 0n) throw new Refusal('parameters', `iteration is negative (${iteration})`);
  if (iteration > MAX_STEPS) throw new Unsupported(`iteration ${iteration} is above the harness's limit of ${MAX_STEPS} chain steps`);
  const steps = Number(bugOn ? iteration & 0xffn : iteration);
  let ck = chainKey0;
  for (let k = 0; k < steps; k++) ck = hkdf(ck, 'SophaxChat_SenderKey_Chain_v1');
  return ck;
}

const messageKey = (ck) => hkdf(ck, 'SophaxChat_SenderKey_Message_v1');

function seal(key, nonce, plaintext) {
  if (nonce.length !== 12) throw new Refusal('parameters', `seal: the ChaCha20-Poly1305 nonce is 12 bytes (got ${nonce.length})`);
  const c = crypto.createCipheriv('chacha20-poly1305', key, nonce, { authTagLength: 16 });
  const ct = Buffer.concat([c.update(plaintext), c.final()]);
  return Buffer.concat([nonce, ct, c.getAuthTag()]);
}

function open(key, wire) {
  if (wire.length < 28) throw new Refusal('format', `wire is ${wire.length} bytes, shorter than nonce (12) + tag (16)`);
  const d = crypto.createDecipheriv('chacha20-poly1305', key, wire.subarray(0, 12), { authTagLength: 16 });
  d.setAuthTag(wire.subarray(wire.length - 16));
  const head = d.update(wire.subarray(12, wire.length - 16));
  try {
    return Buffer.concat([head, d.final()]);
  } catch (e) {
    throw new Refusal('authentication', 'wire: ChaCha20-Poly1305 tag mismatch (wrong key, iteration or a changed byte)');
  }
}

function senderKey(i) {
  const j = i.receiverIteration === undefined ? i.iteration : i.receiverIteration;
  if (i.iteration < 0n || j < 0n) throw new Refusal('parameters', 'iteration and receiverIteration cannot be negative');
  const d = i.iteration > j ? i.iteration - j : j - i.iteration;
  if (d > WINDOW) throw new Refusal('parameters', `iteration ${i.iteration} is more than ${WINDOW} away from the receiver's iteration ${j}`);
  const ck = chainKey(i.chainKey, i.iteration);
  return { messageKey: out(messageKey(ck)), iterationChainKey: out(ck) };
}

const key = (i) => messageKey(chainKey(i.chainKey, i.iteration));
const base = [field('chainKey', 'bytes'), field('iteration', 'integer')];

serve('sophaxchat-group-iteration-byte', [
  suite('sophaxchat.sender-key', [
    op(null, [...base, optional('receiverIteration', 'integer')], ['messageKey', 'iterationChainKey'], senderKey),
  ]),
  suite('sophaxchat.group-message', [
    op('seal', [...base, field('nonce', 'bytes'), field('plaintext', 'bytes')], ['wire'], (i) => ({ wire: out(seal(key(i), i.nonce, i.plaintext)) })),
    op('open', [...base, field('wire', 'bytes')], ['plaintext'], (i) => ({ plaintext: out(open(key(i), i.wire)) })),
    op('roundtrip-seal', [...base, field('plaintext', 'bytes')], ['wire'], (i) => ({ wire: out(seal(key(i), crypto.randomBytes(12), i.plaintext)) })),
    op('roundtrip', [...base, field('plaintext', 'bytes')], ['plaintext'], (i) => ({ plaintext: out(open(key(i), seal(key(i), crypto.randomBytes(12), i.plaintext))) })),
  ]),
]);
