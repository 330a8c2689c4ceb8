import ConcordKit
import ConcordTestSupport
import Foundation
import Testing

/// The Swift kit on its own: reading an export, dispatching by suite and op, collecting outputs,
/// refusals and failures, writing concord-outputs/1, and the adapter protocol.
struct ConcordKitTests {
    static let export = """
    {"format": "concord-export/1", "vectors": [
     {"name": "demo.xor/one", "suite": "demo.xor", "id": "one", "result": "valid", "flags": [], "file": "v.yaml", "line": 1,
      "input": {"a": {"hex": "0f0f", "base64": "Dw8="}, "b": {"hex": "ff00", "base64": "/wA="}}, "expect": {"x": {"hex": "f00f", "base64": "8A8="}}},
     {"name": "demo.xor/short", "suite": "demo.xor", "id": "short", "result": "invalid", "flags": [], "file": "v.yaml", "line": 9,
      "input": {"a": {"hex": "0f", "base64": "Dw=="}, "b": {"hex": "ff00", "base64": "/wA="}}, "expect": {"error": "parameters"}},
     {"name": "demo.text/upper", "suite": "demo.text", "id": "upper", "op": "upper", "result": "valid", "flags": [], "file": "v.yaml", "line": 20,
      "input": {"s": "a\\/b\\u00e9", "n": -2, "answer": {"scaleValue": null, "selectedOptionIds": ["x", "\\ud83d\\ude00"], "writtenText": "w"}},
      "expect": {"t": {"placeholder": true}}},
     {"name": "demo.text/lower", "suite": "demo.text", "id": "lower", "op": "lower", "result": "valid", "flags": [], "file": "v.yaml", "line": 30,
      "input": {"s": "A"}, "expect": {"t": "a"}},
     {"name": "other/x", "suite": "other", "id": "x", "result": "valid", "flags": [], "file": "v.yaml", "line": 40, "input": {}, "expect": {"y": 1}}
    ]}
    """

    struct LengthsDiffer: Error {}

    static func kit() -> ConcordKit {
        var kit = ConcordKit(name: "demo", platform: "Swift Testing", version: "demo 1.0")
        kit.on("demo.xor") { v in
            let a = try v.bytes("a"), b = try v.bytes("b")
            guard a.count == b.count else { throw LengthsDiffer() }
            return ["x": .bytes(zip(a, b).map { $0 ^ $1 })]
        }
        kit.on("demo.text", op: "upper") { v in
            let answer = try v.answer("answer")
            return ["t": .text("\(try v.text("s").uppercased())\(try v.integer("n"))\(answer.selectedOptionIds.joined(separator: ","))\(answer.writtenText ?? "-")\(answer.scaleValue.map(String.init) ?? "nil")")]
        }
        kit.refuse { $0 is LengthsDiffer ? .parameters : nil }
        return kit
    }

