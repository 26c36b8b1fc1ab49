"""The spec stage: find spec files, read YAML with positions, validate them into the spec model (pydantic); new specs, imported tool lists."""
