""".NET (C#): tool definitions for GitHub.Copilot.SDK."""
