'use strict';
// The suites of the webcrypto adapter, in the order the handshake lists them; each is made for the page it runs in.

module.exports = (page) => [
  require('./aes-gcm')(page),
  require('./hkdf-sha256')(page),
  require('./ecdh-p256')(page),
  require('./sinew-field-cipher')(page),
  ...require('./justsend-share')(page),
];
