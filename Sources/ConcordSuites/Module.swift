// Owns: the kernel every pack is made of: Suite, Contract, Pack, what a port and a rule are (SuiteHandler, Request, Provenance, ExplanationRule and its helpers, CryptoDiagnoses, PrimitiveRefusal), and the primitive suites, defined once.
// Must not: name a contract pack (each is a module of its own, registered by ConcordPacks), run anything but a primitive a rule asks for, or read a file.
