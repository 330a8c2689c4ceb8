import Foundation
import ConcordFormats
import ConcordLoading
import ConcordYAML
import Testing
import ConcordTestSupport

@Suite struct LoaderTests {
    func load(_ text: String) throws(LoadError) -> [Vector] {
        try VectorLoader().load(.bytes(Array(text.utf8), file: "t.yaml")).vectorsOrFirstError()
    }

    func refusal(_ text: String) -> LoadError? {
        do { _ = try load(text); return nil } catch { return error }
    }

    let head = """
    format: concord-vectors/1
    suite: argon2id
    title: t
    source: s

    """

    @Test func everyEncodingGivesTheSameBytes() throws {
        let v = try load(head + """
        vectors:
          - id: a
            input: {password: {hex: "61626364"}, salt: {base64: "YWJjZGVmZ2g="}, params: "p", secret: {base64url: YWJjZA}, associatedData: {utf8: abcd}}
            expect: {key: {hex: "00"}}
        """)
        #expect(v[0].input["password"] == .bytes(Array("abcd".utf8)))
        #expect(v[0].input["salt"] == .bytes(Array("abcdefgh".utf8)))
        #expect(v[0].input["secret"] == .bytes(Array("abcd".utf8)))
        #expect(v[0].input["associatedData"] == .bytes(Array("abcd".utf8)))
        #expect(v[0].input["params"] == .text("p"))
    }

    @Test func emptyBytesAndUpperCaseHex() throws {
        let v = try load(head + """
        vectors:
          - id: a
            input: {password: {hex: ""}, salt: {hex: 00FF}, params: p}
            expect: {key: {hex: ""}}
        """)
        #expect(v[0].input["password"] == .bytes([]))
        #expect(v[0].input["salt"] == .bytes([0, 255]))
    }

    @Test func defaultsMergeUnderInputAndTheVectorWins() throws {
        let v = try load(head + """
        defaults:
          params: "argon2id;v=19;m=8;t=1;p=1"
          salt: {hex: "0000000000000000"}
        vectors:
          - id: a
            input: {password: {utf8: x}}
            expect: {key: {hex: "00"}}
          - id: b
            input: {password: {utf8: y}, params: "other"}
            expect: {key: {hex: "00"}}
        """)
        #expect(v[0].input["params"] == .text("argon2id;v=19;m=8;t=1;p=1"))
        #expect(v[0].input["salt"] == .bytes([UInt8](repeating: 0, count: 8)))
        #expect(v[1].input["params"] == .text("other"))
        #expect(v.map(\.name) == ["argon2id/a", "argon2id/b"])
        #expect(v[0].line == 9 && v[0].column == 5)
    }

    @Test func placeholdersResultsAndFlags() throws {
        let v = try load(head + """
        notes:
          slow: production parameters
        vectors:
          - id: pending
            flags: [slow]
            comment: filled later
            input: {password: {utf8: x}, salt: {hex: "0000000000000000"}, params: p}
            expect: {key: TODO_ANDROID_RUN}
          - id: bad
            result: invalid
            input: {password: {utf8: x}, salt: {hex: "0000000000000000"}, params: p}
            expect: {error: parameters}
          - id: maybe
            result: acceptable
            input: {password: {utf8: x}, salt: {hex: "0000000000000000"}, params: p}
        """)
        #expect(v[0].hasPlaceholder)
        #expect(v[0].flags == ["slow"])
        #expect(v[0].comment == "filled later")
        guard case .error(let cls) = v[1].expect else { Issue.record("not an error expectation"); return }
        #expect(cls == .parameters)
        #expect(v[1].result == .invalid)
        guard case .none = v[2].expect else { Issue.record("acceptable without expect"); return }
    }

    @Test func placeholderIsOnlyThePlainString() {
        // A quoted "TODO_ANDROID_RUN" is the same string in YAML; a bytes mapping holding it is not a placeholder.
        let e = refusal(head + """
        vectors:
          - id: a
            input: {password: {utf8: x}, salt: {hex: "00000000000000"}, params: p}
            expect: {key: {hex: TODO_ANDROID_RUN}}
        """)
        #expect(e?.message.contains("invalid hex") == true)
    }

    @Test func jsonFilesAreVectorFiles() throws {
        let v = try VectorLoader().load(.bytes(Array("""
        {"format": "concord-vectors/1", "suite": "kdf-params", "title": "t", "source": "s",
         "vectors": [{"id": "a", "input": {"tag": "argon2id;v=19;m=8;t=1;p=1"},
                      "expect": {"memoryKiB": 8, "iterations": 1, "parallelism": 1, "version": 19}}]}
        """.utf8), file: "t.json")).vectorsOrFirstError()
        #expect(v[0].input["tag"] == .text("argon2id;v=19;m=8;t=1;p=1"))
        guard case .outputs(let o) = v[0].expect else { Issue.record("no outputs"); return }
        #expect(o.map(\.field) == ["memoryKiB", "iterations", "parallelism", "version"])
        #expect(o[0].expected == .value(.integer(8)))
    }

