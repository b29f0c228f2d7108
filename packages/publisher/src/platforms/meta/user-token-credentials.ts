import { z } from 'zod';

/** The stored credentials of an Instagram or Threads account: a self-refreshing long-lived token. */
export const userTokenCredentialsSchema = z.looseObject({
  accessToken: z.string().min(1),
  /** The platform's user id, used in every publishing path. */
  userId: z.string().min(1),
  /** When the token was issued; it can be refreshed from 24 hours after. */
  issuedAt: z.string().optional(),
  /**
   * The permissions granted at connection, when the platform said which (Instagram does). A list
   * we cannot read counts as unknown rather than making the whole credentials unreadable.
   */
  permissions: z.array(z.string()).optional().catch(undefined),
});

/** Credentials of an Instagram or Threads account. */
export type UserTokenCredentials = z.infer<typeof userTokenCredentialsSchema>;
