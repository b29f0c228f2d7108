import { describe, expect, it } from 'vitest';
import { signOnCookie, signOnHandleOf } from './sign-on-cookie.js';

describe('the single sign-on cookie', () => {
  const handle = 'a'.repeat(43);

  it('is HttpOnly, SameSite=Lax, short-lived, Secure on https, and cleared with null', () => {
    expect(signOnCookie(handle, true)).toBe(
      `svc_sso=${handle}; Path=/; Max-Age=600; HttpOnly; SameSite=Lax; Secure`,
    );
    expect(signOnCookie(null, false)).toBe('svc_sso=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax');
  });

  it('reads back only a well-formed handle', () => {
    expect(signOnHandleOf(`svc_console=x; svc_sso=${handle}`)).toBe(handle);
    expect(signOnHandleOf('svc_sso=short')).toBeNull();
    expect(signOnHandleOf('svc_sso=../../etc')).toBeNull();
    expect(signOnHandleOf(undefined)).toBeNull();
  });
});
