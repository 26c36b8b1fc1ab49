import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.copilot.rpc.ToolDefinition;
import com.github.copilot.rpc.ToolInvocation;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/**
 * Test harness for the generated Java tools, run by tests/test_sdk_java.py against the real SDK.
 *
 * <p>{@code wire CLASS...} prints, one line per tool class, {@code new ObjectMapper()
 * .writeValueAsString(Tool.create(handler))}: the tool's wire declaration as the SDK sends it.
 *
 * <p>{@code invoke} reads lines {@code CLASS<TAB>ARGUMENTS_JSON} from standard input, calls the tool's SDK
 * handler with those arguments, and prints one line per call: the typed parameters the generated code passed to
 * the user's handler, serialized back to JSON (or {@code {"error": message}}).
 *
 * <p>The handler is a {@link Proxy} of the tool's own {@code Handler} interface, so this program knows
 * nothing about any particular tool.
 */
public final class WireDump {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private WireDump() {}

  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("wire")) {
      for (int i = 1; i < args.length; i++) {
        System.out.println(MAPPER.writeValueAsString(create(args[i])));
      }
    } else if (args.length == 1 && args[0].equals("invoke")) {
      BufferedReader input =
          new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
      for (String line = input.readLine(); line != null; line = input.readLine()) {
        String[] parts = line.split("\t", 2);
        System.out.println(invoke(parts[0], MAPPER.readTree(parts[1])));
      }
    } else {
      throw new IllegalArgumentException("usage: WireDump wire CLASS... | WireDump invoke");
    }
  }

  /** The tool built by {@code CLASS.create(handler)}, whose handler returns what it receives. */
  private static ToolDefinition create(String className) throws Exception {
    Class<?> tool = Class.forName(className);
    Method create = null;
    for (Method method : tool.getMethods()) {
      if (method.getName().equals("create") && method.getParameterCount() == 1) {
        create = method;
      }
    }
    if (create == null) {
      throw new IllegalStateException(className + " has no create(Handler)");
    }
    Class<?> handlerType = create.getParameterTypes()[0];
    Object echo =
        Proxy.newProxyInstance(
            handlerType.getClassLoader(),
            new Class<?>[] {handlerType},
            (proxy, method, arguments) -> {
              if (method.getDeclaringClass() == Object.class) {
                return method.getName().equals("toString") ? "echo" : null;
              }
              // (params, invocation) for a tool with parameters, (invocation) for one without.
              return arguments.length == 2 ? arguments[0] : "no parameters";
            });
    return (ToolDefinition) create.invoke(null, echo);
  }

  private static String invoke(String className, JsonNode arguments) throws Exception {
    ToolDefinition tool = create(className);
    ToolInvocation invocation =
        new ToolInvocation()
            .setSessionId("session")
            .setToolCallId("call")
            .setToolName(tool.name())
            .setArguments(arguments);
    try {
      Object result = tool.handler().invoke(invocation).get(30, TimeUnit.SECONDS);
      return MAPPER.writeValueAsString(result);
    } catch (java.util.concurrent.ExecutionException e) {
      return MAPPER.writeValueAsString(java.util.Map.of("error", String.valueOf(e.getCause())));
    }
  }
}
