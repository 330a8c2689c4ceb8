import ConcordSync
import Foundation
import Testing

/// ConcordSync's types held to the rules at the top of `Sources/ConcordSync/Rules.swift`; run under
/// ThreadSanitizer by scripts/test-tsan, where a broken rule is a report.
@Suite struct SyncTests {
    @Test func lockedStateIsChangedByOneThreadAtATime() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test func aMonitorWaiterWakesWhenTheStateItWaitsForArrives() {
        let box = Monitor<[Int]>([])
        let got = Locked<[Int]>([])
        let group = DispatchGroup()
        for _ in 0..<3 {
            DispatchQueue.global().async(group: group) {
                let v = box.wait { s -> Int? in s.isEmpty ? nil : s.removeFirst() }
                got.withLock { $0.append(v) }
            }
        }
        for v in [7, 8, 9] {
            usleep(2_000)
            box.withLock(wake: true) { $0.append(v) }
        }
        #expect(group.wait(timeout: .now() + 10) == .success)
        #expect(got.withLock { $0.sorted() } == [7, 8, 9])
    }

    @Test func theWorkerPoolRunsEveryIndexOnceAndShowsItsWrites() {
        let pool = WorkerPool()
        defer { pool.stop() }
        for threads in [1, 2, 3, 5, 2, 4, 1, 3] {
            let seen = Locked<[Int]>([])
            let slots = SlotTable<Int>(count: threads)
            for i in 0..<threads { slots.prepare(i) }
            pool.perform(threads: threads) { index in
                seen.withLock { $0.append(index) }
                slots.set(index, index * 10)
            }
            #expect(seen.withLock { $0.sorted() } == Array(0..<threads))
            // Written on the pool's threads, read here after perform returned (no lock: the pool's ordering).
            #expect((0..<threads).map { slots.take($0) } == (0..<threads).map { $0 * 10 })
        }
    }

    @Test func slotsAreWrittenOnceTakenOnceAndReleasedByChunk() {
        let n = SlotTable<String>.chunk * 2 + 3
        let slots = SlotTable<String>(count: n)
        #expect(!slots.isPrepared(0))
        #expect(slots.take(5) == nil)                      // no chunk: nothing, no crash
        slots.prepare(5)
        slots.prepare(n - 1)
        #expect(slots.isPrepared(SlotTable<String>.chunk - 1))
        #expect(!slots.isPrepared(SlotTable<String>.chunk))
        DispatchQueue.concurrentPerform(iterations: 2) { k in
            if k == 0 { slots.set(5, "five") } else { slots.set(n - 1, "last") }
        }
        #expect(slots.take(5) == "five")
        #expect(slots.take(5) == nil)                      // taken: the slot is empty again
        slots.release(chunkOf: 5)
        #expect(!slots.isPrepared(5))
        #expect(slots.take(n - 1) == "last")
    }

    @Test func aParallelWriterAssignsEachIndexInPlace() {
        var values = Array(repeating: -1, count: 10_000)
        ParallelWriter.assign(into: &values) { out in
            DispatchQueue.concurrentPerform(iterations: 4) { k in
                for i in stride(from: k, to: out.count, by: 4) { out.put(i, i) }
            }
        }
        #expect(values == Array(0..<10_000))
        var empty: [Int] = []
        ParallelWriter.assign(into: &empty) { #expect($0.count == 0) }
    }

    final class Name: Sendable {
        let text: String
        init(_ text: String) { self.text = text }
    }

    @Test func anInternedObjectIsOnePerKeyOnEveryThread() {
        let table = Interner<String, Name>()
        let made = Parallel.map(64) { i in table.intern("k\(i % 4)") { Name("k\(i % 4)") } }
        #expect(table.count == 4)
        for (i, m) in made.enumerated() {
            #expect(m == table.intern("k\(i % 4)") { Name("other") })
            #expect(m.object.text == "k\(i % 4)")
        }
    }

    final class Box { var n = 0 }

    @Test func aThreadLocalValueIsOnePerThread() {
        let local = ThreadLocal { Box() }
        let ids = Parallel.map(8) { _ -> Int in
            let b = local.value
            b.n += 1
            #expect(local.value === b)                  // the same object on the same thread
            return ObjectIdentifier(b).hashValue
        }
        #expect(ids.count == 8)
        #expect(local.value.n >= 0)
    }

    @Test func theAtomicCounterLosesNoUpdate() {
        let c = AtomicCounter()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in for _ in 0..<25_000 { c.add(1) } }
        #expect(c.load() == 100_000)
        #expect(c.subtract(100_000) == 0)
    }
}
