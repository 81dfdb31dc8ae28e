package org.overbookd.sim.slots;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.overbookd.io.InputException;

class ServerMixTest {

    @TempDir
    Path dir;

    @Test
    void readsServerTypes() throws Exception {
        Path f = dir.resolve("servers.csv");
        Files.writeString(f, "type,count,cpu,memory,cores,slots\nsmall,3,0.25,0.5,4,8\n");
        assertEquals(List.of(new ServerType("small", 3, 0.25, 0.5, 4, 8)), ServerMix.read(f));
    }

    @Test
    void aMalformedRowIsNamedByFileAndLine() throws IOException {
        Path f = dir.resolve("servers.csv");
        Files.writeString(f, "type,count,cpu,memory,cores,slots\nsmall,3,0.25,0.5,4,8\nbig,1,1.0,1.0,0,24\n");
        InputException e = assertThrows(InputException.class, () -> ServerMix.read(f));
        assertEquals(f + ":3: cores 0 is outside 1 to 100000", e.getMessage());
    }

    @Test
    void noServerAtAllIsAnError() throws IOException {
        Path f = dir.resolve("servers.csv");
        Files.writeString(f, "type,count,cpu,memory,cores,slots\nsmall,0,0.25,0.5,4,8\n");
        InputException e = assertThrows(InputException.class, () -> ServerMix.read(f));
        assertEquals(f + ": no servers: every count is 0 or there are no rows", e.getMessage());
    }
}
