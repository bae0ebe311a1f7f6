import java.lang.reflect.Field;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

/**
 * DynamoDB Local bound to 127.0.0.1 only. Its command line has no host
 * option and its Jetty server listens on every interface; this launcher
 * builds the server from the same command-line arguments, sets the host of
 * its Jetty connectors to loopback before it starts, then starts it
 * (DESIGN section 7: nothing of the local stack listens beyond this machine).
 * Run with Java's single-file source launcher; the classpath is the jar and
 * its DynamoDBLocal_lib folder.
 *
 * It also ends when its standard input closes. The stack that starts it holds
 * the other end of that pipe, and the system closes it when that process
 * ends in any way, even killed outright, so DynamoDB Local never outlives the
 * stack that started it.
 */
public class LoopbackDynamoDBLocal {
  public static void main(String[] args) throws Exception {
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server jetty = (Server) field.get(proxy);
    Connector[] connectors = jetty.getConnectors();
    if (connectors.length == 0) throw new IllegalStateException("DynamoDB Local has no connector to bind to loopback");
    for (Connector connector : connectors) ((ServerConnector) connector).setHost("127.0.0.1");
    proxy.start();
    Thread parentWatch = new Thread(() -> {
      try {
        while (System.in.read() != -1) {
          // nothing is sent on this pipe: it is read only to notice its end
        }
      } catch (java.io.IOException gone) {
        // a broken pipe is an end too
      }
      System.exit(0);
    }, "parent-watch");
    parentWatch.setDaemon(true);
    parentWatch.start();
  }
}
