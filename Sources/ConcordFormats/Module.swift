// Owns: the contracts' pure formats: values and the record types packs define by data (RecordType), encodings (hex, base64, base32), wire strings (decoded and compared in the forms the packs declare), JSON, Tink keysets, protobuf.
// Must not: import a C library, read or write a file, or use Foundation; every function is a pure function of its bytes.
