import ConcordFormats
import ConcordGeneration
import ConcordImplementations
import ConcordLoading
@testable import ConcordScenarios
import ConcordPrimitives
@testable import ConcordScenarioFormat
import ConcordSuites
import ConcordSync
import ConcordTestSupport
import ConcordYAML
import Foundation
import Testing

/// Issue 44 item 6: flows that go long (docs/scenarios.md, "Flows that go long"). The reader refuses
/// a flow that cannot run, located; the same seed draws the same flow; the receiver model classes
/// deliveries as the contracts say; a long flow runs in bounded time; a planted bug that needs a
/// long or reordered flow is found, shrunk to its smallest count and fewest deliveries, and the
/// written file reads back and replays it.
@Suite struct FlowTests {
    static func read(_ text: String) throws(LoadError) -> Scenario { try ScenarioReader().read(bytes: Array(text.utf8), file: "flow.yaml") }

    /// A flow of sender keys: `sent` derives message_key(i) N times, `received` derives each again
    /// as delivered, within a ±100 window. `count`, `order` and the cases are put in.
    static func senderKeys(count: String = "{min: 1, max: 400}", order: String = "{delay: {min: 0, max: 150}, drop: 2%, duplicate: 2%}",
                           extra: String = "") -> String {
        """
        format: concord-scenario/1
        name: test.sender-keys
        title: "t"
        source: "t"
        roles:
          sender: "s"
          receiver: "r"
        fresh:
          chain: {kind: bytes, length: 32}
        steps:
          - repeat: sent
            count: \(count)
            steps:
              - id: send-key
                role: sender
                suite: sophaxchat.sender-key
                input:
                  chainKey: {fresh: chain}
                  iteration: {index: sent}
          - deliver: sent
            id: received
            order: \(order)
            receiver: {window: 100}
            cases:
              - on: [next, ahead, late, again]
                steps:
                  - id: receive-key
                    role: receiver
                    suite: sophaxchat.sender-key
                    input:
                      chainKey: {fresh: chain}
                      iteration: {delivery: index}
                      receiverIteration: {delivery: next}
                    expect:
                      messageKey: {output: send-key.messageKey}
              - on: [beyond]
                steps:
                  - id: receive-too-far
                    role: receiver
                    suite: sophaxchat.sender-key
                    input:
                      chainKey: {fresh: chain}
                      iteration: {delivery: index}
                      receiverIteration: {delivery: next}
                    refuses: parameters
        \(extra)
        """
    }

    /// A chain of HMACs: repeat block `chain` (COUNT) whose step `mac` reads the carried `tag`.
    static func macChain(count: String, first: String = "{fresh: key}", next: String = "{output: mac.tag}", message: String) -> String {
        """
        format: concord-scenario/1
        name: test.chain
        title: "t"
        source: "t"
        roles:
          r: "r"
        fresh:
          key: {kind: bytes, length: 32}
        steps:
          - repeat: chain
            count: \(count)
            carry:
              tag: {first: \(first), next: \(next)}
            steps:
              - id: mac
                role: r
                suite: hmac-sha256
                op: compute
                input: {key: {fresh: key}, message: \(message)}
        """
    }

    // MARK: Reading

