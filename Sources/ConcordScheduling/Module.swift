// Owns: who runs which vector when: plans, the job queue, workers, lanes, shards, the cost table they read (data/costs.tsv); each check's outcome goes to the judge it is given.
// Must not: decide a verdict or compare values; it never looks inside one.
