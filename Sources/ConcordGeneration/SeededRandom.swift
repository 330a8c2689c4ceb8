/// A deterministic random stream: xoshiro256** (Blackman and Vigna) seeded through SplitMix64 from a
/// 64-bit FNV-1a hash of a path of names (`seed`, scenario, trial, value). Every draw is defined here,
/// bit for bit: nothing calls the standard library's `random(in:using:)` or `shuffled(using:)`, whose
/// algorithms a new Swift may change, so a seed makes the same values on any machine and toolchain
/// (docs/scenarios.md, "Seeds").
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var s0: UInt64, s1: UInt64, s2: UInt64, s3: UInt64

    /// The stream of one path: equal paths, equal streams; a value's stream does not move when
    /// another value is added.
    public init(path: [String]) {
        self.init(seed: Self.hash(path))
    }

    public init(seed: UInt64) {
        var x = seed
        s0 = Self.splitMix64(&x); s1 = Self.splitMix64(&x); s2 = Self.splitMix64(&x); s3 = Self.splitMix64(&x)
    }

    /// The generator in a given state (the reference implementation's tests start from one).
    public init(state: (UInt64, UInt64, UInt64, UInt64)) {
        (s0, s1, s2, s3) = state
    }

    /// SplitMix64 (Steele, Lea and Flood; Vigna's splitmix64.c): the next output, advancing `x`.
    public static func splitMix64(_ x: inout UInt64) -> UInt64 {
        x &+= 0x9E37_79B9_7F4A_7C15
        var z = x
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// FNV-1a over the UTF-8 of each part, parts separated by a 0xFF byte (which UTF-8 never holds).
    public static func hash(_ path: [String]) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for (k, part) in path.enumerated() {
            if k > 0 { h = (h ^ 0xFF) &* 0x0000_0100_0000_01B3 }
            for b in part.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        }
        return h
    }

    public mutating func next() -> UInt64 {
        let result = rotl(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3
        s2 ^= t
        s3 = rotl(s3, 45)
        return result
    }

    private func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

    /// A uniform integer in 0..<n (n > 0), by rejection: no modulo bias.
    public mutating func below(_ n: UInt64) -> UInt64 {
        precondition(n > 0)
        let limit = UInt64.max - UInt64.max % n
        while true {
            let x = next()
            if x < limit { return x % n }
        }
    }

    /// A uniform integer in the closed range.
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = UInt64(bitPattern: Int64(range.upperBound) &- Int64(range.lowerBound)) &+ 1
        if span == 0 { return Int(bitPattern: UInt(truncatingIfNeeded: next())) }  // the whole range of Int
        return range.lowerBound &+ Int(truncatingIfNeeded: below(span))
    }

    /// `count` uniform bytes.
    public mutating func bytes(_ count: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count)
        while out.count < count {
            var x = next()
            for _ in 0..<min(8, count - out.count) {
                out.append(UInt8(truncatingIfNeeded: x))
                x >>= 8
            }
        }
        return out
    }

    /// One element, uniformly.
    public mutating func pick<T>(_ items: [T]) -> T {
        items[Int(below(UInt64(items.count)))]
    }

    /// True with probability `numerator`/`denominator`.
    public mutating func chance(_ numerator: UInt64, in denominator: UInt64) -> Bool {
        below(denominator) < numerator
    }
}