    /// Each flow that cannot run is refused where it goes wrong, with what is wrong (exit 2 at the
    /// command line): a repetition without an end, a count past the limit, iterations that depend on
    /// each other permuted, a block in a block, a value read where it does not exist.
    @Test func theReaderRefusesAFlowThatCannotRun() throws {
        let cases: [(String, Int, Int, String)] = [
            (Self.senderKeys(count: "{min: 1}"), 12, 12, "count has no max: a repetition must end; give max (at most 100000)"),
            (Self.senderKeys(count: "1000000"), 12, 12, "count must be 0 to 100000, found 1000000 (the limit of one block"),
            (Self.senderKeys(count: "-3"), 12, 12, "count must be 0 to 100000, found -3"),
            (Self.senderKeys(count: ".inf"), 12, 12, "count must be a whole number from 0 to 100000, found .inf: a repetition must end"),
            (Self.senderKeys(count: "{min: 9, max: 3}"), 12, 12, "count: min 9 is above max 3"),
            (Self.senderKeys(count: "{min: 1, max: 100000}", order: "{delay: 5, duplicate: 100%}"), 20, 5,
             "this flow may expand to 300000 steps (repeat sent: up to 100000 iterations × 1 step; deliver block received: up to 200000 deliveries × 1 step), above the limit of 100000 steps of one flow"),
            (Self.senderKeys(order: "{shuffle: true, delay: 4}"), 22, 28, "a shuffled order moves every iteration anywhere already: delay adds nothing"),
            (Self.senderKeys(order: "{drop: 5}"), 22, 19, "drop is a percentage from 0% to 100%, as 5% (found \"5\")"),
            (Self.senderKeys(count: "5", order: "[0, 1, 7]"), 22, 19, "delivery 2 names iteration 7, but repeat sent runs 5 times"),
            (Self.senderKeys(order: "[0, 1]"), 22, 12, "an explicit order needs a fixed count (repeat sent's count is drawn: 1 to 400)"),
            (Self.senderKeys().replacingOccurrences(of: "    receiver: {window: 100}\n", with: ""), 35, 14,
             "nothing is beyond a receiver without a limit: give deliver block received a receiver"),
            (Self.senderKeys().replacingOccurrences(of: "on: [beyond]", with: "on: [late]"), 36, 14, "delivery class late is in two cases"),
            (Self.senderKeys().replacingOccurrences(of: "on: [beyond]", with: "on: [sideways]"), 36, 14, "unknown delivery class \"sideways\""),
            (Self.senderKeys().replacingOccurrences(of: "{delivery: next}\n            expect", with: "{delivery: nxt}\n            expect"), 33, 45,
             "unknown delivery value \"nxt\""),
            (Self.senderKeys().replacingOccurrences(of: "iteration: {index: sent}", with: "iteration: {delivery: index}"), 19, 33,
             "{delivery: index} is a number of the current delivery: only a deliver block's steps read it"),
            (Self.senderKeys().replacingOccurrences(of: "receiverIteration: {delivery: next}\n            expect", with: "receiverIteration: {delivery: from}\n            expect"), 33, 45,
             "from is known only for a late delivery: read it in a case on: [late]"),
            (Self.senderKeys(extra: "checks:\n  - equal: [{output: send-key.messageKey}, {output: send-key.iterationChainKey}]"), 47, 22,
             "step send-key is made in each iteration of repeat sent: outside it and its deliveries, name one with of: K"),
            (Self.senderKeys(extra: "checks:\n  - equal: [{output: send-key.messageKey, of: 1}, {output: send-key.iterationChainKey, of: -1}]"), 47, 47,
             "of: 1 names an iteration that repeat sent may not run: its count may be as low as 1"),
            (Self.senderKeys(extra: "checks:\n  - equal: [{output: receive-key.messageKey}, {output: send-key.messageKey, of: 0}]"), 47, 22,
             "step receive-key runs in each delivery of received: only received's steps read it"),
            (Self.senderKeys().replacingOccurrences(of: "iteration: {index: sent}", with: "iteration: {index: received}"), 19, 30,
             "index names received, which is not a repeat block"),
            (Self.senderKeys().replacingOccurrences(of: "    steps:\n      - id: send-key", with: "    steps:\n      - repeat: inner\n        count: 2\n        steps: []\n      - id: send-key"), 14, 9,
             "a repeat block inside repeat sent: a flow's blocks are one level deep"),
            (Self.senderKeys().replacingOccurrences(of: "  - deliver: sent", with: "  - deliver: chain"), 20, 14, "deliver names chain, which is not a repeat block"),
        ]
        for (text, line, column, fragment) in cases {
            let e = try #require(throws: LoadError.self, "read: \(fragment)") { try Self.read(text) }
            #expect(e.message.contains(fragment), "\(e)")
            #expect(e.line == line && e.column == column, "\(fragment): \(e)")
        }
    }

    /// A value passed from one iteration to the next: its iterations run in order and cannot be
    /// permuted, its first value cannot read the block, its next cannot read a carried value.
    @Test func carriedValuesKeepTheirIterationsInOrder() throws {
        func flow(order: String = "", first: String = "{fresh: key}", next: String = "{output: mac.tag}") -> String {
            Self.macChain(count: "{min: 1, max: 50}\n\(order)", first: first, next: next, message: "{carry: tag}")
        }
        let good = try Self.read(flow())
        #expect(good.flow.repeats["chain"]?.carry.map(\.name) == ["tag"])
        for (text, line, column, fragment) in [
            (flow(order: "    order: shuffled"), 12, 5, "repeat chain runs in order: its iterations depend on each other (carry tag passes each one's value to the next), so they cannot be permuted"),
            (flow(first: "{output: mac.tag}"), 14, 29, "step mac is made in each iteration of repeat chain"),
            (flow(next: "{carry: tag, flip: 0}"), 14, 48, "a next value reads carried tag"),
        ] {
            let e = try #require(throws: LoadError.self) { try Self.read(text) }
            #expect(e.message.contains(fragment) && e.line == line && e.column == column, "\(e)")
        }
    }

