// Owns: the Sinew FieldCipher pack: its contract, suite definition, formats (SinewKeyring), Swift port (SinewFieldCipher, SinewHandlers) and its registration value SinewPack.pack.
// Must not: name another pack, run anything but its own port's computations, or read a file; it registers only through ConcordPacks' one line (Packs.all).
