/** One signed webhook POST, ready to send. */
export type WebhookRequest = {
  readonly url: string;
  /** The JSON body, sent byte for byte (its signature covers exactly these bytes). */
  readonly body: string;
  /** `webhook-id`, `webhook-timestamp`, `webhook-signature`, and the content type. */
  readonly headers: Readonly<Record<string, string>>;
};

/** What came of one webhook POST. */
export type WebhookResponse =
  /** The receiver answered (any status). */
  | {
      readonly kind: 'answered';
      readonly status: number;
      /** `Retry-After` of a 429 or 503, in milliseconds from now (seconds or an HTTP date); else null. */
      readonly retryAfterMs: number | null;
      /** The start of the body as text, at most 1,024 characters (the rest is never read). */
      readonly excerpt: string;
      readonly durationMs: number;
    }
  /** Nothing usable came back: the reason is for people and logs, never holds a secret. */
  | {
      readonly kind: 'failed';
      readonly reason: 'timeout' | 'blocked_address' | 'not_https' | 'unreachable';
      readonly detail: string;
      readonly durationMs: number;
    };

/**
 * Sends webhooks to outside endpoints safely (SSRF guards as for media links: https only, no
 * private, loopback, link-local or metadata addresses, checked on the address actually connected
 * to; no redirects followed; short time limits; at most a few KB of the answer read).
 */
export type WebhookSender = {
  send(request: WebhookRequest): Promise<WebhookResponse>;
  /**
   * Why an endpoint URL may not be subscribed (null: it may): not https, credentials in it, a
   * literal or resolved address that is not public. Checked when a subscription is made or
   * changed; `send` checks again on every delivery.
   */
  checkUrl(url: string): Promise<string | null>;
};
