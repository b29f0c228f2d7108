import { describe, expect, it } from 'vitest';
import { oauthScopeFor, scopesForOAuth } from './oauth-scopes.js';
import { hasScope } from './scopes.js';

describe('OAuth scopes', () => {
  it('gives mcp:read the read-only key scopes and nothing that writes', () => {
    const granted = scopesForOAuth(['profile', 'mcp:read']);
    expect(hasScope(granted, 'post:read')).toBe(true);
    expect(hasScope(granted, 'account:read')).toBe(true);
    expect(hasScope(granted, 'post:write')).toBe(false);
    expect(hasScope(granted, 'post:draft')).toBe(false);
    expect(hasScope(granted, 'media:write')).toBe(false);
  });

  it('adds drafting, scheduling, deleting, approval requests and adding media with mcp:write', () => {
    const granted = scopesForOAuth(['mcp:read', 'mcp:write', 'offline_access']);
    for (const scope of [
      'post:write',
      'post:draft',
      'approval:request',
      'media:write',
      'post:read',
    ] as const) {
      expect(hasScope(granted, scope)).toBe(true);
    }
  });

  it('lets mcp:write alone read too, since it adds to reading', () => {
    const granted = scopesForOAuth(['mcp:write']);
    for (const scope of ['post:read', 'account:read', 'post:write', 'post:draft'] as const) {
      expect(hasScope(granted, scope)).toBe(true);
    }
  });

  it('names the OAuth scope to ask for', () => {
    expect(oauthScopeFor('post:write')).toBe('mcp:write');
    expect(oauthScopeFor('account:read')).toBe('mcp:read');
    expect(oauthScopeFor('media:write')).toBe('mcp:write');
    expect(oauthScopeFor('webhook:write')).toBeNull();
  });
});
