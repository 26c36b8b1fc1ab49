"""toolgen and the file system: regular files read bounded, the output folder written atomically (changed files only,
toolgen's own only), the manifest of what was written, the lock, and the `-v` notes of what it decided on its own."""
