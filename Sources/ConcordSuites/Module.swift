// Owns: every suite and contract pack, defined once: fields, ops, costs, limits, warnings, round trips, docs lines.
// Must not: run anything, or read a file; the schema, tables and registrations are derived from it.
