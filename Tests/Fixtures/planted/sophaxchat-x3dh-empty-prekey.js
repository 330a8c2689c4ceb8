'use strict';
// Planted bug sophaxchat-x3dh-empty-prekey (README.md): an empty one-time prekey taken for none.
//
// X3DH (docs/contracts/sophaxchat.md §1) adds DH4 when Bob's bundle has a one-time prekey. The app
// asks `if (oneTimePrekey?.length)` (Swift: `if let k = opk, !k.isEmpty`), so a prekey that is
// present but empty (a server that sends "" once the prekeys run out, a decoder that turns a null
// into empty bytes) is taken as "no prekey": it derives the three-DH keys and starts a session the
// other side cannot match, where the contract's readers refuse the 0-byte key (`parameters`). The
// landed vectors give a 32-byte prekey or none, never an empty one.
//
// Otherwise the contract's X3DH on Node's crypto (X25519, HKDF-SHA256), with the refusals of
// Concord's swift port.

const crypto = require('crypto');
const { nodeAdapter, bugOn, serve } = require('./lib/planted');
const { suite, op, field, optional } = nodeAdapter('wire/suite-spec');
const { out } = nodeAdapter('wire/values');
const x25519 = require('./lib/x25519');

const ZERO32 = Buffer.alloc(32);
const INFO = Buffer.from('SophaxChat_X3DH_v1', 'utf8');

/** Whether the app sees a one-time prekey: present and, with the bug, not empty. */
function given(prekey) {
  return prekey !== undefined && (!bugOn || prekey.length > 0);
}

function keys(dhs) {
  const master = Buffer.from(crypto.hkdfSync('sha256', Buffer.concat([ZERO32, ...dhs]), ZERO32, INFO, 64));
  return { rootKey: out(master.subarray(0, 32)), chainKey: out(master.subarray(32)) };
}

function initiate(i) {
  const dhs = [
    x25519.shared(i.identityPrivateKey, i.theirSignedPrekey, 'DH1 (identityPrivateKey, theirSignedPrekey)'),
    x25519.shared(i.ephemeralPrivateKey, i.theirIdentityKey, 'DH2 (ephemeralPrivateKey, theirIdentityKey)'),
    x25519.shared(i.ephemeralPrivateKey, i.theirSignedPrekey, 'DH3 (ephemeralPrivateKey, theirSignedPrekey)'),
  ];
  if (given(i.theirOneTimePrekey)) dhs.push(x25519.shared(i.ephemeralPrivateKey, i.theirOneTimePrekey, 'DH4 (ephemeralPrivateKey, theirOneTimePrekey)'));
  return keys(dhs);
}

function respond(i) {
  const dhs = [
    x25519.shared(i.signedPrekeyPrivateKey, i.theirIdentityKey, 'DH1 (signedPrekeyPrivateKey, theirIdentityKey)'),
    x25519.shared(i.identityPrivateKey, i.theirEphemeralKey, 'DH2 (identityPrivateKey, theirEphemeralKey)'),
    x25519.shared(i.signedPrekeyPrivateKey, i.theirEphemeralKey, 'DH3 (signedPrekeyPrivateKey, theirEphemeralKey)'),
  ];
  if (given(i.oneTimePrekeyPrivateKey)) dhs.push(x25519.shared(i.oneTimePrekeyPrivateKey, i.theirEphemeralKey, 'DH4 (oneTimePrekeyPrivateKey, theirEphemeralKey)'));
  return keys(dhs);
}

serve('sophaxchat-x3dh-empty-prekey', [
  suite('sophaxchat.x3dh', [
    op('initiate', [field('identityPrivateKey', 'bytes'), field('ephemeralPrivateKey', 'bytes'), field('theirIdentityKey', 'bytes'),
      field('theirSignedPrekey', 'bytes'), optional('theirOneTimePrekey', 'bytes')], ['rootKey', 'chainKey'], initiate),
    op('respond', [field('identityPrivateKey', 'bytes'), field('signedPrekeyPrivateKey', 'bytes'), field('theirIdentityKey', 'bytes'),
      field('theirEphemeralKey', 'bytes'), optional('oneTimePrekeyPrivateKey', 'bytes')], ['rootKey', 'chainKey'], respond),
  ]),
]);
