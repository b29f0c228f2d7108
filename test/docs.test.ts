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

  it('docs/teams.md contains the role matrix exactly as rendered from the table the code reads', () => {
    const text = readFileSync(join(ROOT, 'docs/teams.md'), 'utf8');
    expect(text).toContain(`\n${core.roleMatrixMarkdown()}\n`);
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

  it('docs/bulk.md: the sample CSV file and the JSON example import as valid create payloads', () => {
    const text = readFileSync(join(ROOT, 'docs/bulk.md'), 'utf8');
    const sample = readFileSync(join(ROOT, 'docs/examples/bulk-posts.csv'), 'utf8');
    expect(/```csv\n([\s\S]*?)```/.exec(text)?.[1]).toBe(sample.replace(/\r\n/g, '\n'));
    const json = /```json\n([\s\S]*?)```/.exec(text)?.[1] ?? '';
    for (const [file, format] of [
      [sample, 'csv'],
      [json, 'json'],
    ] as const) {
      const rows = core.parseBulkPosts(file, format)._unsafeUnwrap();
      expect(rows.length).toBeGreaterThan(1);
      for (const row of rows) {
        if (!('payload' in row)) throw new Error(row.error.message);
        expect(core.parsePostRequest(row.payload, { requireScheduledTime: true }).isOk()).toBe(true);
      }
    }
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

describe('docs/rest-api.md', () => {
  it('lists every operation of the OpenAPI document with the scope it needs', async () => {
    const { describeApi } = await import('@svc/http');
    const doc = describeApi({ baseUrl: 'http://localhost:3000', maxFileBytes: 50 * 1024 * 1024 }) as {
      paths: Record<string, Record<string, { security: { apiKey: string[] }[] }>>;
    };
    const text = readFileSync(join(ROOT, 'docs/rest-api.md'), 'utf8');
    const rows = [...text.matchAll(/^\|\s*(`[A-Z]+ [^|]+`)\s*\|\s*([^|]+?)\s*\|/gm)];
    const listed = new Map<string, string>();
    for (const [, operations = '', scope = ''] of rows) {
      for (const [, operation = ''] of operations.matchAll(/`([A-Z]+ [^`]+)`/g))
        listed.set(operation, scope.trim());
    }
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const name = `${method.toUpperCase()} ${path}`;
        const security = op.security[0]?.apiKey;
        const scope =
          security === undefined
            ? ['none', 'signed link']
            : security.length === 0
              ? ['any key']
              : [`\`${security[0]}\``];
        expect(scope, name).toContain(listed.get(name));
      }
    }
    expect(listed.size).toBe(Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0));
  });
});
