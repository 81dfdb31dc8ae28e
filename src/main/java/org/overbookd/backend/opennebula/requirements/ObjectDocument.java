package org.overbookd.backend.opennebula.requirements;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.overbookd.sorted.SortedInts;

/**
 * One OpenNebula object's XML as oned's requirement evaluation looks attributes up in it
 * ({@code ObjectXML::search}): a name that starts with {@code /} is an absolute path; any other is
 * looked up under each of the object's search paths at once (an XPath union), and the elements found
 * come in document order, not in the order of the paths. For a host the paths are TEMPLATE,
 * HOST_SHARE, HOST_SHARE/DATASTORES, MONITORING/CAPACITY, MONITORING/SYSTEM, the host itself and
 * CLUSTER_TEMPLATE (oned's scheduler appends the host's last monitoring sample as MONITORING and
 * its cluster's template as CLUSTER_TEMPLATE, in that order, after the host's own elements), so
 * {@code NAME} is the host's own NAME before any TEMPLATE/NAME, and a host's template attribute
 * comes before its cluster's. An element's value is all the text inside it
 * ({@code xmlNodeGetContent}), that of its children included.
 *
 * <p>Only plain element paths are looked up ({@link #plainName}); the rest of XPath is not copied.
 * A document may be built for a known set of names only ({@link #builder(String, List, boolean,
 * Collection)}): it then keeps the elements those names can find and the text inside them, and tells
 * its reader which elements it need not enter at all. It is bounded when built: past
 * {@link #MAX_ELEMENTS} elements kept, {@link #MAX_DEPTH} levels or {@link #MAX_TEXT} characters it
 * keeps nothing, and any look-up in it is unevaluable.
 */
public final class ObjectDocument {

    /** The search paths of a host, relative to HOST, in oned's order (Host.cc). */
    public static final List<String> HOST_PATHS = List.of(
            "TEMPLATE/",
            "HOST_SHARE/",
            "HOST_SHARE/DATASTORES/",
            "MONITORING/CAPACITY/",
            "MONITORING/SYSTEM/",
            "",
            "CLUSTER_TEMPLATE/");
    /** The search paths of a datastore, relative to DATASTORE (Datastore.cc). */
    public static final List<String> DATASTORE_PATHS = List.of("TEMPLATE/", "");
    /** Where a host lists its VMs: what oned's CURRENT_VMS reads. */
    static final String CURRENT_VMS_PATH = "VMS/ID";

    static final int MAX_ELEMENTS = 200_000;
    static final int MAX_DEPTH = 64;
    static final int MAX_TEXT = 16 * 1024 * 1024;

    /** An XML name step of ASCII characters; paths of them, relative or absolute. */
    private static final Pattern PLAIN = Pattern.compile("/?[A-Za-z_][A-Za-z0-9_.-]*(/[A-Za-z_][A-Za-z0-9_.-]*)*");

    private final Kind kind;
    private final String text;
    private final int[] starts;
    private final int[] ends;
    /** path from the root (the root itself is "") to its elements kept, in document order */
    private final Map<String, int[]> byPath;

    private final String tooLarge;
    private final List<Attachment> attachments;

    private ObjectDocument(ObjectDocument base, List<Attachment> attachments) {
        this.kind = base.kind;
        this.text = base.text;
        this.starts = base.starts;
        this.ends = base.ends;
        this.byPath = base.byPath;
        this.tooLarge = base.tooLarge;
        this.attachments = attachments;
    }

    private ObjectDocument(Builder b) {
        this.attachments = List.of();
        this.kind = b.kind;
        this.tooLarge = b.tooLarge;
        if (tooLarge != null) {
            text = "";
            starts = new int[0];
            ends = new int[0];
            byPath = Map.of();
            return;
        }
        this.text = b.text.toString();
        this.starts = Arrays.copyOf(b.starts, b.count);
        this.ends = Arrays.copyOf(b.ends, b.count);
        Map<String, int[]> index = new HashMap<>(b.byPath.size() * 2);
        b.byPath.forEach((path, list) ->
                index.put(path, list.stream().mapToInt(Integer::intValue).toArray()));
        this.byPath = index;
    }

