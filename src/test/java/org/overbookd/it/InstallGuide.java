package org.overbookd.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The install guide (docs/operating.md, "Running beside OpenNebula"), read as the real-oned suites run it:
 * the {@code sh} blocks of one numbered step, in order, their list indentation removed. What the
 * suites run is what the guide says, with only the paths of a packaged front-end mapped to the
 * unpacked one.
 */
final class InstallGuide {

    private final List<String> lines;

    private InstallGuide(List<String> lines) {
        this.lines = lines;
    }

    /** The guide where the project keeps it. */
    static final Path PAGE = Path.of("docs/operating.md");

    static InstallGuide read(Path readme) throws IOException {
        List<String> all = Files.readAllLines(readme);
        int start = all.indexOf("## Running beside OpenNebula");
        if (start < 0) {
            throw new IllegalStateException(readme + " has no section '## Running beside OpenNebula'");
        }
        int end = start + 1;
        while (end < all.size() && !all.get(end).startsWith("## ")) {
            end++;
        }
        return new InstallGuide(all.subList(start + 1, end));
    }

    /** The sh blocks of step {@code number} ("N. **...**" up to the next step), each as one text. */
    List<String> step(int number) {
        List<String> blocks = new ArrayList<>();
        boolean inStep = false;
        StringBuilder block = null;
        for (String line : lines) {
            if (line.matches("\\d+\\. \\*\\*.*")) {
                inStep = line.startsWith(number + ". ");
                continue;
            }
            if (!inStep) {
                continue;
            }
            if (line.strip().equals("```sh")) {
                block = new StringBuilder();
            } else if (line.strip().equals("```") && block != null) {
                blocks.add(block.toString());
                block = null;
            } else if (block != null) {
                block.append(line.startsWith("   ") ? line.substring(3) : line).append('\n');
            }
        }
        if (blocks.isEmpty()) {
            throw new IllegalStateException("step " + number + " of the install guide has no sh block");
        }
        return blocks;
    }
}
