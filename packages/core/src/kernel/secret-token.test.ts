import { describe, expect, it } from 'vitest';
import { secretToken } from './secret-token.js';

const ID = 'inv_01JD0000000000000000000000';
const SECRET = `${'a'.repeat(42)}_`;

describe('secretToken', () => {
  const invitation = secretToken('inv', { pasted: true });

  it('writes svc_<id>.<secret> and reads it back, ignoring whitespace from a paste', () => {
    const token = invitation.format(ID, SECRET);
    expect(token).toBe(`svc_${ID}.${SECRET}`);
    expect(invitation.parse(` ${token}\n`)).toEqual({ id: ID, secret: SECRET });
  });

  it('matches a token that is not pasted exactly, whitespace and all', () => {
    const key = secretToken('key', { pasted: false });
    const token = key.format('key_01JD0000000000000000000000', SECRET);
    expect(key.parse(token)).not.toBeNull();
    expect(key.parse(`${token} `)).toBeNull();
  });

  it('refuses another kind, a short secret, a missing prefix or a bad id', () => {
    expect(secretToken('rev', { pasted: true }).parse(invitation.format(ID, SECRET))).toBeNull();
    expect(invitation.parse(`svc_${ID}.${SECRET.slice(1)}`)).toBeNull();
    expect(invitation.parse(`${ID}.${SECRET}`)).toBeNull();
    expect(invitation.parse(`svc_inv_01JD00000000000000000000IL.${SECRET}`)).toBeNull();
  });

  it('finds its own kind inside a text and nothing else', () => {
    const text = `leaked ${invitation.format(ID, SECRET)} and svc_key_01JD0000000000000000000000.${SECRET}`;
    expect(text.match(invitation.scanPattern)).toEqual([invitation.format(ID, SECRET)]);
  });
});
