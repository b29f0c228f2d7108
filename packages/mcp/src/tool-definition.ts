import type { Actor, Scope, TeamAction } from '@svc/core';
import type { Result } from 'neverthrow';
import type { z } from 'zod';
import type { McpDeps } from './mcp-deps.js';

/** What a tool runs with: the endpoint's dependencies and the authenticated caller. */
export type ToolContext = { readonly deps: McpDeps; readonly actor: Actor };

/** A successful tool call: the structured result (matching the output schema) and a short summary. */
export type ToolAnswer = { readonly structured: Record<string, unknown>; readonly summary: string };

/** A refusal: a stable code (an ErrorCode, or a policy code the tool elevates) and what to do. */
export type ToolRefusal = {
  readonly code: string;
  readonly message: string;
  readonly details?: Readonly<Record<string, unknown>>;
};

/** MCP tool annotations, from the spec's tool flags. */
export type ToolAnnotations = {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
};

/** One tool: its description for agents, the key scope it needs, its schemas and its behaviour. */
export type ToolDefinition<Args> = {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** The key scope the tool needs; null for pure analysis any valid key may run. */
  readonly scope: Scope | null;
  /**
   * The team action core's use case checks for the caller's role (docs/teams.md); null with a null
   * scope. Declared here so the role × action test enumerates every tool's.
   */
  readonly action: TeamAction | null;
  readonly annotations: ToolAnnotations;
  /** snake_case arguments, validated before `run`. */
  readonly input: z.ZodType<Args>;
  readonly output: z.ZodType;
  run(context: ToolContext, args: Args): Promise<Result<ToolAnswer, ToolRefusal>>;
};

/** A tool with its argument type erased, so tools of different arguments share one list. */
export type AnyTool = ToolDefinition<unknown>;

/** Declares a tool (keeps the argument type while writing it, erases it for the catalog). */
export function defineTool<Args>(tool: ToolDefinition<Args>): AnyTool {
  return tool as unknown as AnyTool;
}
