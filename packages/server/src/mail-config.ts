import { defaultMailFrom } from '@svc/outbound';
import { z } from 'zod';

/** E-mail (docs/notifications.md): the SMTP server and the From address. */
export type MailConfig = { readonly smtpUrl: string; readonly from: string };

/** The environment variables of e-mail, merged into the configuration's schema. */
export const MAIL_ENV = {
  SVC_SMTP_URL: z
    .string()
    .trim()
    .refine((v) => URL.canParse(v) && /^smtps?:$/.test(new URL(v).protocol) && new URL(v).hostname !== '', {
      error: 'must be an smtp:// or smtps:// URL with a host',
    })
    .optional(),
  SVC_MAIL_FROM: z.email({ error: 'must be an e-mail address' }).optional(),
};

type MailEnv = z.infer<z.ZodObject<typeof MAIL_ENV>>;

/**
 * E-mail from the parsed environment: null without SVC_SMTP_URL (no e-mail); the From address is
 * SVC_MAIL_FROM, else `svc@` the host of `baseUrl`.
 */
export function mailConfig(e: MailEnv, baseUrl: string): MailConfig | null {
  return e.SVC_SMTP_URL === undefined
    ? null
    : { smtpUrl: e.SVC_SMTP_URL, from: e.SVC_MAIL_FROM ?? defaultMailFrom(baseUrl) };
}
