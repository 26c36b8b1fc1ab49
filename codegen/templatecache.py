"""Compiled Jinja templates, kept across processes in toolgen's cache (`cachestore`).

Compiling toolgen's templates costs about 0.15 s per process, a quarter of a one-spec `generate`. Jinja's own
bytecode-cache protocol is used: a bucket holds the code compiled from one template file, and Jinja itself
rejects stored code whose source checksum or format differs. The key adds the Jinja version and every
environment setting that shapes the compiled code, and the stored value is verified like every cache entry, so
stored code is only ever what this Jinja would compile from that exact source, with these settings.
"""

from __future__ import annotations

import jinja2

from . import cachestore


class TemplateBytecodeCache(jinja2.BytecodeCache):
    def _key(self, bucket: jinja2.bccache.Bucket) -> bytes:
        env = bucket.environment
        settings = (
            env.block_start_string,
            env.block_end_string,
            env.variable_start_string,
            env.variable_end_string,
            env.comment_start_string,
            env.comment_end_string,
            env.line_statement_prefix,
            env.line_comment_prefix,
            env.trim_blocks,
            env.lstrip_blocks,
            env.newline_sequence,
            env.keep_trailing_newline,
            env.optimized,
            repr(env.autoescape),
            repr(env.finalize),
            tuple(sorted(env.extensions)),
            env.code_generator_class.__qualname__,
        )
        return cachestore.digest(
            b"jinja",
            jinja2.__version__.encode(),
            repr(settings).encode(),
            bucket.key.encode(),
            bucket.checksum.encode(),
        )

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        store = cachestore.open_store()
        if store is None:
            return
        key = self._key(bucket)
        data = store.get_many("format", [key]).get(key)
        if data is not None:
            bucket.bytecode_from_string(data)  # Jinja resets the bucket when magic or checksum disagree

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        store = cachestore.open_store()
        if store is not None:
            store.put_many("format", {self._key(bucket): bucket.bytecode_to_string()})


def bytecode_cache() -> jinja2.BytecodeCache | None:
    """The cache to give every environment, or None when toolgen's cache is turned off."""
    return TemplateBytecodeCache() if cachestore.cache_dir() is not None else None
