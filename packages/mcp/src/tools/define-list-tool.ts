import type { Scope, TeamAction } from '@svc/core';
import type { ResultAsync } from 'neverthrow';
import { z } from 'zod';
import { type AnyTool, defineTool, type ToolContext, type ToolRefusal } from '../tool-definition.js';
import { READ_ONLY } from './annotations.js';

/** What sets one read-only list tool apart from the others: its rows, where they come from, its summary. */
export type ListToolSpec<Row> = {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly scope: Scope;
  readonly action: TeamAction;
  /** The field the rows are answered under, next to their `count`. */
  readonly key: string;
  readonly row: z.ZodType<Row>;
  rows(context: ToolContext): ResultAsync<readonly Row[], ToolRefusal>;
  summary(rows: readonly Row[]): string;
};

/**
 * Declares a tool that takes no arguments and answers `{ <key>: rows, count }`: the list tools
 * share that contract, so agents read every list the same way.
 */
export function defineListTool<Row>(spec: ListToolSpec<Row>): AnyTool {
  const { key, row, rows, summary, ...described } = spec;
  return defineTool({
    ...described,
    annotations: READ_ONLY,
    input: z.strictObject({}),
    output: z.object({ [key]: z.array(row), count: z.number().int() }),
    async run(context) {
      return rows(context).map((found) => ({
        structured: { [key]: found, count: found.length },
        summary: summary(found),
      }));
    },
  });
}
