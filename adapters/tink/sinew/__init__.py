"""The Sinew suite of the Tink adapter (docs/contracts/sinew.md): sinew.field-cipher (field_cipher_suite).
Imports wire and primitives only.
"""
