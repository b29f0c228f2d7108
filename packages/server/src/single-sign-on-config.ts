import { GRANTABLE_ROLES, type SingleSignOnRules } from '@svc/core';
import { isLoopbackUrl, type OidcSettings } from '@svc/web';
import { z } from 'zod';

/** Single sign-on (docs/security.md, "Single sign-on"): the provider, and who may sign in and join where. */
export type SingleSignOnConfig = { readonly settings: OidcSettings; readonly rules: SingleSignOnRules };

/** The environment variables of single sign-on, merged into the configuration's schema. */
export const SIGN_ON_ENV = {
  // https, as the provider's answers carry who a person is; plain http only on this machine (a
  // provider run beside the service, or in tests).
  SVC_OIDC_ISSUER: z
    .url({ protocol: /^https?$/, error: 'must be an https URL (http only on localhost)' })
    .refine(
      (v) => v.startsWith('https:') || isLoopbackUrl(v),
      'must be an https URL (http only on localhost)',
    )
    .optional(),
  SVC_OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  SVC_OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  SVC_OIDC_NAME: z.string().trim().min(1).max(40, 'must be at most 40 characters').optional(),
  SVC_OIDC_ALLOWED_DOMAINS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
        .filter((d) => d !== ''),
    )
    .refine(
      (ds) => ds.every((d) => /^[a-z0-9.-]+\.[a-z0-9-]+$/.test(d)),
      'must be domains separated by commas',
    )
    .optional(),
  SVC_OIDC_WORKSPACE: z.string().trim().min(1).optional(),
  SVC_OIDC_ROLE: z
    .enum(GRANTABLE_ROLES, { error: `must be ${GRANTABLE_ROLES.join(', ')}` })
    .default('editor'),
};

type SignOnEnv = z.infer<z.ZodObject<typeof SIGN_ON_ENV>>;

/**
 * Single sign-on from the parsed environment: null without SVC_OIDC_ISSUER; the client id and
 * secret must come with it (one line naming the one missing).
 */
export function singleSignOnConfig(
  e: SignOnEnv,
): { ok: true; value: SingleSignOnConfig | null } | { ok: false; error: string } {
  const { SVC_OIDC_ISSUER: issuer, SVC_OIDC_CLIENT_ID: clientId, SVC_OIDC_CLIENT_SECRET: clientSecret } = e;
  if (issuer === undefined) {
    const stray =
      clientId !== undefined
        ? 'SVC_OIDC_CLIENT_ID'
        : clientSecret !== undefined
          ? 'SVC_OIDC_CLIENT_SECRET'
          : null;
    return stray === null
      ? { ok: true, value: null }
      : { ok: false, error: `Invalid configuration: SVC_OIDC_ISSUER is missing: ${stray} is set without it` };
  }
  if (clientId === undefined || clientSecret === undefined) {
    const missing = clientId === undefined ? 'SVC_OIDC_CLIENT_ID' : 'SVC_OIDC_CLIENT_SECRET';
    return {
      ok: false,
      error: `Invalid configuration: ${missing} is missing: single sign-on needs it with SVC_OIDC_ISSUER`,
    };
  }
  const name = e.SVC_OIDC_NAME ?? new URL(issuer).hostname;
  const join =
    e.SVC_OIDC_WORKSPACE === undefined ? null : { workspaceId: e.SVC_OIDC_WORKSPACE, role: e.SVC_OIDC_ROLE };
  return {
    ok: true,
    value: {
      settings: { issuer, clientId, clientSecret, name },
      rules: { allowedDomains: e.SVC_OIDC_ALLOWED_DOMAINS ?? [], join },
    },
  };
}