    // MARK: Drawing

    /// The count schedule (docs/scenarios.md, "The count schedule"): edge trials take the largest,
    /// the least, then each power of two inside the range with its neighbours, ascending.
    @Test func theCountScheduleTakesItsEdgesInTurn() {
        // Written from the rule: [max, min] then 2^k − 1, 2^k, 2^k + 1 inside (1, 20).
        #expect(Count.range(min: 1, max: 20).edges == [20, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17])
        #expect(Count.range(min: 250, max: 300).edges == [300, 250, 255, 256, 257])
        var rng = SeededRandom(seed: 1)
        #expect(Count.range(min: 1, max: 3000).draw(trial: 1, rng: &rng) == 3000)
        #expect(Count.range(min: 1, max: 3000).draw(trial: 3, rng: &rng) == 1)
        #expect(Count.oneOf([5, 7]).draw(trial: 3, rng: &rng) == 7)
        // Even trials: within the range, short and long alike (log-uniform): of 2000 draws over
        // 1…4096, some below 16 and some above 1024.
        var small = 0, large = 0
        for k in 0..<2000 {
            var r = SeededRandom(path: ["count", String(k)])
            let n = Count.range(min: 1, max: 4096).draw(trial: 0, rng: &r)
            #expect(n >= 1 && n <= 4096)
            if n < 16 { small += 1 }
            if n > 1024 { large += 1 }
        }
        #expect(small > 100 && large > 100, "small \(small), large \(large)")
    }

    /// The same seed and trial draw the same flow (counts and orders); another seed another. A value
    /// drawn per iteration keeps its value when the count changes (shrinking keeps the first ones).
    @Test func theSameSeedDrawsTheSameFlow() throws {
        let s = try Self.read(Self.senderKeys())
        let a = s.choice(seed: 7, trial: 2), b = s.choice(seed: 7, trial: 2), c = s.choice(seed: 8, trial: 2)
        #expect(a == b)
        #expect(a != c)
        #expect(a.counts["sent"].map { $0 >= 1 && $0 <= 400 } == true)
        // The longest flow in trial 1 of every run (the count's first edge).
        #expect(s.choice(seed: 99, trial: 1).counts["sent"] == 400)
        let text = Self.senderKeys().replacingOccurrences(of: "    count: {min: 1, max: 400}\n", with: "    count: {min: 1, max: 400}\n    fresh:\n      nonce: {kind: bytes, length: 12}\n")
            .replacingOccurrences(of: "iteration: {index: sent}", with: "iteration: {index: sent}\n      - {id: mac, role: sender, suite: hmac-sha256, op: compute, input: {key: {fresh: chain}, message: {fresh: nonce}}}")
        let withNonce = try Self.read(text)
        func values(_ count: Int) throws -> [String: Value] {
            var c = withNonce.choice(seed: 7, trial: 2)
            c.counts["sent"] = count
            c.orders["received"] = (c.orders["received"] ?? []).filter { $0 < count }
            let x = withNonce.expanded(c)
            return try FreshValues.draw(x.fresh, path: ScenarioRunner.path(seed: 7, scenario: x.name), trial: 2, parts: x.freshRead)
        }
        let short = try values(3), long = try values(300)
        #expect(short["nonce#2"] != nil && short["nonce#2"] == long["nonce#2"])
        #expect(short["nonce#3"] == nil && long["nonce#299"] != nil)
    }

