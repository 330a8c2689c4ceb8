// Owns: the commands that change or produce vector files: fill (captured or live), export, the fill side of fixture maps.
// Must not: render a report, or write any file other than the one it was asked to write (and only after reading it back).
