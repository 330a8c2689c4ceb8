'use strict';
// Strict UTF-8: malformed sequences, overlong forms and encoded surrogates are errors, never U+FFFD,
// and a leading byte order mark is kept as the character U+FEFF.

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The decoded text, or null when the bytes are not valid UTF-8. */
function decodeOrNull(bytes) {
  try {
    return decoder.decode(bytes);
  } catch (e) {
    return null;
  }
}

/** UTF-8 of a string (the protocol's strings never hold lone surrogates: the JSON reader refuses them). */
function encode(text) {
  return Buffer.from(text, 'utf8');
}

module.exports = { decodeOrNull, encode };
