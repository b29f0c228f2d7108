import { z } from 'zod';

/** Scopes of the REST API (spec 5.1). */
export const REST_SCOPES = [
  'post:write',
  'post:read',
  'account:read',
  'account:write',
  'media:write',
  'automation:read',
  'automation:write',
  'webhook:read',
  'webhook:write',
  'member:read',
  'member:write',
] as const;

/** Scopes of the agent-tool endpoint (spec 5.2). */
export const TOOL_SCOPES = [
  '*',
  'svc:*',
  'post:read',
  'post:write',
  'post:draft',
  'account:read',
  'approval:request',
] as const;

/** Every scope a key can carry: the union of both surfaces' scopes. */
export const SCOPES = [...new Set([...REST_SCOPES, ...TOOL_SCOPES])] as readonly Scope[];

/** A key scope. */
export type Scope = (typeof REST_SCOPES)[number] | (typeof TOOL_SCOPES)[number];

/** Schema of a scope. */
export const scopeSchema = z.enum([...REST_SCOPES, ...TOOL_SCOPES] as [Scope, ...Scope[]]);

/** Scopes that grant every other scope on both surfaces. */
const WILDCARDS: readonly Scope[] = ['*', 'svc:*'];

/** Scopes implied by another: whoever may schedule posts may also save drafts. */
const IMPLIED: Readonly<Partial<Record<Scope, readonly Scope[]>>> = {
  'post:write': ['post:draft'],
};

/** Whether a set of granted scopes allows an operation that needs `required`. */
export function hasScope(granted: readonly Scope[], required: Scope): boolean {
  return granted.some(
    (scope) => scope === required || WILDCARDS.includes(scope) || IMPLIED[scope]?.includes(required),
  );
}
