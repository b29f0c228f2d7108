import { describe, expect, it } from 'vitest';
import { errorJson, jsonRpcError } from './error-bodies.js';

describe('error bodies', () => {
  it('JSON: {error, code}, with details only when there are some', () => {
    expect(errorJson({ code: 'not_found', message: 'No such post.' })).toEqual({
      error: 'No such post.',
      code: 'not_found',
    });
    expect(Object.keys(errorJson({ code: 'x', message: 'm', details: undefined }))).toEqual([
      'error',
      'code',
    ]);
    expect(errorJson({ code: 'x', message: 'm', details: { field: 'a' } })).toEqual({
      error: 'm',
      code: 'x',
      details: { field: 'a' },
    });
  });

  it('JSON-RPC: an error response for the request id, with data only when there is some', () => {
    expect(jsonRpcError(7, -32601, 'Method not found: x')).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32601, message: 'Method not found: x' },
    });
    expect(jsonRpcError(null, -32000, 'm', { code: 'rate_limited' })).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, message: 'm', data: { code: 'rate_limited' } },
    });
  });
});
