// API stub for tests/test_java_doclint.py: the Copilot SDK for Java 1.0's ToolDefer constants.
package com.github.copilot.rpc;

public enum ToolDefer {
  NONE,
  AUTO,
  NEVER
}
