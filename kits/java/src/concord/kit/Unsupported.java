package concord.kit;

/**
 * The app cannot run this vector at all (a parameter its library cannot express). In a captured run the
 * vector is left out of the file; as a live adapter the answer is {@code unsupported}. Never a pass.
 */
public class Unsupported extends Exception {
    private static final long serialVersionUID = 1L;

    public Unsupported(String why) {
        super(why);
    }
}
