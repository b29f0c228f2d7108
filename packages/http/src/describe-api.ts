import { apiDocument, apiOperations } from './api-operations.js';
import type { HttpDeps } from './http-deps.js';

/**
 * The OpenAPI document of the REST API without a running service, for tools that generate from
 * it (the typed client, the linter): operations only read the base URL and the upload limit while
 * being described; their handlers, which need the rest, never run here.
 */
export function describeApi(options: {
  readonly baseUrl: string;
  readonly maxFileBytes: number;
}): Record<string, unknown> {
  const deps = {
    baseUrl: options.baseUrl,
    core: { policy: { maxFileBytes: options.maxFileBytes } },
  } as unknown as HttpDeps;
  return apiDocument(apiOperations(deps), options.baseUrl);
}
