// Owns: the implementations behind one interface: the primitives' in-process handlers, the `swift` implementation built from every pack's port (Packs.all), in-process libraries, external adapters and their processes.
// Must not: read vector files or decide a verdict; an implementation answers a request, nothing more.
