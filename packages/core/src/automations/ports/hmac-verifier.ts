/** Checks HMAC-SHA256 signatures and shared secrets in constant time (node:crypto in production). */
export type HmacVerifier = {
  /** Whether `signatureHex` is the HMAC-SHA256 of `payload` under `secret`. */
  signs(secret: string, payload: Uint8Array, signatureHex: string): boolean;
  /** Whether a secret someone gave equals the expected one, whatever their lengths. */
  sameSecret(given: string, expected: string): boolean;
};
