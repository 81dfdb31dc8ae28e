package org.overbookd.backend.opennebula;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * What the OpenNebula backend needs to know. Plain values only: binding them to configuration keys
 * is the configuration layer's job.
 *
 * @param endpoint      oned's XML-RPC endpoint, {@code http://HOST:2633/RPC2} or an https one
 * @param authFile      file holding the session string {@code user:password}; it must not be
 *                      readable by group or others
 * @param qosAttribute  USER_TEMPLATE attribute that marks a low-QoS VM when it equals {@code LOW}
 * @param timeout       the deadline of every whole call: connect, send, and read the whole reply
 * @param suspendAction how a suspend decision takes a VM off its host
 * @param sloAttribute  USER_TEMPLATE attribute holding a low-QoS VM's availability SLO
 * @param runHistory    read every low-QoS VM's whole history (for the QoS rules), calling
 *                      {@code one.vm.info} for a VM whose pool entry carries only its last record
 * @param maxSampleAge  a host whose last monitoring sample is older than this is left out of the view
 * @param maxReplyBytes a reply larger than this fails its call as malformed
 */
public record OpenNebulaSettings(
        URI endpoint,
        Path authFile,
        String qosAttribute,
        Duration timeout,
        SuspendAction suspendAction,
        String sloAttribute,
        boolean runHistory,
        Duration maxSampleAge,
        long maxReplyBytes) {

    /** oneadmin's own credentials: OpenNebula's packages give oneadmin the home /var/lib/one. */
    public static final Path DEFAULT_AUTH_FILE = Path.of("/var/lib/one", ".one", "one_auth");

    public static final String DEFAULT_QOS_ATTRIBUTE = "QOS";
    public static final String DEFAULT_SLO_ATTRIBUTE = "SLO";
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
    /**
     * OpenNebula probes a host every MONITORING_INTERVAL_HOST (180 s by default; about 195 s
     * measured), so a healthy host's sample is up to about 200 s old; ten minutes tolerates two
     * missed probes and an oned restart, and still catches a host whose monitoring stopped.
     */
    public static final Duration DEFAULT_MAX_SAMPLE_AGE = Duration.ofMinutes(10);
    /** See {@link OneXmlRpcClient#DEFAULT_MAX_REPLY_BYTES}. */
    public static final long DEFAULT_MAX_REPLY_BYTES = OneXmlRpcClient.DEFAULT_MAX_REPLY_BYTES;

    public OpenNebulaSettings(
            URI endpoint, Path authFile, String qosAttribute, Duration timeout, SuspendAction suspendAction) {
        this(endpoint, authFile, qosAttribute, timeout, suspendAction, DEFAULT_SLO_ATTRIBUTE, false);
    }

    public OpenNebulaSettings(
            URI endpoint,
            Path authFile,
            String qosAttribute,
            Duration timeout,
            SuspendAction suspendAction,
            String sloAttribute,
            boolean runHistory) {
        this(
                endpoint,
                authFile,
                qosAttribute,
                timeout,
                suspendAction,
                sloAttribute,
                runHistory,
                DEFAULT_MAX_SAMPLE_AGE,
                DEFAULT_MAX_REPLY_BYTES);
    }

    public OpenNebulaSettings {
        Objects.requireNonNull(sloAttribute, "sloAttribute");
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(authFile, "authFile");
        Objects.requireNonNull(qosAttribute, "qosAttribute");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(suspendAction, "suspendAction");
        String scheme = endpoint.getScheme() == null ? "" : endpoint.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            throw new IllegalArgumentException(
                    "OpenNebula endpoint " + endpoint + " is not an http:// or https:// URI");
        }
        if (endpoint.getHost() == null) {
            throw new IllegalArgumentException("OpenNebula endpoint " + endpoint + " names no host");
        }
        if (endpoint.getRawUserInfo() != null) {
            // Credentials in a URI end up in logs and process listings; they belong in the auth file.
            throw new IllegalArgumentException("OpenNebula endpoint must not carry credentials; use the auth file");
        }
        if (qosAttribute.isBlank() || !qosAttribute.equals(qosAttribute.strip())) {
            throw new IllegalArgumentException("QoS attribute '" + qosAttribute + "' is blank or padded");
        }
        if (sloAttribute.isBlank() || !sloAttribute.equals(sloAttribute.strip())) {
            throw new IllegalArgumentException("SLO attribute '" + sloAttribute + "' is blank or padded");
        }
        Objects.requireNonNull(maxSampleAge, "maxSampleAge");
        if (maxSampleAge.isNegative() || maxSampleAge.isZero()) {
            throw new IllegalArgumentException("maximum monitoring sample age " + maxSampleAge + " must be positive");
        }
        if (maxReplyBytes < 1) {
            throw new IllegalArgumentException("maximum reply size " + maxReplyBytes + " must be positive");
        }
        if (timeout.isNegative() || timeout.isZero() || timeout.toMillis() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("OpenNebula timeout " + timeout + " must be between 1 ms and 24 days");
        }
    }

    /** Settings with oneadmin's auth file, attribute {@code QOS}, a 30 s timeout and in-place suspend. */
    public static OpenNebulaSettings defaults(URI endpoint) {
        return new OpenNebulaSettings(
                endpoint, DEFAULT_AUTH_FILE, DEFAULT_QOS_ATTRIBUTE, DEFAULT_TIMEOUT, SuspendAction.SUSPEND);
    }
}