    /// The receiver model, on deliveries worked out by hand from its rules.
    @Test func theReceiverModelClassesDeliveriesAsTheContractsSay() {
        // A skipped-key cap of 3 (SophaxChat's is 1000).
        let cap = ReceiverModel.classify([0, 2, 5, 1, 1, 9, 3], count: 10, receiver: .skipCap(3))
        #expect(cap.map(\.cls) == [.next, .ahead, .ahead, .late, .again, .beyond, .late])
        // 5: two keys skipped (3, 4) with one stored (1): 3, the cap, allowed.
        #expect(cap[2].values[.skip] == 2 && cap[2].values[.stored] == 1 && cap[2].values[.next] == 3)
        // 1 was stored by the delivery of 2, whose next was 1; 3 by that of 5, whose next was 3.
        #expect(cap[3].values[.from] == 1 && cap[3].values[.offset] == 0)
        #expect(cap[6].values[.from] == 3 && cap[6].values[.offset] == 0 && cap[6].values[.stored] == 2)
        // 9: three skipped with two stored: 5 > 3, refused, the receiver unchanged (next stays 6).
        #expect(cap[5].values[.skip] == 3 && cap[5].values[.stored] == 2 && cap[6].values[.next] == 6)
        // A window of 2 either way.
        let window = ReceiverModel.classify([0, 4, 1, 5, 2], count: 6, receiver: .window(2))
        #expect(window.map(\.cls) == [.next, .beyond, .next, .beyond, .next])
        // No receiver limit: nothing is beyond.
        let plain = ReceiverModel.classify([1, 0, 0, 7], count: 8, receiver: nil)
        #expect(plain.map(\.cls) == [.ahead, .late, .again, .ahead])
        #expect(plain[1].values[.from] == 0 && plain[2].values[.last] == 1)
    }

