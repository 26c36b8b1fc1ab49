"""The speed mechanisms: the persistent cache store, the spec model cache, the descriptions-only shortcut, process pools."""
