// Owns: a located YAML 1.2 (and JSON) node tree on libyaml: every node with its line and column.
// Must not: know a suite or a vector; it only parses.