    @Test func runsRegisteredVectorsAndWritesCapturedOutputs() throws {
        let export = try ConcordExport(data: Data(Self.export.utf8))
        #expect(export.vectors.count == 5)
        let run = Self.kit().run(export)
        #expect(run.failures == [])
        #expect(run.answered == 3)
        #expect(run.json == """
        {"format":"concord-outputs/1",
         "implementation":{"name":"demo","platform":"Swift Testing","version":"demo 1.0"},
         "results":[
          {"vector":"demo.xor/one","outputs":{"x":{"hex":"f00f"}}},
          {"vector":"demo.xor/short","error":"parameters","message":"LengthsDiffer()"},
          {"vector":"demo.text/upper","outputs":{"t":"A/BÉ-2x,😀wnil"}}]}

        """)
        let url = URL(fileURLWithPath: NSTemporaryDirectory() + "kit-\(UUID().uuidString)/out.json")
        try run.write(to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == run.json)
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
    }

    @Test func aHandlerThatThrowsSomethingElseIsAFailureNotAnAnswer() throws {
        var kit = ConcordKit(name: "demo")
        kit.on("demo.xor") { v in ["x": .bytes(try v.bytes("missing"))] }
        kit.on("demo.text", op: "upper") { _ in throw CocoaError(.fileNoSuchFile) }
        kit.on("demo.text", op: "lower") { _ in throw ConcordUnsupported("no lower case here") }
        let run = kit.run(try ConcordExport(data: Data(Self.export.utf8)))
        #expect(run.failures.count == 3)
        #expect(run.failures.first == "demo.xor/one: the input has no field missing")
        #expect(run.unsupported == ["demo.text/lower"])
        #expect(run.answered == 0)
    }

    @Test func theHandshakeListsExactlyTheRegisteredOps() throws {
        var kit = Self.kit()
        kit.fields(from: try ConcordExport(data: Data(Self.export.utf8)))
        #expect(kit.handshake(announcing: "droid").hasPrefix(#"{"concord-adapter":1,"name":"droid","#))
        #expect(kit.handshake(announcing: nil) == #"{"concord-adapter":1,"name":"demo","version":"demo 1.0 (Swift Testing)","suites":[{"suite":"demo.xor","ops":[{"op":null,"inputs":["a","b"],"outputs":["x"]}]},{"suite":"demo.text","ops":[{"op":"upper","inputs":["s","n","answer"],"outputs":["t"]}]}]}"#)
    }

    @Test func answersRequestsAsTheProtocolSays() throws {
        var kit = Self.kit()
        kit.fields(from: try ConcordExport(data: Data(Self.export.utf8)))
        func ask(_ line: String) -> String { kit.answer(Array(line.utf8)) }
        #expect(ask(#"{"id":1,"suite":"demo.xor","op":null,"input":{"a":{"hex":"0102"},"b":{"hex":"0303"}}}"#) == #"{"id":1,"outputs":{"x":{"hex":"0201"}}}"#)
        #expect(ask(#"{"id":2,"suite":"demo.xor","input":{"a":{"hex":"01"},"b":{"hex":"0303"}}}"#) == #"{"id":2,"error":"parameters","message":"LengthsDiffer()"}"#)
        #expect(ask(#"{"id":3,"suite":"nope","op":null,"input":{}}"#) == #"{"id":3,"unsupported":"demo does not register the suite nope"}"#)
        #expect(ask(#"{"id":4,"suite":"demo.text","op":"lower","input":{}}"#) == #"{"id":4,"unsupported":"demo does not register demo.text lower"}"#)
        #expect(ask(#"{"id":5,"suite":"demo.xor","op":null,"input":{"a":{"hex":"01"},"z":1}}"#) == #"{"id":5,"unsupported":"demo does not read the input field z of demo.xor"}"#)
        #expect(ask(#"{"id":6,"suite":"demo.xor","op":null,"input":{"a":{"hex":"01"}}}"#) == #"{"id":6,"fault":"the input has no field b"}"#)
        #expect(ask(#"{"id":7,"suite":"demo.xor","op":null,"input":{"a":{"hex":"0g"},"b":{"hex":"00"}}}"#) == #"{"id":7,"fault":"a: invalid hex"}"#)
        #expect(ask("not json") == #"{"id":null,"fault":"request line is not valid JSON"}"#)
        #expect(ask(#"{"id":8,"suite":"demo.xor","extra":1,"input":{}}"#) == #"{"id":8,"fault":"unknown request member \"extra\""}"#)
    }

    /// Serving (docs/adapters.md): a line over 16 MiB is skipped and answered as unreadable, the next
    /// one answered as usual, and 80 MiB without a line break ends (before, each chunk searched the
    /// whole buffer again, and no line was too long); 64 levels of arrays and objects are read, 65 are
    /// not (the kit allowed 128). Held to a generous time bound: a hang fails the test.
    @Test func servesLongLinesAndDeepNestingAsTheProtocolSays() throws {
        var kit = Self.kit()
        kit.fields(from: try ConcordExport(data: Data(Self.export.utf8)))
        let dir = NSTemporaryDirectory() + "kit-serve-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func nested(_ id: Int, _ levels: Int) -> String {
            #"{"id":\#(id),"suite":"demo.xor","input":{"a":"# + String(repeating: "[", count: levels - 2) + String(repeating: "]", count: levels - 2) + "}}"
        }
        var input = Data(#"{"id":1,"suite":"demo.xor","input":{"a":""#.utf8)
        input.append(Data(repeating: UInt8(ascii: "a"), count: 20 << 20))
        input.append(Data((#""}}"# + "\n" + #"{"id":2,"suite":"demo.xor","input":{"a":{"hex":"01"},"b":{"hex":"03"}}}"# + "\n"
                           + nested(3, 64) + "\n" + nested(4, 65) + "\n").utf8))
        input.append(Data(repeating: UInt8(ascii: "x"), count: 80 << 20))
        #expect(FileManager.default.createFile(atPath: dir + "/in", contents: input))
        #expect(FileManager.default.createFile(atPath: dir + "/out", contents: nil))
        let reader = try #require(FileHandle(forReadingAtPath: dir + "/in")), writer = try #require(FileHandle(forWritingAtPath: dir + "/out"))
        let done = DispatchSemaphore(value: 0)
        let status = LockedData()
        Thread { [kit] in status.set(Data(String(kit.serve(input: reader, output: writer)).utf8)); done.signal() }.start()
        try #require(done.wait(timeout: .now() + 120) == .success, "serve did not end within 120 s")
        #expect(String(decoding: status.data, as: UTF8.self) == "0")
        let lines = try String(contentsOfFile: dir + "/out", encoding: .utf8).split(separator: "\n").dropFirst().map(String.init)
        #expect(lines == [#"{"id":null,"fault":"request line longer than 16777216 bytes"}"#, #"{"id":2,"outputs":{"x":{"hex":"02"}}}"#,
                          #"{"id":3,"fault":"a is not bytes"}"#, #"{"id":null,"fault":"request line is not valid JSON"}"#,
                          #"{"id":null,"fault":"request line longer than 16777216 bytes"}"#], "\(lines.map { $0.prefix(200) })")
    }

    @Test func refusesWhatIsNoExport() {
        #expect(throws: ConcordExport.ReadError.self) { try ConcordExport(data: Data(#"{"format":"concord-outputs/1"}"#.utf8), source: "x.json") }
        #expect(throws: ConcordExport.ReadError.self) { try ConcordExport(data: Data(#"{"format":"concord-export/1","vectors":[],"a":1,"a":2}"#.utf8)) }
        #expect(throws: ConcordExport.ReadError.self) { try ConcordExport(data: Data(#"{"format":"concord-export/1","vectors":[{"n":1.5}]}"#.utf8)) }
    }
}
