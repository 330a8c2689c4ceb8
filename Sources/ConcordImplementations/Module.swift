// Owns: the implementations behind one interface: the Swift compositions, in-process libraries, external adapters and their processes.
// Must not: read vector files or decide a verdict; an implementation answers a request, nothing more.
