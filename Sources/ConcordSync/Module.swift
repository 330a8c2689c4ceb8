// Owns: the only shared-memory machinery: locks, monitors, atomics, the worker pool, write-once slots, interning (rules in Rules.swift).
// Must not: import any other module, or hold a lock across a call that can block on another process.
