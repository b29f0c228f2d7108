import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CODES } from '@svc/core';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

describe('docs', () => {
  it('docs/errors.md documents every error code exactly once, and no code that does not exist', () => {
    const text = readFileSync(join(ROOT, 'docs/errors.md'), 'utf8');
    const documented = [...text.matchAll(/^\| `([a-z_]+)`\s*\|/gm)].map((m) => m[1]);
    expect([...documented].sort()).toEqual([...ERROR_CODES].sort());
  });
});
