import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { PasskeyCeremonies, StoredPasskey } from '@svc/core';

const transportsOf = (passkey: StoredPasskey) => passkey.transports as AuthenticatorTransportFuture[];

/**
 * The WebAuthn ceremonies with `@simplewebauthn/server`, for the relying party of the service's
 * base URL: its host is the rp id and its origin the only one accepted, so a passkey made for this
 * server signs nothing for another site. No attestation is asked for (any authenticator the person
 * trusts will do); user verification is preferred, not required, since the password came first.
 */
export function createPasskeyCeremonies(baseUrl: string, rpName: string): PasskeyCeremonies {
  const origin = new URL(baseUrl).origin;
  const rpID = new URL(baseUrl).hostname;
  // What every answer is checked against: its challenge, this origin and rp id.
  const expected = (challenge: string) => ({
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  });
  return {
    async registrationOptions(user, existing) {
      const options = await generateRegistrationOptions({
        rpName,
        rpID,
        userName: user.email,
        userID: new TextEncoder().encode(user.id),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.id, transports: transportsOf(p) })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
      return { options: { ...options }, challenge: options.challenge };
    },
    async verifyRegistration(response, challenge) {
      try {
        const verified = await verifyRegistrationResponse({
          response: response as RegistrationResponseJSON,
          ...expected(challenge),
        });
        if (!verified.verified) return null;
        const { credential } = verified.registrationInfo;
        return {
          id: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? [],
        };
      } catch {
        // A malformed or forged answer is a refusal like any other.
        return null;
      }
    },
    async authenticationOptions(allowed) {
      const options = await generateAuthenticationOptions({
        rpID,
        allowCredentials: allowed.map((p) => ({ id: p.id, transports: transportsOf(p) })),
        userVerification: 'preferred',
      });
      return { options: { ...options }, challenge: options.challenge };
    },
    credentialIdOf(response) {
      const id = (response as { id?: unknown } | null)?.id;
      return typeof id === 'string' && /^[A-Za-z0-9_-]{1,1400}$/.test(id) ? id : null;
    },
    async verifyAuthentication(response, challenge, passkey) {
      try {
        const verified = await verifyAuthenticationResponse({
          response: response as AuthenticationResponseJSON,
          ...expected(challenge),
          credential: {
            id: passkey.id,
            publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
            counter: passkey.counter,
            transports: transportsOf(passkey),
          },
        });
        return verified.verified ? verified.authenticationInfo.newCounter : null;
      } catch {
        return null;
      }
    },
  };
}
