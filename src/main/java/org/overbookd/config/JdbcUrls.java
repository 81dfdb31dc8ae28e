package org.overbookd.config;

import java.util.Locale;
import java.util.Set;

/**
 * What a JDBC URL given in the settings may not hold: a password, which would then be printed with
 * the settings and logged with their changes. pgjdbc takes one from the query ({@code password},
 * and {@code sslpassword} for the client key) and from a {@code user:password@} before the host.
 */
final class JdbcUrls {

    private static final Set<String> SECRET_PARAMETERS = Set.of("password", "sslpassword");

    private JdbcUrls() {}

    static boolean carriesPassword(String url) {
        int query = url.indexOf('?');
        String beforeQuery = query < 0 ? url : url.substring(0, query);
        int authority = beforeQuery.indexOf("//");
        if (authority >= 0) {
            int path = beforeQuery.indexOf('/', authority + 2);
            String hosts = path < 0 ? beforeQuery.substring(authority + 2) : beforeQuery.substring(authority + 2, path);
            if (hosts.contains("@")) {
                return true;
            }
        }
        if (query >= 0) {
            for (String parameter : url.substring(query + 1).split("&")) {
                String name = parameter.split("=", 2)[0].strip().toLowerCase(Locale.ROOT);
                if (SECRET_PARAMETERS.contains(name)) {
                    return true;
                }
            }
        }
        return false;
    }
}
