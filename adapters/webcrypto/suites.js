'use strict';
// The suites of the webcrypto adapter, in the order the handshake lists them; each is made for the page it runs in.

module.exports = (page) => [
  require('./primitives/aes-gcm-suite')(page),
  require('./primitives/hkdf-sha256-suite')(page),
  require('./primitives/ecdh-p256-suite')(page),
  require('./sinew/field-cipher-suite')(page),
  ...require('./justsend/share-suite')(page),
];