    @Test(arguments: [
        ("vectors:\n  - id: a\n    input: {password: {utf8: x}, salt: {hex: \"00\"}, params: p}\n    expect: {key: {hex: \"00\"}, extra: 1}\n", 8, 32, "unknown field \"extra\" in expect"),
        ("vectors:\n  - id: a\n    input: {password: {utf8: x}, salt: {hex: 0102}, params: p}\n    expect: {key: {hex: \"00\"}}\n", 7, 46, "quote it as \"0102\""),
        ("vectors:\n  - id: a\n    input: {password: {utf8: x}, params: p}\n    expect: {key: {hex: \"00\"}}\n", 6, 5, "missing required field \"salt\""),
        ("vectors:\n  - id: a\n    input: {password: {utf8: x}, salt: {hex: \"00\"}, params: p, length: \"32\"}\n    expect: {key: {hex: \"00\"}}\n", 7, 72, "expected an integer for length, found a string"),
        ("vectors:\n  - id: a\n    op: seal\n    input: {password: {utf8: x}, salt: {hex: \"00\"}, params: p}\n    expect: {key: {hex: \"00\"}}\n", 7, 5, "single direction"),
        ("vectors:\n  - id: a\n    input: {password: {utf8: x}, salt: {hex: \"00\"}, params: !!str p}\n    expect: {key: {hex: \"00\"}}\n", 7, 61, "explicit tags are not allowed"),
    ])
    func locatedErrors(body: String, line: Int, column: Int, message: String) {
        guard let e = refusal(head + body) else { Issue.record("accepted"); return }
        #expect(e.file == "t.yaml")
        #expect(e.line == line && e.column == column, "at \(e.line):\(e.column): \(e.message)")
        #expect(e.message.contains(message), "\(e.message)")
        #expect(e.description.hasPrefix("t.yaml:\(line):\(column): "))
    }

    @Test func duplicateIdsAcrossFilesOfOneSuite() {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let body = head + "vectors:\n  - id: same\n    input: {password: {utf8: x}, salt: {hex: \"00\"}, params: p}\n    expect: {key: {hex: \"00\"}}\n"
        write(body, to: dir + "/a.yaml")
        write(body, to: dir + "/sub/b.yml")
        write("not a vector file", to: dir + "/notes.txt")
        write(body, to: dir + "/.hidden/c.yaml")
        let loaded = VectorLoader().load(.paths([dir]))
        let (vectors, errors) = (loaded.vectors, loaded.errors)
        #expect(vectors.count == 1)
        #expect(errors.count == 1)
        #expect(errors.first?.file == dir + "/sub/b.yml")
        #expect(errors.first?.message.contains("duplicate id \"same\" in suite argon2id (first at \(dir)/a.yaml:6:5)") == true)
    }

    @Test func foldersAreSearchedRecursivelyInByteOrder() throws {
        let dir = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for name in ["b.yaml", "a/z.json", "B.yml", "a.yaml", "c.txt"] { write("x", to: dir + "/" + name) }
        let files = try VectorLoader.files([dir]).map { String($0.dropFirst(dir.count + 1)) }
        #expect(files == ["B.yml", "a.yaml", "a/z.json", "b.yaml"])
    }

    @Test func missingPathIsAnError() {
        #expect(throws: LoadError.self) { try VectorLoader.files(["/nonexistent/concord"]) }
    }
}

@Suite struct YAMLTests {
    func scalar(_ text: String) throws -> (String, ScalarType) {
        let n = try YAMLParser().parse(Array("k: \(text)".utf8))
        guard case .scalar(let s, let t) = n.mapping![0].value.kind else { throw YAMLError("not a scalar", at: n.mark) }
        return (s, t)
    }

    @Test(arguments: [
        ("0102", ScalarType.integer), ("-7", .integer), ("0o17", .integer), ("0x1F", .integer), ("+3", .integer),
        ("3.5", .float), ("1e10", .float), (".inf", .float), ("-.Inf", .float), (".nan", .float), ("3.", .float),
        ("true", .bool), ("False", .bool), ("null", .null), ("~", .null), ("", .null),
        ("yes", .string), ("no", .string), ("on", .string), ("off", .string), ("0x", .string), ("1_000", .string),
        ("abc", .string), ("\"0102\"", .string), ("'true'", .string), ("0b101", .string), ("1e", .string), ("e5", .string),
    ])
    func coreSchemaTyping(text: String, type: ScalarType) throws {
        #expect(try scalar(text).1 == type)
    }

    @Test func deepNestingIsRefusedWithTheLimitName() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        do {
            _ = try YAMLParser().parse(Array(deep.utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.message.contains("--max-depth"))
        }
    }

    @Test func emptyFileAndNul() {
        #expect(throws: YAMLError.self) { try YAMLParser().parse([]) }
        #expect(throws: YAMLError.self) { try YAMLParser().parse(Array("a: 1\0".utf8)) }
    }
}
