import ConcordFiles
import ConcordFormats
import ConcordLoading
import ConcordYAML

/// The fill side of a fixture map: reading one for `fill`, planning the placeholders' edits in the
/// foreign fixture, and reading the filled fixture back through every map before it is written.
extension FixtureMap {
    /// Reads a map file for `fill` (nil when the file is not a map).
    public static func read(_ file: String, loader: VectorLoader) throws(Fill.Failure) -> Loaded? {
        guard isMap(file: file, maxBytes: loader.yamlLimits.maxBytes) else { return nil }
        do {
            let root = try YAMLParser(limits: loader.yamlLimits).parse(try InputFile.read(file, maxBytes: loader.yamlLimits.maxBytes))
            return try load(root: root, mapFile: file, loader: loader)
        } catch let e as LoadError { throw Fill.Failure(e.description) } catch { throw Fill.Failure("\(file): \(error)") }
    }

    /// A value as the fixture writes it: bytes as a quoted string in the field's encoding, the rest as
    /// JSON. Nil when the bytes cannot be written in that encoding (bytes that are not UTF-8 where the
    /// map says `utf8`): such a value is refused, never written in another spelling.
    static func render(_ v: Value, _ encoding: Encoding) -> String? {
        guard case .bytes(let b) = v else { return VectorFileWriter.value(v, json: true) }
        switch encoding {
        case .hex: return "\"\(Hex.encode(b))\""
        case .base64: return "\"\(Base64.encode(b, .standard))\""
        case .base64url: return "\"\(Base64.encode(b, .url))\""
        case .utf8: return String(validating: b, as: UTF8.self).map { JSON.string($0).serialized() }
        }
    }

    /// Fill's plan for a fixture: only each placeholder's characters (with its quotes) change. Entries
    /// that name one placeholder (two pointers to one place, or several maps of one fixture) are one
    /// edit when they all write the same text there, else all refused (Fill.assemble).
    public static func plan(_ m: Loaded, decide: (Fill.Placeholder) -> Fill.Decision) -> Fill.FilePlan {
        let starts = Fill.lineStarts(m.bytes, json: true)
        var items: [Fill.Item] = []
        for p in m.placeholders {
            switch decide(p) {
            case .refuse(let why): items.append(.init(placeholder: p, edit: .failure(Fill.Refusal(why))))
            case .fill(let value, let source):
                guard Fill.fits(value, p.type) else {
                    items.append(.init(placeholder: p, edit: .failure("\(source) gave \(value.display) where \(p.field) needs \(p.type)"))); continue
                }
                guard let r = Fill.range(of: p, in: m.bytes, json: true, lineStarts: starts) else {
                    items.append(.init(placeholder: p, edit: .failure("the fixture does not hold \"\(Expected.placeholderText)\" at \(p.line):\(p.column)"))); continue
                }
                let encoding = m.encodings["\(p.vector) \(p.field)"] ?? .hex
                guard let text = render(value, encoding) else {
                    items.append(.init(placeholder: p, edit: .failure("\(source) gave \(value.display), which is not UTF-8 text: it cannot be written in this field's declared encoding (utf8), and no other spelling is written in its place (declare the field's encoding hex or base64 in the map, if the fixture's reader takes that)")))
                    continue
                }
                items.append(.init(placeholder: p, edit: .success(.init(range: r, text: Array(text.utf8), value: value, source: source))))
            }
        }
        return Fill.assemble(file: m.fixture, bytes: m.bytes, items)
    }

    /// The new fixture text must still be JSON, and read through each of its maps again, every filled
    /// placeholder must hold exactly the value put there (its encoding decoded back). Throws, and
    /// nothing must be written, otherwise.
    public static func verify(_ plan: Fill.FilePlan, loader: VectorLoader, maps: [(file: String, root: Node)] = []) throws(Fill.Failure) {
        guard plan.changed else { return }
        do { _ = try JSONNodeParser(limits: loader.yamlLimits).parse(plan.updated) } catch {
            throw Fill.Failure("\(plan.file): the filled fixture would not read back as JSON (\(error.message)); nothing was written")
        }
        var fields: [String: [String: Expected]] = [:]
        for (file, root) in maps {
            let again: Loaded
            do { again = try load(root: root, mapFile: file, loader: loader, fixtureBytes: plan.updated) } catch {
                throw Fill.Failure("\(plan.file): the filled fixture would not load through \(file) (\(error)); nothing was written")
            }
            for v in again.vectors {
                if case .outputs(let f) = v.expect { for e in f { fields[v.name, default: [:]][e.field] = e.expected } }
            }
        }
        guard !maps.isEmpty else { return }
        for (p, value, _) in plan.filled {
            guard case .value(let read)? = fields[p.vector]?[p.field], Fill.identical(read, value) else {
                throw Fill.Failure("\(plan.file):\(p.line):\(p.column): \(p.vector) \(p.field): the value written (\(value.display)) does not read back as itself through the map; nothing was written")
            }
        }
    }
}
