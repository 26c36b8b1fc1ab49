// API stub for tests/test_java_doclint.py: the Copilot SDK for Java 1.0's ToolInvocation, the one method the
// generated code calls.
package com.github.copilot.rpc;

import java.util.Map;

public final class ToolInvocation {
  public Map<String, Object> getArguments() {
    return Map.of();
  }
}
