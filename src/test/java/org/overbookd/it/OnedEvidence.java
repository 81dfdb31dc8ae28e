package org.overbookd.it;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/**
 * What the real system recorded, read back after the run: oned's request log (every call with the
 * user who made it and its result), each VM's own log (every state it went through, with the
 * time) and full HISTORY (one.vm.info), and overbookd's audit log.
 */
final class OnedEvidence {

    private OnedEvidence() {}

    /** One XML-RPC call as oned logged it: "Req:0278 UID:2 IP:... one.vm.deploy invoked 0, 0, 0, -1". */
    record Call(
            Instant time, String request, int uid, String method, List<String> args, boolean success, String result) {

        /** The VM a one.vm.* call names, or -1. */
        int vm() {
            try {
                if (method.equals("one.vm.action")) {
                    return Integer.parseInt(args.get(1));
                }
                if (method.startsWith("one.vm.")) {
                    return Integer.parseInt(args.get(0));
                }
            } catch (RuntimeException e) {
                return -1;
            }
            return -1;
        }

        /** one.vm.deploy, or one.vm.action with a verb: the calls that change a VM. */
        boolean acts() {
            return method.equals("one.vm.deploy") || method.equals("one.vm.action");
        }

        /** deploy, suspend, stop, resume, ... */
        String verb() {
            return method.equals("one.vm.deploy") ? "deploy" : args.isEmpty() ? "?" : args.get(0);
        }

        /** The host a one.vm.deploy names, or -1. */
        int deployHost() {
            return method.equals("one.vm.deploy") ? Integer.parseInt(args.get(1)) : -1;
        }
    }

    record Transition(Instant time, String state) {}

    record History(int seq, int hostId, long stime, long etime, int action, int uid) {}

    private static final DateTimeFormatter ONE_TIME =
            DateTimeFormatter.ofPattern("EEE MMM d HH:mm:ss yyyy", Locale.ENGLISH);
    private static final Pattern INVOKED = Pattern.compile(
            "^(\\w{3} \\w{3} +\\d+ \\d\\d:\\d\\d:\\d\\d \\d{4}) \\[[^]]*]\\[ReM]\\[.]: Req:(\\d+) UID:(-?\\d+) IP:\\S+ "
                    + "(one\\.[\\w.]+) invoked ?(.*)$");
    private static final Pattern RESULT =
            Pattern.compile("\\[ReM]\\[.]: Req:(\\d+) UID:-?\\d+ (one\\.[\\w.]+) result (SUCCESS|FAILURE)(.*)$");
    private static final Pattern VM_STATE = Pattern.compile(
            "^(\\w{3} \\w{3} +\\d+ \\d\\d:\\d\\d:\\d\\d \\d{4}) \\[[^]]*]\\[VM]\\[.]: New (?:LCM )?state is (\\w+)");

    static Instant oneTime(String text) {
        return LocalDateTime.parse(text.replaceAll(" +", " "), ONE_TIME)
                .atZone(ZoneId.systemDefault())
                .toInstant();
    }

