import type { PublisherObserver } from '@svc/publisher';
import type { Registry } from 'prom-client';
import { metricMaker } from './metric-maker.js';

/** Seconds late; a healthy queue starts within a publisher interval (a minute by default). */
const START_LAG_BUCKETS = [1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600];
/** Seconds late at `posted`, retries included: up to a day. */
const POSTED_LAG_BUCKETS = [5, 15, 30, 60, 120, 300, 600, 1800, 3600, 7200, 21600, 86400];
/** A claim is one short transaction. */
const CLAIM_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** A step is one or a few platform calls; video uploads take longer. */
const STEP_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
/** A webhook send gives up after 15 s. */
const WEBHOOK_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];

/**
 * The publisher's observer backed by prom-client: publish outcomes, lags, claim and step
 * durations, webhook deliveries and automation replies (docs/operations.md lists each metric).
 */
export function publisherMetrics(registry: Registry): PublisherObserver {
  const make = metricMaker(registry);
  const publishes = make.counter(
    'svc_publishes_total',
    'Publishes that ended for this process, by platform and result (posted, failed, retry, deferred, released, lease_lost, error).',
    ['platform', 'result'],
  );
  const startLag = make.histogram(
    'svc_publish_start_lag_seconds',
    'Seconds from a post’s scheduled time to its first claim, by platform.',
    START_LAG_BUCKETS,
    ['platform'],
  );
  const postedLag = make.histogram(
    'svc_publish_posted_lag_seconds',
    'Seconds from a post’s scheduled time to posted (retries included), by platform.',
    POSTED_LAG_BUCKETS,
    ['platform'],
  );
  const claimDuration = make.histogram(
    'svc_publisher_claim_duration_seconds',
    'Duration of the publisher’s claims of due posts.',
    CLAIM_BUCKETS,
  );
  const claimedPosts = make.counter('svc_publisher_claimed_posts_total', 'Posts the publisher claimed.');
  const stepDuration = make.histogram(
    'svc_publish_step_duration_seconds',
    'Duration of each platform publish step, by platform and the step’s answer.',
    STEP_BUCKETS,
    ['platform', 'result'],
  );
  const webhookDeliveries = make.counter(
    'svc_webhook_deliveries_total',
    'Outgoing webhook delivery attempts, by result (delivered, retrying, given_up, lease_lost, error).',
    ['result'],
  );
  const webhookDuration = make.histogram(
    'svc_webhook_delivery_duration_seconds',
    'Duration of outgoing webhook delivery attempts, recording included.',
    WEBHOOK_BUCKETS,
    ['result'],
  );
  const endpointsDisabled = make.counter(
    'svc_webhook_endpoints_disabled_total',
    'Webhook endpoints disabled after failing for days.',
  );
  const replies = make.counter(
    'svc_automation_replies_total',
    'Automation replies to Instagram comments, by reply (private, public) and the platform’s answer.',
    ['reply', 'result'],
  );
  const seconds = (ms: number) => Math.max(0, ms) / 1000;
  return {
    claimed(durationMs, count) {
      claimDuration.observe(seconds(durationMs));
      claimedPosts.inc(count);
    },
    publishStarted(platform, lagMs) {
      startLag.observe({ platform }, seconds(lagMs));
    },
    stepTaken(platform, result, durationMs) {
      stepDuration.observe({ platform, result }, seconds(durationMs));
    },
    publishEnded(platform, result, postedLagMs) {
      publishes.inc({ platform, result });
      if (postedLagMs !== null) postedLag.observe({ platform }, seconds(postedLagMs));
    },
    webhookDelivered(result, durationMs) {
      webhookDeliveries.inc({ result });
      webhookDuration.observe({ result }, seconds(durationMs));
    },
    webhookEndpointDisabled() {
      endpointsDisabled.inc();
    },
    commentReplied(reply, result) {
      replies.inc({ reply, result });
    },
  };
}
