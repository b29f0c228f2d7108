import { createCipheriv, createDecipheriv, createSecretKey, hkdfSync, randomBytes } from 'node:crypto';
import type { SecretBox } from '../kernel/index.js';

const VERSION = 'v1';

/**
 * AES-256-GCM with a key derived from the master secret by HKDF-SHA256, a fresh 96-bit nonce per
 * value, and the version in the output so the scheme can change without breaking stored values.
 */
export function createAesGcmSecretBox(masterSecret: string): SecretBox {
  if (masterSecret.length < 32) throw new RangeError('The master secret must be at least 32 characters.');
  // A key object made once: given raw bytes, every cipher would import the key again (the
  // publisher opens an account's tokens for every post it publishes).
  const key = createSecretKey(Buffer.from(hkdfSync('sha256', masterSecret, 'svc', 'svc secret box v1', 32)));
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, body, cipher.getAuthTag()]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== VERSION || iv === undefined || body === undefined || tag === undefined) {
        throw new Error('Not a sealed value of this service.');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
