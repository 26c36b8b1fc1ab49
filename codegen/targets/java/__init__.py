"""Java: tool definitions for com.github:copilot-sdk-java."""
