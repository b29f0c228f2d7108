import { describe, expect, it } from 'vitest';
import { svcError } from '../kernel/index.js';
import { postingOptionsFailure } from './posting-options-failure.js';

describe('postingOptionsFailure', () => {
  it('says to reconnect, passes the creator refusal on, and asks to retry otherwise', () => {
    expect(postingOptionsFailure(svcError('account_needs_reconnect', 'x'))).toMatch(/reconnect it/);
    expect(postingOptionsFailure(svcError('creator_cannot_post', 'The creator cannot post now.'))).toBe(
      'The creator cannot post now.',
    );
    expect(postingOptionsFailure(null)).toMatch(/Reload the page in a minute/);
    expect(postingOptionsFailure(svcError('platform_unavailable', 'x'))).toMatch(/right now/);
  });
});