    /** Every call oned logged, from oned.log and any rotated copy, in order, each with its result. */
    static List<Call> calls(Path varDir) throws IOException {
        List<Path> logs;
        try (Stream<Path> files = Files.list(varDir)) {
            logs = files.filter(p -> p.getFileName().toString().startsWith("oned.log"))
                    .sorted(Comparator.comparingLong(p -> p.toFile().lastModified()))
                    .toList();
        }
        List<Call> calls = new ArrayList<>();
        for (Path log : logs) {
            List<String> lines = Files.readAllLines(log);
            Map<String, Integer> open = new HashMap<>();
            List<Object[]> pending = new ArrayList<>();
            for (String line : lines) {
                Matcher m = INVOKED.matcher(line);
                if (m.find()) {
                    List<String> args = m.group(5).isBlank()
                            ? List.of()
                            : Arrays.stream(m.group(5).split(", "))
                                    .map(String::strip)
                                    .toList();
                    pending.add(new Object[] {
                        oneTime(m.group(1)), m.group(2), Integer.parseInt(m.group(3)), m.group(4), args, null, ""
                    });
                    // request ids are 4 random digits and do collide: pair by id and method
                    open.put(m.group(2) + " " + m.group(4), pending.size() - 1);
                    continue;
                }
                Matcher r = RESULT.matcher(line);
                if (r.find()) {
                    Integer index = open.remove(r.group(1) + " " + r.group(2));
                    if (index != null) {
                        pending.get(index)[5] = r.group(3).equals("SUCCESS");
                        pending.get(index)[6] = r.group(4).strip();
                    }
                }
            }
            for (Object[] p : pending) {
                @SuppressWarnings("unchecked") // the arguments, put as a List<String> at index 4 above
                List<String> args = (List<String>) p[4];
                calls.add(new Call(
                        (Instant) p[0],
                        (String) p[1],
                        (Integer) p[2],
                        (String) p[3],
                        args,
                        Boolean.TRUE.equals(p[5]),
                        (String) p[6]));
            }
        }
        return calls;
    }

    /** Every state and LCM state the VM entered, from its vm.log. */
    static List<Transition> transitions(Path vmLog) throws IOException {
        List<Transition> out = new ArrayList<>();
        if (!Files.exists(vmLog)) {
            return out;
        }
        for (String line : Files.readAllLines(vmLog)) {
            Matcher m = VM_STATE.matcher(line);
            if (m.find()) {
                out.add(new Transition(oneTime(m.group(1)), m.group(2)));
            }
        }
        return out;
    }

    static Document parse(String xml) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return f.newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
        } catch (Exception e) {
            throw new IllegalStateException("unreadable XML from oned: " + e.getMessage(), e);
        }
    }

    static String text(Element parent, String child) {
        NodeList list = parent.getElementsByTagName(child);
        return list.getLength() == 0 ? "" : list.item(0).getTextContent();
    }

    static int integer(Element parent, String child) {
        String t = text(parent, child).strip();
        return t.isEmpty() ? -1 : Integer.parseInt(t);
    }

    /** The whole HISTORY of one.vm.info. */
    static List<History> histories(String vmInfoXml) {
        Document doc = parse(vmInfoXml);
        List<History> out = new ArrayList<>();
        NodeList list = doc.getElementsByTagName("HISTORY");
        for (int i = 0; i < list.getLength(); i++) {
            Element h = (Element) list.item(i);
            out.add(new History(
                    integer(h, "SEQ"),
                    integer(h, "HID"),
                    Long.parseLong(text(h, "STIME")),
                    Long.parseLong(text(h, "ETIME")),
                    integer(h, "ACTION"),
                    integer(h, "UID")));
        }
        return out;
    }

    /** The VM elements of a pool document, direct children of the root. */
    static List<Element> vms(String poolXml) {
        Document doc = parse(poolXml);
        List<Element> out = new ArrayList<>();
        for (Node n = doc.getDocumentElement().getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals("VM")) {
                out.add(e);
            }
        }
        return out;
    }

    /** Every record of the audit log and of its rolled-over files (same folder, same name prefix). */
    static List<JsonNode> audit(Path auditFile) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<Path> files;
        try (Stream<Path> list = Files.list(auditFile.getParent())) {
            files = list.filter(p -> p.getFileName()
                            .toString()
                            .startsWith(auditFile.getFileName().toString()))
                    .sorted(Comparator.comparingLong(p -> p.toFile().lastModified()))
                    .toList();
        }
        List<JsonNode> out = new ArrayList<>();
        for (Path file : files) {
            for (String line : Files.readAllLines(file)) {
                if (!line.isBlank()) {
                    out.add(json.readTree(line));
                }
            }
        }
        return out;
    }

    /** When the record was written: "@timestamp" (Logback) or "time". */
    static Instant auditTime(JsonNode record) {
        JsonNode t = record.has("@timestamp") ? record.get("@timestamp") : record.get("time");
        return Instant.parse(t.asText());
    }
}
