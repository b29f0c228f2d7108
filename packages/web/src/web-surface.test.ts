import { describe, expect, it } from 'vitest';
import { requestPath } from './web-surface.js';

describe('requestPath', () => {
  it('is the URL without its query', () => {
    expect(requestPath({ url: '/api/mcp?x=1' })).toBe('/api/mcp');
    expect(requestPath({ url: '/oauth/interaction/abc' })).toBe('/oauth/interaction/abc');
    expect(requestPath({})).toBe('/');
  });
});
