// Command harness is toolgen's real-SDK check for the Go target (run by tests/test_sdk_go.py, which copies this
// file, go.mod.in and go.sum.in next to a freshly generated `tools` package).
//
// It builds every generated tool through tools.All with echo (handlers.go, which the test writes: one method
// per tool of the generated tools.Handlers) and prints, as one JSON object on stdout:
//   - "wire": tool name → json.Marshal(tool), the exact element the SDK sends in session.create's tools list;
//   - "typed": what a handler written against the typed CreateIssueParams saw;
//   - "calls": the result of each call read from stdin ([{"tool": name, "arguments": {...}}]), where every
//     typed handler answers with the params struct it was given, so arguments round-trip through it.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	copilot "github.com/github/copilot-sdk/go"

	"toolgen.test/harness/tools"
)

type call struct {
	Tool      string `json:"tool"`
	Arguments any    `json:"arguments"`
}

type callResult struct {
	Tool       string `json:"tool"`
	Text       string `json:"text"`
	ResultType string `json:"resultType"`
	Error      string `json:"error,omitempty"`
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run() error {
	var calls []call
	if err := json.NewDecoder(os.Stdin).Decode(&calls); err != nil {
		return fmt.Errorf("reading calls: %w", err)
	}
	byName := map[string]copilot.Tool{}
	wire := map[string]json.RawMessage{}
	for _, tool := range tools.All(echo{}) {
		if tool.Handler == nil {
			return fmt.Errorf("tool %s has no handler", tool.Name)
		}
		data, err := json.Marshal(tool)
		if err != nil {
			return fmt.Errorf("marshal %s: %w", tool.Name, err)
		}
		wire[tool.Name] = data
		byName[tool.Name] = tool
	}
	typed, err := typedCall()
	if err != nil {
		return err
	}
	var results []callResult
	for _, c := range calls {
		tool, ok := byName[c.Tool]
		if !ok {
			return fmt.Errorf("no tool named %q", c.Tool)
		}
		result, err := tool.Handler(copilot.ToolInvocation{ToolName: c.Tool, ToolCallID: "call-1", Arguments: c.Arguments})
		entry := callResult{Tool: c.Tool, Text: result.TextResultForLLM, ResultType: result.ResultType}
		if err != nil {
			entry.Error = err.Error()
		}
		results = append(results, entry)
	}
	return json.NewEncoder(os.Stdout).Encode(map[string]any{"wire": wire, "typed": typed, "calls": results})
}

// typedCall proves the arguments arrive as the typed struct: the handler reads its fields directly.
func typedCall() (string, error) {
	tool := tools.CreateIssueTool(func(p tools.CreateIssueParams, inv copilot.ToolInvocation) (any, error) {
		body := "<absent>" // a Nullable tells a left-out body from a null one
		if value, ok := p.Body.Get(); ok {
			body = value
		} else if p.Body.Null {
			body = "<null>"
		}
		return fmt.Sprintf("%s|%s|%s|%s|%s|%s", inv.ToolName, p.Title, p.Priority, strings.Join(p.Labels, ","),
			p.Assignee.Login, body), nil
	})
	result, err := tool.Handler(copilot.ToolInvocation{
		ToolName: "create_issue",
		Arguments: map[string]any{
			"title":    "Crash on start",
			"priority": string(tools.CreateIssuePriorityHigh),
			"labels":   []any{"bug", "p1"},
			"assignee": map[string]any{"login": "octocat"},
			"body":     nil,
		},
	})
	if err != nil {
		return "", fmt.Errorf("typed call: %w", err)
	}
	return result.TextResultForLLM, nil
}
