package org.overbookd.daemon.health;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One scrape of a Prometheus text-format endpoint, parsed by a parser of its own (not the client
 * library's): {@code name{label="value",...} number} lines; comments skipped.
 */
public final class Scrape {

    public record Sample(String name, Map<String, String> labels, double value) {}

    private static final Pattern LINE = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)\\})?\\s+(\\S+)(\\s+\\d+)?");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\",?");
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final List<Sample> samples;
    private final String text;
    private final String contentType;

    private Scrape(List<Sample> samples, String text, String contentType) {
        this.samples = List.copyOf(samples);
        this.text = text;
        this.contentType = contentType;
    }

    public static Scrape of(InetSocketAddress address) throws IOException, InterruptedException {
        URI uri = URI.create("http://" + address.getAddress().getHostAddress() + ":" + address.getPort() + "/metrics");
        HttpResponse<String> response = HTTP.send(
                HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException(uri + " answered " + response.statusCode());
        }
        return parse(
                response.body(), response.headers().firstValue("Content-Type").orElse(""));
    }

    public static Scrape parse(String text, String contentType) {
        List<Sample> samples = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            Matcher m = LINE.matcher(line.trim());
            if (!m.matches()) {
                throw new IllegalArgumentException("not a sample line: " + line);
            }
            Map<String, String> labels = new TreeMap<>();
            if (m.group(3) != null && !m.group(3).isEmpty()) {
                Matcher l = LABEL.matcher(m.group(3));
                int end = 0;
                while (l.find() && l.start() == end) {
                    labels.put(l.group(1), l.group(2));
                    end = l.end();
                }
                if (end != m.group(3).length()) {
                    throw new IllegalArgumentException("bad labels: " + line);
                }
            }
            samples.add(
                    new Sample(m.group(1), labels, Double.parseDouble(m.group(4).replace("+Inf", "Infinity"))));
        }
        return new Scrape(samples, text, contentType);
    }

    public String text() {
        return text;
    }

    public String contentType() {
        return contentType;
    }

    public List<Sample> samples() {
        return samples;
    }

    /** The value of the one series with exactly these labels (name, then label, value pairs); NaN if absent. */
    public double value(String name, String... labelPairs) {
        Map<String, String> want = new TreeMap<>();
        for (int i = 0; i < labelPairs.length; i += 2) {
            want.put(labelPairs[i], labelPairs[i + 1]);
        }
        return samples.stream()
                .filter(s -> s.name().equals(name) && s.labels().equals(want))
                .mapToDouble(Sample::value)
                .findFirst()
                .orElse(Double.NaN);
    }

    /** The series of one name, keyed by the value of one label. */
    public Map<String, Double> byLabel(String name, String label) {
        Map<String, Double> out = new LinkedHashMap<>();
        samples.stream()
                .filter(s -> s.name().equals(name))
                .forEach(s -> out.merge(s.labels().get(label), s.value(), Double::sum));
        return out;
    }

    /** Every metric name present (histograms as their _bucket, _count and _sum series). */
    public List<String> names() {
        return samples.stream().map(Sample::name).distinct().toList();
    }
}
