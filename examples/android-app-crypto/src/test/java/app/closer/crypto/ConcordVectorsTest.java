package app.closer.crypto;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import concord.kit.Export;
import concord.kit.Run;
import java.io.File;
import java.util.Collections;
import org.junit.Test;

/**
 * Runs Concord's exported vectors with the app's code and writes the captured outputs
 * (-Dconcord.export=FILE, -Dconcord.outputs=FILE). On Android: the export from the test's assets,
 * the outputs under the app's external media folder, pulled with adb.
 */
public class ConcordVectorsTest {
    @Test
    public void runConcordVectors() throws Exception {
        Export export = Export.read(new File(System.getProperty("concord.export", "export.json")));
        Run run = ConcordHandlers.kit().run(export);
        assertEquals(Collections.emptyList(), run.failures());
        assertTrue("no vector ran", run.answered() > 0);
        run.write(new File(System.getProperty("concord.outputs", "concord-outputs.json")));
    }
}
