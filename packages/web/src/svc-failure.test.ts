import { svcError } from '@svc/core';
import { errAsync, ok } from 'neverthrow';
import { describe, expect, it } from 'vitest';
import { SvcFailure, unwrap } from './svc-failure.js';

describe('unwrap', () => {
  it('answers the value of a success', async () => {
    expect(await unwrap(ok(3))).toBe(3);
  });

  it('throws a refusal as an SvcFailure carrying it, for the surface to render', async () => {
    const refusal = svcError('post_not_found', 'Post post_1 not found.');
    const thrown = await unwrap(errAsync(refusal)).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(SvcFailure);
    expect((thrown as SvcFailure).error).toBe(refusal);
  });
});
