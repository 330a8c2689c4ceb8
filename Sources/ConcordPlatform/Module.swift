// Owns: every call that differs between Linux (Glibc) and macOS (Darwin), in Platform.swift, and the system's C API re-exported to the modules above.
// Must not: import any Concord module or Foundation, or hold state; no other file imports Glibc or Darwin or names a Linux-only API (PlatformConfinementTests).
