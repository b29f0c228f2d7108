import { err, ok, type Result } from 'neverthrow';
import { z } from 'zod';
import { type SvcError, svcError } from '../kernel/index.js';

/** A user's plan: a trial with an end date, paid, or expired (spec section 1). */
export const planSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('trial'), endsAt: z.date() }),
  z.object({ kind: z.literal('paid') }),
  z.object({ kind: z.literal('expired') }),
]);

/** A user's plan. */
export type Plan = z.infer<typeof planSchema>;

/** The plan kinds, for CLI and config input. */
export const PLAN_KINDS = ['trial', 'paid', 'expired'] as const;

/** A plan kind. */
export type PlanKind = (typeof PLAN_KINDS)[number];

/** Schema of an email address as we store it: trimmed and lower-cased. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Expected an email address.' }));

/** An email address as `emailSchema` stores it, or `validation_failed` on the `email` field. */
export function parseEmail(value: string): Result<string, SvcError> {
  const email = emailSchema.safeParse(value);
  return email.success
    ? ok(email.data)
    : err(
        svcError('validation_failed', `${JSON.stringify(value)} is not an email address.`, {
          field: 'email',
        }),
      );
}

/** The time zone of a user who has not chosen one. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** A user: the owner of accounts, media, posts and keys. */
export const userSchema = z.object({
  id: z.string().min(1),
  email: emailSchema,
  plan: planSchema,
  /** Registered beta testers may use the API whatever their plan (spec section 1). */
  betaTester: z.boolean(),
  /** Set by an operator to shut a user out of the API (`api_access_disabled`). */
  apiAccessDisabled: z.boolean(),
  /** The IANA zone the person reads and enters times in (the console); `UTC` until they choose. */
  timeZone: z.string().min(1),
  createdAt: z.date(),
  updatedAt: z.date(),
});

/** A user. */
export type User = z.infer<typeof userSchema>;
