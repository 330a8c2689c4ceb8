// Owns: file I/O: bounded reads of named inputs (special files refused), durable replacing writes, files made inside a folder given (never through a link).
// Must not: know any format or suite; it moves bytes only.