    /** Whether oned's look-up reads {@code name} as a path of element names, which is all this class looks up. */
    public static boolean plainName(String name) {
        return PLAIN.matcher(name).matches();
    }

    /** Whether the object answers oned's pseudo-attribute CURRENT_VMS (a host does, from VMS/ID). */
    boolean hasCurrentVms() {
        return kind.currentVms;
    }

    /** The ids of the VMs on a host, as oned's CURRENT_VMS reads them: /HOST/VMS/ID, whatever the paths. */
    List<String> currentVms() throws Unevaluable {
        return values(CURRENT_VMS_PATH);
    }

    /**
     * The values of the elements {@code name} finds, in document order; empty when none.
     *
     * @throws Unevaluable when the document, or a document attached to it that the name reaches into,
     *                     was too large to keep
     */
    public List<String> search(String name) throws Unevaluable {
        String[] full = kind.plan(name);
        if (full == Kind.WHOLE_ROOT) {
            throw new Unevaluable(
                    "\"" + name + "\" is the whole " + kind.root + ", whose value overbookd does not compose");
        }
        List<String> found = values(full);
        for (Attachment a : attachments) {
            String[] inside = kind.inside(name, full, a);
            if (inside.length > 0) {
                List<String> more = a.document().values(inside);
                if (!more.isEmpty()) {
                    found = new ArrayList<>(found);
                    found.addAll(more);
                }
            }
        }
        return found;
    }

    /** The path from the root an absolute name finds ("" for the root itself), or null when it names another root. */
    private static String absolute(String root, String name) {
        String rootPath = "/" + root;
        if (name.equals(rootPath)) {
            return "";
        }
        return name.startsWith(rootPath + "/") ? name.substring(rootPath.length() + 1) : null;
    }

