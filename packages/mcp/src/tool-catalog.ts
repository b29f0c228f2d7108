import type { CallToolResult, ListToolsResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { hasScope, type Scope } from '@svc/core';
import { errorJson } from '@svc/web';
import { z } from 'zod';
import type { AnyTool, ToolAnswer, ToolContext, ToolRefusal } from './tool-definition.js';

/** The tools, their listing and their dispatch, built once when the endpoint starts. */
export type ToolCatalog = {
  /** The `tools/list` answer, computed once: the transport is rebuilt per request, the schemas are not. */
  readonly listing: ListToolsResult;
  has(name: string): boolean;
  /** The key scope a tool needs: null when any caller may run it, undefined for an unknown tool. */
  scopeOf(name: string): Scope | null | undefined;
  call(name: string, args: unknown, context: ToolContext): Promise<CallToolResult>;
};

/**
 * Builds the catalog. Calls are where SvcErrors become `isError` results (the second of the two
 * places architecture.md allows): a refusal is an answer the agent can act on, not a protocol error.
 */
export function createToolCatalog(tools: readonly AnyTool[]): ToolCatalog {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const listing: ListToolsResult = { tools: tools.map(toListedTool) };
  return {
    listing,
    has: (name) => byName.has(name),
    scopeOf: (name) => byName.get(name)?.scope,
    async call(name, args, context) {
      const tool = byName.get(name);
      if (tool === undefined) return refusal({ code: 'not_found', message: `No tool ${name}.` });
      if (tool.scope !== null && !hasScope(context.actor.scopes, tool.scope)) {
        return refusal({
          code: 'insufficient_scope',
          message: `${name} needs a key with the ${tool.scope} scope. Create a key that includes it.`,
          details: { requiredScope: tool.scope },
        });
      }
      const parsed = tool.input.safeParse(args ?? {});
      if (!parsed.success) return refusal(invalidArguments(parsed.error));
      const result = await tool.run(context, parsed.data);
      return result.match(success, refusal);
    },
  };
}

/**
 * A successful call as a tool result. MCP (2025-06-18, "Structured content") asks a tool that
 * returns structured content to return it serialized in a text block too: many clients show the
 * model only `content`, so the JSON comes first and the summary second.
 */
function success(answer: ToolAnswer): CallToolResult {
  return {
    content: [
      { type: 'text', text: JSON.stringify(answer.structured) },
      { type: 'text', text: answer.summary },
    ],
    structuredContent: answer.structured,
  };
}

function toListedTool(tool: AnyTool): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchemaOf(tool.input, 'input') as Tool['inputSchema'],
    outputSchema: jsonSchemaOf(tool.output, 'output') as Tool['outputSchema'],
    annotations: { title: tool.title, ...tool.annotations },
  };
}

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return json;
}

/**
 * A refusal as a tool result. Its text is the REST error body (`{error, code, details}`), so an
 * agent reads the code as it would over REST. No structuredContent: clients check that against
 * the success schema.
 */
export function refusal(refused: ToolRefusal): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(errorJson(refused)) }] };
}

function invalidArguments(error: z.ZodError): ToolRefusal {
  const issues = error.issues.map((issue) => ({
    field: issue.path.join('.') || '(arguments)',
    message: issue.message,
  }));
  return {
    code: 'validation_failed',
    message: `Invalid arguments: ${issues.map((i) => `${i.field}: ${i.message}`).join('; ')}. Fix them and call again.`,
    details: { issues },
  };
}
