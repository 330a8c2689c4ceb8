import ConcordFormats
import ConcordSuites
import Foundation

/// Every AAD the Closer contract has used (CONTRACT.md §4–§8), in one table: what the
/// compositions seal with, what a refusal names as the AAD that would have opened a blob, and
/// what the explanation rules try. `name` is how messages call it.
public typealias CloserAAD = ContractAAD

extension ContractAAD {
    /// §4: the couple key wrap.
    public static let coupleKey = CloserAAD(name: "\"closer_couple_key\" (the wrap AAD)", bytes: Array("closer_couple_key".utf8))
    /// §5: the recovery phrase sealed with the invite code.
    public static let invitePhrase = CloserAAD(name: "\"closer_invite_phrase\" (the invite AAD)", bytes: Array("closer_invite_phrase".utf8))
    /// None at all: a library call that forgot it.
    public static let none = CloserAAD(name: "no AAD", bytes: [])

    /// §6: a field is sealed with its couple id.
    public static func field(coupleId: String) -> CloserAAD {
        CloserAAD(name: "coupleId (\"\(coupleId)\", the field AAD)", bytes: Array(coupleId.utf8))
    }

    /// §8: a sealed answer is bound to `coupleId|questionId|userId`.
    public static func sealedAnswer(coupleId: String, questionId: String, userId: String) -> CloserAAD {
        CloserAAD(name: "coupleId|questionId|userId (the sealed-answer AAD)", bytes: Array("\(coupleId)|\(questionId)|\(userId)".utf8))
    }

    /// The field AAD `userId:questionId` of an older iOS build (no longer the contract's).
    public static func historical(userId: String, questionId: String) -> CloserAAD {
        CloserAAD(name: "the historical \"userId:questionId\" of an older iOS build", bytes: Array("\(userId):\(questionId)".utf8))
    }

    /// Every AAD the known ids allow, in the order they are tried.
    public static func all(coupleId: String?, questionId: String?, userId: String?) -> [CloserAAD] {
        var out: [CloserAAD] = []
        if let coupleId {
            out.append(field(coupleId: coupleId))
            if let questionId, let userId { out.append(sealedAnswer(coupleId: coupleId, questionId: questionId, userId: userId)) }
        }
        if let userId, let questionId { out.append(historical(userId: userId, questionId: questionId)) }
        return out + [coupleKey, invitePhrase, none]
    }

    /// The AADs the Closer contract has used, named, from what the vector's input tells (`Pack.aads`).
    /// With a coupleId whose NFC or NFD form is other bytes, those forms too (CONTRACT.md §6's trap: the
    /// AAD is the coupleId's UTF-8 as given, unnormalized), tried after the contract's own AADs.
    public static func tried(_ context: Fields) -> [CloserAAD] {
        let coupleId = context["coupleId"]?.text
        var out = CloserAAD.all(coupleId: coupleId, questionId: context["questionId"]?.text, userId: context["userId"]?.text)
        if let c = coupleId {
            for (form, n) in [("NFC", c.precomposedStringWithCanonicalMapping), ("NFD", c.decomposedStringWithCanonicalMapping)] where !n.utf8.elementsEqual(c.utf8) {
                out.insert(CloserAAD(name: "the coupleId in \(form) (normalized; the contract's field AAD is the coupleId's UTF-8 as given)",
                                     bytes: Array(n.utf8)), at: out.count - 3)
            }
        }
        return out
    }
}
