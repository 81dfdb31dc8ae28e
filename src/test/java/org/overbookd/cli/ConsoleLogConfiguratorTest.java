package org.overbookd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator.ExecutionStatus;
import ch.qos.logback.core.ConsoleAppender;
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
        ConsoleAppender<?> stderr = assertInstanceOf(ConsoleAppender.class,
                context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).getAppender("STDERR"));
        assertEquals("System.err", stderr.getTarget());
        PatternLayoutEncoder encoder = assertInstanceOf(PatternLayoutEncoder.class, stderr.getEncoder());
        assertEquals(System.getProperty("overbookd.log.time", "") + "%-5level %logger{20} - %msg%n",
                encoder.getPattern());
        assertEquals(Level.WARN, context.getLogger("org.quartz").getLevel());
        assertEquals(Level.WARN, context.getLogger("org.apache.commons").getLevel());
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
        assertInstanceOf(ConsoleAppender.class,
                context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).getAppender("STDERR"));
    }
}
