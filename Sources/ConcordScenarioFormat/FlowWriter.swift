import ConcordFormats
import ConcordLoading
import ConcordYAML

/// Writes a flow as a plain scenario file (docs/scenarios.md, "Shrinking"): the file it came from,
/// with every drawn choice made literal (counts, how often values are drawn anew, orders as lists of
/// iterations), the steps, blocks and checks shrinking left out removed, and `flow:` naming the
/// scenario, seed and trial its values are drawn from, so that it replays exactly. `ScenarioReader`
/// reads what it writes (a round-trip test holds both).
public enum FlowWriter {
    /// The written file's text.
    public static func text(_ s: Scenario, choice c: FlowChoice, pin: FlowPin, name: String, header: [String]) -> String? {
        guard let root = s.node, let top = root.mapping else { return nil }
        var out: [(key: Node, value: Node)] = []
        let roles = Set(s.steps.filter { !c.removed.contains($0.id) && !c.removed.contains(s.flow.stepBlock[$0.id] ?? "") }.map(\.role))
        for (k, v) in top {
            switch k.scalarText {
            case "flow": continue
            case "name":
                out.append((k, scalar(name, at: v.mark)))
                out.append((scalar("flow", at: k.mark), .init(.mapping([
                    (scalar("from", at: v.mark), scalar(pin.from, at: v.mark)),
                    (scalar("seed", at: v.mark), Node(.scalar(String(pin.seed), .integer), at: v.mark)),
                    (scalar("trial", at: v.mark), Node(.scalar(String(pin.trial), .integer), at: v.mark)),
                ]), at: v.mark)))
            case "roles":
                out.append((k, Node(.mapping((v.mapping ?? []).filter { roles.contains($0.key.scalarText ?? "") }), at: v.mark)))
            case "steps":
                out.append((k, Node(.sequence((v.sequence ?? []).compactMap { item(s, c, $0) }), at: v.mark)))
            case "checks":
                var kept: [Node] = []
                for (i, node) in (v.sequence ?? []).enumerated() where !c.removedChecks.contains(i) { kept.append(node) }
                if !kept.isEmpty { out.append((k, Node(.sequence(kept), at: v.mark))) }
            default: out.append((k, v))
            }
        }
        return header.map { "# " + $0 + "\n" }.joined() + emit(Node(.mapping(out), at: root.mark))
    }

    static func scalar(_ s: String, at mark: Mark) -> Node { Node(.scalar(s, .string), at: mark) }
    static func integer(_ i: Int, at mark: Mark) -> Node { Node(.scalar(String(i), .integer), at: mark) }

    static func value(_ m: [(key: Node, value: Node)], _ key: String) -> Node? { m.first { $0.key.scalarText == key }?.value }

    /// One item of `steps`, with the choices made literal (nil: left out).
    static func item(_ s: Scenario, _ c: FlowChoice, _ node: Node) -> Node? {
        guard let m = node.mapping else { return node }
        func steps(_ list: Node?) -> Node? {
            guard let list, let items = list.sequence else { return list }
            let kept = items.filter { n in !c.removed.contains(n.mapping.flatMap { value($0, "id")?.scalarText } ?? "") }
            return kept.isEmpty ? nil : Node(.sequence(kept), at: list.mark)
        }
        if let b = value(m, "repeat")?.scalarText {
            guard !c.removed.contains(b), let r = s.flow.repeats[b] else { return nil }
            var out: [(key: Node, value: Node)] = []
            for (k, v) in m {
                switch k.scalarText {
                case "count": out.append((k, integer(c.counts[b] ?? r.count.least, at: v.mark)))
                case "order":
                    if let o = c.orders[b] { out.append((k, Node(.sequence(o.map { integer($0, at: v.mark) }), at: v.mark))) } else { out.append((k, v)) }
                case "fresh":
                    out.append((k, Node(.mapping((v.mapping ?? []).map { (name, decl) in
                        guard let e = c.every[name.scalarText ?? ""], let dm = decl.mapping else { return (name, decl) }
                        return (name, Node(.mapping(dm.map { $0.key.scalarText == "every" ? ($0.key, integer(e, at: $0.value.mark)) : $0 }), at: decl.mark))
                    }), at: v.mark)))
                case "steps":
                    guard let kept = steps(v) else { return nil }
                    out.append((k, kept))
                default: out.append((k, v))
                }
            }
            return Node(.mapping(out), at: node.mark)
        }
        if value(m, "deliver") != nil, let d = value(m, "id")?.scalarText {
            guard !c.removed.contains(d) else { return nil }
            var out: [(key: Node, value: Node)] = []
            var any = false
            for (k, v) in m {
                switch k.scalarText {
                case "order":
                    out.append((k, Node(.sequence((c.orders[d] ?? []).map { integer($0, at: v.mark) }), at: v.mark)))
                case "steps":
                    if let kept = steps(v) { out.append((k, kept)); any = true }
                case "cases":
                    let cases = (v.sequence ?? []).compactMap { cs -> Node? in
                        guard let cm = cs.mapping, let kept = steps(value(cm, "steps")) else { return nil }
                        return Node(.mapping(cm.map { $0.key.scalarText == "steps" ? ($0.key, kept) : $0 }), at: cs.mark)
                    }
                    if !cases.isEmpty { out.append((k, Node(.sequence(cases), at: v.mark))); any = true }
                default: out.append((k, v))
                }
            }
            if !m.contains(where: { $0.key.scalarText == "order" }) {
                out.append((scalar("order", at: node.mark), Node(.sequence((c.orders[d] ?? []).map { integer($0, at: node.mark) }), at: node.mark)))
            }
            return any ? Node(.mapping(out), at: node.mark) : nil
        }
        if let id = value(m, "id")?.scalarText, c.removed.contains(id) { return nil }
        return node
    }

