/// A wire form a contract declares (its pack's `wireForms`, e.g. Closer's `enc:v1:`): a text
/// prefix and, after it, a blob encoded in one base64 alphabet, with the blob's layout. The core
/// decodes and compares wire strings (`Wire`) of the forms it is handed, and names none itself.
public struct WireForm: Sendable, Equatable {
    /// The text before the blob (`enc:v1:`).
    public var prefix: String
    /// The blob's alphabet: `.standard` (padded) or `.url` (unpadded).
    public var alphabet: Base64.Alphabet
    /// What the blob is: its parts, as `Wire.difference` names them and the generic explanation
    /// rules read them.
    public var blob: Blob

    public init(prefix: String, alphabet: Base64.Alphabet, blob: Blob) {
        self.prefix = prefix
        self.alphabet = alphabet
        self.blob = blob
    }

    /// The layout of a wire form's blob.
    public enum Blob: Sendable, Equatable {
        /// AES-GCM's combined form and nothing else: `nonce`(12) ‖ ciphertext ‖ `tag`(16). The
        /// generic rules that reason about one key, nonce and AAD (`only-the-tag`,
        /// `sealed-plaintext`, Tink's template divergence) read only blobs of this form.
        case aesGcm
        /// Named parts from the start (`head`), then the ciphertext, then a tag of `tag` bytes.
        case parts(head: [Part], tag: Int)
        /// One value whose bytes have no parts to name (a digest, a keyset document): compared as
        /// bytes, with no part named where they differ.
        case whole
    }

    /// A named part of a blob's head, of a fixed size, with what it holds when a generator must
    /// make it valid (`role`).
    public struct Part: Sendable, Equatable {
        public var name: String
        public var size: Int
        public var role: Role?
        public init(_ name: String, _ size: Int, role: Role? = nil) {
            self.name = name
            self.size = size
            self.role = role
        }
    }

    /// What a head part holds, for the generators (a near-valid blob holds a real point).
    public enum Role: Sendable, Equatable {
        /// A Tink output prefix, `0x01 ‖ keyId(4)`; a generated blob has one half of the time.
        case tinkOutputPrefix
        /// A public key of this curve, uncompressed (an ECIES ephemeral key).
        case publicKey(FieldKind.Curve)
    }

    /// The parts before the ciphertext and the tag's size; nil for a blob without parts.
    public var layout: (head: [Part], tag: Int)? {
        switch blob {
        case .aesGcm: return ([Part("nonce", 12)], 16)
        case .parts(let head, let tag): return (head, tag)
        case .whole: return nil
        }
    }
}

extension Sequence where Element == WireForm {
    /// The form whose prefix is exactly `prefix`.
    public func form(prefix: String) -> WireForm? { first { $0.prefix == prefix } }

    /// The form whose prefix `text` starts with.
    public func form(of text: String) -> WireForm? { first { text.hasPrefix($0.prefix) } }
}

/// Wire strings: a prefix and an encoded blob, decoded strictly and compared part by part. Which
/// forms exist is the packs' (`Pack.wireForms`, gathered from `Packs.all` as `Packs.wireForms`);
/// what each composes is the pack's too (Closer's: `CloserWire`).
public enum Wire {
    /// The blob after `prefix`, decoded strictly; `format` when the prefix or the encoding is wrong.
    public static func decode(_ wire: String, prefix: String, _ alphabet: Base64.Alphabet) throws(ContractError) -> [UInt8] {
        guard wire.hasPrefix(prefix) else {
            let seen = wire.prefix(prefix.count + 4)
            throw ContractError(.format, "expected the prefix \"\(prefix)\", found \"\(seen)…\"")
        }
        do { return try Base64.decode(String(wire.dropFirst(prefix.count)), alphabet) } catch {
            throw ContractError(.format, "after \"\(prefix)\": \(error.message)")
        }
    }

    /// The blob of a wire string of `form`, decoded strictly (`decode`).
    public static func decode(_ wire: String, _ form: WireForm) throws(ContractError) -> [UInt8] {
        try decode(wire, prefix: form.prefix, form.alphabet)
    }

    /// A wire string of `form` holding `blob`.
    public static func encode(_ blob: [UInt8], _ form: WireForm) -> String {
        form.prefix + Base64.encode(blob, form.alphabet)
    }

    /// Where two wire strings first differ, in the decoded blob and the part of it the byte is in.
    public struct Difference: Sendable, Equatable {
        /// A part of the form's layout (`prefix` — the Tink prefix inside a keybox —, `ephemeral
        /// key`, `nonce`, …), `ciphertext`, `tag`, `prefix` for the text prefix, or `past the end`
        /// (the actual blob is longer and the same up to the expected one's end).
        public var part: String
        /// The first differing byte's offset in the part.
        public var partOffset: Int
        /// Its offset in the decoded blob; nil when the text prefix differs.
        public var blobOffset: Int?
        public init(part: String, partOffset: Int, blobOffset: Int?) {
            self.part = part
            self.partOffset = partOffset
            self.blobOffset = blobOffset
        }
        /// `blob byte 45: tag, byte 3`, or `prefix, byte 4` (docs/reports.md).
        public var text: String {
            guard let b = blobOffset else { return "prefix, byte \(partOffset)" }
            return "blob byte \(b): \(part), byte \(partOffset)"
        }
    }

    /// The first difference of two wire strings of one of `forms` that has a layout (the first
    /// whose prefix the expected value has), named in the expected one's layout: nil when the
    /// expected value is none, the actual one does not decode, or the blobs are the same.
    public static func difference(expected: String, actual: String, forms: [WireForm]) -> Difference? {
        guard let form = forms.first(where: { $0.layout != nil && expected.hasPrefix($0.prefix) }), let layout = form.layout,
              let want = try? decode(expected, form) else { return nil }
        guard actual.hasPrefix(form.prefix) else {
            let e = Array(expected.utf8), a = Array(actual.utf8)
            var k = 0
            while k < e.count, k < a.count, e[k] == a[k] { k += 1 }
            return Difference(part: "prefix", partOffset: k, blobOffset: nil)
        }
        guard let got = try? decode(actual, form) else { return nil }
        var k = 0
        while k < want.count, k < got.count, want[k] == got[k] { k += 1 }
        if k == want.count && k == got.count { return nil }
        // The actual blob goes on where the expected one ends.
        if k == want.count { return Difference(part: "past the end", partOffset: 0, blobOffset: k) }
        // The parts of the expected blob: its head, then the ciphertext, then the tag.
        var start = 0
        for part in layout.head {
            if k < start + part.size { return Difference(part: part.name, partOffset: k - start, blobOffset: k) }
            start += part.size
        }
        let tag = max(start, want.count - layout.tag)
        if k < tag { return Difference(part: "ciphertext", partOffset: k - start, blobOffset: k) }
        return Difference(part: "tag", partOffset: k - tag, blobOffset: k)
    }
}
