package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The golden manifest's check, in the fast suite (the runs it sums are GoldenOutputsTest's, tagged
 * slow): one byte changed in one output is named, as are a file no longer written and a new one, and
 * the manifest in the repository covers every model, the sweep, tune and compare.
 */
class GoldenManifestTest {

    @TempDir
    Path dir;

    @Test
    void oneChangedByteOfOneOutputIsNamed() throws IOException {
        Path out = dir.resolve("run");
        Files.createDirectories(out.resolve("deeper"));
        Files.writeString(out.resolve("summary.csv"), "policy,mean\nmaxweight,54.325\n");
        Files.writeString(out.resolve("deeper/queue.csv"), "t,q\n0,0\n");
        Files.writeString(out.resolve("shard.properties"), "build=any\n");
        Map<String, String> golden = GoldenOutputsTest.sums(dir, out);
        assertEquals(
                List.of("run/deeper/queue.csv", "run/summary.csv"), List.copyOf(golden.keySet()), "markers left out");
        assertEquals(List.of(), GoldenOutputsTest.differences(golden, GoldenOutputsTest.sums(dir, out)));

        Files.writeString(out.resolve("summary.csv"), "policy,mean\nmaxweight,54.324\n");
        Files.writeString(out.resolve("shard.properties"), "build=another\n");
        List<String> one = GoldenOutputsTest.differences(golden, GoldenOutputsTest.sums(dir, out));
        assertEquals(1, one.size(), one.toString());
        assertTrue(one.get(0).startsWith("run/summary.csv: other bytes"), one.toString());

        Files.delete(out.resolve("deeper/queue.csv"));
        Files.writeString(out.resolve("new.csv"), "x\n");
        List<String> three = GoldenOutputsTest.differences(golden, GoldenOutputsTest.sums(dir, out));
        assertTrue(three.contains("run/deeper/queue.csv: no longer written"), three.toString());
        assertTrue(three.contains("run/new.csv: new, not in the manifest"), three.toString());
        assertEquals(3, three.size(), three.toString());
    }

    @Test
    void theManifestCoversEveryModelTheSweepTuneAndCompare() throws IOException {
        Map<String, String> manifest = GoldenOutputsTest.read(Path.of(GoldenOutputsTest.MANIFEST));
        for (String run : List.of(
                "overbooking/",
                "slots-hybrid/",
                "slots-pri/",
                "slots-pri-n/",
                "requests-qos/",
                "requests-priority/",
                "types/",
                "sweep/",
                "sweep-merged/",
                "tune/",
                "tune-merged/",
                "compare/")) {
            assertTrue(manifest.keySet().stream().anyMatch(f -> f.startsWith(run)), run + " is not in the manifest");
        }
        assertTrue(manifest.values().stream().allMatch(sum -> sum.matches("[0-9a-f]{64}")), "SHA-256 sums");
    }
}
