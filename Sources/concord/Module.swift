// Owns: the command line: options, commands, exit codes, standard streams.
// Must not: hold logic a library user would need; that goes into the module that owns it.
