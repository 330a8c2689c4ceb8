// Owns: file I/O: bounded reads of named inputs (special files refused), durable replacing writes.
// Must not: know any format or suite; it moves bytes only.
