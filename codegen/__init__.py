"""toolgen: one YAML spec per tool → GitHub Copilot SDK tool definitions for six languages."""

__version__ = "0.1.0"
