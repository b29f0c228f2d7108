import { createHmac } from 'node:crypto';
import type { HmacSha1 } from '../second-factor/index.js';

/** HMAC-SHA-1 with node:crypto, for TOTP codes (RFC 6238 keeps SHA-1: every authenticator app uses it). */
export const hmacSha1: HmacSha1 = (key, message) =>
  new Uint8Array(createHmac('sha1', key).update(message).digest());
