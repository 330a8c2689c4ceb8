// Owns: the AskKey pack (Secure Enclave P-256 pairing): its contract, suite definitions, Swift port (AskKeyHandlers), its fresh kind (pairing-code) and its registration value AskKeyPack.pack.
// Must not: name another pack, run anything but its own port's computations, or read a file; it registers only through ConcordPacks' one line (Packs.all).
