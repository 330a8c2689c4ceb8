import ConcordFormats
import ConcordSuites

/// The `kdf-params` suite: the Swift tag parser of CONTRACT.md §2.
enum KdfParamsHandlers {
    static let swift = SuiteHandler(Suites.closerKdfParams) { r in
        let p = try KdfParams.parse(try r.text("tag"))
        return [
            "memoryKiB": .integer(Int64(p.memoryKiB)),
            "iterations": .integer(Int64(p.iterations)),
            "parallelism": .integer(Int64(p.parallelism)),
            "version": .integer(Int64(p.version)),
        ]
    }
}
