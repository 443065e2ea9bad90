import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.io.ByteUnit;

/**
 * The local demo server of Provenance Lens: a Neo4j Community DBMS with Bolt on loopback only.
 * Usage: LensNeo4jServer HOME_DIR PORT PAGECACHE_MB [TX_TIMEOUT_SECONDS]; the neo4j password comes from
 * LENS_NEO4J_PASSWORD. TX_TIMEOUT_SECONDS sets db.transaction.timeout (0 or absent: none).
 * Prints "LENS-READY" once Bolt accepts connections and shuts the DBMS down cleanly on SIGTERM.
 */
public final class LensNeo4jServer {
  public static void main(String[] args) throws Exception {
    if (args.length < 3) {
      System.err.println("usage: LensNeo4jServer HOME_DIR PORT PAGECACHE_MB");
      System.exit(2);
    }
    Path home = Path.of(args[0]);
    int port = Integer.parseInt(args[1]);
    long pageCacheMb = Long.parseLong(args[2]);
    long transactionTimeoutSeconds = args.length > 3 ? Long.parseLong(args[3]) : 0;
    String password = System.getenv("LENS_NEO4J_PASSWORD");
    if (password == null || password.length() < 8) {
      System.err.println("LENS_NEO4J_PASSWORD must be set (8 characters or more)");
      System.exit(2);
    }
    Files.createDirectories(home);

    DatabaseManagementService dbms = new DatabaseManagementServiceBuilder(home)
        .setConfig(BoltConnector.enabled, true)
        .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", port))
        .setConfig(HttpConnector.enabled, false)
        .setConfig(GraphDatabaseSettings.auth_enabled, true)
        .setConfig(GraphDatabaseSettings.pagecache_memory, ByteUnit.mebiBytes(pageCacheMb))
        .setConfig(GraphDatabaseSettings.transaction_timeout, Duration.ofSeconds(transactionTimeoutSeconds))
        .build();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      System.out.println("LENS-STOPPING");
      dbms.shutdown();
      System.out.println("LENS-STOPPED");
    }));

    try {
      setPassword(dbms, password);
    } catch (RuntimeException e) {
      // Exit instead of idling with a DBMS that nobody can log in to; the caller shows this log.
      e.printStackTrace();
      dbms.shutdown();
      System.exit(1);
    }
    System.out.println("LENS-READY bolt://127.0.0.1:" + port);
    System.out.flush();
    Thread.currentThread().join();
  }

  /** Sets the password on every start, so the one kept in LENS_HOME is always the one that works. */
  private static void setPassword(DatabaseManagementService dbms, String password) {
    try {
      dbms.database("system").executeTransactionally(
          "ALTER USER neo4j SET PASSWORD $password CHANGE NOT REQUIRED",
          java.util.Map.of("password", password));
    } catch (RuntimeException e) {
      // Neo4j refuses to "change" a password to itself: then it is already the right one.
      if (!String.valueOf(e.getMessage()).contains("Old password and new password cannot be the same")) throw e;
    }
  }
}
