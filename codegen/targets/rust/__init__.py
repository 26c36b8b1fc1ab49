"""Rust: tool definitions for the github-copilot-sdk crate."""
