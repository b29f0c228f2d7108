import { err, ok } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { svcError } from '../../kernel/index.js';
import { aUser } from '../../testing/builders.js';
import type { Actor } from '../actor.js';
import { useCaseOn } from './use-case.js';

const actor = (scopes: Actor['scopes']): Actor => ({
  user: aUser(),
  credentialId: 'key',
  scopes,
  accountIds: null,
});
const missing = svcError('post_not_found', 'No post p1.');

describe('useCaseOn', () => {
  it('refuses a credential without the scope before loading anything', async () => {
    let loads = 0;
    const answer = await useCaseOn(
      actor(['post:read']),
      'post:write',
      async () => {
        loads += 1;
        return ok('p1');
      },
      async (item) => ok(item),
    );
    expect(answer._unsafeUnwrapErr().code).toBe('insufficient_scope');
    expect(loads).toBe(0);
  });

  it('answers what the loader refuses, without running', async () => {
    let runs = 0;
    const answer = await useCaseOn(
      actor(['post:write']),
      'post:write',
      async () => err(missing),
      async () => {
        runs += 1;
        return ok('ran');
      },
    );
    expect(answer._unsafeUnwrapErr()).toEqual(missing);
    expect(runs).toBe(0);
  });

  it('runs on the loaded item and answers what the run answers', async () => {
    const answer = await useCaseOn(
      actor(['post:write']),
      'post:write',
      async () => ok({ id: 'p1' }),
      async (item) => ok(`ran on ${item.id}`),
    );
    expect(answer._unsafeUnwrap()).toBe('ran on p1');
  });
});
