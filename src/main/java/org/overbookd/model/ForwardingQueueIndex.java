package org.overbookd.model;

import java.util.Iterator;

/**
 * A {@link QueueIndex} that answers every question with another: what a {@link ForwardingClusterView}
 * implements when the view it wraps keeps its queue in order, so that the policy's indexed path
 * still finds the index. An interface with default methods because such a view already extends its
 * forwarding base; a method added to QueueIndex is forwarded here, once for all of them.
 */
public interface ForwardingQueueIndex extends QueueIndex {

    /** The index every answer comes from: the wrapped view's. */
    QueueIndex delegateIndex();

    @Override
    default int queued() {
        return delegateIndex().queued();
    }

    @Override
    default boolean anyPinned() {
        return delegateIndex().anyPinned();
    }

    @Override
    default boolean anySized() {
        return delegateIndex().anySized();
    }

    @Override
    default Iterator<? extends VmView> suspendedByArrival() {
        return delegateIndex().suspendedByArrival();
    }

    @Override
    default Iterator<? extends VmView> othersByArrival() {
        return delegateIndex().othersByArrival();
    }
}
