package org.overbookd.config;

/** The key reference, generated from {@link Options} so the docs can never disagree with the code. */
public final class ConfigReference {

    private static final String HEADER = """
            # overbookd configuration.
            #
            # Every key overbookd reads is listed here at its default, with what it means and what it accepts.
            # Validate a copy with:   overbookd check-config --config /etc/overbookd/overbookd.properties
            # Regenerate this file:   overbookd config-reference --format properties
            # Durations read as 500ms, 30s, 5m, 2h or 7d. Sizes as 512KB, 100MB or 2GB. Percentages are 0-100.
            # "Utilization" is a host's busy CPU over its physical CPU: on OpenNebula the host's measured
            # USED_CPU over TOTAL_CPU (cores x 100, whatever RESERVED_CPU says); in the simulator the sum of
            # its VMs' loads (100 = one full core) over its cores: on an octacore host one busy core adds 12.5.

            """;

    private ConfigReference() {}

    public static String markdown() {
        StringBuilder s = new StringBuilder();
        s.append("| key | type | default | allowed | meaning |\n");
        s.append("| --- | --- | --- | --- | --- |\n");
        for (Option<?> option : Options.ALL) {
            String def = option.formatDefault();
            s.append("| `")
                    .append(option.key())
                    .append("` | ")
                    .append(option.type())
                    .append(" | ")
                    .append(def.isEmpty() ? "(empty)" : "`" + def + "`")
                    .append(" | ")
                    .append(option.range())
                    .append(" | ")
                    .append(option.doc().replace("|", "\\|"))
                    .append(" |\n");
        }
        return s.toString();
    }

    /** The same, as a properties file with every key at its default and its doc as a comment. */
    public static String properties() {
        StringBuilder s = new StringBuilder(HEADER);
        for (Option<?> option : Options.ALL) {
            wrap(s, option.doc());
            s.append("# ")
                    .append(option.type())
                    .append("; allowed: ")
                    .append(option.range())
                    .append('\n');
            s.append(option.key()).append(" = ").append(option.formatDefault()).append("\n\n");
        }
        return s.toString();
    }

    /** Writes a comment of words wrapped before column 100. */
    private static void wrap(StringBuilder s, String text) {
        StringBuilder line = new StringBuilder("#");
        for (String word : text.split(" ")) {
            if (line.length() + 1 + word.length() > 99 && line.length() > 1) {
                s.append(line).append('\n');
                line = new StringBuilder("#");
            }
            line.append(' ').append(word);
        }
        s.append(line).append('\n');
    }
}
