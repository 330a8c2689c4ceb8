import ConcordFormats
import ConcordImplementations
import ConcordTestSupport
import Foundation
import Testing

/// `concord serve NAME` under hostile input (docs/adapters.md): a line over 16 MiB is skipped and
/// answered as unreadable without being held whole, a request past the Argon2 limits `run` applies
/// is answered `unsupported` naming the limit, and every malformed request is a fault as the
/// protocol says, as Concord's other adapters answer it. Each test is held to a generous time
/// bound: a hang fails, it does not hang the suite.
@Suite struct ServeCommandTests {
    /// Runs a shell pipeline whose standard output is the protocol (`$C` is concord).
    func shell(_ script: String, timeout: Double = 120) throws -> (answers: [String], output: ProcessOutput) {
        var env = ProcessInfo.processInfo.environment
        env["CONCORD_HOME"] = repositoryRoot
        env["C"] = concordBinary
        let r = try runProcess("/bin/sh", ["-c", script], environment: env, timeout: timeout)
        return (r.stdout.split(separator: "\n").dropFirst().map(String.init), r)
    }

    static let gcmInput = #""key":{"hex":"00000000000000000000000000000000"},"nonce":{"hex":"000000000000000000000000"},"aad":{"hex":""},"ciphertext":{"hex":""},"tag":{"hex":"58e2fccefa7e3061367f1d57a4e7455a"}"#
    /// AES-128-GCM of nothing under the zero key and nonce (NIST's test case 1): its tag opens.
    static let gcm = #"{"id":2,"suite":"aes-gcm","op":"open","input":{"# + gcmInput + "}}"

    /// A 20 MiB line, then a request, then 80 MiB without a line break: the long lines are answered as
    /// the protocol says (skipped), the request between them as usual, and the process stays small.
    /// Before, the 20 MiB line took 14 to 39 s (the buffer was searched again on every chunk) and the
    /// 80 MiB never ended.
    @Test func aLineOverSixteenMiBIsSkippedAndTheNextOneAnswered() throws {
        let script = """
        { printf '{"id":1,"suite":"aes-gcm","op":"open","input":{"pad":"'; head -c 20971520 /dev/zero | tr '\\0' a; printf '"}}\\n%s\\n' "$1"
          head -c 83886080 /dev/zero | tr '\\0' x; } | "$C" serve openssl
        """
        var env = ProcessInfo.processInfo.environment
        env["C"] = concordBinary
        let r = try runProcess("/bin/sh", ["-c", script, "sh", Self.gcm], environment: env, timeout: 120)
        let answers = r.stdout.split(separator: "\n").dropFirst().map(String.init)
        #expect(r.status == 0, "status \(r.status) after \(r.seconds) s: \(r.stderr.suffix(500))")
        #expect(answers == [#"{"id":null,"fault":"request line longer than 16777216 bytes"}"#,
                            #"{"id":2,"outputs":{"plaintext":{"hex":""}}}"#,
                            #"{"id":null,"fault":"request line longer than 16777216 bytes"}"#], "\(answers.map { $0.prefix(200) })")
        // The hostile corpus's bound for a run; the lines are never held whole.
        #expect(r.peakKiB < 256 * 1024, "peak \(r.peakKiB) KiB")
    }

