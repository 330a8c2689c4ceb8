"""The Closer suites of the Tink adapter (docs/contracts/closer.md): closer.keybox and closer.tink-public-key,
one module each, and the hybrid keysets they share (hybrid_keysets). Imports wire and primitives only.
"""
