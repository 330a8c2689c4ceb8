// Owns: thin value-type wrappers over libsodium, libargon2 and OpenSSL: one family per file, its backends as siblings.
// Must not: know a contract, a suite or a vector; parse a key form (that is ConcordFormats').
