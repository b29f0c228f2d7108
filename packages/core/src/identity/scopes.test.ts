import { describe, expect, it } from 'vitest';
import { aUser } from '../testing/builders.js';
import { actorCanSeeAccount, requireScope } from './actor.js';
import { hasScope, REST_SCOPES, SCOPES, scopeSchema, TOOL_SCOPES } from './scopes.js';

describe('scopes', () => {
  it('knows every scope of both surfaces once', () => {
    expect(new Set(SCOPES)).toEqual(new Set([...REST_SCOPES, ...TOOL_SCOPES]));
    expect(SCOPES).toHaveLength(new Set(SCOPES).size);
    expect(scopeSchema.safeParse('post:delete').success).toBe(false);
  });

  it('grants a scope that is held, implied or covered by a wildcard', () => {
    expect(hasScope(['post:read'], 'post:read')).toBe(true);
    expect(hasScope(['post:read'], 'post:write')).toBe(false);
    expect(hasScope(['post:write'], 'post:draft')).toBe(true);
    expect(hasScope(['post:draft'], 'post:write')).toBe(false);
    expect(hasScope(['*'], 'media:write')).toBe(true);
    expect(hasScope(['svc:*'], 'automation:write')).toBe(true);
    expect(hasScope([], 'post:read')).toBe(false);
  });

  it('requireScope names the missing scope', () => {
    const actor = { user: aUser(), credentialId: 'key_1', scopes: ['post:read' as const], accountIds: null };
    expect(requireScope(actor, 'post:read').isOk()).toBe(true);
    const error = requireScope(actor, 'post:write')._unsafeUnwrapErr();
    expect(error).toMatchObject({ code: 'insufficient_scope', details: { requiredScope: 'post:write' } });
  });

  it('limits account visibility to the key account list', () => {
    const base = { user: aUser(), credentialId: 'key_1', scopes: ['*' as const] };
    expect(actorCanSeeAccount({ ...base, accountIds: null }, 'acct_x')).toBe(true);
    expect(actorCanSeeAccount({ ...base, accountIds: ['acct_a'] }, 'acct_a')).toBe(true);
    expect(actorCanSeeAccount({ ...base, accountIds: ['acct_a'] }, 'acct_x')).toBe(false);
  });
});
