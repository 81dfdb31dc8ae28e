package org.overbookd.backend.opennebula;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class OpenNebulaSettingsTest {

    private static OpenNebulaSettings with(URI endpoint, String attribute, Duration timeout) {
        return new OpenNebulaSettings(endpoint, Path.of("one_auth"), attribute, timeout, SuspendAction.SUSPEND);
    }

    @Test
    void defaultsAreOneadminsFileQosThirtySecondsAndSuspend() {
        OpenNebulaSettings settings = OpenNebulaSettings.defaults(URI.create("http://one:2633/RPC2"));
        assertEquals(Path.of("/var/lib/one/.one/one_auth"), settings.authFile());
        assertEquals("QOS", settings.qosAttribute());
        assertEquals(Duration.ofSeconds(30), settings.timeout());
        assertEquals(SuspendAction.SUSPEND, settings.suspendAction());
        assertEquals("suspend", SuspendAction.SUSPEND.verb());
        assertEquals("stop", SuspendAction.STOP.verb());
    }

    @ParameterizedTest
    @ValueSource(strings = {"ftp://one:2633/RPC2", "one:2633", "http:///RPC2", "http://oneadmin:pw@one:2633/RPC2"})
    void refusesEndpointsThatAreNotPlainHttpOrHttps(String endpoint) {
        assertThrows(IllegalArgumentException.class, () -> with(URI.create(endpoint), "QOS", Duration.ofSeconds(1)));
    }

    @Test
    void refusesABlankAttributeAndANonPositiveTimeout() {
        URI endpoint = URI.create("https://one/RPC2");
        assertThrows(IllegalArgumentException.class, () -> with(endpoint, " ", Duration.ofSeconds(1)));
        assertThrows(IllegalArgumentException.class, () -> with(endpoint, "QOS ", Duration.ofSeconds(1)));
        assertThrows(IllegalArgumentException.class, () -> with(endpoint, "QOS", Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> with(endpoint, "QOS", Duration.ofDays(30)));
        assertThrows(NullPointerException.class, () -> with(null, "QOS", Duration.ofSeconds(1)));
        assertEquals("QOS", with(endpoint, "QOS", Duration.ofMillis(1)).qosAttribute());
    }
}
