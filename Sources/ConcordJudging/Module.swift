// Owns: verdicts: an outcome against its vector, a vector against its implementations, explanation rules, round trips, and the Runner.
// Must not: read or write files, or print; it returns values the reports render.
