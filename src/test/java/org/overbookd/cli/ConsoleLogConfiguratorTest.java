package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.PatternLayout;
import ch.qos.logback.classic.spi.Configurator.ExecutionStatus;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.encoder.LayoutWrappingEncoder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class ConsoleLogConfiguratorTest {

    @AfterEach
    void clearProperty() {
        System.clearProperty("logback.configurationFile");
    }

    @Test
    void theDefaultLogsToStderrWithTheConfiguredTimePrefixAndQuietLibraries() {
        LoggerContext context = new LoggerContext();
        ExecutionStatus status = new ConsoleLogConfigurator().configure(context);

        assertEquals(ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY, status);
        ConsoleAppender<?> stderr = assertInstanceOf(
                ConsoleAppender.class,
                context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).getAppender("STDERR"));
        assertEquals("System.err", stderr.getTarget());
        LayoutWrappingEncoder<?> encoder = assertInstanceOf(LayoutWrappingEncoder.class, stderr.getEncoder());
        assertInstanceOf(ConsoleLogLayout.class, encoder.getLayout());
        assertEquals(Level.WARN, context.getLogger("org.quartz").getLevel());
        assertEquals(Level.WARN, context.getLogger("org.apache.commons").getLevel());
    }

    /**
     * The layout writes what Logback's pattern layout wrote with the pattern it replaces, to the
     * character, with and without the time, for every level, short and long logger names, and a
     * throwable with a cause.
     */
    @Test
    void theLineIsThePatternLayoutsLine() {
        LoggerContext context = new LoggerContext();
        for (boolean withTime : new boolean[] {true, false}) {
            PatternLayout pattern = new PatternLayout();
            pattern.setContext(context);
            pattern.setPattern((withTime ? "%d{ISO8601} " : "") + "%-5level %logger{20} - %msg%n");
            pattern.start();
            ConsoleLogLayout layout = new ConsoleLogLayout(withTime);
            layout.setContext(context);
            layout.start();
            Exception thrown = new IllegalStateException("outer", new java.io.IOException("inner"));
            for (Level level : new Level[] {Level.ERROR, Level.WARN, Level.INFO, Level.DEBUG, Level.TRACE}) {
                for (String name :
                        new String[] {"org.overbookd.backend.opennebula.OpenNebulaBackend", "Main", "org.quartz.x"}) {
                    for (Throwable t : new Throwable[] {null, thrown}) {
                        LoggingEvent event = new LoggingEvent(
                                "fqcn", context.getLogger(name), level, "cycle {}: {} decisions", t, new Object[] {12, 3
                                });
                        assertEquals(pattern.doLayout(event), layout.doLayout(event), level + " " + name + " " + t);
                    }
                }
            }
        }
    }

    @Test
    void anOperatorsOwnFileWins() {
        System.setProperty("logback.configurationFile", "/etc/overbookd/logback.xml");
        LoggerContext context = new LoggerContext();

        assertEquals(ExecutionStatus.INVOKE_NEXT_IF_ANY, new ConsoleLogConfigurator().configure(context));
        assertNull(context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).getAppender("STDERR"));
    }

    @Test
    void theProcessWideContextWasSetUpByIt() {
        // found through META-INF/services: the test JVM's own logging went through it
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        assertInstanceOf(
                ConsoleAppender.class,
                context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).getAppender("STDERR"));
    }
}
