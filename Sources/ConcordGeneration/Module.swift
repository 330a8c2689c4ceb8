// Owns: reproducible generation: a seeded random stream every machine draws alike, and the fresh values scenarios (and exploration) draw from it.
// Must not: run an implementation, read or write a file, or use the system's randomness (the same seed makes the same values anywhere).
