"""The configuration: `[tool.toolgen]` / `toolgen.toml` and flags turned into one `Settings`, every problem located."""
