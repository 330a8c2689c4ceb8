// Owns: verdicts: an outcome against its vector, a vector against its implementations, the generic explanation rules and every pack's in its place, round trips, and the Runner.
// Must not: read or write files, or print; it returns values the reports render.
