import { createHash, createHmac, createPrivateKey, hkdfSync, type JsonWebKey } from 'node:crypto';
import { boundCsrfToken, csrfTokensMatch } from '@svc/web';

/** Every secret the authorization server uses, derived from one master secret. */
export type OAuthSecrets = {
  /** Keys that sign the session and interaction cookies. */
  readonly cookieKeys: readonly string[];
  /** The private JWK that signs ID tokens (Ed25519), with its `kid`. */
  readonly signingKey: JsonWebKey & { kid: string; alg: 'EdDSA'; use: 'sig' };
  /** The client secret of a confidential client, computed from its id: it is never stored. */
  clientSecretFor(clientId: string): string;
  /** The anti-forgery token of a sign-in or consent form, bound to its interaction. */
  csrfTokenFor(interactionUid: string): string;
  /** Whether a submitted anti-forgery token is the one for this interaction (constant time). */
  csrfMatches(interactionUid: string, token: string): boolean;
};

/** DER prefix of a PKCS#8 Ed25519 private key; the 32-byte seed follows it. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * Derives the secrets from the master secret (SVC_SECRET) with HKDF, one label per use. Derived
 * rather than generated and stored, so a restart (or a second process) keeps cookies, signed ID
 * tokens and client secrets valid without another secret to manage.
 */
export function createOAuthSecrets(master: string | Uint8Array): OAuthSecrets {
  const derive = (label: string) => Buffer.from(hkdfSync('sha256', master, 'svc-oauth', label, 32));
  const cookieKey = derive('cookies').toString('base64url');
  const seed = derive('signing-key');
  const jwk = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  }).export({ format: 'jwk' });
  const kid = createHash('sha256').update(String(jwk.x)).digest('base64url').slice(0, 16);
  const clientKey = derive('client-secrets');
  const csrfKey = derive('csrf');
  const csrfTokenFor = (uid: string) => boundCsrfToken(csrfKey, uid);
  return {
    cookieKeys: [cookieKey],
    signingKey: { ...jwk, kid, alg: 'EdDSA', use: 'sig' },
    clientSecretFor: (clientId) => createHmac('sha256', clientKey).update(clientId).digest('base64url'),
    csrfTokenFor,
    csrfMatches: (uid, token) => csrfTokensMatch(csrfTokenFor(uid), token),
  };
}
