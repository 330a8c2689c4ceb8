package app.closer.crypto

import concord.kit.ConcordKit
import concord.kit.Export
import concord.kit.Refusal
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import java.io.File

/** The same kit from Kotlin: the app's canonical JSON, written as a second captured file. */
class ConcordVectorsKotlinTest {
    @Test
    fun runConcordVectors() {
        val kit = ConcordKit("android-kotlin").version("android-app-crypto example, Kotlin test")
        kit.refuse(CloserCryptoException.Format::class.java, Refusal.FORMAT)
        kit.on("closer.canonical-json") { v, out ->
            val a = v.answer("answer")
            out.text("json", CanonicalAnswer.json(a.scaleValue, a.selectedOptionIds, a.writtenText))
        }.inputs("answer").outputs("json")
        val run = kit.run(Export.read(File(System.getProperty("concord.export", "export.json"))))
        assertEquals(emptyList<String>(), run.failures())
        assertTrue("no vector ran", run.answered() > 0)
        run.write(File(System.getProperty("concord.outputs", "concord-outputs-kotlin.json")))
    }
}
