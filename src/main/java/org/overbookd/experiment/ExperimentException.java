package org.overbookd.experiment;

/** An experiment asked for something it cannot do: a part it does not have, an input it cannot use. */
public final class ExperimentException extends Exception {

    private static final long serialVersionUID = 1L;

    public ExperimentException(String message) {
        super(message);
    }
}
