package org.overbookd.cli;

import org.overbookd.shard.Slice;
import picocli.CommandLine;

/** The {@code --shard I/N} value of sweep and tune. */
final class ShardOption {

    private ShardOption() {}

    /** The slice, or a usage error naming --shard. */
    static Slice parse(CommandLine command, String value) {
        try {
            return Slice.parse(value);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(command, "--shard: " + e.getMessage());
        }
    }
}
