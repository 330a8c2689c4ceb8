// Owns: what both test targets share: the repository root, temporary folders, running a process to its end, the built concord binary.
// Must not: hold a test or an assertion; it is plain helpers, linked only into the test targets.
