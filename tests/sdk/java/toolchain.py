"""Java toolchain for the tests: Maven Central artifacts in the test cache, google-java-format, javac, java.

Artifacts are resolved by `mvn dependency:build-classpath` from a throw-away pom, into a local repository under
`support.CACHE / "java"` (outside the clone), so a warm cache needs no network. Nothing is ever downloaded into the
repository.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
from pathlib import Path
from xml.sax.saxutils import escape

from tests import support

HERE = Path(__file__).resolve().parent
JAVA_CACHE = support.CACHE / "java"
MAVEN_REPOSITORY = JAVA_CACHE / "m2"
DEPENDENCY_PLUGIN = "org.apache.maven.plugins:maven-dependency-plugin:3.8.1"

JACKSON_VERSION = "2.22.3"  # the SDK is built with Jackson 2.22.x
# What the generated code and the harness compile against, besides the SDK. spotbugs-annotations is the SDK's
# `provided` dependency: without it javac warns that the SDK's @SuppressFBWarnings class file is missing.
COMPILE_DEPENDENCIES = (
    f"com.fasterxml.jackson.core:jackson-databind:{JACKSON_VERSION}",
    f"com.fasterxml.jackson.datatype:jackson-datatype-jsr310:{JACKSON_VERSION}",
    "com.github.spotbugs:spotbugs-annotations:4.10.3",
)
# google-java-format 1.28.0 is the newest that runs on Java 17.
FORMATTER = "com.google.googlejavaformat:google-java-format:1.28.0:all-deps"
# The javac internals google-java-format uses; Java 16+ hides them unless exported.
FORMATTER_JVM_FLAGS = tuple(
    f"--add-exports=jdk.compiler/com.sun.tools.javac.{package}=ALL-UNNAMED"
    for package in ("api", "code", "file", "main", "parser", "tree", "util")
)

SDK_JAR_ENV = "TOOLGEN_JAVA_SDK_JAR"
SDK_COORDINATES_ENV = "TOOLGEN_JAVA_SDK"
# The Copilot SDK for Java release the SDK's README names; the generated code needs its 1.0 API.
DEFAULT_SDK_COORDINATES = "com.github:copilot-sdk-java:1.0.12-preview.0"


def _dependency_xml(coordinates: str) -> str:
    """`group:artifact:version[:classifier]` as a pom <dependency>; a classifier means 'that jar only'."""
    group, artifact, version, *rest = coordinates.split(":")
    parts = [f"<groupId>{escape(group)}</groupId>", f"<artifactId>{escape(artifact)}</artifactId>",
             f"<version>{escape(version)}</version>"]  # fmt: skip
    if rest:
        parts.append(f"<classifier>{escape(rest[0])}</classifier>")
        parts.append(
            "<exclusions><exclusion><groupId>*</groupId><artifactId>*</artifactId></exclusion></exclusions>"
        )
    return "<dependency>" + "".join(parts) + "</dependency>"


def maven_classpath(coordinates: tuple[str, ...]) -> tuple[list[Path] | None, str]:
    """The jars of `coordinates` and their runtime dependencies, resolved from Maven Central into the cache.

    Returns (jars, "") or (None, what Maven said) when resolution fails.
    """
    key = hashlib.sha256("\n".join(coordinates).encode()).hexdigest()[:16]
    project = JAVA_CACHE / "resolve" / key
    project.mkdir(parents=True, exist_ok=True)
    listing = project / "classpath.txt"
    if listing.is_file():
        jars = [Path(entry) for entry in listing.read_text().split(os.pathsep) if entry]
        if jars and all(jar.is_file() for jar in jars):
            return jars, ""
    pom = (
        '<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>'
        "<groupId>toolgen.tests</groupId><artifactId>resolve</artifactId><version>0</version>"
        "<dependencies>"
        + "".join(_dependency_xml(c) for c in coordinates)
        + "</dependencies></project>"
    )
    (project / "pom.xml").write_text(pom, encoding="utf-8")
    result = subprocess.run(
        ["mvn", "-B", "-q", "-U", "-Dstyle.color=never", f"-Dmaven.repo.local={MAVEN_REPOSITORY}", f"{DEPENDENCY_PLUGIN}:build-classpath",
         f"-Dmdep.outputFile={listing}", "-Dmdep.includeScope=runtime"],
        cwd=project, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    if result.returncode != 0 or not listing.is_file():
        listing.unlink(missing_ok=True)
        output = re.sub(r"\x1b\[[0-9;]*m", "", result.stdout + result.stderr).strip()
        errors = [
            line for line in output.splitlines() if line.startswith("[ERROR] ") and len(line) > 9
        ]
        return None, errors[0] if errors else output[-2000:]
    return [Path(entry) for entry in listing.read_text().split(os.pathsep) if entry], ""


def require_classpath(coordinates: tuple[str, ...]) -> list[Path]:
    support.require_executable("mvn")
    jars, problem = maven_classpath(coordinates)
    support.require(
        jars is not None, f"Maven could not resolve {', '.join(coordinates)}: {problem}"
    )
    return jars  # type: ignore[return-value]


def formatter_command() -> list[str]:
    """`java … -jar google-java-format.jar`, skipping (or failing in CI) when Java or Maven is missing."""
    java = support.require_executable("java")
    jar = require_classpath((FORMATTER,))[0]
    return [java, *FORMATTER_JVM_FLAGS, "-jar", str(jar)]


def sdk_jar() -> tuple[list[Path] | None, str]:
    """The Copilot SDK for Java jar(s): `$TOOLGEN_JAVA_SDK_JAR` if set, else resolved from Maven Central by
    `$TOOLGEN_JAVA_SDK` coordinates (default: DEFAULT_SDK_COORDINATES). Returns (jars, "") or (None, reason).
    """
    given = os.environ.get(SDK_JAR_ENV)
    if given:
        jars = [Path(entry) for entry in given.split(os.pathsep) if entry]
        missing = [str(jar) for jar in jars if not jar.is_file()]
        return (None, f"{SDK_JAR_ENV} names missing files: {missing}") if missing else (jars, "")
    coordinates = os.environ.get(SDK_COORDINATES_ENV, DEFAULT_SDK_COORDINATES)
    jars, problem = maven_classpath((coordinates,))
    if jars is None:
        return None, (
            f"the Copilot SDK for Java ({coordinates}) cannot be resolved from Maven Central; set {SDK_JAR_ENV} "
            f"to a jar of its 1.0 API (com.github.copilot.rpc.ToolDefinition). Maven said: {problem}"
        )
    return jars, ""


def javac(
    sources: list[Path], classpath: list[Path], out: Path, flags: tuple[str, ...]
) -> subprocess.CompletedProcess:
    command = [support.require_executable("javac"), "--release", "17", *flags, "-encoding", "US-ASCII",
               "-cp", os.pathsep.join(map(str, classpath)), "-d", str(out), *map(str, sources)]  # fmt: skip
    return subprocess.run(command, capture_output=True, text=True, timeout=600)
