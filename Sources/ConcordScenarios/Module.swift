// Owns: scenarios: reading concord-scenario/1 files, running whole flows over every assignment of roles to implementations with seeded fresh values, diagnosing the first diverging step, and recording a trial as vector files.
// Must not: render a report or print; it returns results the reports render, and writes only the files --record names.
