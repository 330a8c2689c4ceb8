// Owns: exploration: generated inputs for every op of the chosen suites, run on every implementation, the divergences found grouped by signature, shrunk and drafted as vectors; the crashes of shared processes, checked on fresh ones.
// Must not: read or write a file, print, parse options or judge a vector file's expected values (the CLI loads seeds, applies the ledger and writes what it drafts).
