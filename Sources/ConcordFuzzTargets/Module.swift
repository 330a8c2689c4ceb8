// Owns: the libFuzzer targets: invariants over arbitrary bytes, replayed over the saved findings by the tests.
// Must not: be linked into concord; it is for scripts/fuzz and the tests.
