import ConcordFormats
import ConcordKit
import ConcordSuites
import ConcordTestSupport
import Foundation
import Testing

/// Every kind of output a suite declares round-trips through the Swift kit: read with the kit's typed
/// accessor, written with its output of that kind, and read back by Concord's captured-outputs reader
/// as the very value (ConcordTestSupport's OutputKinds). The Java kit's twin is in
/// ConcordIntegrationTests (JavaKitOutputKindsTests): it needs a JVM.
struct KitOutputKindsTests {
    /// The kit's output of a kind, from the vector's `value`; nil when the kit has none.
    static func output(_ type: FieldType, _ v: ConcordVector) throws -> ConcordOutput? {
        switch type {
        case .bytes: return .bytes(try v.bytes("value"))
        case .text: return .text(try v.text("value"))
        case .integer: return .integer(try v.integer("value"))
        case .record(let r) where r.name == "answer": return .answer(try v.answer("value"))
        case .record: return nil
        }
    }

    @Test func theDeclaredKindsComeFromTheSuites() {
        let kinds = OutputKinds.declared.map(\.type.rawValue)
        // closer.sealed-answer open returns an answer; the rest return bytes, text and integers.
        #expect(Set(kinds) == ["bytes", "text", "integer", "answer"], "\(kinds)")
        #expect(OutputKinds.declared.contains { $0.type.rawValue == "answer" && $0.suite == "closer.sealed-answer" && $0.op == "open" && $0.field == "answer" })
    }

    @Test func everyDeclaredOutputKindRoundTripsThroughTheSwiftKit() throws {
        let export = try ConcordExport(data: Data(OutputKinds.export().utf8), source: "output-kinds export")
        var kit = ConcordKit(name: "swift-kit", platform: "Swift", version: "KitOutputKindsTests")
        var registered: [String] = []
        for v in export.vectors where !registered.contains(v.suite + " " + (v.op ?? "")) {
            registered.append(v.suite + " " + (v.op ?? ""))
            kit.on(v.suite, op: v.op) { v in
                let kind = try v.text("kind")
                guard let type = OutputKinds.declared.first(where: { $0.type.rawValue == kind })?.type, let out = try Self.output(type, v) else {
                    throw ConcordUnsupported("the Swift kit has no output of kind \(kind)")
                }
                return [try v.text("field"): out]
            }
        }
        let run = kit.run(export)
        #expect(run.failures.isEmpty, "\(run.failures)")
        #expect(run.answered > 0)
        let problems = OutputKinds.problems(captured: run.json, kit: "the Swift kit")
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")

        // The same handlers as a live adapter: the answers Concord's adapter reads.
        kit.fields(from: export)
        let responses = OutputKinds.requests().map { kit.answer(Array($0.utf8)) }
        let live = OutputKinds.problems(responses: responses, kit: "the Swift kit")
        #expect(live.isEmpty, "\(live.joined(separator: "\n"))")
    }
}
