import type { WebhookRequest, WebhookResponse, WebhookSender } from '../webhooks/index.js';

/** A WebhookSender for tests: records each request and answers with what `answer` says. */
export type ScriptedWebhookSender = WebhookSender & {
  readonly sent: WebhookRequest[];
  /** Replaces how requests are answered (default: 200 `ok`). */
  answerWith(answer: (request: WebhookRequest) => WebhookResponse): void;
  /** URLs `checkUrl` refuses, with the reason. */
  readonly refusedUrls: Map<string, string>;
};

/** Creates a ScriptedWebhookSender. */
export function createScriptedWebhookSender(): ScriptedWebhookSender {
  let answer = (_: WebhookRequest): WebhookResponse => ({
    kind: 'answered',
    status: 200,
    retryAfterMs: null,
    excerpt: 'ok',
    durationMs: 3,
  });
  const sent: WebhookRequest[] = [];
  const refusedUrls = new Map<string, string>();
  return {
    sent,
    refusedUrls,
    answerWith(next) {
      answer = next;
    },
    async send(request) {
      sent.push(request);
      return answer(request);
    },
    async checkUrl(url) {
      return refusedUrls.get(url) ?? null;
    },
  };
}
