'use strict';
// X25519 (RFC 7748) on Node's crypto from raw 32-byte keys, with the refusals of Concord's swift
// port: a key of another length is `parameters`, an all-zero shared secret (a public key of small
// order) is `key`.

const crypto = require('crypto');
const { nodeAdapter } = require('./planted');
const { Refusal } = nodeAdapter('wire/answers');

const PKCS8 = Buffer.from('302e020100300506032b656e04220420', 'hex');
const SPKI = Buffer.from('302a300506032b656e032100', 'hex');

function shared(privateKey, publicKey, what) {
  if (privateKey.length !== 32) throw new Refusal('parameters', `${what}: an X25519 private key is 32 bytes (got ${privateKey.length})`);
  if (publicKey.length !== 32) throw new Refusal('parameters', `${what}: an X25519 public key is 32 bytes (got ${publicKey.length})`);
  let secret;
  try {
    secret = crypto.diffieHellman({
      privateKey: crypto.createPrivateKey({ key: Buffer.concat([PKCS8, privateKey]), format: 'der', type: 'pkcs8' }),
      publicKey: crypto.createPublicKey({ key: Buffer.concat([SPKI, publicKey]), format: 'der', type: 'spki' }),
    });
  } catch (e) {
    secret = Buffer.alloc(32); // OpenSSL refuses to derive an all-zero secret
  }
  if (!secret.some((b) => b !== 0)) {
    throw new Refusal('key', `${what}: the X25519 shared secret is all zero: the public key has small order (RFC 7748 §6.1)`);
  }
  return secret;
}

module.exports = { shared };
