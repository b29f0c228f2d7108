// The public API of @svc/outbound: outbound HTTP to addresses the service does not control, the
// SSRF-safe fetcher of media links and the webhook sender.
export type { FetchTimeouts, SafeFetcherOptions } from './safe-fetcher.js';
export { createSafeFetcher } from './safe-fetcher.js';
export { createSmtpMailer, defaultMailFrom, type SmtpMailer, type SmtpMailerOptions } from './smtp-mailer.js';
export type { WebhookSenderOptions } from './webhook-sender.js';
export { createWebhookSender } from './webhook-sender.js';
