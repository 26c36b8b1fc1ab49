"""The driver: one run from specs to written or compared files, remaking only what changed."""