    /** The values at these paths of this document itself, in document order, each element once. */
    private List<String> values(String... full) throws Unevaluable {
        if (tooLarge != null) {
            throw new Unevaluable(tooLarge);
        }
        int[] merged = null;
        for (String path : full) {
            int[] found = byPath.get(path);
            if (found != null) {
                merged = merged == null ? found : SortedInts.union(merged, found);
            }
        }
        if (merged == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>(merged.length);
        for (int e : merged) {
            out.add(text.substring(starts[e], ends[e]));
        }
        return out;
    }

    /**
     * This document with {@code other}'s element at {@code path} (from its root, "" for the root)
     * as its last child, named {@code child}: what oned's scheduler does when it appends a host's
     * monitoring sample and its cluster's template to the host. Documents attached earlier stay before.
     */
    public ObjectDocument attach(String child, ObjectDocument other, String path) {
        List<Attachment> more = new ArrayList<>(attachments);
        more.add(new Attachment(child, other, path, child + "\u0000" + path));
        return new ObjectDocument(this, List.copyOf(more));
    }

    /** {@code key}: child and path together, what the plans inside it are kept by. */
    private record Attachment(String child, ObjectDocument document, String path, String key) {}

    /**
     * What the documents of one kind of object share: the root's name, the search paths, whether
     * CURRENT_VMS is answered; and the look-up plans of the names asked of them, made once per name
     * (the full paths a name stands for, and where they lead inside an attached document), since
     * every host of a pool is asked the same few names.
     */
    static final class Kind {
        /** The plan of a name that is the root itself. */
        static final String[] WHOLE_ROOT = new String[0];

        final String root;
        final List<String> paths;
        final boolean currentVms;
        private final Map<String, String[]> plans = new ConcurrentHashMap<>();
        private final Map<String, Map<String, String[]>> insides = new ConcurrentHashMap<>();

        Kind(String root, List<String> paths, boolean currentVms) {
            this.root = root;
            this.paths = List.copyOf(paths);
            this.currentVms = currentVms;
        }

        /** The paths from the root that {@code name} looks at, in the paths' order; {@link #WHOLE_ROOT} for the root. */
        String[] plan(String name) {
            return plans.computeIfAbsent(name, n -> {
                if (n.startsWith("/")) {
                    String absolute = absolute(root, n);
                    if (absolute == null) {
                        return new String[0];
                    }
                    return absolute.isEmpty() ? WHOLE_ROOT : new String[] {absolute};
                }
                String[] full = new String[paths.size()];
                for (int i = 0; i < full.length; i++) {
                    full[i] = paths.get(i) + n;
                }
                return full;
            });
        }

        /** Where the paths of {@code name}'s plan lead inside the attachment. */
        String[] inside(String name, String[] full, Attachment a) {
            return insides.computeIfAbsent(name, n -> new ConcurrentHashMap<>()).computeIfAbsent(a.key(), k -> {
                List<String> inside = new ArrayList<>();
                for (String path : full) {
                    if (path.equals(a.child())) {
                        inside.add(a.path());
                    } else if (path.startsWith(a.child() + "/")) {
                        String rest = path.substring(a.child().length() + 1);
                        inside.add(a.path().isEmpty() ? rest : a.path() + "/" + rest);
                    }
                }
                return inside.toArray(new String[0]);
            });
        }
    }

    /** A builder that keeps every element. */
    public static Builder builder(String root, List<String> paths, boolean currentVms) {
        return new Builder(new Kind(root, paths, currentVms), null);
    }

    /**
     * The paths from the root (the root itself is "") at which {@code names}, the attribute names of
     * expressions, can find elements in an object with these search paths.
     */
    public static Set<String> pathsFor(String root, List<String> paths, boolean currentVms, Collection<String> names) {
        Set<String> kept = new TreeSet<>();
        for (String name : names) {
            if (name.startsWith("/")) {
                String absolute = absolute(root, name);
                if (absolute != null) {
                    kept.add(absolute);
                }
                continue;
            }
            for (String prefix : paths) {
                kept.add(prefix + name);
            }
            if (currentVms && name.equals("CURRENT_VMS")) {
                kept.add(CURRENT_VMS_PATH);
            }
        }
        return kept;
    }

    /**
     * The paths of {@code kept} that lie inside the child {@code child} of the root, as paths from
     * that child ("" for the child itself): what to keep of a document attached as that child.
     */
    public static Set<String> inside(Set<String> kept, String child) {
        Set<String> inside = new TreeSet<>();
        for (String path : kept) {
            if (path.equals(child)) {
                inside.add("");
            } else if (path.startsWith(child + "/")) {
                inside.add(path.substring(child.length() + 1));
            }
        }
        return inside;
    }

    /** A builder that keeps only the elements at {@code kept} (paths from the root) and the text inside them. */
    public static Builder builder(String root, List<String> paths, boolean currentVms, Set<String> kept) {
        return builders(root, paths, currentVms, kept).get();
    }

    /**
     * Builders that keep only the elements at {@code kept}, for many objects of one kind (the hosts of a
     * pool): the paths are arranged once, and every builder reads them.
     */
    public static Supplier<Builder> builders(String root, List<String> paths, boolean currentVms, Set<String> kept) {
        Node tree = new Node("");
        kept.forEach(tree::add);
        Kind kind = new Kind(root, paths, currentVms);
        return () -> new Builder(kind, tree);
    }

    /** Builders that keep every element, for many objects of one kind (the datastores of a pool). */
    public static Supplier<Builder> builders(String root, List<String> paths, boolean currentVms) {
        Kind kind = new Kind(root, paths, currentVms);
        return () -> new Builder(kind, null);
    }

    /** The paths a restricted builder keeps, as a tree of element names; only read once arranged. */
    private static final class Node {
        final String path;
        final Map<String, Node> children = new HashMap<>();
        boolean kept;

        Node(String path) {
            this.path = path;
        }

        void add(String relative) {
            if (relative.isEmpty()) {
                kept = true;
                return;
            }
            int slash = relative.indexOf('/');
            String step = slash < 0 ? relative : relative.substring(0, slash);
            if (step.isEmpty()) {
                return; // a search path's own trailing slash with nothing after it
            }
            children.computeIfAbsent(step, s -> new Node(path.isEmpty() ? s : path + "/" + s))
                    .add(slash < 0 ? "" : relative.substring(slash + 1));
        }
    }

    /**
     * Fed one element at a time, in document order: {@link #open} a child of the element open (the
     * root is open from the start); when it answers false the reader skips that element's content and
     * does not close it; else {@link #text} the character data read inside it and {@link #close} it.
     */
    public static final class Builder {
        private final Kind kind;
        private final String root;
        /** What is kept; null: everything. */
        private final Node tree;

        private final StringBuilder text = new StringBuilder();
        private int[] starts = new int[16];
        private int[] ends = new int[16];
        private int count;
        private final Map<String, List<Integer>> byPath = new HashMap<>();
        /** Per open element: its node in the tree (null: off the tree), its path when everything is kept, its entry or -1. */
        private final List<Node> openNodes = new ArrayList<>();

        private final List<String> openPaths = new ArrayList<>();
        private final List<Integer> openEntries = new ArrayList<>();
        /** Open elements that are kept: while any is, all text is kept. */
        private int keptOpen;

        private int depth;
        private String tooLarge;

        private Builder(Kind kind, Node tree) {
            this.kind = kind;
            this.root = kind.root;
            this.tree = tree;
            push(tree, "", tree == null || tree.kept);
        }

        /** Opens a child of the element open; false: skip it, it holds nothing kept. */
        public boolean open(String name) {
            if (tooLarge != null) {
                return false;
            }
            if (depth >= MAX_DEPTH) {
                tooLarge = root + " nests elements deeper than " + MAX_DEPTH + ", more than overbookd indexes";
                return false;
            }
            Node parent = openNodes.get(openNodes.size() - 1);
            Node node = parent == null ? null : parent.children.get(name);
            if (tree != null && node == null && keptOpen == 0) {
                return false;
            }
            String parentPath = openPaths.get(openPaths.size() - 1);
            String path = tree == null ? (parentPath.isEmpty() ? name : parentPath + "/" + name) : null;
            push(node, path, tree == null || node != null && node.kept);
            return true;
        }

        public Builder text(CharSequence chars) {
            if (tooLarge == null && keptOpen > 0 && chars.length() > 0) {
                if (text.length() + chars.length() > MAX_TEXT) {
                    tooLarge =
                            root + " holds more than " + MAX_TEXT + " characters of text, more than overbookd indexes";
                    return this;
                }
                text.append(chars);
            }
            return this;
        }

        public Builder close() {
            if (tooLarge == null && depth > 0) {
                pop();
            }
            return this;
        }

        public ObjectDocument build() {
            if (tooLarge == null) {
                while (depth > 0) {
                    pop();
                }
                pop();
            }
            return new ObjectDocument(this);
        }

        private void push(Node node, String path, boolean kept) {
            int entry = -1;
            if (kept) {
                if (count >= MAX_ELEMENTS) {
                    tooLarge = root + " has more than " + MAX_ELEMENTS + " elements, more than overbookd indexes";
                    return;
                }
                if (count == starts.length) {
                    starts = Arrays.copyOf(starts, count * 2);
                    ends = Arrays.copyOf(ends, count * 2);
                }
                entry = count++;
                starts[entry] = text.length();
                byPath.computeIfAbsent(node != null && tree != null ? node.path : path, p -> new ArrayList<>())
                        .add(entry);
                keptOpen++;
            }
            openNodes.add(tree == null ? null : node);
            openPaths.add(path);
            openEntries.add(entry);
            depth = openNodes.size() - 1;
        }

        private void pop() {
            int last = openNodes.size() - 1;
            int entry = openEntries.remove(last);
            if (entry >= 0) {
                ends[entry] = text.length();
                keptOpen--;
            }
            openNodes.remove(last);
            openPaths.remove(last);
            depth = openNodes.size() - 1;
        }
    }
}
