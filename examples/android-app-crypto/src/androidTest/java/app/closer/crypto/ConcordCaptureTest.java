package app.closer.crypto;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assume.assumeTrue;

import android.os.Bundle;
import androidx.test.platform.app.InstrumentationRegistry;
import concord.kit.Export;
import concord.kit.Run;
import java.io.File;
import java.util.Collections;
import org.junit.Test;

/**
 * The instrumented capture test that scripts/capture runs on a device or emulator:
 * {@code adb shell am instrument -w -e class app.closer.crypto.ConcordCaptureTest
 * -e concordVectors FILE -e concordOutputs FILE …/androidx.test.runner.AndroidJUnitRunner}.
 * It reads the exported vectors (concord-export/1) from {@code concordVectors}, runs every vector of a
 * suite the app implements through the app's own classes (ConcordHandlers), and writes the captured
 * outputs (concord-outputs/1) to {@code concordOutputs}, which the script pulls. Without those
 * arguments (an ordinary connectedAndroidTest run) it is skipped.
 */
public class ConcordCaptureTest {
    @Test
    public void captureAllVectors() throws Exception {
        Bundle args = InstrumentationRegistry.getArguments();
        String vectors = args.getString("concordVectors");
        String outputs = args.getString("concordOutputs");
        assumeTrue("run by scripts/capture (-e concordVectors FILE -e concordOutputs FILE)", vectors != null && outputs != null);
        Run run = ConcordHandlers.kit().run(Export.read(new File(vectors)));
        assertEquals(Collections.emptyList(), run.failures());
        assertTrue("no vector of a suite this app implements was in " + vectors, run.answered() > 0);
        run.write(new File(outputs));
    }
}