    // MARK: YAML

    /// A node as block YAML: mappings and sequences of scalars that fit on a line as flow
    /// collections, scalars plain where the core schema reads them back as they are, else quoted.
    public static func emit(_ node: Node) -> String {
        var out = ""
        block(node, indent: 0, into: &out)
        return out
    }

    static func block(_ node: Node, indent: Int, into out: inout String) {
        let pad = String(repeating: " ", count: indent)
        switch node.kind {
        case .mapping(let m):
            for (k, v) in m {
                out += pad + scalarText(k) + ":"
                value(v, indent: indent, into: &out)
            }
        case .sequence(let items):
            for item in items {
                if case .mapping(let m) = item.kind, !m.isEmpty, flow(item, room: 100 - indent) == nil {
                    var inner = ""
                    block(item, indent: indent + 2, into: &inner)
                    out += pad + "- " + inner.dropFirst(indent + 2)
                } else {
                    out += pad + "-"
                    value(item, indent: indent, into: &out)
                }
            }
        case .scalar:
            out += pad + scalarText(node) + "\n"
        }
    }

    /// What follows `key:` or `-`: a flow form on the same line, or a block below.
    static func value(_ v: Node, indent: Int, into out: inout String) {
        if let f = flow(v, room: 100 - indent) {
            out += " " + f + "\n"
            return
        }
        if case .sequence(let items) = v.kind, items.allSatisfy({ if case .scalar = $0.kind { return true } else { return false } }) {
            // A long list of scalars (an order): a flow list wrapped over lines.
            let pad = String(repeating: " ", count: indent + 2)
            var line = " ["
            var lines: [String] = []
            for (k, item) in items.enumerated() {
                let t = scalarText(item) + (k == items.count - 1 ? "]" : ",")
                if line.count + t.count + 1 > 100 - indent && line != " [" { lines.append(line); line = pad }
                line += (line == pad || line == " [" ? "" : " ") + t
            }
            lines.append(line)
            out += lines.joined(separator: "\n") + "\n"
            return
        }
        out += "\n"
        block(v, indent: indent + 2, into: &out)
    }

    /// A flow collection or scalar on one line of at most `room` characters (nil: too long, or nested too deep).
    static func flow(_ node: Node, room: Int, depth: Int = 0) -> String? {
        var text: String
        switch node.kind {
        case .scalar: return scalarText(node)
        case .mapping(let m):
            if m.isEmpty { return "{}" }
            guard depth < 2 else { return nil }
            var parts: [String] = []
            for (k, v) in m {
                guard let f = flow(v, room: room, depth: depth + 1) else { return nil }
                parts.append(scalarText(k) + ": " + f)
            }
            text = "{" + parts.joined(separator: ", ") + "}"
        case .sequence(let items):
            if items.isEmpty { return "[]" }
            guard depth < 2 else { return nil }
            var parts: [String] = []
            for item in items {
                guard let f = flow(item, room: room, depth: depth + 1) else { return nil }
                parts.append(f)
            }
            text = "[" + parts.joined(separator: ", ") + "]"
        }
        return text.count <= room ? text : nil
    }

    /// A scalar as YAML that reads back with the same text and type.
    static func scalarText(_ node: Node) -> String {
        guard case .scalar(let s, let t) = node.kind else { return "" }
        if t != .string { return s }
        let plain = !s.isEmpty && s.unicodeScalars.allSatisfy { c in
            (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || "_./+-%".unicodeScalars.contains(c)
        } && s.unicodeScalars.first.map { c in (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "_" } == true
        return plain && ScalarType.resolvePlain(s) == .string ? s : VectorFileWriter.doubleQuoted(s)
    }
}
