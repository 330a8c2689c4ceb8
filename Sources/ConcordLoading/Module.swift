// Owns: turning files into located vectors: vector files, Wycheproof layouts, fixture maps, captured files; one entry point (VectorLoader.load); and the one writer of the vector format beside its reader (VectorFileWriter).
// Must not: run an implementation or judge; it reports every unreadable input with file, line and column.
