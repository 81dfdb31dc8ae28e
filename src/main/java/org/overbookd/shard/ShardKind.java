package org.overbookd.shard;

import java.util.Map;

/**
 * Which command's shards these are, as a marker and a merge name them.
 *
 * @param command  the command that runs a shard ({@code sweep}, {@code tune}); a marker of another
 *                 command is refused by the merge
 * @param whole    what the shards are slices of, in an error: "a shard of another grid"
 * @param rowsFile the file of rows (a CSV table with a header) each shard writes beside its marker
 * @param exact    what each run's exact figures in the marker are, in words, for a command whose rows
 *                 are rounded (the merge needs the exact ones); empty when the rows are exact
 * @param merge    the command line that joins the shards, for the marker's first line
 * @param hints    a sentence to add to the error when a described line differs, by its key: what
 *                 most often makes that line differ
 */
public record ShardKind(
        String command, String whole, String rowsFile, String exact, String merge, Map<String, String> hints) {

    public ShardKind {
        hints = Map.copyOf(hints);
    }
}
