import ConcordFormats
import ConcordImplementations
import ConcordSuites
@testable import ConcordLoading
@testable import ConcordScheduling
import Testing

/// The JVM adapter's heap is sized to the run: room for one Argon2 hash of the run's largest memory
/// within the adapter's allowance (m + m/16 + 64 KiB, within 90% of the heap less 32 MiB; further
/// hashes wait inside the adapter), at least 136 MiB.
struct JVMHeapTests {
    @Test func theHeapHoldsTheLargestHashOnEveryWorker() {
        #expect(Catalog.jvmHeapMiB(for: PlannedWork(largestKdfMemoryKiB: 0, workers: 2)) == 136)
        #expect(Catalog.jvmHeapMiB(for: PlannedWork(largestKdfMemoryKiB: 47104, workers: 2)) == 136)
        for (m, w) in [(262_144, 2), (1_048_576, 2), (4_194_304, 8), (47104, 16)] {
            let heap = Catalog.jvmHeapMiB(for: PlannedWork(largestKdfMemoryKiB: m, workers: w))
            // The adapter's own arithmetic (MemoryBudget.java, Argon2.java), in KiB.
            // Runtime.maxMemory() is the heap less one survivor space (a thirtieth, serial collector).
            let budget = heap * 1024 * 30 / 31 / 10 * 9 - 32 * 1024
            #expect(budget >= m + m / 16 + 64, "m=\(m) workers=\(w): heap \(heap) MiB")
            // Not more than one hash's room (and the floor): the JVM's own memory comes on top.
            #expect(heap <= max(136, (m + m / 16 + 64) / 1024 * 2), "m=\(m): heap \(heap) MiB")
            #expect(heap % 8 == 0)
        }
    }

    @Test func theLargestMemoryComesFromTagsOfVectorsThatDerive() {
        func v(_ suite: String, _ input: [String: Value]) -> Vector {
            Vector(suite: suite, id: "x", file: "f.yaml", line: 1, column: 1, comment: nil, flags: [], op: nil,
                   result: .valid, input: input, expect: .none, inputOrder: Array(input.keys))
        }
        let vectors = [
            v("argon2id", ["params": .text("argon2id;v=19;m=65536;t=3;p=1"), "password": .bytes([1])]),
            v("closer.kdf-params", ["tag": .text("argon2id;v=19;m=134217728;t=3;p=1")]),  // parsed only
            v("argon2id", ["params": .text("argon2id;v=19;m=999999;t=1;p=1")]),           // blocked
        ]
        // The third is over --max-memory-kib: blocked, so not counted.
        var limits = Limits()
        limits.maxKdfMemoryKiB = 100_000
        let memory = Plan(vectors, limits: limits).kdfMemoryKiB()
        #expect(memory == [0: 65536])
    }

    /// The runner sends the adapter no more Argon2 work than its heap holds: with the default run's
    /// heap, one production hash at a time (two would wait inside the adapter, and so would a worker).
    @Test func theRunnersBudgetIsWithinTheAdapters() {
        for (m, w) in [(47104, 2), (262_144, 2), (1_048_576, 8), (64, 2)] {
            let heap = Catalog.jvmHeapMiB(for: PlannedWork(largestKdfMemoryKiB: m, workers: w))
            let budget = Catalog.jvmKdfMemory(heapMiB: heap)
            let adapters = heap * 1024 * 29 / 30 / 10 * 9 - 32 * 1024   // MemoryBudget.java, maxMemory() in KiB
            #expect(budget.capacityKiB <= adapters, "m=\(m)")
            #expect(budget.need(m) == m + m / 16 + 64)
        }
        let production = Catalog.jvmKdfMemory(heapMiB: Catalog.jvmHeapMiB(for: PlannedWork(largestKdfMemoryKiB: 47104, workers: 2)))
        #expect(production.need(47104) <= production.capacityKiB)
        #expect(2 * production.need(47104) > production.capacityKiB)
        #expect(Catalog.jvmHashKiB(m: Int.max) > 0)   // a hostile tag does not overflow
    }

    /// A job over its implementation's budget waits; the next job that fits (another
    /// implementation's) runs meanwhile, and the held one runs once the first has finished.
    @Test func theQueueHoldsBackWhatTheBudgetCannotHold() {
        let queue = JobQueue(planners: 0, kdfMemory: [0: 100, 1: 100, 2: 10])
        queue.limit(implementation: 0, budget: KdfMemoryBudget(capacityKiB: 150, need: { $0 }), share: 8)
        queue.add([Job(vectorIndex: 0, implementationIndex: 0, cost: 5),
                   Job(vectorIndex: 1, implementationIndex: 0, cost: 4),
                   Job(vectorIndex: 2, implementationIndex: 0, cost: 3.5),
                   Job(vectorIndex: 0, implementationIndex: 1, cost: 3),
                   Job(vectorIndex: 3, implementationIndex: 0, cost: 2)])
        let first = queue.next()
        #expect(first.map(\.vectorIndex) == [0])
        // 100 held: vector 1 (100) does not fit; vector 2 (10) does, then implementation 1's job, then vector 3 (no tag).
        #expect(queue.next().map(\.vectorIndex) == [2])
        #expect(queue.next().map { [$0.vectorIndex, $0.implementationIndex] } == [[0, 1]])
        #expect(queue.next().map(\.vectorIndex) == [3])
        queue.finished(first[0])
        #expect(queue.next().map(\.vectorIndex) == [1])
        #expect(queue.next().isEmpty)
    }

    /// An adapter gets no more than its share of the workers while another implementation's jobs
    /// wait; once none wait, it gets them all.
    @Test func anAdapterHoldsNoMoreThanItsShareWhileOthersWait() {
        let queue = JobQueue(planners: 0)
        queue.limit(implementation: 0, budget: nil, share: 1)
        queue.add([Job(vectorIndex: 0, implementationIndex: 0, cost: 5),
                   Job(vectorIndex: 1, implementationIndex: 0, cost: 4),
                   Job(vectorIndex: 2, implementationIndex: 1, cost: 3),
                   Job(vectorIndex: 3, implementationIndex: 0, cost: 2)])
        let first = queue.next()
        #expect(first.map(\.vectorIndex) == [0])
        #expect(queue.next().map(\.vectorIndex) == [2])     // not vector 1: implementation 0 has its share
        #expect(queue.next().map(\.vectorIndex) == [1])     // nothing else waits: past its share
        queue.finished(first[0])
        #expect(queue.next().map(\.vectorIndex) == [3])
        #expect(queue.next().isEmpty)
    }
}
