import { describe, expect, it } from 'vitest';
import { paceAfter } from './graph-pacer.js';
import { readGraphUsage } from './graph-usage.js';

// Header shapes from Graph's rate-limiting page: X-App-Usage and X-Page-Usage are one object of
// percentages; X-Business-Use-Case-Usage maps business ids to lists of entries with a type and
// `estimated_time_to_regain_access` in minutes.
describe('readGraphUsage', () => {
  it('reads the highest percentage of each header and the longest regain estimate', () => {
    const usage = readGraphUsage({
      'x-app-usage': '{"call_count":28,"total_time":25,"total_cputime":25}',
      'x-page-usage': '{"call_count":3,"total_time":71,"total_cputime":5}',
      'x-business-use-case-usage': JSON.stringify({
        '1784': [
          {
            type: 'instagram',
            call_count: 40,
            total_cputime: 2,
            total_time: 9,
            estimated_time_to_regain_access: 0,
          },
          {
            type: 'pages',
            call_count: 88,
            total_cputime: 2,
            total_time: 9,
            estimated_time_to_regain_access: 4,
          },
        ],
      }),
    });
    expect(usage).toEqual({ app: 28, account: 88, regainAccessMs: 4 * 60_000 });
  });

  it('is null without any usage header, and ignores a header it cannot read', () => {
    expect(readGraphUsage({ 'content-type': 'application/json' })).toBeNull();
    expect(readGraphUsage({ 'x-app-usage': 'not json' })).toBeNull();
  });
});

describe('paceAfter', () => {
  it('lets calls go below 90 % and adds a minute per percent from there', () => {
    expect(paceAfter({ app: 89, account: 50, regainAccessMs: null })).toEqual({ appMs: 0, accountMs: 0 });
    expect(paceAfter({ app: 90, account: null, regainAccessMs: null }).appMs).toBe(60_000);
    expect(paceAfter({ app: null, account: 99.5, regainAccessMs: null }).accountMs).toBe(10 * 60_000);
  });

  it("prefers Meta's regain estimate for the account", () => {
    expect(paceAfter({ app: 20, account: 100, regainAccessMs: 30 * 60_000 })).toEqual({
      appMs: 0,
      accountMs: 30 * 60_000,
    });
  });
});
