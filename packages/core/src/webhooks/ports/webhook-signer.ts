/** Signs webhook messages the Standard Webhooks way. */
export type WebhookSigner = {
  /**
   * The `webhook-signature` value of one secret: `v1,` and the base64 HMAC-SHA256, keyed by the
   * secret's bytes (`whsec_` + base64), of `${id}.${timestamp}.${body}`.
   */
  sign(secret: string, id: string, timestamp: number, body: string): string;
};
