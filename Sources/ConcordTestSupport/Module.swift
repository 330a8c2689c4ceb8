// Owns: what the test targets share: the repository root, temporary folders, running a process to its end, the built concord binary, the kits' output-kind round trip (OutputKinds).
// Must not: hold a test or an assertion; it is plain helpers, linked only into the test targets.
