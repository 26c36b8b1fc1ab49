"""Cross-language parity: for every spec, the wire declarations printed by the real SDKs are identical, and for
the same call every language's handler receives the same arguments.

Each real-SDK harness (tests/test_sdk_*.py, collected before this file) records what its SDK printed through
`support.assert_wire_matches(..., sdk=...)`, and what its handlers received for the calls of
tests/handler_calls.py through `handler_calls.record`. Each is already compared with its expectation; these
tests compare the SDKs with each other directly, so a shared mistake in the expectation cannot hide a difference.
"""

from __future__ import annotations

import json

import pytest

from . import handler_calls
from .support import IN_CI, RECORDED_WIRES, expected_wires

pytestmark = pytest.mark.sdk
# The SDKs this machine kind can install; Java's 1.0 artifact is not on Maven Central (see tests/test_sdk_java.py).
REQUIRED_IN_CI = {"nodejs", "python", "go", "rust"}


def test_every_sdk_declares_the_same_tools():
    recorded = dict(RECORDED_WIRES)
    if IN_CI:
        missing = REQUIRED_IN_CI - set(recorded)
        assert not missing, f"these real-SDK harnesses did not run in this session: {sorted(missing)}"
    if len(recorded) < 2:
        pytest.skip(f"parity needs at least two real-SDK harnesses in this session; ran: {sorted(recorded)}")
    names = sorted(expected_wires())
    reference_sdk = sorted(recorded)[0]
    differences = {}
    for name in names:
        declarations = {sdk: wires.get(name) for sdk, wires in recorded.items()}
        reference = declarations[reference_sdk]
        for sdk, declaration in declarations.items():
            if declaration != reference:
                differences.setdefault(name, {})[sdk] = declaration
        if name in differences:
            differences[name][reference_sdk] = reference
    assert not differences, json.dumps(differences, indent=1, ensure_ascii=False)[:20000]
    assert all(all(name in wires for name in names) for wires in recorded.values())


def _assert_same_answers(recorded: dict[str, dict], required_in_ci: set[str]) -> None:
    """Every harness's handler received the same for every call (recorded: SDK → call key → answer)."""
    if IN_CI:
        missing = required_in_ci - set(recorded)
        assert not missing, f"these real-SDK harnesses did not run in this session: {sorted(missing)}"
    if len(recorded) < 2:
        pytest.skip(f"parity needs at least two of these real-SDK harnesses in this session; ran: {sorted(recorded)}")
    reference_sdk = sorted(recorded)[0]
    differences = {
        call: {sdk: answers[call] for sdk, answers in recorded.items()}
        for call in recorded[reference_sdk]
        if any(answers.get(call) != recorded[reference_sdk][call] for answers in recorded.values())
    }
    assert not differences, json.dumps(differences, indent=1, ensure_ascii=False)


def test_every_sdk_hands_handlers_the_same_arguments():
    _assert_same_answers(dict(handler_calls.RECORDED), REQUIRED_IN_CI)


def test_sdks_that_tell_null_from_absent_hand_handlers_the_same_nulls():
    """Where null means something else than absent, Node.js, Python, Go, Rust and Java hand the handler the call's
    nulls and nothing for what it left out; each was checked against the call by handler_calls.record, and here
    against each other."""
    _assert_same_answers(dict(handler_calls.RECORDED_WITH_NULLS), REQUIRED_IN_CI)
