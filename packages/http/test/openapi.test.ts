import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ERROR_CODES } from '@svc/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRoutes } from '../src/create-http-app.js';
import { describeApi } from '../src/index.js';
import { routePath } from '../src/operation-routes.js';
import { CONNECT_CSS_PATH } from '../src/views/html-page.js';
import { readJson, startTestApp, type TestApp } from './test-app.js';

const run = promisify(execFile);
const METHODS = ['get', 'head', 'post', 'put', 'patch', 'delete'] as const;

/** Routes outside the API on purpose: pages a person's browser opens, and Meta's webhook intake. */
const NOT_API = new Set([
  'GET /connect/callback',
  'GET /connect/:id',
  // The connect pages' stylesheet, under a name that changes with its content.
  `GET ${CONNECT_CSS_PATH}`,
  'GET /webhooks/instagram',
  'POST /webhooks/instagram',
]);

type Doc = {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, any>>;
  components: { schemas: Record<string, unknown> };
};

let app: TestApp;
let doc: Doc;

beforeAll(async () => {
  app = await startTestApp();
  const res = await app.fetch('/api/v1/openapi.json');
  expect(res.status).toBe(200);
  doc = await readJson(res);
});
afterAll(async () => {
  await app.close();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m] !== undefined).map((method) => ({ path, method, op: item[method] })),
  );

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 of API version 1.0.0, served without a key', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.version).toBe('1.0.0');
  });

  it('documents every route of the app, and every documented operation answers', async () => {
    const routes = httpRoutes(app.deps);
    const documented = new Set(
      operations().map(({ path, method }) => `${method.toUpperCase()} ${routePath(path)}`),
    );
    const undocumented = routes
      .map((r) => `${r.method} ${r.path}`)
      .filter((route) => !documented.has(route) && !NOT_API.has(route));
    expect(undocumented).toEqual([]);

    // Each documented operation reaches a handler: the router's own 404 and 405 never answer it.
    for (const { path, method } of operations()) {
      const res = await app.fetch(path.replace(/\{[^}]+\}/g, 'x1'), { method: method.toUpperCase() });
      const body = method === 'head' ? null : await res.text();
      const routerAnswer = res.status === 405 || (res.status === 404 && body?.includes('"code":"not_found"'));
      expect(routerAnswer, `${method.toUpperCase()} ${path}`).toBe(false);
    }
  });

  it('gives every key operation its scope, and every error answer the error schema', () => {
    for (const { path, method, op } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
      expect(op.responses['500'], where).toBeDefined();
      for (const [status, response] of Object.entries<any>(op.responses)) {
        if (Number(status) < 400 || (path === '/api/health' && status === '503')) continue;
        expect(response.content['application/json'].schema, `${where} ${status}`).toEqual({
          $ref: '#/components/schemas/Error',
        });
      }
      if (op.security.length > 0) expect(op.responses['401'], where).toBeDefined();
    }
    const error = doc.components.schemas.Error as { properties: { code: { enum: string[] } } };
    expect(error.properties.code.enum).toEqual([...ERROR_CODES]);
    expect(doc.paths['/api/v1/posts']?.post.security).toEqual([{ apiKey: ['post:write'] }]);
    expect(doc.paths['/api/v1/posts/{id}']?.get.security).toEqual([{ apiKey: ['post:read'] }]);
  });

  it('is the same document the build describes', () => {
    const built = describeApi({ baseUrl: 'https://svc.test', maxFileBytes: app.core.policy.maxFileBytes });
    expect(built).toEqual(doc);
  });

  it('passes Redocly lint with no errors', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const config = join(import.meta.dirname, '../../../redocly.yaml');
      const result = await run('npx', ['redocly', 'lint', file, `--config=${config}`, '--format=stylish'], {
        cwd: import.meta.dirname,
      }).catch((failure: { stdout: string; stderr: string; code: number }) => failure);
      expect(`${result.stdout}${result.stderr}`).not.toMatch(/error/i);
      expect('code' in result ? result.code : 0).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
