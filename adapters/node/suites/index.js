'use strict';
// The suites of the node adapter, in the order the handshake lists them. Register new suites here.

module.exports = [
  require('./aes-gcm'),
  require('./hkdf-sha256'),
  require('./ecdh-p256'),
  require('./canonical-json'),
  require('./commitment'),
  require('./tink-public-key'),
  require('./keybox'),
  require('./sinew-field-cipher'),
  ...require('./justsend-share'),
];
