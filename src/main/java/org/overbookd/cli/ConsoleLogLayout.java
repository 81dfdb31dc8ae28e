package org.overbookd.cli;

import ch.qos.logback.classic.pattern.TargetLengthBasedClassNameAbbreviator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.CoreConstants;
import ch.qos.logback.core.LayoutBase;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * overbookd's log line, written directly: what Logback's pattern {@code %d{ISO8601} %-5level
 * %logger{20} - %msg%n} writes (the time only when asked), then the stack trace of a throwable,
 * as the pattern layout appends it. Not the pattern layout itself, because starting it costs a cold
 * JVM on every command (it parses the pattern and makes a class for each of its seventy-odd
 * converters) a share of a short command such as the tables 1-3 sweep (docs/performance.md).
 */
final class ConsoleLogLayout extends LayoutBase<ILoggingEvent> {

    /** Logback's ISO8601 time: {@code 2026-11-24 20:30:01,123}, in the JVM's time zone. */
    private static final DateTimeFormatter ISO8601 = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss,SSS");

    private final DateTimeFormatter time;
    private final boolean journal;
    private final TargetLengthBasedClassNameAbbreviator names = new TargetLengthBasedClassNameAbbreviator(20);

    /** @param withTime whether each line starts with the time (not under journald, which adds its own) */
    ConsoleLogLayout(boolean withTime) {
        this(withTime, false);
    }

    /**
     * @param journal whether every line, a stack trace's included, starts with the journal's priority
     *                prefix for the event's level (stderr is the journal)
     */
    ConsoleLogLayout(boolean withTime, boolean journal) {
        this.time = withTime ? ISO8601.withZone(ZoneId.systemDefault()) : null;
        this.journal = journal;
    }

    @Override
    public String doLayout(ILoggingEvent event) {
        StringBuilder line = new StringBuilder(128);
        if (time != null) {
            line.append(time.format(Instant.ofEpochMilli(event.getTimeStamp()))).append(' ');
        }
        String level = event.getLevel().toString();
        line.append(level);
        for (int pad = level.length(); pad < 5; pad++) {
            line.append(' ');
        }
        line.append(' ')
                .append(names.abbreviate(event.getLoggerName()))
                .append(" - ")
                .append(event.getFormattedMessage())
                .append(CoreConstants.LINE_SEPARATOR);
        IThrowableProxy thrown = event.getThrowableProxy();
        if (thrown != null) {
            line.append(ThrowableProxyUtil.asString(thrown));
        }
        return journal ? prioritized(line.toString(), Journal.prefix(level)) : line.toString();
    }

    /** Each line of {@code text} (ending in a line separator) with {@code prefix} in front. */
    private static String prioritized(String text, String prefix) {
        StringBuilder out = new StringBuilder(text.length() + 8);
        int from = 0;
        while (from < text.length()) {
            int end = text.indexOf('\n', from);
            end = end < 0 ? text.length() : end + 1;
            out.append(prefix).append(text, from, end);
            from = end;
        }
        return out.toString();
    }
}
