// API stub for tests/test_java_doclint.py: the Copilot SDK for Java 1.0's ToolDefinition, only as the generated
// code uses it (the canonical constructor). test_java_doclint checks it against the real jar when one is given.
package com.github.copilot.rpc;

import java.util.Map;

public record ToolDefinition(
    String name,
    String description,
    Object parameters,
    ToolHandler handler,
    Boolean overridesBuiltInTool,
    Boolean skipPermission,
    ToolDefer defer,
    Map<String, Object> metadata,
    Boolean isTerminal) {}
