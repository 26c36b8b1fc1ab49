"""`toolgen new NAME`: the text of a new spec that validates as written and explains every option in comments."""

from __future__ import annotations

_TEMPLATE = """\
{schema_line}
name: {name}
description: Say what {name} does and when the model should call it.
# Options: all optional; uncomment to set (the defaults are in brackets).
# isTerminal: true             # a successful call ends the agent's turn [false]
# defer: never                 # never: always loaded; auto: may wait behind tool search [unset: runtime decides]
# skipPermission: true         # the host runs it without asking the user [false]
# overridesBuiltInTool: true   # it replaces the runtime's built-in tool of the same name [false]
# metadata: {{owner: my-team}}   # opaque JSON for the host [none]
parameters:
  type: object
  properties:
    query:
      type: string
      description: Say what this argument means to the model.
  required: [query]
"""


def scaffold_spec(name: str, schema_line: str) -> str:
    """A valid spec for a tool called `name` (already checked against the tool name pattern)."""
    return _TEMPLATE.format(name=name, schema_line=schema_line)
