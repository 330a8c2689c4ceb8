import ConcordFormats
import Testing

@Suite struct KdfParamsTests {
    @Test func closerTag() throws {
        let p = try KdfParams.parse("argon2id;v=19;m=47104;t=3;p=1")
        #expect(p == KdfParams(version: 19, memoryKiB: 47104, iterations: 3, parallelism: 1))
        #expect(p.tag == "argon2id;v=19;m=47104;t=3;p=1")
    }

    @Test func boundaries() throws {
        #expect(try KdfParams.parse("argon2id;v=19;m=8;t=1;p=1").memoryKiB == 8)
        #expect(try KdfParams.parse("argon2id;v=19;m=32;t=3;p=4").parallelism == 4)
        #expect(try KdfParams.parse("argon2id;v=19;m=4294967295;t=4294967295;p=1").iterations == UInt32.max)
    }

    @Test(arguments: [
        ("", "empty tag"),
        ("argon2i;v=19;m=47104;t=3;p=1", "is not argon2id"),
        ("argon2d;v=19;m=47104;t=3;p=1", "is not argon2id"),
        ("ARGON2ID;v=19;m=47104;t=3;p=1", "lower case"),
        ("argon2id;v=16;m=47104;t=3;p=1", "version 16 is not 19"),
        ("argon2id;m=47104;t=3;p=1", "out of order"),
        ("argon2id;v=19;t=3;m=47104;p=1", "out of order"),
        ("argon2id;v=19;m=47104;m=47104;t=3;p=1", "repeated"),
        ("argon2id;v=19;m=47104;t=3", "missing key \"p\""),
        ("argon2id;v=19;m=47104;t=3;p=1;x=1", "unknown key \"x\""),
        ("argon2id;v=19;m=0;t=3;p=1", "m must not be zero"),
        ("argon2id;v=19;m=47104;t=0;p=1", "t must not be zero"),
        ("argon2id;v=19;m=47104;t=3;p=0", "p must not be zero"),
        ("argon2id;v=19;m=31;t=3;p=4", "below 8 * p = 32"),
        ("argon2id;v=19;m=0x10;t=3;p=1", "not a plain decimal"),
        ("argon2id;v=19;m=47104;t=+3;p=1", "not a plain decimal"),
        ("argon2id;v=19;m=47104;t=3.0;p=1", "not a plain decimal"),
        ("argon2id;v=19;m=47104;t= 3;p=1", "not a plain decimal"),
        ("argon2id;v=19;m=047104;t=3;p=1", "leading zero"),
        ("argon2id;v=19;m=47104;t=3;p=1;", "stray ';'"),
        ("argon2id;v=19;m=47104;t=3;p=1 ", "not a plain decimal"),
        ("argon2id;v=19;m=4294967296;t=3;p=1", "above 2^32-1"),
        ("argon2id;v=19;m=47104;t=3;p", "not key=value"),
        ("argon2id;v=19;m=200000000;t=3;p=16777216", "above Argon2's limit"),
    ])
    func refusals(tag: String, message: String) {
        do {
            _ = try KdfParams.parse(tag)
            Issue.record("\(tag) was accepted")
        } catch {
            #expect(error.errorClass == .parameters)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }
}
