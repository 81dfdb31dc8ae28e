package org.overbookd.audit;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.FileAppender;
import java.time.Instant;
import net.logstash.logback.encoder.LogstashEncoder;
import net.logstash.logback.marker.Markers;
import org.overbookd.backend.Outcome;
import org.overbookd.policy.Decision;
import org.slf4j.LoggerFactory;

/**
 * The daemon's audit log: a dedicated Logback logger ({@code overbookd.audit}, not additive, so
 * audit records never mix with the human log) with a file appender and the Logstash JSON encoder.
 * Each record carries the same fields as {@link JsonLinesAuditLog} plus Logback's own
 * ({@code @timestamp}, {@code message} = the reason), one JSON object per line.
 */
public final class LogbackAuditLog implements AuditLog {

    public static final String LOGGER = "overbookd.audit";

    private final Logger logger;
    private final FileAppender<ILoggingEvent> appender;

    public LogbackAuditLog(String file) {
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        LogstashEncoder encoder = new LogstashEncoder();
        encoder.setContext(context);
        encoder.setIncludeContext(false);
        encoder.setIncludeCallerData(false);
        encoder.start();
        appender = new FileAppender<>();
        appender.setContext(context);
        appender.setName("overbookd-audit");
        appender.setFile(file);
        appender.setAppend(true);
        appender.setImmediateFlush(true);
        appender.setEncoder(encoder);
        appender.start();
        if (!appender.isStarted()) {
            throw new IllegalStateException("cannot open the audit log " + file);
        }
        logger = context.getLogger(LOGGER);
        logger.setAdditive(false);
        logger.setLevel(Level.INFO);
        logger.addAppender(appender);
    }

    @Override
    public void decided(long cycle, Instant time, Decision decision) {
        logger.info(Markers.appendEntries(AuditRecord.fields(cycle, time, decision, null)), decision.reason().text());
    }

    @Override
    public void enacted(long cycle, Instant time, Outcome outcome) {
        logger.info(Markers.appendEntries(AuditRecord.fields(cycle, time, outcome.decision(), outcome)),
                outcome.decision().reason().text());
    }

    @Override
    public void close() {
        logger.detachAppender(appender);
        appender.stop();
    }
}
