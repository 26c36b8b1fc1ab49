"""A spec's `parameters` JSON Schema: its keywords, validity, exact rewrites and the typed view every language's typed model is built from."""
