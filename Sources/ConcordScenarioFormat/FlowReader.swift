import ConcordFormats
import ConcordGeneration
import ConcordLoading
import ConcordSuites
import ConcordYAML

/// Where the values being read are used: a top-level step or a check, a repeat block's step, a
/// deliver block's step (common, or of a case), a carried value's first or next.
enum Scope: Equatable {
    case top
    case repeatBlock(String)
    case deliverBlock(String, Int?)
    case carryFirst(String)
    case carryNext(String)
}

/// The reading of repeat and deliver blocks (docs/scenarios.md, "Flows that go long"): each
/// problem located by file, line and column, among them a repetition that cannot end, a flow too
/// long to run, and an order that cannot be drawn.
extension Reading {
    /// The repeat block whose iteration the values being read belong to (nil: none).
    var hereBlock: String? {
        switch here {
        case .repeatBlock(let b), .carryNext(let b): return b
        case .deliverBlock(let d, _): return flow.deliveries[d]?.of
        default: return nil
        }
    }

    func scope(of id: String) -> Scope {
        guard let b = flow.stepBlock[id] else { return .top }
        if flow.repeats[b] != nil { return .repeatBlock(b) }
        return .deliverBlock(b, stepCase[id])
    }

    mutating func blockName(_ node: Node, _ what: String) throws(LoadError) -> String {
        let n = try name(node, what)
        if steps[n] != nil || blockNodes[n] != nil { throw fail(node, "\(n) is already the name of a step or block") }
        return n
    }

    /// `flow: {from: NAME, seed: S, trial: K}`: a written flow's values come from scenario NAME's
    /// trial K with seed S.
    func pin(_ node: Node) throws(LoadError) -> FlowPin {
        let f = try fields(node, "flow", allowed: ["from", "seed", "trial"], required: ["from", "seed", "trial"])
        let from = try string(f["from"]!.value, "flow's from")
        guard Self.isID(from) else { throw fail(f["from"]!.value, "flow's from \"\(Printable.escape(from))\" must be a scenario name") }
        let seedNode = f["seed"]!.value
        guard case .scalar(let text, let t) = seedNode.kind, t == .string || t == .integer, let seed = UInt64(text) else {
            throw fail(seedNode, "flow's seed must be an integer from 0 to 18446744073709551615")
        }
        let trial = try integer(f["trial"]!.value, "flow's trial")
        guard trial >= 0 && trial < Int64(Scenario.maxTrials) else {
            throw fail(f["trial"]!.value, "flow's trial must be 0 to \(Scenario.maxTrials - 1)")
        }
        return FlowPin(from: from, seed: seed, trial: Int(trial))
    }

    /// A count: `N`, `{min: A, max: B}` or `{oneOf: [A, B, …]}`, each 0 to `limit`.
    func count(_ node: Node, _ what: String, limit: Int = FlowLimits.maxCount, least: Int = 0) throws(LoadError) -> Count {
        func one(_ n: Node, _ w: String) throws(LoadError) -> Int {
            guard case .scalar(let text, let t) = n.kind else { throw fail(n, "expected an integer for \(w), found \(n.typeDescription)") }
            if t == .float { throw fail(n, "\(w) must be a whole number from \(least) to \(limit), found \(Printable.escape(text)): a repetition must end") }
            let i = try integer(n, w)
            guard i >= Int64(least) && i <= Int64(limit) else {
                throw fail(n, "\(w) must be \(least) to \(limit), found \(i)" + (i > Int64(limit) ? " (the limit of one block: docs/scenarios.md, Limits)" : ""))
            }
            return Int(i)
        }
        if node.mapping == nil { return .fixed(try one(node, what)) }
        let f = try fields(node, what, allowed: ["min", "max", "oneOf"])
        if let o = f["oneOf"] {
            if let k = f["min"] ?? f["max"] { throw fail(k.key, "\(what) is {min, max} or {oneOf: [...]}, not both") }
            var list: [Int] = []
            for item in try sequence(o.value, "\(what)'s oneOf") { list.append(try one(item, "a value of \(what)")) }
            guard !list.isEmpty else { throw fail(o.value, "\(what)'s oneOf is empty") }
            return .oneOf(list)
        }
        guard let hi = f["max"] else {
            throw fail(node, "\(what) has no max: a repetition must end; give max (at most \(limit))")
        }
        let lo = try f["min"].map { p throws(LoadError) in try one(p.value, "\(what)'s min") } ?? Swift.max(least, 1)
        let h = try one(hi.value, "\(what)'s max")
        guard lo <= h else { throw fail(node, "\(what): min \(lo) is above max \(h)") }
        return lo == h ? .fixed(lo) : .range(min: lo, max: h)
    }

