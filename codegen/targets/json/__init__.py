"""JSON: each tool's wire declaration and one MCP `tools/list` file; the smallest complete target."""
