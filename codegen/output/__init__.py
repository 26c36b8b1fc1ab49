"""The output folder: atomic writes of changed files only, ownership, the manifest of what was written, the lock."""
