// Builds every generated tool with the published SDK and prints what the SDK would send for each one.
// Output (stdout, one JSON object): {"wire": {toolName: wireJSON}, "allTools": {...}, "invocations": {...},
// "handled": [...]}; "handled" answers the calls in handler_calls.json (tests/handler_calls.py) in order, each
// with what the tool's typed handler received.
// wireJSON applies the SDK's own projection (client.ts, createSession → tools[]): name, description, parameters
// (toJSONSchema() when it is a zod schema, else as-is), overridesBuiltInTool, skipPermission, defer, metadata,
// isTerminal; JSON.stringify drops undefined fields as the JSON-RPC layer does.
import { readFileSync } from "node:fs";
import type { Tool, ToolInvocation } from "@github/copilot-sdk";
import * as generated from "./generated/nodejs/index.js";
import {
  allTools,
  clearContextTool,
  pingTool,
  searchFilesTool,
  type SearchFilesParams,
  type ToolHandlers,
} from "./generated/nodejs/index.js";

type ZodLike = { toJSONSchema(): Record<string, unknown> };

function isZodLike(value: unknown): value is ZodLike {
  return (
    typeof value === "object" &&
    value !== null &&
    "toJSONSchema" in value &&
    typeof value.toJSONSchema === "function"
  );
}

function toWire(tool: Tool<any>): unknown {
  const parameters = tool.parameters;
  return JSON.parse(
    JSON.stringify({
      name: tool.name,
      description: tool.description,
      parameters: !parameters
        ? undefined
        : isZodLike(parameters)
          ? parameters.toJSONSchema()
          : parameters,
      overridesBuiltInTool: tool.overridesBuiltInTool,
      skipPermission: tool.skipPermission,
      defer: tool.defer,
      metadata: tool.metadata,
      isTerminal: tool.isTerminal,
    }),
  );
}

function invocation(toolName: string): ToolInvocation {
  return { sessionId: "s", toolCallId: "c", toolName, arguments: {} };
}

async function outcome(run: () => unknown): Promise<unknown> {
  try {
    return { ok: await run() };
  } catch (error) {
    return { error: error instanceof Error ? error.name : String(error) };
  }
}

const wire: Record<string, unknown> = {};
// Tool name → the tool built around a handler that answers with the arguments it received.
const echoes = new Map<string, Tool<any>>();
for (const [exportName, value] of Object.entries(generated)) {
  if (typeof value !== "function" || value === allTools) continue;
  const factory = value as unknown as (
    handler: (params: unknown) => unknown,
  ) => Tool<any>;
  const tool = factory(() => "ok");
  echoes.set(tool.name, factory((params) => params));
  // hasOwn, not `in`: tools may be named like Object.prototype's members (`constructor`, `toString`).
  if (Object.hasOwn(wire, tool.name))
    throw new Error(`two factories build ${tool.name}`);
  wire[tool.name] = { ...(toWire(tool) as object) };
  // A factory whose name another tool already took gets a number: `anyTool2`.
  if (!/Tool\d*$/.test(exportName))
    throw new Error(`${exportName} is not a factory`);
}

// allTools builds the same tools from one handlers object. Whatever the specs, a Proxy answers every member
// with a handler that names its member, so each tool's handler shows which member it calls.
const everyHandler = new Proxy(
  {},
  { get: (_target, member) => () => String(member) },
) as ToolHandlers;
const built = allTools(everyHandler);
const viaAllTools = {
  order: built.map((tool) => tool.name),
  wire: Object.fromEntries(built.map((tool) => [tool.name, toWire(tool)])),
  answers: {
    clear_context: await built
      .find((tool) => tool.name === "clear_context")
      ?.handler?.({ prompt: "p" }, invocation("clear_context")),
    ping: await built
      .find((tool) => tool.name === "ping")
      ?.handler?.(undefined, invocation("ping")),
  },
};

// Typed handlers: the arguments arrive parsed by the zod schema (unknown keys stripped, defaults applied,
// invalid input rejected before the handler runs).
const clearContext = clearContextTool((params, call) => {
  const prompt: string = params.prompt;
  return { prompt, keys: Object.keys(params), tool: call.toolName };
});
const searchFiles = searchFilesTool((params: SearchFilesParams) => params);
const ping = pingTool((call) => `pong from ${call.toolName}`);

const invocations = {
  clearContextValid: await outcome(() =>
    clearContext.handler?.(
      { prompt: "fresh start", extra: true } as never,
      invocation("clear_context"),
    ),
  ),
  clearContextInvalid: await outcome(() =>
    clearContext.handler?.(
      { prompt: 42 } as never,
      invocation("clear_context"),
    ),
  ),
  searchFilesDefaults: await outcome(() =>
    searchFiles.handler?.(
      { query: "TODO" } as never,
      invocation("search_files"),
    ),
  ),
  ping: await outcome(() =>
    ping.handler?.(undefined as never, invocation("ping")),
  ),
};

type HandlerCall = { tool: string; arguments: Record<string, unknown> };
const calls = JSON.parse(
  readFileSync("handler_calls.json", "utf8"),
) as HandlerCall[];
const handled: unknown[] = [];
for (const call of calls) {
  handled.push(
    await outcome(() =>
      echoes.get(call.tool)?.handler?.(call.arguments, invocation(call.tool)),
    ),
  );
}

process.stdout.write(
  JSON.stringify({ wire, allTools: viaAllTools, invocations, handled }),
);
