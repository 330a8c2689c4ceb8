// Owns: the one registration of every contract pack (`Packs.all`), and what is derived from it: the suite registry (`Suites.list`, `resolve`, …), `Contracts.all`, the packs' wire forms (`Packs.wireForms`), the vector-file schema.
// Must not: define a pack's suite, port or rule (each pack's module does), run anything, or read a file.
