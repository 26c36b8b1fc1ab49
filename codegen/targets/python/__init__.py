"""Python: tool definitions for github-copilot-sdk (import name `copilot`)."""
