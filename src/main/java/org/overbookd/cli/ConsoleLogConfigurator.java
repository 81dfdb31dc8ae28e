package org.overbookd.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import ch.qos.logback.core.spi.ContextAwareBase;

/**
 * overbookd's default logging, set up in code: human logs to stderr, so that stdout stays clean for
 * tables. Logback finds it through {@code META-INF/services}; in code rather than in a
 * {@code logback.xml} because reading XML (a SAX parser and Logback's model classes) costs every
 * command a share of its cold start that a short {@code sweep} feels (docs/performance.md).
 *
 * <p>An operator's own file still wins: with {@code -Dlogback.configurationFile=FILE} (or a
 * {@code logback-test.xml} on the class path) this steps aside and Logback reads that file as
 * usual. The root level is {@code OVERBOOKD_LOG_LEVEL} (a system property or the environment;
 * INFO by default). Each line starts with the time when {@code overbookd.log.time} is not empty:
 * {@link Main} sets it to {@code ISO8601}, or to nothing under journald, which adds its own time;
 * there each line starts with its priority instead ({@code overbookd.log.journal}, {@link Journal}).
 * The line is {@link ConsoleLogLayout}'s.
 */
public final class ConsoleLogConfigurator extends ContextAwareBase implements Configurator {

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        if (System.getProperty("logback.configurationFile") != null
                || ConsoleLogConfigurator.class.getClassLoader().getResource("logback-test.xml") != null) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        ConsoleLogLayout layout = new ConsoleLogLayout(
                !System.getProperty("overbookd.log.time", "").isEmpty(),
                Boolean.parseBoolean(System.getProperty(Journal.PROPERTY)));
        layout.setContext(context);
        layout.start();
        LayoutWrappingEncoder<ILoggingEvent> encoder = new LayoutWrappingEncoder<>();
        encoder.setContext(context);
        encoder.setLayout(layout);
        encoder.start();
        ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
        stderr.setContext(context);
        stderr.setName("STDERR");
        stderr.setTarget("System.err");
        stderr.setEncoder(encoder);
        stderr.start();
        context.getLogger("org.apache.commons").setLevel(Level.WARN);
        // Quartz announces its own configuration at INFO on every start; overbookd logs what matters
        context.getLogger("org.quartz").setLevel(Level.WARN);
        ch.qos.logback.classic.Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.toLevel(rootLevel(), Level.INFO));
        root.addAppender(stderr);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    private static String rootLevel() {
        String level = System.getProperty("OVERBOOKD_LOG_LEVEL");
        return level != null ? level : System.getenv("OVERBOOKD_LOG_LEVEL");
    }
}
