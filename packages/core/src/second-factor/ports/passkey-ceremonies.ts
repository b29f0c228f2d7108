import type { StoredPasskey } from './second-factor-store.js';

/** What a browser needs to start a WebAuthn ceremony, and the challenge to check its answer against. */
export type PasskeyOptions = {
  /** The options as JSON for `navigator.credentials` (through `@simplewebauthn/browser`). */
  readonly options: Record<string, unknown>;
  readonly challenge: string;
};

/** A new credential the browser made, as checked. */
export type VerifiedPasskey = Pick<StoredPasskey, 'id' | 'publicKey' | 'counter' | 'transports'>;

/**
 * The WebAuthn ceremonies (W3C Web Authentication level 2): making options and checking the
 * browser's signed answers against this server's relying-party id and origin. A port, so the core
 * decides which passkeys count and when, and the adapter does the CBOR and signatures.
 */
export type PasskeyCeremonies = {
  /** Options to register a passkey for a person, excluding the credentials they have already. */
  registrationOptions(
    user: { readonly id: string; readonly email: string },
    existing: readonly StoredPasskey[],
  ): Promise<PasskeyOptions>;
  /** The credential of a registration answer, or null when it does not verify against the challenge. */
  verifyRegistration(response: unknown, challenge: string): Promise<VerifiedPasskey | null>;
  /** Options to sign in with one of the given passkeys. */
  authenticationOptions(allowed: readonly StoredPasskey[]): Promise<PasskeyOptions>;
  /** The credential id an authentication answer names, or null when it names none. */
  credentialIdOf(response: unknown): string | null;
  /** The authenticator's new counter when the answer verifies with the passkey; null otherwise. */
  verifyAuthentication(response: unknown, challenge: string, passkey: StoredPasskey): Promise<number | null>;
};
