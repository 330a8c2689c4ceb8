// Owns: every report format (JSON, Markdown, HTML, JUnit, annotations, terminal), merge, diff, the gate and its consistency check.
// Must not: run an implementation or judge a vector anew; it renders, compares and checks the results and reports it is given.
