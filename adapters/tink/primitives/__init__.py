"""The primitive suites of the Tink adapter (aes-gcm, hmac-sha256, xchacha20-poly1305, ed25519, ecdsa-p256),
one module each, and the Tink keyset helpers every suite builds on (keysets). Imports the plumbing (wire) only.
"""
