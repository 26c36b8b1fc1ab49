// API stub for tests/test_java_doclint.py: the Copilot SDK for Java 1.0's ToolHandler.
package com.github.copilot.rpc;

import java.util.concurrent.CompletableFuture;

@FunctionalInterface
public interface ToolHandler {
  CompletableFuture<Object> invoke(ToolInvocation invocation);
}
