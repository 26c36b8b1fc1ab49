"""Installed distributions' versions, for cache keys, without importing what they version.

Cache keys name the versions of PyYAML, pydantic, Jinja2 and black, so a run that only hits the cache never imports
them. `importlib.metadata` answers that, but importing it costs about as much as the rest of such a run's imports
(its e-mail parser for METADATA files). An installed wheel is a `<name>-<version>.dist-info` folder on `sys.path`
(the wheel format escapes `-` in both parts), so the version is in the folder's name: that is read first, in
`sys.path` order as `importlib.metadata` searches, and anything else (an egg, an unusual layout) is asked of
`importlib.metadata`.
"""

from __future__ import annotations

import functools
import os
import re
import sys

_DIST_INFO = re.compile(r"^(?P<name>[^-]+)-(?P<version>[^-]+)\.dist-info$")


def installed_version(distribution: str) -> str | None:
    """The installed version of `distribution` (any spelling: `PyYAML`, `pydantic-core`), or None."""
    wanted = _normalised(distribution)
    for entry in sys.path:
        version = _dist_info_versions(entry or ".").get(wanted)
        if version is not None:
            return version
    from importlib import metadata

    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return None


def _normalised(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


@functools.cache
def _dist_info_versions(folder: str) -> dict[str, str]:
    """Normalised name → version of each `*.dist-info` folder in `folder` (the first of a name wins)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return {}
    versions: dict[str, str] = {}
    for name in sorted(names):
        match = _DIST_INFO.match(name)
        if match:
            versions.setdefault(_normalised(match["name"]), match["version"])
    return versions
