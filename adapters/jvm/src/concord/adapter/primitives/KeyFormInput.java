package concord.adapter.primitives;

import concord.adapter.wire.Refusal;
import concord.adapter.wire.Values;
import java.util.Map;

/**
 * The key a request gives in one of its forms ({@code private} | {@code privateDer} | {@code privatePem} |
 * {@code privateJwk}, and the same for {@code public}) for {@code x25519} and {@code ecdh-p256}, decoded by
 * {@link KeyForms} (BouncyCastle ASN.1 and this adapter's strict JSON) to the raw key.
 */
public final class KeyFormInput {
    private KeyFormInput() {}

    static final String[] PRIVATE = {"private", "privateDer", "privatePem", "privateJwk"};
    static final String[] PUBLIC = {"public", "publicDer", "publicPem", "publicJwk"};

    /** Every key-form field, private then public: the ops' optional inputs. */
    static String[] all() {
        String[] out = new String[8];
        System.arraycopy(PRIVATE, 0, out, 0, 4);
        System.arraycopy(PUBLIC, 0, out, 4, 4);
        return out;
    }

    /** Which of the side's four fields the request gives (exactly one, else a bad request). */
    static String which(Map<String, Object> input, String side) {
        String found = null;
        for (String suffix : new String[] {"", "Der", "Pem", "Jwk"}) {
            if (input.containsKey(side + suffix)) {
                if (found != null) {
                    throw new Values.BadRequest("give exactly one of " + side + ", " + side + "Der, " + side + "Pem, " + side + "Jwk");
                }
                found = side + suffix;
            }
        }
        if (found == null) {
            throw new Values.BadRequest("give one of " + side + ", " + side + "Der, " + side + "Pem, " + side + "Jwk");
        }
        return found;
    }

    /**
     * BouncyCastle's ASN.1 classes throw unchecked exceptions for a structure of the wrong shape (a NULL where a
     * SEQUENCE belongs): that is a malformed key, {@code format}. A bad request (two forms) stays a fault.
     */
    private static Refusal malformed(RuntimeException e) {
        if (e instanceof Values.BadRequest) {
            throw e;
        }
        return new Refusal("format", "the key's ASN.1 structure is malformed: " + e.getMessage());
    }

    static byte[] x25519Private(Map<String, Object> input) throws Refusal {
        try {
            return x25519PrivateForm(input);
        } catch (IllegalArgumentException | IllegalStateException | ClassCastException e) {
            throw malformed(e);
        }
    }

    private static byte[] x25519PrivateForm(Map<String, Object> input) throws Refusal {
        String f = which(input, "private");
        switch (f) {
            case "private": return Values.bytes(input, f);
            case "privateDer": return KeyForms.x25519PrivateFromPkcs8(Values.bytes(input, f));
            case "privatePem": return KeyForms.x25519PrivateFromPkcs8(KeyForms.pem(Values.text(input, f), "PRIVATE KEY"));
            default: return KeyForms.x25519PrivateFromJwk(Values.text(input, f));
        }
    }

    static byte[] x25519Public(Map<String, Object> input) throws Refusal {
        try {
            return x25519PublicForm(input);
        } catch (IllegalArgumentException | IllegalStateException | ClassCastException e) {
            throw malformed(e);
        }
    }

    private static byte[] x25519PublicForm(Map<String, Object> input) throws Refusal {
        String f = which(input, "public");
        switch (f) {
            case "public": return Values.bytes(input, f);
            case "publicDer": return KeyForms.x25519PublicFromSpki(Values.bytes(input, f));
            case "publicPem": return KeyForms.x25519PublicFromSpki(KeyForms.pem(Values.text(input, f), "PUBLIC KEY"));
            default: return KeyForms.x25519PublicFromJwk(Values.text(input, f));
        }
    }

    static byte[] p256Private(Map<String, Object> input) throws Refusal {
        try {
            return p256PrivateForm(input);
        } catch (IllegalArgumentException | IllegalStateException | ClassCastException e) {
            throw malformed(e);
        }
    }

    private static byte[] p256PrivateForm(Map<String, Object> input) throws Refusal {
        String f = which(input, "private");
        switch (f) {
            case "private": return Values.bytes(input, f);
            case "privateDer": return KeyForms.p256PrivateFromPkcs8(Values.bytes(input, f));
            case "privatePem": return KeyForms.p256PrivateFromPkcs8(KeyForms.pem(Values.text(input, f), "PRIVATE KEY"));
            default: return KeyForms.p256PrivateFromJwk(Values.text(input, f));
        }
    }

    static byte[] p256Public(Map<String, Object> input) throws Refusal {
        try {
            return p256PublicForm(input);
        } catch (IllegalArgumentException | IllegalStateException | ClassCastException e) {
            throw malformed(e);
        }
    }

    private static byte[] p256PublicForm(Map<String, Object> input) throws Refusal {
        String f = which(input, "public");
        switch (f) {
            case "public": return Values.bytes(input, f);
            case "publicDer": return KeyForms.p256PublicFromSpki(Values.bytes(input, f));
            case "publicPem": return KeyForms.p256PublicFromSpki(KeyForms.pem(Values.text(input, f), "PUBLIC KEY"));
            default: return KeyForms.p256PublicFromJwk(Values.text(input, f));
        }
    }
}
