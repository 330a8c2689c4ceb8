// ConcordSync owns every place where Concord's threads share memory by hand: locks and condition
// monitors, atomic counters, the worker pool, write-once result slots, parallel output, interning
// (immortal objects held without counting) and thread-local values. Nothing else in Concord may
// use `@unchecked Sendable`, `Unmanaged`, `nonisolated(unsafe)`, atomics, hand-made locks or spinning
// (`SyncConfinementTests` holds every other module to that); they use these types, in plain safe Swift.
//
// The rules, type by type (each type's comment says the same at its declaration):
//
// - `Lock`, `Locked<State>`: the state is touched only inside `withLock`; nothing taken out of it
//   aliases it (values are copied out). No lock is taken while another is held, except a
//   `Locked`'s inside a `Monitor`'s body, never the reverse. No lock is held across a call that
//   can block on another process, with one exception left: `ExternalAdapter.run` writes a request
//   line under the adapter's lock (so lines never interleave), which a stuck adapter can hold up.
// - `Monitor<State>`: a `Locked` with a condition: `wait` re-runs its body under the lock until it
//   gives a value; a body that changes what a waiter waits for passes `wake: true`.
// - `AtomicCounter`: one integer, read and changed from any thread; acquire/release ordering, so a
//   thread that sees a count also sees what was written before it was changed.
// - `WorkerPool`: `perform` runs one body on N threads and returns after all have finished; what
//   the threads wrote is visible to the caller after it returns (the counter's release/acquire).
//   One `perform` at a time; the body must not call `perform` on the same pool.
// - `SlotTable<T>`: per index, one slot. `prepare(i)` by the one thread that plans index i, before
//   any other thread can learn of i (the hand-over through a lock or the pool orders it);
//   `set(i, _)` by the one thread given index i; `take(i)` and `release(chunkOf:)` only after every
//   writer has finished (after `WorkerPool.perform` returned, or after the planner's hand-over), each
//   chunk released once by one thread. Distinct indices may be written by distinct threads at once.
// - `ParallelWriter<T>`: assigns into an initialized array from several threads, each index by one
//   thread only, inside `ParallelWriter.assign(into:)`'s body and never after it returns.
// - `Parallel.map`: each result put under a lock by the thread that made it, read after all have
//   finished (`DispatchQueue.concurrentPerform` has returned).
// - `SharedImmutable<T>`: a C object made once at initialization, immutable after and documented
//   by its library as shareable (OpenSSL's fetched ciphers, constant C strings); never written.
// - `Interner`/`Interned<T>`: an interned object lives as long as the process; an `Interned` handle
//   is made only by its `Interner` and read on any thread without counting references. Interning
//   takes the table's lock: once per name looked up, never per check.
// - `ImmortalBuffer<T>`: memory made once from an array, never written or freed after (one per
//   interned object only), read on any thread without counting references.
// - `ThreadLocal<T>`: one value per thread, made on the thread's first use and released when the
//   thread ends; never handed to another thread.
//
// Not here: pointers handed to C functions in ConcordPrimitives for the length of one call (the C
// bridges' calling convention, each confined to its call), and POSIX calls on file descriptors.
