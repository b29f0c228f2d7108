import { describeApi } from '@svc/http';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HTTP_LIMITS, httpServerOptions, isUploadRequest } from './http-limits.js';

describe('isUploadRequest', () => {
  it('is true exactly for the REST operations whose body is a file (multipart or raw bytes)', () => {
    const document = describeApi({ baseUrl: 'http://localhost:3000', maxFileBytes: 50 * 1024 * 1024 }) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    };
    const seen: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const types = Object.keys(operation.requestBody?.content ?? {});
        const file = types.includes('multipart/form-data') || types.includes('application/octet-stream');
        const url = `${path.replaceAll(/\{[^}]+\}/g, 'id_1')}?expires=1&signature=x`;
        expect(isUploadRequest(method.toUpperCase(), url), `${method} ${path}`).toBe(file);
        if (file) seen.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(seen.sort()).toEqual(['POST /api/v1/media', 'PUT /media/uploads/{id}']);
  });

  it('covers the console upload, and nothing else there', () => {
    expect(isUploadRequest('POST', '/app/compose/upload')).toBe(true);
    expect(isUploadRequest('POST', '/app/compose')).toBe(false);
    expect(isUploadRequest('POST', '/app/sign-in')).toBe(false);
    expect(isUploadRequest('GET', '/api/v1/media')).toBe(false);
  });
});

describe('httpServerOptions', () => {
  it('checks for expired requests often enough for the shortest timeout', () => {
    expect(httpServerOptions(DEFAULT_HTTP_LIMITS)).toEqual({
      headersTimeout: 20_000,
      requestTimeout: 900_000,
      keepAliveTimeout: 65_000,
      connectionsCheckingInterval: 5_000,
    });
    expect(
      httpServerOptions({ ...DEFAULT_HTTP_LIMITS, headersTimeoutMs: 1000 }).connectionsCheckingInterval,
    ).toBe(250);
  });
});
