import { describe, expect, it } from 'vitest';
import { createTestDeps } from '../../testing/test-deps.js';
import type { HmacVerifier } from '../ports/hmac-verifier.js';
import { answerWebhookHandshake, receiveCommentWebhook } from './instagram-comment-webhook.js';

const settings = { verifyToken: 'the-token', appSecret: 'app-secret' };
// A stand-in for HMAC: the signature of a payload is its length under the secret, in 64 hex digits.
const fakeSignature = (raw: Uint8Array, secret: string) =>
  `${secret.length.toString(16)}${raw.length.toString(16)}`.padStart(64, '0');
const hmacSha256Verifier: HmacVerifier = {
  signs: (secret, payload, hex) => hex.toLowerCase() === fakeSignature(payload, secret),
  sameSecret: (given, expected) => given === expected,
};
const signed = (raw: Uint8Array, secret = settings.appSecret) => `sha256=${fakeSignature(raw, secret)}`;

describe('answerWebhookHandshake', () => {
  const deps = { hmac: hmacSha256Verifier };

  it('echoes the challenge for a subscription with the verify token', () => {
    const answer = answerWebhookHandshake(deps, settings, {
      mode: 'subscribe',
      token: 'the-token',
      challenge: 'c1',
    });
    expect(answer._unsafeUnwrap()).toBe('c1');
  });

  it('refuses another token, another mode, or any token when none is set', () => {
    for (const [s, mode, token] of [
      [settings, 'subscribe', 'other'],
      [settings, 'unsubscribe', 'the-token'],
      [settings, 'subscribe', undefined],
      [{ ...settings, verifyToken: null }, 'subscribe', 'the-token'],
    ] as const) {
      const answer = answerWebhookHandshake(deps, s, { mode, token, challenge: 'c1' });
      expect(answer._unsafeUnwrapErr().code).toBe('invalid_verify_token');
    }
  });
});

describe('receiveCommentWebhook', () => {
  it('refuses a missing or wrong signature and a body that is not JSON, storing nothing', async () => {
    const t = createTestDeps();
    const deps = { ...t.deps, hmac: hmacSha256Verifier };
    const raw = Buffer.from('{"object":"instagram","entry":[]}');
    for (const signature of ['', 'sha256=00', signed(raw, 'another secret!')]) {
      const receipt = await receiveCommentWebhook(deps, settings, { raw, signature });
      expect(receipt._unsafeUnwrapErr().code).toBe('invalid_signature');
    }
    const notJson = Buffer.from('not json');
    const receipt = await receiveCommentWebhook(deps, settings, { raw: notJson, signature: signed(notJson) });
    expect(receipt._unsafeUnwrapErr().code).toBe('invalid_json');
  });

  it('takes a signed delivery with nothing to store', async () => {
    const t = createTestDeps();
    const raw = Buffer.from('{"object":"instagram","entry":[]}');
    const receipt = await receiveCommentWebhook({ ...t.deps, hmac: hmacSha256Verifier }, settings, {
      raw,
      signature: ` ${signed(raw)} `,
    });
    expect(receipt._unsafeUnwrap()).toEqual({ received: 0, added: 0, ownComments: 0, ignored: 0 });
  });
});
