import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as core from '@svc/core';
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

/** Runs a ```ts block that imports from '@svc/core' and returns its `result` variable. */
function runExample(file: string): unknown {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const block = /```ts\n([\s\S]*?)```/.exec(text)?.[1] ?? '';
  const body = block.replace(/^import \{ ([^}]+) \} from '@svc\/core';$/m, 'const { $1 } = core;');
  return new Function('core', `${body}\nreturn result;`)(core);
}

describe('examples in the docs', () => {
  it('docs/automations.md: the example file is a valid template that exports back unchanged', () => {
    const text = readFileSync(join(ROOT, 'docs/automations.md'), 'utf8');
    const file = /```json\n([\s\S]*?)```/.exec(text)?.[1] ?? '';
    const read = core.readAutomationTemplate(file);
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    expect(core.templateFile(read.template)).toEqual(JSON.parse(file));
  });

  it('README: the validatePostPolicy example passes', () => {
    expect(runExample('README.md')).toMatchObject({ ok: true, errors: [] });
  });

  it('docs/policy.md: the first example passes with the two warnings it promises', () => {
    const result = runExample('docs/policy.md') as core.PolicyResult;
    expect(result.ok).toBe(true);
    expect(result.warnings.map((w) => [w.code, w.platform])).toEqual([
      ['link_not_clickable', 'tiktok'],
      ['link_not_clickable', 'youtube'],
    ]);
  });
});
