import ConcordFormats
import ConcordImplementations
@testable import ConcordRunner
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
        let largest = Runner.largestKdfMemoryKiB(vectors, blocked: [nil, nil, "over the limit"], costs: [0.08, 1e-6, 0.4])
        #expect(largest == 65536)
    }
}