    /// Its standard output gone (the runner went away) it exits 1, as docs/adapters.md §5 says an
    /// adapter does, after saying why on standard error; with its output whole, 0. Before, it exited 2.
    @Test func aClosedStandardOutputEndsItWithStatusOne() throws {
        let closedAtStart = try shell(#"printf '%s\n' '\#(Self.gcm)' | "$C" serve openssl >&-; echo "status $?" >&2"#)
        #expect(closedAtStart.output.stderr.contains("status 1"), "\(closedAtStart.output.stderr)")
        #expect(closedAtStart.output.stderr.contains("cannot write standard output"), "\(closedAtStart.output.stderr)")
        // The reader goes away after the handshake: answers to a stream of requests hit a broken pipe.
        let piped = try runProcess("/bin/bash", ["-c", #"yes "$1" | head -n 200000 | "$C" serve openssl | head -n 2 >/dev/null; echo "serve ${PIPESTATUS[2]}" >&2"#, "bash", Self.gcm],
                                   environment: ["C": concordBinary, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"], timeout: 120)
        #expect(piped.stderr.contains("serve 1"), "\(piped.stderr)")
        let (answers, whole) = try shell(#"printf '%s\n' '\#(Self.gcm)' | "$C" serve openssl"#)
        #expect(whole.status == 0 && answers.count == 1, "\(whole.status) \(answers)")
    }

    /// A line of exactly 16 MiB is a request like any other (answered, not skipped).
    @Test func aLineOfSixteenMiBIsRead() throws {
        let pad = 16 * 1024 * 1024 - #"{"id":3,"suite":"no-such-suite","input":{"pad":""}}"#.utf8.count
        let (answers, r) = try shell(#"{ printf '{"id":3,"suite":"no-such-suite","input":{"pad":"'; head -c \#(pad) /dev/zero | tr '\0' a; printf '"}}'; } | "$C" serve openssl"#)
        #expect(r.status == 0 && answers == [#"{"id":3,"unsupported":"unknown suite \"no-such-suite\""}"#], "\(answers.map { $0.prefix(200) }) \(r.stderr)")
    }

    /// Lines cut anywhere across reads: a line of exactly the limit is read, one byte more is skipped
    /// (reported with its length) however it is cut, and the line after each is whole.
    @Test func linesAreFramedWhereverTheReadsCutThem() {
        let text = Array("abcd\nabcde\n\nxy\nabcdefghij\nz".utf8)
        for cut in 1...text.count {
            var lines = RequestLines(maxLine: 4)
            var got: [RequestLines.Line] = []
            var k = 0
            while k < text.count {
                _ = lines.feed(text[k..<min(k + cut, text.count)]) { got.append($0); return true }
                k += cut
            }
            _ = lines.finish { got.append($0); return true }
            #expect(got == [.line(Array("abcd".utf8)), .tooLong(5), .line([]), .line(Array("xy".utf8)), .tooLong(10), .line(Array("z".utf8))],
                    "reads of \(cut) bytes: \(got)")
        }
        // A writer that went away stops the reading.
        var lines = RequestLines(maxLine: 4)
        var calls = 0
        #expect(!lines.feed(text[...]) { _ in calls += 1; return false } && calls == 1)
    }

    /// The Argon2 limits of `run` (docs/limits.md), and its flags: a request past them is answered
    /// `unsupported`, naming the limit and its flag, before any hash starts. Before, t = 2^32-1 was
    /// never answered and the flags were unknown options.
    @Test func argon2RequestsObeyTheLimitsRunApplies() throws {
        func argon(_ id: Int, _ params: String) -> String {
            #"{"id":\#(id),"suite":"argon2id","input":{"password":{"hex":"01"},"salt":{"hex":"02020202020202020202020202020202"},"params":"\#(params)"}}"#
        }
        let lines = [argon(1, "argon2id;v=19;m=8;t=4294967295;p=1"), argon(2, "argon2id;v=19;m=4294967295;t=1;p=1"), argon(3, "argon2id;v=19;m=8;t=1;p=1")]
        let input = lines.joined(separator: "\n")
        let (answers, r) = try shell("printf '%s\\n' '\(input)' | \"$C\" serve libsodium", timeout: 60)
        #expect(r.status == 0 && answers.count == 3, "\(r.stdout) \(r.stderr)")
        #expect(answers.first == #"{"id":1,"unsupported":"Argon2 work m×t = 34359738360 KiB·passes is above the limit of 67108864 (raise it with --max-kdf-work N)"}"#, "\(answers)")
        #expect(answers.dropFirst().first == #"{"id":2,"unsupported":"Argon2 memory 4294967295 KiB is above the limit of 4194304 KiB (raise it with --max-kdf-memory KIB)"}"#, "\(answers)")
        #expect(answers.last?.hasPrefix(#"{"id":3,"outputs":{"key":{"hex":""#) == true, "\(answers)")
        // The same flags as run, and a request within the defaults refused by them.
        let (tight, t) = try shell("printf '%s\\n' '\(lines[2])' | \"$C\" serve libsodium --max-kdf-memory 4 --max-kdf-work 4", timeout: 60)
        #expect(t.status == 0 && tight == [#"{"id":3,"unsupported":"Argon2 memory 8 KiB is above the limit of 4 KiB (raise it with --max-kdf-memory KIB)"}"#], "\(tight) \(t.stderr)")
        let (work, w) = try shell("printf '%s\\n' '\(lines[2])' | \"$C\" serve libsodium --max-kdf-work 4", timeout: 60)
        #expect(w.status == 0 && work == [#"{"id":3,"unsupported":"Argon2 work m×t = 8 KiB·passes is above the limit of 4 (raise it with --max-kdf-work N)"}"#], "\(work) \(w.stderr)")
    }

    /// The faults of docs/adapters.md, answered as it says (issue 43's cases), each line by itself.
    static let malformed: [(line: String, answer: String)] = [
        // Unreadable lines: answered against the adapter as a whole.
        (#"{"id":4,"id":5,"suite":"aes-gcm","op":"open","input":{"# + gcmInput + "}}",
         #"{"id":null,"fault":"request line is not valid JSON: duplicate key \"id\" (first at 1:2) (column 9)"}"#),
        (#"{"id":6,"suite":"aes-gcm","op":"open","input":{"# + gcmInput + #","key":{"hex":"00"}}}"#,
         #"{"id":null,"fault":"request line is not valid JSON: duplicate key \"key\" (first at 1:48) (column 230)"}"#),
        (#"{"id":7,"suite":"aes-gcm","op":"open","input":{"# + gcmInput + #","x":"# + String(repeating: "[", count: 63) + String(repeating: "]", count: 63) + "}}",
         #"{"id":null,"fault":"request line is not valid JSON: nesting deeper than 64 levels (column 296)"}"#),
        (#"{"id":8,"suite":"aes-gcm","op":"open","input":{"# + gcmInput + #","n":1.0}}"#,
         #"{"id":null,"fault":"request line is not valid JSON: only integers are allowed, found 1.0 (column 234)"}"#),
        (#"{"suite":"aes-gcm","op":"open","input":{}}"#, #"{"id":null,"fault":"request has no id"}"#),
        ("[1]", #"{"id":null,"fault":"a request must be a JSON object, found an array"}"#),
        // Malformed requests: a fault with their id.
        (#"{"id":9,"suite":"aes-gcm","op":"open","input":{"# + gcmInput + #"},"extra":1}"#, #"{"id":9,"fault":"unknown request member \"extra\""}"#),
        (#"{"id":10,"suite":"aes-gcm","op":5,"input":{"# + gcmInput + "}}", #"{"id":10,"fault":"request op must be a string or null, found an integer"}"#),
        (#"{"id":11,"suite":"aes-gcm","op":"open","input":{"nonce":{"hex":"000000000000000000000000"},"aad":{"hex":""},"ciphertext":{"hex":""},"tag":{"hex":"00"}}}"#,
         #"{"id":11,"fault":"bad request: input.key is missing (required by suite aes-gcm op open)"}"#),
        (#"{"id":12,"suite":"aes-gcm","op":"open","input":{"# + gcmInput.replacingOccurrences(of: #""aad":{"hex":""}"#, with: #""aad":"""#) + "}}",
         #"{"id":12,"fault":"bad request: input.aad: expected bytes {\"hex\":\"...\"}, found a string"}"#),
        (#"{"id":13,"suite":"aes-gcm","op":"open","input":{"# + gcmInput.replacingOccurrences(of: #""aad":{"hex":""}"#, with: #""aad":null"#) + "}}",
         #"{"id":13,"fault":"bad request: input.aad: expected bytes {\"hex\":\"...\"}, found null"}"#),
        (#"{"id":14,"suite":"aes-gcm","op":"open","input":{"# + gcmInput.replacingOccurrences(of: #""aad":{"hex":""}"#, with: #""aad":{"base64":""}"#) + "}}",
         #"{"id":14,"fault":"bad request: input.aad: bytes must be an object with the single member \"hex\""}"#),
        (#"{"id":15,"suite":"aes-gcm","op":"open","input":{"# + gcmInput.replacingOccurrences(of: #""aad":{"hex":""}"#, with: #""aad":{"hex":"0g"}"#) + "}}",
         #"{"id":15,"fault":"bad request: input.aad.hex: invalid hex: character 'g' at position 1 is not a hex digit"}"#),
        // An input field the suite does not know: unsupported, never computed.
        (#"{"id":16,"suite":"aes-gcm","op":"open","input":{"# + gcmInput + #","zz":{"hex":""}}}"#,
         #"{"id":16,"unsupported":"input field \"zz\" is not understood by openssl's suite aes-gcm op open"}"#),
        (#"{"id":17,"suite":"aes-gcm","op":"wrap","input":{}}"#, #"{"id":17,"unsupported":"suite aes-gcm has no op \"wrap\" (its ops: seal, open)"}"#),
        (#"{"id":18,"suite":"no-such-suite","input":{}}"#, #"{"id":18,"unsupported":"unknown suite \"no-such-suite\""}"#),
        // 63 levels in the input (64 with the request): read.
        (#"{"id":19,"suite":"aes-gcm","op":"open","input":{"# + gcmInput + #","x":"# + String(repeating: "[", count: 62) + String(repeating: "]", count: 62) + "}}",
         #"{"id":19,"unsupported":"input field \"x\" is not understood by openssl's suite aes-gcm op open"}"#),
        (gcm, #"{"id":2,"outputs":{"plaintext":{"hex":""}}}"#),
    ]

    /// Before, serve computed the duplicates (first id, last key), the unknown member, the op of the
    /// wrong type, the deep nesting and the unknown field, and refused the missing input and the text
    /// bytes as `format`, as if the implementation had.
    @Test func malformedRequestsAreFaultsAsTheProtocolSays() throws {
        let (status, answers, stderr) = try protocolAnswers([concordBinary, "serve", "openssl"], lines: Self.malformed.map(\.line))
        #expect(status == 0, "\(stderr)")
        let got = Array(answers.dropFirst().filter { !$0.isEmpty })
        #expect(got.count == Self.malformed.count, "\(got)")
        for (c, a) in zip(Self.malformed, got) { #expect(a == c.answer, "\(c.line.prefix(120))") }
    }

    /// Exactly one of a group of inputs (sinew's keysetJson or keys), and an answer's shape.
    @Test func groupsAndAnswersAreHeldToTheDefinition() throws {
        let lines = [#"{"id":1,"suite":"sinew.field-cipher","op":"decrypt","input":{"context":"c","value":"v"}}"#,
                     #"{"id":2,"suite":"sinew.field-cipher","op":"decrypt","input":{"context":"c","value":"v","keysetJson":"{}","keys":"[]"}}"#,
                     #"{"id":3,"suite":"closer.canonical-json","input":{"answer":{"scaleValue":3,"selectedOptionIds":["a"]}}}"#,
                     #"{"id":4,"suite":"closer.canonical-json","input":{"answer":{"scaleValue":3,"selectedOptionIds":["a"],"writtenText":null}}}"#]
        let (status, answers, stderr) = try protocolAnswers([concordBinary, "serve", "swift"], lines: lines)
        #expect(status == 0, "\(stderr)")
        #expect(Array(answers.dropFirst().prefix(4)) == [
            #"{"id":1,"fault":"bad request: exactly one of input.keysetJson, input.keys must be given (suite sinew.field-cipher op decrypt)"}"#,
            #"{"id":2,"fault":"bad request: exactly one of input.keysetJson, input.keys must be given (suite sinew.field-cipher op decrypt)"}"#,
            #"{"id":3,"fault":"bad request: input.answer: expected an answer (an object of scaleValue: integer or null, selectedOptionIds: strings, writtenText: string or null), found an object"}"#,
            #"{"id":4,"outputs":{"json":"{\"scaleValue\":3,\"selectedOptionIds\":[\"a\"],\"writtenText\":null}"}}"#], "\(answers)")
    }

    /// The same doubtful requests, and a line over 16 MiB, on every adapter of Concord's (serve, jvm,
    /// tink, node, webcrypto where it can start): each gives the same kind of answer with the same id.
    @Test func everyAdapterAnswersDoubtfulRequestsAlike() throws {
        let long = #"{"id":20,"suite":"aes-gcm","op":"open","input":{"pad":""# + String(repeating: "a", count: 16 << 20) + #""}}"#
        let lines = Self.malformed.map(\.line) + [long]
        func kind(_ answer: String) -> String {
            guard let j = try? JSON.parse(answer), let id = j["id"] else { return "unreadable: \(answer.prefix(100))" }
            let k = ["outputs", "error", "unsupported", "fault"].first { j[$0] != nil } ?? "?"
            return "\(id.intValue.map(String.init) ?? "null") \(k)"
        }
        let expected = (Self.malformed.map(\.answer) + [#"{"id":null,"fault":"request line longer than 16777216 bytes"}"#]).map(kind).sorted()
        let settings = Catalog.Settings(home: repositoryRoot)
        var commands: [(String, [String], [String: String]?)] = [("serve", [concordBinary, "serve", "openssl"], nil)]
        for name in Catalog.adapters {
            guard let adapter = Catalog.make(name, settings: settings) as? ExternalAdapter else { continue }  // not installed here
            commands.append((name, adapter.command, adapter.environment))
        }
        #expect(commands.count >= 4, "\(commands.map(\.0))")
        for (name, command, environment) in commands {
            let (status, answers, stderr) = try protocolAnswers(command, lines: lines, environment: environment)
            #expect(status == 0, "\(name): \(stderr.suffix(500))")
            // Answers may come in any order (the adapters' workers): compared as a set of kinds by id.
            #expect(answers.dropFirst().filter { !$0.isEmpty }.map(kind).sorted() == expected, "\(name): \(answers.dropFirst().map { $0.prefix(150) })")
        }
    }
}
