import { markedNeedsReconnect, type Store } from '@svc/core';
import {
  anAccount,
  aPost,
  aUser,
  createFakeClock,
  createMemoryStore,
  createRecordingPlatformGateway,
} from '@svc/core/testing';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { accountMetrics } from '../src/metrics/account-metrics.js';
import { httpRequestMetrics } from '../src/metrics/http-request-metrics.js';
import { publisherMetrics } from '../src/metrics/publisher-metrics.js';
import { queueGauges } from '../src/metrics/queue-gauges.js';
import { parsePrometheusText, sampleSum as sum } from './prometheus-text.js';

const scrape = async (registry: Registry) => parsePrometheusText(await registry.metrics());

describe('the prom-client metrics', () => {
  it('turn publisher reports into outcome counters and lag, claim and step histograms in seconds', async () => {
    const registry = new Registry();
    const observer = publisherMetrics(registry);
    observer.claimed(4, 3);
    observer.claimed(2, 0);
    observer.publishStarted('instagram', 90_000);
    observer.publishStarted('threads', 2_000);
    observer.stepTaken('instagram', 'progress', 300);
    observer.stepTaken('instagram', 'published', 1_200);
    observer.publishEnded('instagram', 'posted', 92_500);
    observer.publishEnded('threads', 'failed', null);
    observer.publishEnded('threads', 'retry', null);
    observer.webhookDelivered('delivered', 40);
    observer.webhookDelivered('retrying', 15_000);
    observer.webhookEndpointDisabled();
    observer.commentReplied('private', 'sent');
    observer.commentReplied('public', 'error');
    const s = await scrape(registry);

    expect(sum(s, 'svc_publishes_total', { platform: 'instagram', result: 'posted' })).toBe(1);
    expect(sum(s, 'svc_publishes_total', { platform: 'threads', result: 'failed' })).toBe(1);
    expect(sum(s, 'svc_publishes_total', { platform: 'threads', result: 'retry' })).toBe(1);
    expect(sum(s, 'svc_publishes_total')).toBe(3);
    // Lags in seconds, in the buckets they fall into.
    expect(sum(s, 'svc_publish_start_lag_seconds_sum', { platform: 'instagram' })).toBe(90);
    expect(sum(s, 'svc_publish_start_lag_seconds_bucket', { platform: 'instagram', le: '60' })).toBe(0);
    expect(sum(s, 'svc_publish_start_lag_seconds_bucket', { platform: 'instagram', le: '120' })).toBe(1);
    expect(sum(s, 'svc_publish_start_lag_seconds_count')).toBe(2);
    expect(sum(s, 'svc_publish_posted_lag_seconds_sum', { platform: 'instagram' })).toBe(92.5);
    expect(sum(s, 'svc_publish_posted_lag_seconds_count', { platform: 'threads' })).toBe(0);
    expect(sum(s, 'svc_publisher_claim_duration_seconds_count')).toBe(2);
    expect(sum(s, 'svc_publisher_claim_duration_seconds_sum')).toBeCloseTo(0.006);
    expect(sum(s, 'svc_publisher_claimed_posts_total')).toBe(3);
    expect(
      sum(s, 'svc_publish_step_duration_seconds_count', { platform: 'instagram', result: 'published' }),
    ).toBe(1);
    expect(sum(s, 'svc_publish_step_duration_seconds_sum', { result: 'published' })).toBeCloseTo(1.2);
    expect(sum(s, 'svc_webhook_deliveries_total', { result: 'delivered' })).toBe(1);
    expect(sum(s, 'svc_webhook_deliveries_total', { result: 'retrying' })).toBe(1);
    expect(sum(s, 'svc_webhook_delivery_duration_seconds_bucket', { result: 'retrying', le: '10' })).toBe(0);
    expect(sum(s, 'svc_webhook_delivery_duration_seconds_bucket', { result: 'retrying', le: '15' })).toBe(1);
    expect(sum(s, 'svc_webhook_endpoints_disabled_total')).toBe(1);
    expect(sum(s, 'svc_automation_replies_total', { reply: 'private', result: 'sent' })).toBe(1);
    expect(sum(s, 'svc_automation_replies_total', { reply: 'public', result: 'error' })).toBe(1);
  });

  it('count HTTP requests by method, route template and status, and time them', async () => {
    const registry = new Registry();
    const observe = httpRequestMetrics(registry);
    observe({ method: 'POST', route: '/api/v1/posts', status: 201, durationMs: 30 });
    observe({ method: 'POST', route: '/api/v1/posts', status: 400, durationMs: 5 });
    observe({ method: 'GET', route: '/api/v1/posts/:id', status: 200, durationMs: 2 });
    const s = await scrape(registry);
    expect(sum(s, 'svc_http_requests_total', { route: '/api/v1/posts', status: '201' })).toBe(1);
    expect(sum(s, 'svc_http_requests_total', { method: 'POST' })).toBe(2);
    expect(
      sum(s, 'svc_http_request_duration_seconds_count', { method: 'POST', route: '/api/v1/posts' }),
    ).toBe(2);
    expect(sum(s, 'svc_http_request_duration_seconds_bucket', { route: '/api/v1/posts', le: '0.025' })).toBe(
      1,
    );
    expect(sum(s, 'svc_http_request_duration_seconds_sum', { route: '/api/v1/posts/:id' })).toBeCloseTo(
      0.002,
    );
  });

  it('count token refreshes at the gateways by result, and reconnects once per account marked', async () => {
    const registry = new Registry();
    const metrics = accountMetrics(registry);
    const tiktok = createRecordingPlatformGateway('tiktok');
    const gateways = metrics.gateways({ tiktok });
    const gateway = gateways.tiktok;
    if (gateway === undefined) throw new Error('no gateway');
    const account = anAccount('user_1', { platform: 'tiktok' });
    await gateway.refreshCredentials(account, {});
    tiktok.onRefresh(null);
    expect(await gateway.refreshCredentials(account, {})).toBeNull();
    const failing = metrics.gateways({
      tiktok: {
        ...tiktok,
        refreshCredentials: async () => {
          throw new Error('ECONNRESET');
        },
      },
    });
    await expect(failing.tiktok?.refreshCredentials(account, {})).rejects.toThrow('ECONNRESET');
    // Everything else about the gateway is the gateway's own.
    expect(gateway.platform).toBe('tiktok');
    expect(tiktok.refreshCalls).toHaveLength(2);

    const store = createMemoryStore();
    const accounts = metrics.accounts(store.accounts);
    const saved = await accounts.saveAccount(account);
    const marked = markedNeedsReconnect(saved, new Date());
    await accounts.saveAccount(marked.account, marked.events);
    const again = markedNeedsReconnect(marked.account, new Date());
    expect(again.events).toEqual([]);
    await accounts.saveAccount(again.account, again.events);
    expect((await store.accounts.getAccount(account.id))?.needsReconnect).toBe(true);

    const s = await scrape(registry);
    expect(sum(s, 'svc_token_refreshes_total', { platform: 'tiktok', result: 'refreshed' })).toBe(1);
    expect(sum(s, 'svc_token_refreshes_total', { platform: 'tiktok', result: 'refused' })).toBe(1);
    expect(sum(s, 'svc_token_refreshes_total', { platform: 'tiktok', result: 'error' })).toBe(1);
    expect(sum(s, 'svc_account_reconnects_total', { platform: 'tiktok' })).toBe(1);
  });

  it('read the queue gauges from the store at scrape time, once per cache period, and NaN when it fails', async () => {
    const registry = new Registry();
    const clock = createFakeClock('2026-03-01T09:00:00.000Z');
    const store = createMemoryStore();
    let reads = 0;
    let failing = false;
    const posts: Pick<Store['posts'], 'queueDepth'> = {
      queueDepth: (now) => {
        reads += 1;
        return failing ? Promise.reject(new Error('connection refused')) : store.posts.queueDepth(now);
      },
    };
    queueGauges(registry, { posts, clock }, 5_000);
    const owner = aUser().id;
    const at = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000);
    const insert = (...times: number[]) =>
      store.posts.insertPosts({
        ownerId: owner,
        at: clock.now(),
        posts: times.map((m) => aPost(owner, 'acct_1', { scheduledTime: at(m), dueAt: at(m) })),
        idempotency: null,
        quota: { limit: 1_000, windowStart: new Date(0) },
      });
    await insert(-5, -1, 10, 60, 120);
    const gauges = async () => {
      const s = await scrape(registry);
      return [sum(s, 'svc_posts_due'), sum(s, 'svc_posts_scheduled')];
    };
    expect(await gauges()).toEqual([2, 3]);
    expect(reads).toBe(1);

    // Within the cache period a scrape costs no query, so it shows the figures read before.
    await insert(-2);
    clock.advance(4_999);
    expect(await gauges()).toEqual([2, 3]);
    expect(reads).toBe(1);
    clock.advance(1);
    expect(await gauges()).toEqual([3, 3]);
    expect(reads).toBe(2);

    failing = true;
    clock.advance(5_000);
    const [due, scheduled] = await gauges();
    expect([Number.isNaN(due), Number.isNaN(scheduled)]).toEqual([true, true]);
    failing = false;
    clock.advance(5_000);
    expect(await gauges()).toEqual([3, 3]);
  });
});