    /// A flow expands to one step per iteration and delivery, named by them; a carried value reads the
    /// step of the iteration before; a delivery reads the iteration it delivers.
    @Test func aFlowExpandsToItsIterationsAndDeliveries() throws {
        let s = try ScenarioReader().read(file: repositoryRoot + "/vectors/sophaxchat/scenarios/long-session.yaml")
        var c = s.choice(seed: 1, trial: 0)
        c.counts["sent"] = 3
        c.orders["to-bob"] = [2, 0, 0]
        let x = s.expanded(c)
        #expect(x.isPlain)
        let ids = x.steps.map(\.id)
        #expect(ids == ["alice-initiates", "bob-responds", "alice-key.0", "alice-seals.0", "bob-chain.0", "alice-key.1", "alice-seals.1", "bob-chain.1",
                        "alice-key.2", "alice-seals.2", "bob-chain.2", "bob-skips.2.d0", "bob-opens.2.d0", "bob-stored-key.0.d1", "bob-opens-late.0.d1",
                        "bob-next-key.0.d2", "bob-refuses-the-replay.0.d2"], "\(ids)")
        let step = { (id: String) in x.steps.first { $0.id == id }! }
        #expect(step("alice-key.0").input.first?.source == .output(step: "alice-initiates", field: "chainKey"))
        #expect(step("alice-key.2").input.first?.source == .output(step: "alice-key.1", field: "nextChainKey"))
        // Delivery 0 of message 2 skips 2 from Bob's chain key at 0; delivery 1 (message 0, late)
        // derives it from the chain key of the skip that stored it, 0 positions on.
        #expect(step("bob-skips.2.d0").input.map(\.source) == [.input(step: "bob-chain.0", field: "chainKey"), .literal(.integer(2)), .literal(.integer(0))])
        #expect(step("bob-stored-key.0.d1").input.map(\.source) == [.input(step: "bob-chain.0", field: "chainKey"), .literal(.integer(0))])
        #expect(step("bob-next-key.0.d2").input.first?.source == .output(step: "bob-chain.2", field: "nextChainKey"))
        #expect(x.fresh.contains { $0.name == "body#2" } && !x.fresh.contains { $0.name == "body#3" })
        // The expect entries follow their instances.
        #expect(x.checks.contains { $0.step == "bob-skips.2.d0" && $0.equal.last == .output(step: "alice-key.2", field: "messageKey") })
        #expect(x.checks.contains { $0.step == nil && $0.equal == [.output(step: "alice-key.2", field: "nextChainKey"), .output(step: "bob-chain.2", field: "nextChainKey")] })
    }

    /// Every case a pack's long flow declares is met by a default run's trials (0–3) of some seed:
    /// none is dead text.
    @Test func thePackLongFlowsMeetEveryCaseTheyDeclare() throws {
        for (pack, file) in [("sophaxchat", "long-session"), ("sophaxchat", "long-group"), ("justsend", "long-share"), ("closer", "long-couple")] {
            let s = try ScenarioReader().read(file: repositoryRoot + "/vectors/\(pack)/scenarios/\(file).yaml")
            for (d, block) in s.flow.deliveries {
                var met = Set<DeliveryClass>()
                for seed in UInt64(1)...3 {
                    for t in 0..<4 {
                        let c = s.choice(seed: seed, trial: t)
                        met.formUnion(ReceiverModel.classify(c.orders[d] ?? [], count: c.counts[block.of] ?? 0, receiver: block.receiver).map(\.cls))
                    }
                }
                for cs in block.cases { for cls in cs.on { #expect(met.contains(cls), "\(file): case \(cls.rawValue) of \(d) is never met") } }
            }
        }
    }

    // MARK: Running

    /// A flow of 20,000 chained steps (each reads the step before through a carried value) runs in
    /// memory and time linear in its steps: a generous guard against a quadratic or recursive walk,
    /// not a timing claim.
    @Test func aLongFlowRunsInBoundedTime() throws {
        let s = try Self.read(Self.macChain(count: "20000\n    fresh:\n      extra: {kind: bytes, length: 4}", message: "{concat: [{carry: tag}, {fresh: extra}]}")
                              + "\nchecks:\n  - differ: [{carry: tag}, {output: mac.tag, of: 0}]\n")
        let impls = [try #require(Catalog.make("openssl", settings: Catalog.Settings(home: repositoryRoot)))]
        let plan = try ScenarioTests.plan(s, impls)
        let start = Date()
        let trials = ScenarioRunner(implementations: impls).run(plan, configuration: ScenarioConfiguration(seed: 1, trials: 1))
        #expect(Date().timeIntervalSince(start) < 120, "20,000 steps took \(Date().timeIntervalSince(start)) s")
        #expect(trials.count == 1 && trials[0].failure == nil, "\(trials.first?.failure?.message ?? "")")
        #expect(trials.first?.steps.count == 20000)
    }

    /// Sender keys (docs/contracts/sophaxchat.md §3) as an app keeps them: each chain's keys derived
    /// once and stored, so a flow of N messages costs N HKDFs, not N²/2. With `bug`: the iteration
    /// kept in one byte (message_key(i mod 256)), or a window behind of 40 instead of 100.
    final class SenderKeys: Implementation {
        let name: String
        let bug: String?
        let chains = Locked<[[UInt8]: [[UInt8]]]>([:])
        init(_ name: String, bug: String? = nil) { self.name = name; self.bug = bug }
        var suites: Set<String> { ["sophaxchat.sender-key"] }
        var version: String { "test" }
        var startFailure: String? { nil }
        func prepare() {}
        func shutdown() {}
        func run(_ r: Request) -> Outcome {
            guard r.suite == "sophaxchat.sender-key", case .bytes(let ck0)? = r.input["chainKey"], case .integer(let i)? = r.input["iteration"] else {
                return .unsupported("not a sender-key request")
            }
            var j = i
            if case .integer(let k)? = r.input["receiverIteration"] { j = k }
            if i - j > 100 || j - i > (bug == "window-40" ? 40 : 100) {
                return .refused(ContractError(.parameters, "iteration \(i) is too far from the receiver's \(j)"))
            }
            let n = Int(bug == "iteration-byte" ? i % 256 : i)
            let ck = chains.withLock { c -> [UInt8] in
                var keys = c[ck0] ?? [ck0]
                while keys.count <= n { keys.append(HKDF.sha256(ikm: keys.last!, salt: [], info: Array("SophaxChat_SenderKey_Chain_v1".utf8), size: 32)) }
                c[ck0] = keys
                return keys[n]
            }
            let mk = HKDF.sha256(ikm: ck, salt: [], info: Array("SophaxChat_SenderKey_Message_v1".utf8), size: 32)
            return .outputs(["messageKey": .bytes(mk), "iterationChainKey": .bytes(ck)])
        }
    }

    /// The first failing trial of a plan's run, explored and shrunk on its assignment.
    static func explore(_ s: Scenario, _ impls: [any Implementation], assign: [String: String], seed: UInt64) throws -> (FlowExploration, FlowExploration.Shrunk) {
        let plan = try ScenarioTests.plan(s, impls, assign: assign)
        let runner = ScenarioRunner(implementations: impls)
        let trials = runner.run(plan, configuration: ScenarioConfiguration(seed: seed, trials: 8))
        let failing = try #require(trials.first { $0.failure != nil }, "no flow failed")
        let x = FlowExploration(plan: plan, runner: runner, seed: seed, failing: failing)
        return (x, x.shrink())
    }

    /// A bug that only a flow of more than 256 messages meets is shrunk to exactly 257 (the smallest
    /// count that fails) and the fewest deliveries that reach message 256 within the window (three:
    /// the receiver cannot jump more than 100); one that needs a delivery more than 40 behind, to 41
    /// messages and two deliveries (40, then 0). The written file reads back with those choices.
    @Test func aPlantedBugIsShrunkToItsShortestFlow() throws {
        let s = try Self.read(Self.senderKeys())
        for (bug, count, deliveries) in [("iteration-byte", 257, 3), ("window-40", 41, 2)] {
            // Two right ones (the planted one is outvoted) and the planted one.
            let impls: [any Implementation] = [SenderKeys("right"), SenderKeys("other"), SenderKeys("planted", bug: bug)]
            let (x, shrunk) = try Self.explore(s, impls, assign: ["sender": "right", "receiver": "planted"], seed: 4)
            #expect(shrunk.signature?.blamed == "planted", "\(bug): \(String(describing: shrunk.signature))")
            #expect(shrunk.choice.counts["sent"] == count, "\(bug): \(shrunk.choice)")
            #expect(shrunk.choice.orders["received"]?.count == deliveries, "\(bug): \(shrunk.choice)")
            if bug == "window-40" { #expect(shrunk.choice.orders["received"] == [40, 0], "\(shrunk.choice)") }
            #expect(shrunk.choice.removed == ["receive-too-far"], "\(bug): \(shrunk.choice.removed)")
            #expect(shrunk.result.failure?.blamed == "planted", "\(bug): \(shrunk.result.failure?.message ?? "it passed")")
            // The written flow: every choice literal, its values pinned, and it fails alike.
            let dir = temporaryFolder()
            let path = try x.write(shrunk, into: dir)
            let written = try ScenarioReader().read(file: path)
            #expect(written.flow.pin == FlowPin(from: "test.sender-keys", seed: 4, trial: x.failing.trial))
            #expect(written.flow.repeats["sent"]?.count == .fixed(count))
            #expect(written.flow.deliveries["received"]?.order == .explicit(shrunk.choice.orders["received"]!))
            #expect(!written.steps.contains { $0.id == "receive-too-far" })
            let plan = try ScenarioTests.plan(written, impls, assign: ["sender": "right", "receiver": "planted"])
            let again = ScenarioRunner(implementations: impls).run(plan, configuration: ScenarioConfiguration(seed: 12345))
            #expect(again.count == 1 && again[0].trial == x.failing.trial, "a written flow is one trial, its own")
            let f = try #require(again.first?.failure, "\(bug): the written flow passed")
            #expect(f.step == shrunk.result.failure?.step && f.blamed == "planted", "\(f.message)")
        }
    }

    /// The writer and the reader agree: each pack scenario written with a drawn flow's choices reads
    /// back as the same flow (the same steps with the same inputs, the same checks).
    @Test func aWrittenFlowReadsBackAsTheSameFlow() throws {
        for file in PackScenarioTests.files().map(\.path) + [repositoryRoot + "/Tests/Fixtures/scenario-files/valid-long-sender-keys.yaml"] {
            let s = try ScenarioReader().read(file: file)
            let c = s.choice(seed: 3, trial: 2)
            let pin = FlowPin(from: s.name, seed: 3, trial: 2)
            let text = try #require(FlowWriter.text(s, choice: c, pin: pin, name: s.name + ".w", header: ["written"]))
            let back = try ScenarioReader().read(bytes: Array(text.utf8), file: file + ".written")
            #expect(back.flow.pin == pin)
            let a = s.expanded(c), b = back.expanded(back.choice(seed: 777, trial: 0))
            #expect(a.steps.map(\.id) == b.steps.map(\.id), "\(file)")
            #expect(a.steps.map { $0.input.map { "\($0.field)=\($0.source.description)" } } == b.steps.map { $0.input.map { "\($0.field)=\($0.source.description)" } }, "\(file)")
            #expect(a.checks.map { $0.equal.map(\.description) } == b.checks.map { $0.equal.map(\.description) }, "\(file)")
            #expect(a.fresh.map(\.name) == b.fresh.map(\.name), "\(file)")
        }
    }
}
