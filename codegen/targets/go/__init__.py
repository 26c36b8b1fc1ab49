"""Go: tool definitions for github.com/github/copilot-sdk/go."""
