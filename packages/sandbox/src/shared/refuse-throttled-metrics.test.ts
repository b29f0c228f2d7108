import { describe, expect, it } from 'vitest';
import { createSandboxContext } from '../create-sandbox-context.js';
import { SandboxHttpError } from './graph-error.js';
import { graphThrottled, refuseThrottledMetrics } from './refuse-throttled-metrics.js';

const context = () =>
  createSandboxContext({ baseUrl: 'http://127.0.0.1', secret: 'secret', fetchMedia: false });

describe('refuseThrottledMetrics', () => {
  it('lets a platform through unless a test throttled its metrics calls', () => {
    const ctx = context();
    ctx.state.metricsFailures.throttled.set('threads', 4);
    expect(() => refuseThrottledMetrics(ctx, 'instagram')).not.toThrow();
  });

  it("answers Graph's transient rate-limit refusal with the code the test chose", () => {
    const ctx = context();
    ctx.state.metricsFailures.throttled.set('facebook', 32);
    const refusal = (() => {
      try {
        refuseThrottledMetrics(ctx, 'facebook');
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(SandboxHttpError);
    expect(refusal).toMatchObject({
      status: 400,
      body: { error: { code: 32, message: '(#32) Page request limit reached', is_transient: true } },
    });
  });

  it("throws the platform's own refusal when it passes one", () => {
    const ctx = context();
    ctx.state.metricsFailures.throttled.set('youtube', 4);
    const own = new SandboxHttpError(403, { error: { reason: 'quotaExceeded' } });
    expect(() => refuseThrottledMetrics(ctx, 'youtube', () => own)).toThrow(own);
  });

  it('words each Graph throttling code as Graph does', () => {
    expect(graphThrottled(4).body).toMatchObject({
      error: { message: '(#4) Application request limit reached' },
    });
    expect(graphThrottled(17).body).toMatchObject({ error: { message: '(#17) User request limit reached' } });
  });
});
