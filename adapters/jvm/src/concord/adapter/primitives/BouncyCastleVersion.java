package concord.adapter.primitives;

import org.bouncycastle.jce.provider.BouncyCastleProvider;

/**
 * The version of the BouncyCastle library on the class path, e.g. {@code 1.72}.
 *
 * <p>Read from the jar manifest of the provider's package ({@code Implementation-Version: 1.72.0},
 * trailing {@code .0} dropped), which costs nothing; only without a manifest is the provider itself
 * constructed for {@code getVersionStr()}, which loads its whole algorithm table (about half a second).
 */
public final class BouncyCastleVersion {
    private BouncyCastleVersion() {}

    public static String get() {
        Package p = BouncyCastleProvider.class.getPackage();
        String v = p == null ? null : p.getImplementationVersion();
        if (v != null && v.matches("[0-9]+(\\.[0-9]+)*")) {
            while (v.endsWith(".0") && v.indexOf('.') != v.lastIndexOf('.')) {
                v = v.substring(0, v.length() - 2);
            }
            return v;
        }
        return new BouncyCastleProvider().getVersionStr();
    }
}
