import type { IncomingMessage } from 'node:http';
import {
  mustSetUpSecondFactor,
  passSecondFactorWithCode,
  type SecondFactorAnswer,
  type SecondFactorDeps,
  type SignInLimiter,
  secondFactorStep,
  secondFactorsOf,
  startSecondFactorStep,
  type User,
} from '@svc/core';
import { clientAddress } from '@svc/web';

/** What the OAuth sign-in does after a correct password. */
export type AfterPassword =
  | { readonly kind: 'done' }
  /** The person has a second factor: ask for it with this pending step. */
  | { readonly kind: 'second_factor'; readonly token: string; readonly totp: boolean }
  /** A second factor is required and the person has none: they set one up in the console first. */
  | { readonly kind: 'set_up_first' };

/**
 * The OAuth page's side of second factors: the same core steps as the console's sign-in. Without
 * `deps` (an authorization server embedded on its own) the password is enough.
 */
export function oauthSecondFactors(
  deps: SecondFactorDeps | undefined,
  required: boolean,
  limiter: SignInLimiter,
  trustProxy: boolean,
) {
  return {
    async afterPassword(user: User): Promise<AfterPassword> {
      if (deps === undefined) return { kind: 'done' };
      if (mustSetUpSecondFactor(required, await secondFactorsOf(deps, user.id)))
        return { kind: 'set_up_first' };
      const token = await startSecondFactorStep(deps, user);
      if (token === null) return { kind: 'done' };
      const step = await secondFactorStep(deps, token);
      return { kind: 'second_factor', token, totp: step?.factors.totp ?? false };
    },
    async answer(
      req: IncomingMessage,
      form: URLSearchParams,
    ): Promise<SecondFactorAnswer & { totp?: boolean }> {
      if (deps === undefined) return { kind: 'expired' };
      const token = form.get('factor') ?? '';
      const step = await secondFactorStep(deps, token);
      const outcome = await passSecondFactorWithCode(
        { ...deps, limiter },
        token,
        form.get('code') ?? '',
        clientAddress(req, trustProxy),
      );
      return { ...outcome, totp: step?.factors.totp ?? false };
    },
  };
}
