//! Builds every generated tool with the real `github-copilot-sdk` crate and prints one JSON object:
//! `wire` maps each tool name to `serde_json::to_value(&tool)`, the exact element the SDK sends;
//! `calls` holds what a few typed handlers received, to show arguments arrive decoded; `handled` answers the
//! calls read from stdin (tests/handler_calls.py, `[{"tool": name, "arguments": {...}}]`) in order, each with
//! the params a typed handler received, serialized back.
//! tests/test_sdk_rust.py replaces the TOOLS marker with one factory call per generated tool.
#![deny(warnings)]

use toolgen_rust_harness::generated;

use github_copilot_sdk::{Tool, ToolInvocation, ToolResult};
use serde_json::{Value, json};

/// Every generated tool, each with a handler that answers with its params serialized (or an empty text for a
/// tool without parameters). The parameter types are spelled out so the harness also uses every re-export of
/// mod.rs.
fn every_tool() -> Vec<Tool> {
    vec![
        // TOOLS
    ]
}

/// The same tools through `generated::all`: every field of `ToolHandlers` answers with its own name.
fn every_handler() -> generated::ToolHandlers {
    generated::ToolHandlers {
        // HANDLERS
    }
}

/// Calls `tool`'s handler the way a session does, with `arguments` as the model's call arguments.
async fn call(tool: &Tool, arguments: Value) -> Value {
    let mut invocation = ToolInvocation::default();
    invocation.tool_name = tool.name.clone();
    invocation.tool_call_id = "call-1".to_string();
    invocation.arguments = arguments;
    let handler = tool.handler().expect("generated tools carry a handler");
    match handler.call(invocation).await {
        Ok(ToolResult::Text(text)) => Value::String(text),
        Ok(other) => panic!("unexpected result {other:?}"),
        Err(error) => json!({ "error": error.to_string() }),
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let mut wire = serde_json::Map::new();
    for tool in every_tool() {
        let value = serde_json::to_value(&tool).expect("a tool serializes");
        wire.insert(tool.name.clone(), value);
    }

    let mut via_all = serde_json::Map::new();
    let mut order = Vec::new();
    let mut answers = serde_json::Map::new();
    for tool in generated::all(every_handler()) {
        let value = serde_json::to_value(&tool).expect("a tool serializes");
        if tool.name == "ping" {
            answers.insert(tool.name.clone(), call(&tool, Value::Null).await);
        }
        if tool.name == "clear_context" {
            answers.insert(tool.name.clone(), call(&tool, json!({ "prompt": "p" })).await);
        }
        order.push(tool.name.clone());
        via_all.insert(tool.name.clone(), value);
    }

    let clear_context = generated::clear_context_tool(|params, invocation| async move {
        Ok(ToolResult::Text(format!("{}|{}", params.prompt, invocation.tool_call_id)))
    });
    let search_files = generated::search_files_tool(|params, _invocation| async move {
        Ok(ToolResult::Text(format!("{params:?}")))
    });
    let create_issue = generated::create_issue_tool(|params, _invocation| async move {
        let priority = params.priority;
        let high = priority == generated::create_issue::CreateIssuePriority::High;
        Ok(ToolResult::Text(format!("{priority:?}|{high}|{:?}", params.labels)))
    });
    let unions = generated::unions_tool(|params, _invocation| async move {
        Ok(ToolResult::Text(format!("{params:?}")))
    });
    let union_arguments = json!({
        "id": 7, "amount": 2.5, "items": [true, ["a"]], "shapes": {"b": "x"},
        "choice": "first", "node": {"next": {"next": "end"}},
    });
    let calls = json!({
        "unions": call(&unions, union_arguments).await,
        "unions_integer": call(&unions, json!({ "id": "x", "amount": 2, "target": { "path": "/" } })).await,
        "unions_bad": call(&unions, json!({ "id": true })).await,
        "clear_context": call(&clear_context, json!({ "prompt": "start over" })).await,
        "search_files": call(&search_files, json!({ "query": "TODO" })).await,
        "create_issue": call(&create_issue, json!({ "title": "t", "priority": "high" })).await,
        "create_issue_bad": call(&create_issue, json!({ "title": "t", "priority": "someday" })).await,
    });
    let all = json!({ "order": order, "wire": via_all, "answers": answers });

    let requested: Vec<Value> = serde_json::from_reader(std::io::stdin()).expect("calls on stdin");
    let tools = every_tool();
    let mut handled = Vec::new();
    for request in requested {
        let name = request["tool"].as_str().expect("a tool name");
        let tool = tools.iter().find(|tool| tool.name == name).expect("a generated tool");
        handled.push(call(tool, request["arguments"].clone()).await);
    }
    println!(
        "{}",
        json!({ "wire": wire, "calls": calls, "all": all, "handled": handled })
    );
}
