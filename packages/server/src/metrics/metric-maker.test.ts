import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { metricMaker } from './metric-maker.js';

describe('metricMaker', () => {
  it('registers its counters and histograms in its own registry, with their labels and buckets', async () => {
    const registry = new Registry();
    const make = metricMaker(registry);
    make.counter('svc_things_total', 'Things.', ['kind']).inc({ kind: 'a' });
    make.counter('svc_plain_total', 'Plain.').inc(2);
    make.histogram('svc_wait_seconds', 'Waits.', [1, 5], ['kind']).observe({ kind: 'a' }, 3);
    const text = await registry.metrics();
    expect(text).toContain('# HELP svc_things_total Things.');
    expect(text).toContain('svc_things_total{kind="a"} 1');
    expect(text).toContain('svc_plain_total 2');
    expect(text).toContain('svc_wait_seconds_bucket{le="1",kind="a"} 0');
    expect(text).toContain('svc_wait_seconds_bucket{le="5",kind="a"} 1');
  });
});
