import { HTML_SECURITY_HEADERS } from '@svc/core';
import { describe, expect, it } from 'vitest';
import { applySecurityHeaders, pageSecurityHeaders } from './security-headers.js';

describe('page security headers', () => {
  it('are the core policy, never cached, with single headers replaced where a surface asks', () => {
    expect(pageSecurityHeaders()).toEqual({ ...HTML_SECURITY_HEADERS, 'cache-control': 'no-store' });
    const oauth = pageSecurityHeaders({ 'content-security-policy': "default-src 'none'" });
    expect(oauth['content-security-policy']).toBe("default-src 'none'");
    expect(oauth['x-frame-options']).toBe('DENY');
  });

  it('are set on a response', () => {
    const set = new Map<string, string>();
    applySecurityHeaders({ setHeader: (name: string, value: string) => set.set(name, value) } as never);
    expect(Object.fromEntries(set)).toEqual(pageSecurityHeaders());
  });
});
