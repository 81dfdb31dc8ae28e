package org.overbookd.testing;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import org.slf4j.LoggerFactory;

/** Captures every log event, at every level, on Logback's root logger while open. */
public final class LogCapture implements AutoCloseable {

    private final Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    private final Level previous = root.getLevel();
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

    private LogCapture() {
        appender.start();
        root.addAppender(appender);
        root.setLevel(Level.TRACE); // the lowest level an event can have: every event
    }

    public static LogCapture start() {
        return new LogCapture();
    }

    public List<ILoggingEvent> events() {
        return List.copyOf(appender.list);
    }

    /** Every formatted message and every stack trace, causes included, as one text. */
    public String text() {
        StringBuilder all = new StringBuilder();
        for (ILoggingEvent event : events()) {
            all.append(event.getLevel())
                    .append(' ')
                    .append(event.getLoggerName())
                    .append(' ')
                    .append(event.getFormattedMessage())
                    .append('\n');
            if (event.getThrowableProxy() != null) {
                all.append(ThrowableProxyUtil.asString(event.getThrowableProxy()))
                        .append('\n');
            }
        }
        return all.toString();
    }

    @Override
    public void close() {
        root.detachAppender(appender);
        root.setLevel(previous);
        appender.stop();
    }
}
