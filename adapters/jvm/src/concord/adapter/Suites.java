package concord.adapter;

import java.util.ArrayList;
import java.util.List;

/** The suites this adapter offers, in the order the handshake lists them. Register new suites here. */
final class Suites {
    static final List<Suite> ALL = List.of(
            new Argon2idSuite(),
            new KdfParamsSuite(),
            new AesGcmSuite(),
            new CoupleKeyWrapSuite(),
            new InvitePhraseSuite(),
            new FieldSuite(),
            new CanonicalJsonSuite(),
            new CommitmentSuite(),
            new SealedAnswerSuite(),
            new TinkPublicKeySuite(),
            new KeyboxSuite(),
            new EcdhP256Suite(),
            new HkdfSha256Suite());

    private Suites() {}

    /** The suite with this name, or {@code null}. */
    static Suite find(String name) {
        for (Suite s : ALL) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        return null;
    }

    static List<Object> names() {
        List<Object> names = new ArrayList<>();
        for (Suite s : ALL) {
            names.add(s.name());
        }
        return names;
    }
}
