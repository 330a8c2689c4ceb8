import ConcordFormats
import Testing

@Suite struct EncodingTests {
    @Test func hexRoundTripsBothCases() throws {
        #expect(try Hex.decode("00ff10Ab") == [0x00, 0xff, 0x10, 0xab])
        #expect(Hex.encode([0x00, 0xff, 0x10, 0xab]) == "00ff10ab")
        #expect(try Hex.decode("") == [])
    }

    @Test(arguments: [
        ("abc", "odd number of digits"),
        ("zz", "'z' at position 0 is not a hex digit"),
        ("00 11", "' ' (space) at position 2"),
        ("0x00", "'x' at position 1"),
        // Not ASCII: named by code point, never printed raw or as a stray UTF-8 byte.
        ("\u{FF10}\u{FF11}", "character U+FF10 (not ASCII) at position 0"),
        ("0\u{0}", "character U+0000 at position 1"),
        ("00\u{200B}", "character U+200B (not ASCII) at position 2"),
    ])
    func hexRefusals(input: String, message: String) {
        #expect(throws: ContractError.self) { try Hex.decode(input) }
        do { _ = try Hex.decode(input) } catch {
            #expect(error.errorClass == .format)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    /// RFC 4648 §10 test vectors, both alphabets.
    @Test(arguments: [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
                      ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy")])
    func rfc4648(plain: String, encoded: String) throws {
        #expect(Base64.encode(Array(plain.utf8), .standard) == encoded)
        #expect(try Base64.decode(encoded, .standard) == Array(plain.utf8))
        let url = encoded.replacingOccurrences(of: "=", with: "")
        #expect(Base64.encode(Array(plain.utf8), .url) == url)
        #expect(try Base64.decode(url, .url) == Array(plain.utf8))
    }

    @Test func urlAlphabetDiffersFromStandard() throws {
        #expect(Base64.encode([0xfb, 0xff], .standard) == "+/8=")
        #expect(Base64.encode([0xfb, 0xff], .url) == "-_8")
        #expect(try Base64.decode("-_8", .url) == [0xfb, 0xff])
    }

    @Test(arguments: [
        ("Zm9v\nYmFy", Base64.Alphabet.standard, "line breaks are not allowed"),
        ("Zm9v YmFy", .standard, "whitespace is not allowed"),
        ("Zm8", .standard, "not a multiple of 4"),
        ("Zm8==", .standard, "not a multiple of 4"),
        ("Zg=a", .standard, "padding '=' at position 2 before the end"),
        ("Zm9=", .standard, "non-zero spare bits"),
        ("Zh==", .standard, "non-zero spare bits"),
        ("-_8=", .standard, "looks URL-safe"),
        ("Zm8=", .url, "the contract's base64url is unpadded"),
        ("+/8", .url, "looks like b64, not b64url"),
        ("Zh", .url, "non-zero spare bits"),
        ("Zm9vY", .url, "final quantum of one character"),
        ("Zm9v\r\n", .url, "line breaks are not allowed"),
        ("Zm\u{E9}v", .standard, "character U+00E9 (not ASCII) at position 2"),
    ])
    func base64Refusals(input: String, alphabet: Base64.Alphabet, message: String) {
        do {
            _ = try Base64.decode(input, alphabet)
            Issue.record("\(input) was accepted")
        } catch {
            #expect(error.errorClass == .format)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }
}
