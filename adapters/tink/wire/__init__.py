"""The Tink adapter's plumbing (docs/adapters.md, "Layout"): the answers a suite gives (answers), the strict
JSON of the protocol (strict_json), hex / b64 / b64url (encodings), how a suite declares its ops and how a
request runs by them (protocol), and the line protocol itself (transport). It imports no Tink and no suite.
"""
