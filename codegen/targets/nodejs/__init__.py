"""Node.js / TypeScript: tool definitions for @github/copilot-sdk."""
