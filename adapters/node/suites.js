'use strict';
// The suites of the node adapter, in the order the handshake lists them. Register new suites here.

module.exports = [
  require('./primitives/aes-gcm-suite'),
  require('./primitives/hkdf-sha256-suite'),
  require('./primitives/ecdh-p256-suite'),
  require('./closer/canonical-json-suite'),
  require('./closer/commitment-suite'),
  require('./closer/tink-public-key-suite'),
  require('./closer/keybox-suite'),
  require('./sinew/field-cipher-suite'),
  ...require('./justsend/share-suite'),
];
