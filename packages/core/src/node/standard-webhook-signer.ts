import { createHmac } from 'node:crypto';
import type { WebhookSigner } from '../webhooks/index.js';

const PREFIX = 'whsec_';

/** The Standard Webhooks signer (https://www.standardwebhooks.com, "Signature scheme"). */
export function createStandardWebhookSigner(): WebhookSigner {
  return {
    sign(secret, id, timestamp, body) {
      const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
      const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
      return `v1,${mac}`;
    },
  };
}
