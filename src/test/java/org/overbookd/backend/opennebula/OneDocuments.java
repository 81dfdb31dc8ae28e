package org.overbookd.backend.opennebula;

import java.io.StringWriter;
import java.io.Writer;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * Writes the documents oned 7.4 returns, in the element order of its XSDs and, like oned, with no
 * namespace and no XML declaration: HOST_POOL, MONITORING_DATA for hosts and for VMs, VM_POOL and
 * a single VM. Written for the fake oned and the pool generator; only the fields the XSDs require
 * plus those overbookd reads are filled.
 */
final class OneDocuments {

    private OneDocuments() {}

    @FunctionalInterface
    interface Body {
        void write(XMLStreamWriter xml) throws XMLStreamException;
    }

    static String toString(Body body) {
        StringWriter out = new StringWriter();
        write(out, body);
        return out.toString();
    }

    static void write(Writer out, Body body) {
        try {
            XMLStreamWriter xml = XMLOutputFactory.newDefaultFactory().createXMLStreamWriter(out);
            body.write(xml);
            xml.flush();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
    }

    // ---- hosts ---------------------------------------------------------------------------

    /** {@code vmsOf} lists the VM ids a host runs, for HOST/VMS. */
    static Body hostPool(Iterable<FakeHost> hosts, IntFunction<List<Integer>> vmsOf) {
        return xml -> {
            xml.writeStartElement("HOST_POOL");
            for (FakeHost host : hosts) {
                host(xml, host, vmsOf.apply(host.id));
            }
            xml.writeEndElement();
        };
    }

    private static void host(XMLStreamWriter xml, FakeHost host, List<Integer> vms) throws XMLStreamException {
        xml.writeStartElement("HOST");
        leaf(xml, "ID", host.id);
        leaf(xml, "NAME", host.name);
        leaf(xml, "STATE", host.state);
        leaf(xml, "PREV_STATE", host.state);
        leaf(xml, "IM_MAD", "kvm");
        leaf(xml, "VM_MAD", "kvm");
        leaf(xml, "CLUSTER_ID", host.clusterId);
        leaf(xml, "CLUSTER", host.clusterId == 0 ? "default" : "cluster" + host.clusterId);
        xml.writeStartElement("HOST_SHARE");
        long memory = host.totalCpu * 10_485L;
        // 512 MiB allocated per VM, as each fake VM's TEMPLATE/MEMORY says
        leaf(xml, "MEM_USAGE", vms.size() * 524_288L);
        leaf(xml, "CPU_USAGE", vms.size() * 100L);
        leaf(xml, "TOTAL_MEM", memory);
        leaf(xml, "TOTAL_CPU", host.totalCpu);
        leaf(xml, "MAX_MEM", memory);
        leaf(xml, "MAX_CPU", host.maxCpu);
        leaf(xml, "RUNNING_VMS", vms.size());
        leaf(xml, "VMS_THREAD", 1);
        xml.writeStartElement("DATASTORES");
        leaf(xml, "DISK_USAGE", 0);
        leaf(xml, "FREE_DISK", 100_000);
        leaf(xml, "MAX_DISK", 100_000);
        leaf(xml, "USED_DISK", 0);
        xml.writeEndElement();
        xml.writeEmptyElement("PCI_DEVICES");
        xml.writeEmptyElement("NUMA_NODES");
        xml.writeEndElement();
        xml.writeStartElement("VMS");
        for (int vm : vms) {
            leaf(xml, "ID", vm);
        }
        xml.writeEndElement();
        xml.writeStartElement("TEMPLATE");
        cdata(xml, "HYPERVISOR", "kvm");
        cdata(xml, "HOSTNAME", host.name);
        for (Map.Entry<String, String> attribute : host.template.entrySet()) {
            cdata(xml, attribute.getKey(), attribute.getValue());
        }
        xml.writeEndElement();
        // Pool calls carry no fresh monitoring: that is what one.hostpool.monitoring is for.
        xml.writeEmptyElement("MONITORING");
        xml.writeEndElement();
    }

    /** The last sample of every host that has one. */
    static Body hostMonitoring(Iterable<FakeHost> hosts, long timestamp) {
        return xml -> {
            xml.writeStartElement("MONITORING_DATA");
            for (FakeHost host : hosts) {
                if (host.usedCpu == null) {
                    continue;
                }
                xml.writeStartElement("MONITORING");
                leaf(xml, "TIMESTAMP", host.sampledAt != null ? host.sampledAt : timestamp);
                leaf(xml, "ID", host.id);
                xml.writeStartElement("CAPACITY");
                leaf(xml, "FREE_CPU", Math.max(0, host.maxCpu - host.usedCpu));
                leaf(xml, "FREE_MEMORY", 1_000_000);
                leaf(xml, "USED_CPU", host.usedCpu);
                if (host.usedCpuForecast != null) {
                    leaf(xml, "USED_CPU_FORECAST", host.usedCpuForecast);
                }
                leaf(xml, "USED_MEMORY", 500_000);
                xml.writeEndElement();
                xml.writeStartElement("SYSTEM");
                leaf(xml, "NETRX", 0);
                leaf(xml, "NETTX", 0);
                xml.writeEndElement();
                xml.writeEndElement();
            }
            xml.writeEndElement();
        };
    }

    // ---- VMs -----------------------------------------------------------------------------

    static Body vmPool(Iterable<FakeVm> vms) {
        return vmPool(vms, false);
    }

    /**
     * {@code lastHistoryOnly}: as oned answers the pool calls, which read each VM's stored body, and
     * oned stores a VM with its last HISTORY record only; {@code one.vm.info} carries them all.
     */
    static Body vmPool(Iterable<FakeVm> vms, boolean lastHistoryOnly) {
        return xml -> {
            xml.writeStartElement("VM_POOL");
            for (FakeVm vm : vms) {
                vm(xml, vm, lastHistoryOnly);
            }
            xml.writeEndElement();
        };
    }

    static Body vm(FakeVm vm) {
        return xml -> vm(xml, vm, false);
    }

    private static void vm(XMLStreamWriter xml, FakeVm vm, boolean lastHistoryOnly) throws XMLStreamException {
        xml.writeStartElement("VM");
        leaf(xml, "ID", vm.id);
        leaf(xml, "UID", 0);
        leaf(xml, "GID", 0);
        leaf(xml, "UNAME", "oneadmin");
        leaf(xml, "GNAME", "oneadmin");
        leaf(xml, "NAME", vm.name);
        xml.writeStartElement("PERMISSIONS");
        for (String who : List.of("OWNER", "GROUP", "OTHER")) {
            for (String what : List.of("U", "M", "A")) {
                leaf(xml, who + "_" + what, who.equals("OWNER") && !what.equals("A") ? 1 : 0);
            }
        }
        xml.writeEndElement();
        leaf(xml, "LAST_POLL", 0);
        leaf(xml, "STATE", vm.state);
        leaf(xml, "LCM_STATE", vm.lcmState);
        leaf(xml, "PREV_STATE", vm.prevState);
        leaf(xml, "PREV_LCM_STATE", vm.prevLcmState);
        leaf(xml, "RESCHED", 0);
        leaf(xml, "STIME", vm.stime);
        leaf(xml, "ETIME", 0);
        leaf(xml, "DEPLOY_ID", vm.history.isEmpty() ? "" : "one-" + vm.id);
        xml.writeEmptyElement("MONITORING");
        xml.writeEmptyElement("SCHED_ACTIONS");
        xml.writeStartElement("TEMPLATE");
        cdata(xml, "CPU", "1");
        cdata(xml, "MEMORY", "512");
        cdata(xml, "TM_MAD_SYSTEM", "ssh");
        if (vm.vcpu != null) { // in the schema's order: after TM_MAD_SYSTEM, before VMID
            cdata(xml, "VCPU", vm.vcpu);
        }
        cdata(xml, "VMID", String.valueOf(vm.id));
        for (Map.Entry<String, String> attribute : vm.template.entrySet()) {
            cdata(xml, attribute.getKey(), attribute.getValue());
        }
        xml.writeEndElement();
        xml.writeStartElement("USER_TEMPLATE");
        for (Map.Entry<String, String> attribute : vm.userTemplate.entrySet()) {
            cdata(xml, attribute.getKey(), attribute.getValue());
        }
        xml.writeEndElement();
        xml.writeStartElement("HISTORY_RECORDS");
        List<FakeVm.Stay> stays = lastHistoryOnly && !vm.history.isEmpty() ? List.of(vm.lastStay()) : vm.history;
        for (FakeVm.Stay stay : stays) {
            history(xml, vm, stay);
        }
        xml.writeEndElement();
        xml.writeStartElement("BACKUPS");
        xml.writeEmptyElement("BACKUP_CONFIG");
        xml.writeEmptyElement("BACKUP_IDS");
        xml.writeEndElement();
        xml.writeEndElement();
    }

    private static void history(XMLStreamWriter xml, FakeVm vm, FakeVm.Stay stay) throws XMLStreamException {
        xml.writeStartElement("HISTORY");
        leaf(xml, "OID", vm.id);
        leaf(xml, "SEQ", stay.seq);
        leaf(xml, "HOSTNAME", stay.hostName);
        leaf(xml, "HID", stay.hostId);
        leaf(xml, "CID", 0);
        leaf(xml, "STIME", stay.stime);
        leaf(xml, "ETIME", stay.etime);
        leaf(xml, "VM_MAD", "kvm");
        leaf(xml, "TM_MAD", "ssh");
        leaf(xml, "DS_ID", stay.datastoreId);
        leaf(xml, "PLAN_ID", -1);
        leaf(xml, "ACTION_ID", -1);
        leaf(xml, "PSTIME", 0);
        leaf(xml, "PETIME", 0);
        leaf(xml, "RSTIME", stay.rstime);
        leaf(xml, "RETIME", stay.retime);
        leaf(xml, "ESTIME", 0);
        leaf(xml, "EETIME", 0);
        leaf(xml, "ACTION", 0);
        leaf(xml, "UID", 0);
        leaf(xml, "GID", 0);
        leaf(xml, "REQUEST_ID", "-1");
        xml.writeEndElement();
    }

    /** The last sample of every VM that has one. */
    static Body vmMonitoring(Iterable<FakeVm> vms, long timestamp) {
        return xml -> {
            xml.writeStartElement("MONITORING_DATA");
            for (FakeVm vm : vms) {
                if (vm.cpu == null) {
                    continue;
                }
                xml.writeStartElement("MONITORING");
                leaf(xml, "CPU", BigDecimal.valueOf(vm.cpu).toPlainString());
                if (vm.cpuForecast != null) {
                    leaf(xml, "CPU_FORECAST", vm.cpuForecast);
                }
                leaf(xml, "ID", vm.id);
                leaf(xml, "MEMORY", 524_288);
                leaf(xml, "TIMESTAMP", timestamp);
                xml.writeEndElement();
            }
            xml.writeEndElement();
        };
    }

    // ---- datastores and clusters ---------------------------------------------------------

    /** A datastore as one.datastorepool.info describes it; {@code shared} null: the template does not say. */
    record Datastore(
            int id,
            String name,
            int type,
            int state,
            Boolean shared,
            long totalMb,
            List<Integer> clusters,
            Map<String, String> template) {

        /** A monitored, shared, ready system datastore. */
        static Datastore system(int id, String name, Integer... clusters) {
            return new Datastore(id, name, 1, 0, true, 1000, List.of(clusters), Map.of());
        }
    }

    static Body datastorePool(Iterable<Datastore> datastores) {
        return xml -> {
            xml.writeStartElement("DATASTORE_POOL");
            for (Datastore ds : datastores) {
                xml.writeStartElement("DATASTORE");
                leaf(xml, "ID", ds.id());
                leaf(xml, "UID", 0);
                leaf(xml, "GID", 0);
                leaf(xml, "UNAME", "oneadmin");
                leaf(xml, "GNAME", "oneadmin");
                leaf(xml, "NAME", ds.name());
                leaf(xml, "TM_MAD", "ssh");
                leaf(xml, "TYPE", ds.type());
                leaf(xml, "STATE", ds.state());
                xml.writeStartElement("CLUSTERS");
                for (int cluster : ds.clusters()) {
                    leaf(xml, "ID", cluster);
                }
                xml.writeEndElement();
                leaf(xml, "TOTAL_MB", ds.totalMb());
                leaf(xml, "FREE_MB", ds.totalMb());
                leaf(xml, "USED_MB", 0);
                xml.writeEmptyElement("IMAGES");
                xml.writeStartElement("TEMPLATE");
                if (ds.shared() != null) {
                    cdata(xml, "SHARED", ds.shared() ? "YES" : "NO");
                }
                for (Map.Entry<String, String> attribute : ds.template().entrySet()) {
                    cdata(xml, attribute.getKey(), attribute.getValue());
                }
                xml.writeEndElement();
                xml.writeEndElement();
            }
            xml.writeEndElement();
        };
    }

    /** Clusters by id with their template attributes; hosts and datastores are not listed. */
    static Body clusterPool(Map<Integer, Map<String, String>> clusters) {
        return clusterPool(clusters, Map.of(), Map.of());
    }

    /**
     * Clusters by id with their hosts' ids, their template attributes and, where given, their OneDRS
     * automation (TEMPLATE/ONE_DRS/AUTOMATION, a vector attribute as oned writes it); datastores are
     * not listed (overbookd reads them from the datastore pool).
     */
    static Body clusterPool(
            Map<Integer, Map<String, String>> clusters,
            Map<Integer, List<Integer>> hosts,
            Map<Integer, String> drsAutomation) {
        return xml -> {
            xml.writeStartElement("CLUSTER_POOL");
            for (Map.Entry<Integer, Map<String, String>> cluster : clusters.entrySet()) {
                xml.writeStartElement("CLUSTER");
                leaf(xml, "ID", cluster.getKey());
                leaf(xml, "NAME", cluster.getKey() == 0 ? "default" : "cluster" + cluster.getKey());
                xml.writeStartElement("HOSTS");
                for (int host : hosts.getOrDefault(cluster.getKey(), List.of())) {
                    leaf(xml, "ID", host);
                }
                xml.writeEndElement();
                xml.writeStartElement("TEMPLATE");
                for (Map.Entry<String, String> attribute : cluster.getValue().entrySet()) {
                    cdata(xml, attribute.getKey(), attribute.getValue());
                }
                String automation = drsAutomation.getOrDefault(cluster.getKey(), "");
                if (!automation.isEmpty()) {
                    xml.writeStartElement("ONE_DRS");
                    cdata(xml, "AUTOMATION", automation);
                    cdata(xml, "POLICY", "balance");
                    xml.writeEndElement();
                }
                xml.writeEndElement();
                xml.writeEndElement();
            }
            xml.writeEndElement();
        };
    }

    // ---- helpers -------------------------------------------------------------------------

    private static void leaf(XMLStreamWriter xml, String name, Object value) throws XMLStreamException {
        xml.writeStartElement(name);
        xml.writeCharacters(String.valueOf(value));
        xml.writeEndElement();
    }

    /** Template values: oned writes them as CDATA. */
    private static void cdata(XMLStreamWriter xml, String name, String value) throws XMLStreamException {
        xml.writeStartElement(name);
        xml.writeCData(value);
        xml.writeEndElement();
    }
}
