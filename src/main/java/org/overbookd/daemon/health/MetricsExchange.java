package org.overbookd.daemon.health;

import io.prometheus.metrics.exporter.common.PrometheusHttpExchange;
import io.prometheus.metrics.exporter.common.PrometheusHttpRequest;
import io.prometheus.metrics.exporter.common.PrometheusHttpResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One scrape as the Prometheus client library's scrape handler sees it: the request read by the
 * metrics endpoint, and an answer kept in memory, which the endpoint then writes out without
 * blocking. The library chooses the format (text, OpenMetrics, protobuf) from the request's Accept,
 * compresses when asked, and applies {@code name[]} filters; the endpoint only carries bytes.
 */
final class MetricsExchange implements PrometheusHttpExchange {

    private final RequestHead head;
    private final Map<String, String> responseHeaders = new LinkedHashMap<>();
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();
    private int status = 500;

    MetricsExchange(RequestHead head) {
        this.head = head;
    }

    /** A bare answer of the endpoint's own (404, 405, 400), not the library's. */
    static byte[] plain(int status, String reason, String text) {
        byte[] content = (text + "\n").getBytes(StandardCharsets.UTF_8);
        return join(status + " " + reason, Map.of("Content-Type", "text/plain; charset=utf-8"), content, true);
    }

    /** The whole answer: status line, headers, body; the connection closes after it. */
    byte[] response() {
        boolean bodyAllowed = !head.method().equals("HEAD");
        return join(status + (status == 200 ? " OK" : " Error"), responseHeaders, body.toByteArray(), bodyAllowed);
    }

    private static byte[] join(String statusLine, Map<String, String> headers, byte[] content, boolean withBody) {
        StringBuilder text = new StringBuilder("HTTP/1.1 ").append(statusLine).append("\r\n");
        headers.forEach(
                (name, value) -> text.append(name).append(": ").append(value).append("\r\n"));
        text.append("Content-Length: ").append(content.length).append("\r\n");
        text.append("Connection: close\r\n\r\n");
        byte[] start = text.toString().getBytes(StandardCharsets.ISO_8859_1);
        byte[] all = new byte[start.length + (withBody ? content.length : 0)];
        System.arraycopy(start, 0, all, 0, start.length);
        if (withBody) {
            System.arraycopy(content, 0, all, start.length, content.length);
        }
        return all;
    }

    @Override
    public PrometheusHttpRequest getRequest() {
        return new PrometheusHttpRequest() {
            @Override
            public String getQueryString() {
                return head.query();
            }

            @Override
            public Enumeration<String> getHeaders(String name) {
                return Collections.enumeration(head.header(name));
            }

            @Override
            public String getMethod() {
                return head.method();
            }

            @Override
            public String getRequestPath() {
                return head.path();
            }
        };
    }

    @Override
    public PrometheusHttpResponse getResponse() {
        return new PrometheusHttpResponse() {
            @Override
            public void setHeader(String name, String value) {
                responseHeaders.put(name, value);
            }

            @Override
            public OutputStream sendHeadersAndGetBody(int statusCode, int contentLength) {
                status = statusCode;
                return body;
            }
        };
    }

    @Override
    public void handleException(IOException e) throws IOException {
        throw e;
    }

    @Override
    public void handleException(RuntimeException e) {
        throw e;
    }

    @Override
    public void close() {}
}
