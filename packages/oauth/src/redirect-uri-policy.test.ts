import { describe, expect, it } from 'vitest';
import { classifyRedirectUri } from './redirect-uri-policy.js';

describe('classifyRedirectUri', () => {
  it('accepts https callbacks, loopback http on any port and private-use schemes', () => {
    expect(classifyRedirectUri('https://app.example.com/oauth/callback')).toEqual({ kind: 'https' });
    expect(classifyRedirectUri('http://127.0.0.1:49152/callback')).toEqual({ kind: 'loopback' });
    expect(classifyRedirectUri('http://[::1]:8080/cb')).toEqual({ kind: 'loopback' });
    expect(classifyRedirectUri('http://localhost/cb')).toEqual({ kind: 'loopback' });
    expect(classifyRedirectUri('com.example.app:/oauth2redirect')).toEqual({ kind: 'private-use' });
  });

  it.each([
    ['http://app.example.com/cb', 'loopback'],
    ['http://192.168.1.10:3000/cb', 'loopback'],
    ['javascript:alert(1)', 'private-use'],
    ['data:text/html,hi', 'private-use'],
    ['myapp:/cb', 'private-use'],
    ['https://app.example.com/cb#frag', 'fragment'],
    ['https://user:pw@app.example.com/cb', 'credentials'],
    ['not a uri', 'absolute'],
  ])('refuses %s, saying why', (uri, why) => {
    const result = classifyRedirectUri(uri);
    expect(result).toHaveProperty('refusal');
    expect((result as { refusal: string }).refusal).toMatch(/^redirect_uris /);
    expect((result as { refusal: string }).refusal).toContain(why);
  });
});
