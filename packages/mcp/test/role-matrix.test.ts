import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ROLE_MATRIX, ROLES, type Role, type TeamAction } from '@svc/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../src/tools/tools.js';
import { refusalOf } from './mcp-test-app.js';
import { REST_FIXTURES } from './rest-role-fixtures.js';
import { startTeamWorld, type TeamWorld } from './team-world.js';
import { TOOL_FIXTURES } from './tool-role-fixtures.js';

// Issue 36, Done when #1: every REST operation and every agent tool, called by a member of each
// role with a full-scope key of the workspace, is let through or refused with role_not_allowed
// exactly as ROLE_MATRIX (the table docs/teams.md renders) says for the action the operation
// declares (`x-svc-team-action` in the OpenAPI document; a tool's `action`). An operation
// declaring no action is open to every member. A call let through must succeed, or fail only
// with a code its fixture names as not the role's doing.

type Verdict = 'allowed' | 'refused' | `broken: ${string}`;

const expected = (action: TeamAction | null, role: Role): Verdict =>
  action === null || ROLE_MATRIX[action].roles.includes(role) ? 'allowed' : 'refused';

const verdictOf = (
  failed: { status: number; code?: string } | null,
  unless: readonly string[] = [],
): Verdict => {
  if (failed === null) return 'allowed';
  if (failed.status === 403 && failed.code === 'role_not_allowed') return 'refused';
  if (failed.code !== undefined && unless.includes(failed.code)) return 'allowed';
  return `broken: ${failed.status} ${failed.code ?? ''}`;
};

let w: TeamWorld;
beforeAll(async () => {
  w = await startTeamWorld();
});
afterAll(async () => {
  await w.app.close();
});

type DocumentedOperation = { id: string; method: string; path: string; action: TeamAction | null };

/** The operations of the served OpenAPI document that take a key, with their declared action. */
async function keyedOperations(): Promise<DocumentedOperation[]> {
  const doc = (await w.rest({ method: 'GET', path: '/api/v1/openapi.json' })).body;
  const found: DocumentedOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!Array.isArray(op.security) || op.security.length === 0) continue; // public or signed
      found.push({
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        action: op['x-svc-team-action'] ?? null,
      });
    }
  }
  return found;
}

type Table = Record<string, Record<Role, Verdict>>;

/**
 * What each role got for each named operation or tool, beside what ROLE_MATRIX says it should
 * get for the action it declares, as two tables to compare whole (a failure shows every cell).
 */
async function tables(
  names: readonly { name: string; action: TeamAction | null }[],
  verdict: (name: string, role: Role) => Promise<Verdict>,
): Promise<{ actual: Table; wanted: Table }> {
  const actual: Table = {};
  const wanted: Table = {};
  for (const { name, action } of names) {
    const got = {} as Record<Role, Verdict>;
    const want = {} as Record<Role, Verdict>;
    for (const role of ROLES) {
      got[role] = await verdict(name, role);
      want[role] = expected(action, role);
    }
    actual[name] = got;
    wanted[name] = want;
  }
  return { actual, wanted };
}

describe('the role × action matrix', () => {
  it('covers every REST operation: each role gets what ROLE_MATRIX says for its action', async () => {
    const operations = await keyedOperations();
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.filter((op) => REST_FIXTURES[op.id] === undefined).map((op) => op.id)).toEqual([]);
    const byId = new Map(operations.map((op) => [op.id, op]));
    const { actual, wanted } = await tables(
      operations.map((op) => ({ name: op.id, action: op.action })),
      async (id, role) => {
        const fixture = REST_FIXTURES[id];
        const op = byId.get(id);
        if (fixture === undefined || op === undefined) return 'broken: no fixture';
        const answer = await w.rest({ method: op.method, ...(await fixture.request(w)) }, w.keys[role]);
        const failed = answer.status < 400 ? null : { status: answer.status, code: answer.body.code };
        return verdictOf(failed, fixture.unless);
      },
    );
    expect(actual).toEqual(wanted);
  });

  it('covers every tool: each role gets what ROLE_MATRIX says for its action', async () => {
    const clients = new Map<Role, Client>();
    for (const role of ROLES) clients.set(role, await w.app.client(w.keys[role]));
    const listed = (await clients.get('owner')?.listTools())?.tools.map((t) => t.name) ?? [];
    expect(listed.sort()).toEqual(TOOLS.map((t) => t.name).sort());
    expect(listed.filter((name) => TOOL_FIXTURES[name] === undefined)).toEqual([]);
    const { actual, wanted } = await tables(TOOLS, async (name, role) => {
      const fixture = TOOL_FIXTURES[name];
      const client = clients.get(role);
      if (fixture === undefined || client === undefined) return 'broken: no fixture';
      const result = await client.callTool({ name, arguments: await fixture.args(w) });
      if (result.isError !== true) return 'allowed';
      // A tool's refusal has no HTTP status: role_not_allowed is a role's refusal, as REST's 403.
      const { code } = refusalOf(result);
      return verdictOf({ status: code === 'role_not_allowed' ? 403 : 0, code }, fixture.unless);
    });
    expect(actual).toEqual(wanted);
  });
});