    /// An order: `in-order`, `shuffled`, `{shuffle, delay, drop, duplicate}` (drop and duplicate in a
    /// deliver block only), or an explicit list of iterations.
    func order(_ node: Node, delivery: Bool) throws(LoadError) -> Order {
        if let list = node.sequence {
            var out: [Int] = []
            out.reserveCapacity(list.count)
            for item in list {
                let i = try integer(item, "an iteration of the order")
                guard i >= 0 && i < Int64(FlowLimits.maxCount) else { throw fail(item, "an iteration of the order must be 0 to \(FlowLimits.maxCount - 1), found \(i)") }
                out.append(Int(i))
            }
            return .explicit(out)
        }
        if let s = node.string {
            switch s {
            case "in-order": return .inOrder
            case "shuffled": return .shuffled
            default: throw fail(node, "order must be in-order, shuffled, a mapping {\(delivery ? "shuffle, delay, drop, duplicate" : "delay")} or a list of iterations (found \"\(Printable.escape(s))\")")
            }
        }
        let f = try fields(node, "order", allowed: delivery ? ["shuffle", "delay", "drop", "duplicate"] : ["shuffle", "delay"])
        var shuffle = false
        if let p = f["shuffle"] {
            guard case .scalar(let t, .bool) = p.value.kind else { throw fail(p.value, "shuffle must be true or false") }
            shuffle = t == "true"
        }
        let delay = try f["delay"].map { p throws(LoadError) in try count(p.value, "delay", limit: FlowLimits.maxDelay) } ?? .fixed(0)
        if shuffle, let d = f["delay"] { throw fail(d.key, "a shuffled order moves every iteration anywhere already: delay adds nothing") }
        func percent(_ k: String) throws(LoadError) -> Int {
            guard let p = f[k] else { return 0 }
            let s = p.value.scalarText ?? ""
            guard p.value.string != nil, s.hasSuffix("%"), let v = Int(s.dropLast()), v >= 0 && v <= 100 else {
                throw fail(p.value, "\(k) is a percentage from 0% to 100%, as 5% (found \(p.value.scalarText.map { "\"\(Printable.escape($0))\"" } ?? p.value.typeDescription))")
            }
            return v
        }
        return .drawn(shuffle: shuffle, delay: delay, drop: try percent("drop"), duplicate: try percent("duplicate"))
    }

    /// A repeat block: its name, count, order, per-iteration values, carried values and steps.
    mutating func repeatBlock(_ node: Node, order all: inout [String]) throws(LoadError) -> String {
        let f = try fields(node, "a repeat block", allowed: ["repeat", "doc", "count", "order", "fresh", "carry", "steps"],
                           required: ["repeat", "count", "steps"])
        let b = try blockName(f["repeat"]!.value, "repeat block name")
        blockNodes[b] = node
        if let d = f["doc"] { _ = try string(d.value, "doc") }
        let n = try count(f["count"]!.value, "count")
        var r = RepeatBlock(name: b, count: n, order: .inOrder, fresh: [], every: [:], carry: [], steps: [], line: node.mark.line, column: node.mark.column)
        if let o = f["order"] { r.order = try order(o.value, delivery: false) }
        if case .explicit(let list) = r.order {
            guard case .fixed(let c) = n else { throw fail(f["order"]!.value, "an explicit order needs a fixed count (repeat \(b)'s count is drawn: \(n.description))") }
            var seen = Set<Int>()
            for (k, i) in list.enumerated() {
                let item = f["order"]!.value.sequence![k]
                guard i < c else { throw fail(item, "iteration \(i) of the order: repeat \(b) runs \(c) time\(c == 1 ? "" : "s")") }
                guard seen.insert(i).inserted else { throw fail(item, "iteration \(i) is in the order twice: a repeat runs each iteration once (a deliver block may deliver one twice)") }
            }
        }
        if let fr = f["fresh"] {
            for (k, v) in try mapping(fr.value, "repeat \(b)'s fresh") {
                let name = try self.name(k, "fresh value")
                if fresh[name] != nil { throw fail(k, "fresh value \(name) is declared twice") }
                let d = try freshDeclaration(name, v, extra: ["every"])
                if let every = v.mapping?.first(where: { $0.key.scalarText == "every" }) {
                    r.every[name] = try count(every.value, "every", least: 1)
                }
                if let rot = d.options.rotates {
                    guard let other = fresh[rot], flow.freshBlock[rot] == nil else {
                        throw fail(v, "fresh \(name) rotates \(rot), which is not a fresh value declared at the top (a per-iteration keyset's draws rotate it, then each the one before)")
                    }
                    if other.kind != .tinkAesGcmKeyset { throw fail(v, "fresh \(name): rotates names \(rot), a \(other.kind.rawValue): it must be a tink-aes-gcm-keyset") }
                }
                if let peer = d.options.sharedWith {
                    guard let other = fresh[peer], flow.freshBlock[peer] == nil || flow.freshBlock[peer] == b else {
                        throw fail(v, "fresh \(name) names \(peer), which is not a declared fresh value of the file or of repeat \(b)")
                    }
                    if ![.p256KeyPair, .tinkEciesKeyset].contains(other.kind) {
                        throw fail(v, "fresh \(name): sharedWith names \(peer), a \(other.kind.rawValue): it must be a p256-key-pair or tink-ecies-p256-keyset")
                    }
                }
                fresh[name] = d
                flow.freshBlock[name] = b
                blockFresh.append(d)
                r.fresh.append(name)
            }
        }
        if let cv = f["carry"] {
            for (k, v) in try mapping(cv.value, "repeat \(b)'s carry") {
                let name = try self.name(k, "carried value")
                if carries[name] != nil { throw fail(k, "carried value \(name) is declared twice") }
                let g = try fields(v, "carried \(name)", allowed: ["first", "next"], required: ["first", "next"])
                carries[name] = (b, k, g["first"]!.value, g["next"]!.value)
                flow.carryBlock[name] = b
            }
            if !carries.filter({ $0.value.block == b }).isEmpty && r.order != .inOrder {
                let names = carries.filter { $0.value.block == b }.keys.sorted()
                throw fail(f["order"]!.key, "repeat \(b) runs in order: its iterations depend on each other (carry \(names.joined(separator: ", ")) passes each one's value to the next), so they cannot be permuted; deliver them in another order with a deliver block")
            }
        }
        let list = try sequence(f["steps"]!.value, "repeat \(b)'s steps")
        guard !list.isEmpty else { throw fail(f["steps"]!.value, "repeat \(b) has no step") }
        for item in list {
            if let m = item.mapping, let k = m.first(where: { ["repeat", "deliver"].contains($0.key.scalarText ?? "") }) {
                throw fail(k.key, "a \(k.key.scalarText!) block inside repeat \(b): a flow's blocks are one level deep (put it after \(b))")
            }
            let id = try stepHeader(item, block: b)
            r.steps.append(id)
            all.append(id)
        }
        flow.repeats[b] = r
        return b
    }

    /// A deliver block: the repeat block it delivers, its order, its receiver, its steps and cases.
    mutating func deliverBlock(_ node: Node, order all: inout [String]) throws(LoadError) -> String {
        let f = try fields(node, "a deliver block", allowed: ["deliver", "id", "doc", "order", "receiver", "steps", "cases"],
                           required: ["deliver", "id"])
        let of = try name(f["deliver"]!.value, "the repeat block delivered")
        let d = try blockName(f["id"]!.value, "deliver block id")
        blockNodes[d] = node
        if let doc = f["doc"] { _ = try string(doc.value, "doc") }
        var block = DeliverBlock(name: d, of: of, order: .inOrder, receiver: nil, steps: [], cases: [], line: node.mark.line, column: node.mark.column)
        if let o = f["order"] { block.order = try order(o.value, delivery: true) }
        if let r = f["receiver"] {
            let g = try fields(r.value, "receiver", allowed: ["skipCap", "window"])
            guard g.count == 1 else { throw fail(r.value, "a receiver is {skipCap: N} or {window: N}") }
            let (k, v) = g.first!
            let n = try integer(v.value, k)
            guard n >= 0 else { throw fail(v.value, "\(k) cannot be negative") }
            block.receiver = k == "skipCap" ? .skipCap(Int(n)) : .window(Int(n))
        }
        flow.deliveries[d] = block
        func read(_ list: Node, _ what: String, case c: Int?) throws(LoadError) -> [String] {
            var ids: [String] = []
            for item in try sequence(list, what) {
                if let m = item.mapping, let k = m.first(where: { ["repeat", "deliver"].contains($0.key.scalarText ?? "") }) {
                    throw fail(k.key, "a \(k.key.scalarText!) block inside deliver block \(d): a flow's blocks are one level deep")
                }
                let id = try stepHeader(item, block: d)
                if let c { stepCase[id] = c }
                ids.append(id)
                all.append(id)
            }
            return ids
        }
        if let s = f["steps"] { block.steps = try read(s.value, "deliver block \(d)'s steps", case: nil) }
        if let cs = f["cases"] {
            var taken: [DeliveryClass: Int] = [:]
            for (k, item) in try sequence(cs.value, "cases").enumerated() {
                let g = try fields(item, "a case", allowed: ["on", "doc", "steps"], required: ["on", "steps"])
                var on: [DeliveryClass] = []
                for c in try sequence(g["on"]!.value, "on") {
                    let text = try string(c, "a delivery class")
                    guard let cls = DeliveryClass(rawValue: text) else {
                        throw fail(c, "unknown delivery class \"\(Printable.escape(text))\" (expected one of: \(DeliveryClass.allCases.map(\.rawValue).joined(separator: ", ")))")
                    }
                    if taken[cls] != nil { throw fail(c, "delivery class \(text) is in two cases: one case runs for each delivery") }
                    if cls == .beyond && block.receiver == nil {
                        throw fail(c, "nothing is beyond a receiver without a limit: give deliver block \(d) a receiver ({skipCap: N} or {window: N})")
                    }
                    taken[cls] = k
                    on.append(cls)
                }
                guard !on.isEmpty else { throw fail(g["on"]!.value, "a case is on at least one delivery class") }
                if let doc = g["doc"] { _ = try string(doc.value, "doc") }
                block.cases.append(DeliveryCase(on: on, steps: [], line: item.mark.line, column: item.mark.column))
                flow.deliveries[d] = block
                block.cases[k].steps = try read(g["steps"]!.value, "a case's steps", case: k)
            }
        }
        guard !(block.steps.isEmpty && block.cases.allSatisfy({ $0.steps.isEmpty })) else { throw fail(node, "deliver block \(d) has no step") }
        flow.deliveries[d] = block
        return d
    }

    /// Each deliver block delivers a repeat block; an explicit order names its iterations.
    mutating func checkDeliveries() throws(LoadError) {
        for (d, block) in flow.deliveries {
            let node = blockNodes[d]!
            let ofNode = node.mapping!.first { $0.key.scalarText == "deliver" }!.value
            guard let r = flow.repeats[block.of] else {
                throw fail(ofNode, "deliver names \(block.of), which is not a repeat block (repeat blocks: \(flow.repeats.keys.sorted().joined(separator: ", ")))")
            }
            if case .explicit(let list) = block.order {
                let orderNode = node.mapping!.first { $0.key.scalarText == "order" }!.value
                guard case .fixed(let c) = r.count else { throw fail(orderNode, "an explicit order needs a fixed count (repeat \(r.name)'s count is drawn: \(r.count.description))") }
                for (k, i) in list.enumerated() where i >= c {
                    throw fail(orderNode.sequence![k], "delivery \(k) names iteration \(i), but repeat \(r.name) runs \(c) time\(c == 1 ? "" : "s")")
                }
            }
        }
        // The carried values' types, each from its first value (or its next, when the first is a literal).
        for name in carries.keys.sorted() { try typeCarry(name) }
    }

    mutating func typeCarry(_ name: String) throws(LoadError) {
        guard carryTypes[name] == nil, let c = carries[name] else { return }
        guard typing.insert(name).inserted else { throw fail(c.key, "carried values name each other's first values in a cycle (\(typing.sorted().joined(separator: ", ")))") }
        defer { typing.remove(name) }
        for other in Self.carriesNamed(in: c.first) + Self.carriesNamed(in: c.next) where other != name { try typeCarry(other) }
        let saved = here
        defer { here = saved }
        if isReference(c.first) {
            here = .carryFirst(c.block)
            carryTypes[name] = try referenceType(c.first)
        } else if isReference(c.next) {
            here = .carryNext(c.block)
            carryTypes[name] = try referenceType(c.next)
        } else {
            throw fail(c.key, "carried \(name) is literals only: its first or next names a value or a step's output")
        }
    }

    /// The carried values a value's node names (`carry:` keys at any depth).
    static func carriesNamed(in node: Node) -> [String] {
        var out: [String] = [], todo = [node]
        while let n = todo.popLast() {
            if let m = n.mapping {
                for (k, v) in m { if k.scalarText == "carry", let s = v.string { out.append(s) } else { todo.append(v) } }
            } else if let s = n.sequence { todo += s }
        }
        return out
    }

    /// The carried values' first and next, read as values of their type.
    mutating func readCarries() throws(LoadError) {
        for name in carries.keys.sorted(by: { carries[$0]!.key.mark.line < carries[$1]!.key.mark.line }) {
            let c = carries[name]!
            let t = carryTypes[name]!
            here = .carryFirst(c.block)
            let first = try source(c.first, type: t, field: FieldSpec(name, t))
            here = .carryNext(c.block)
            let next = try source(c.next, type: t, field: FieldSpec(name, t))
            for src in [first, next] { try reference(src, from: c.key, in: "carried \(name)") }
            flow.repeats[c.block]!.carry.append(Carry(name: name, type: t, first: first, next: next, line: c.key.mark.line, column: c.key.mark.column))
        }
        here = .top
    }

    /// `of:` — an iteration: K (negative: from the end) or `{delivery: NAME}`.
    func iteration(_ node: Node) throws(LoadError) -> Iteration {
        if node.mapping != nil {
            let f = try fields(node, "of", allowed: ["delivery"], required: ["delivery"])
            return .delivery(try deliveryValue(f["delivery"]!.value))
        }
        return .literal(Int(try integer(node, "of")))
    }

    func deliveryValue(_ v: Node) throws(LoadError) -> DeliveryValue {
        let text = try string(v, "delivery")
        guard let dv = DeliveryValue(rawValue: text) else {
            throw fail(v, "unknown delivery value \"\(Printable.escape(text))\" (expected one of: \(DeliveryValue.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        guard case .deliverBlock(let d, let c) = here else {
            throw fail(v, "{delivery: \(text)} is a number of the current delivery: only a deliver block's steps read it")
        }
        if dv == .from || dv == .offset {
            guard let c, flow.deliveries[d]!.cases[c].on == [.late] else {
                throw fail(v, "\(text) is known only for a late delivery: read it in a case on: [late]")
            }
        }
        return dv
    }

    /// The type of a carried value, an iteration, a count or a delivery's number (nil: another reference).
    func flowReferenceType(_ m: [(key: Node, value: Node)], of: (key: Node, value: Node)?) throws(LoadError) -> FieldType? {
        func value(_ k: String) -> Node? { m.first { $0.key.scalarText == k }?.value }
        if let v = value("carry") {
            let n = try string(v, "carry")
            guard let b = flow.carryBlock[n] else {
                throw fail(v, "unknown carried value \"\(Printable.escape(n))\" (carried: \(flow.carryBlock.keys.sorted().joined(separator: ", ")))")
            }
            switch here {
            case .carryFirst(let x) where x == b:
                throw fail(v, "repeat \(b)'s first values are made before its first iteration: they cannot read its carried \(n)")
            case .carryNext(let x) where x == b:
                throw fail(v, "a next value reads carried \(n): name a step's output or a value of this iteration (each iteration's value would hold every one before)")
            default: break
            }
            try reach(v, what: "carried \(n)", block: b, step: nil, of: of, carried: true)
            guard let t = carryTypes[n] else { throw fail(v, "carried \(n)'s type is not known") }
            return t
        }
        for k in ["index", "count", "delivery"] {
            guard let v = value(k) else { continue }
            if let of { throw fail(of.key, "{\(k): …} is an integer of its own: it takes no of") }
            if k == "delivery" { _ = try deliveryValue(v); return .integer }
            let b = try string(v, k)
            guard flow.repeats[b] != nil else {
                throw fail(v, "\(k) names \(Printable.escape(b)), which is not a repeat block (repeat blocks: \(flow.repeats.keys.sorted().joined(separator: ", ")))")
            }
            if k == "index" && hereBlock != b {
                throw fail(v, "{index: \(b)} is the iteration of repeat \(b): only its steps and the steps of its deliveries read it")
            }
            return .integer
        }
        return nil
    }

    /// Whether a step, fresh value or carried value of `block` may be read from here (with `of`).
    func reach(_ v: Node, what: String, block: String?, step: String?, of: (key: Node, value: Node)?, carried: Bool = false) throws(LoadError) {
        if let b = block, flow.deliveries[b] != nil {
            if let of { throw fail(of.key, "\(what) runs in each delivery of \(b): it has no iteration to name with of") }
            guard case .deliverBlock(let d, let c) = here, d == b else { throw fail(v, "\(what) runs in each delivery of \(b): only \(b)'s steps read it") }
            if let s = step, let sc = stepCase[s], sc != c {
                let on = flow.deliveries[b]!.cases[sc].on.map(\.rawValue).joined(separator: ", ")
                throw fail(v, "\(what) runs only in \(b)'s case on: [\(on)]: the steps of another case never run with it")
            }
            return
        }
        guard let b = block, let r = flow.repeats[b] else {
            if let of { throw fail(of.key, "\(what) is not repeated: of names an iteration of a repeat block's step or value") }
            return
        }
        if let of {
            switch here {
            case .repeatBlock(let x) where x == b, .carryNext(let x) where x == b:
                throw fail(of.key, "inside repeat \(b), \(what) is this iteration's: pass a value from one iteration to the next with carry")
            case .carryFirst(let x) where x == b:
                throw fail(of.key, "repeat \(b)'s first values are made before its first iteration: they cannot read its \(what)")
            default: break
            }
            if case .literal(let k) = try iteration(of.value) {
                let least = r.count.least
                guard k >= 0 ? k < least : -k <= least else {
                    throw fail(of.value, "of: \(k) names an iteration that repeat \(b) may not run: its count may be as low as \(least)")
                }
            }
            return
        }
        if carried { return }
        guard hereBlock == b else {
            throw fail(v, "\(what) is made in each iteration of repeat \(b): outside it and its deliveries, name one with of: K (0 the first, -1 the last)")
        }
    }

    /// The items (top-level steps and blocks) a step or block reads.
    func itemReads(_ name: String) throws(LoadError) -> [String] {
        var sources: [Source] = []
        if let r = flow.repeats[name] {
            sources = r.steps.flatMap { steps[$0]!.step.input.map(\.source) + (expectReads[$0] ?? []) } + r.carry.flatMap { [$0.first, $0.next] }
        } else if let d = flow.deliveries[name] {
            sources = (d.steps + d.cases.flatMap(\.steps)).flatMap { steps[$0]!.step.input.map(\.source) + (expectReads[$0] ?? []) }
            return [d.of] + sources.flatMap(itemNames)
        } else if let s = steps[name] {
            sources = s.step.input.map(\.source)
        }
        return sources.flatMap(itemNames)
    }

    func itemNames(_ src: Source) -> [String] {
        switch src {
        case .output(let s, _), .input(let s, _): return [flow.stepBlock[s] ?? s]
        case .fresh(let n): return flow.freshBlock[String(n.split(separator: ".", maxSplits: 1)[0])].map { [$0] } ?? []
        case .carry(let n): return flow.carryBlock[n].map { [$0] } ?? []
        case .at(let inner, _), .flipped(let inner, _), .flippedText(let inner, _, _, _), .sliced(let inner, _, _), .bytesOf(let inner): return itemNames(inner)
        case .concat(let parts): return parts.flatMap(itemNames)
        default: return []
        }
    }

    /// Each block's steps in an order where a step comes after the steps of its iteration (or
    /// delivery) it reads; a case's steps run after the block's common ones.
    mutating func orderBlocks() throws(LoadError) {
        let reads = { (id: String) throws(LoadError) -> [String] in self.steps[id]!.step.input.flatMap(\.source.directSteps) }
        for (b, r) in flow.repeats { flow.repeats[b]!.steps = try topological(r.steps, reads: reads) }
        for (d, block) in flow.deliveries {
            flow.deliveries[d]!.steps = try topological(block.steps, reads: reads)
            for k in block.cases.indices { flow.deliveries[d]!.cases[k].steps = try topological(block.cases[k].steps, reads: reads) }
        }
    }

    /// The longest flow the file may expand to is within `FlowLimits.maxSteps`.
    func checkSize() throws(LoadError) {
        var total = 0
        var parts: [(text: String, size: Int, node: Node)] = []
        for item in flow.items {
            switch item {
            case .step: total += 1
            case .repeatBlock(let b):
                let r = flow.repeats[b]!
                let n = r.count.most * r.steps.count
                total += n
                parts.append(("repeat \(b): up to \(r.count.most) iterations × \(r.steps.count) step\(r.steps.count == 1 ? "" : "s")", n, blockNodes[b]!))
            case .deliverBlock(let d):
                let block = flow.deliveries[d]!
                let most: Int
                if case .explicit(let l) = block.order { most = l.count } else {
                    var dup = false
                    if case .drawn(_, _, _, let p) = block.order, p > 0 { dup = true }
                    most = (flow.repeats[block.of]?.count.most ?? 0) * (dup ? 2 : 1)
                }
                let per = block.steps.count + (block.cases.map(\.steps.count).max() ?? 0)
                total += most * per
                parts.append(("deliver block \(d): up to \(most) deliveries × \(per) step\(per == 1 ? "" : "s")", most * per, blockNodes[d]!))
            }
        }
        guard total > FlowLimits.maxSteps, let worst = parts.max(by: { $0.size < $1.size }) else { return }
        throw fail(worst.node, "this flow may expand to \(total) steps (\(parts.map(\.text).joined(separator: "; "))), above the limit of \(FlowLimits.maxSteps) steps of one flow: lower a count's max (docs/scenarios.md, Limits)")
    }
}

extension Source {
    /// The steps it reads in its own iteration or delivery (not through `of`).
    var directSteps: [String] {
        switch self {
        case .output(let s, _), .input(let s, _): return [s]
        case .flipped(let inner, _), .flippedText(let inner, _, _, _), .sliced(let inner, _, _), .bytesOf(let inner): return inner.directSteps
        case .concat(let parts): return parts.flatMap(\.directSteps)
        default: return []
        }
    }
}
