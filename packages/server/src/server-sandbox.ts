import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { connectionRequester, decideSandboxAccess, type User } from '@svc/core';
import { ERROR_STATUS } from '@svc/http';
import { createSandbox, type Sandbox, type SandboxGate } from '@svc/sandbox';
import { isLocalClient } from '@svc/web';
import type { Config } from './config.js';
import type { Services } from './open-services.js';
import { sandboxTikTokPrefix } from './platform-gateways.js';

/** Who is signed in to the console in a request's browser (the console answers it). */
export type SignedInUser = (req: IncomingMessage) => Promise<User | null>;

/**
 * The platform simulators the server serves under /sandbox/ when the sandbox is on: they fetch
 * media links through the service's SSRF-safe fetcher, send people back only to the service's
 * callback, sign Instagram's comment webhooks with this install's secret, and answer only whom
 * the gate lets in (docs/security.md).
 */
export function createServerSandbox(
  config: Config,
  services: Services,
  signedInUser: SignedInUser,
): Sandbox | null {
  if (!config.sandbox) return null;
  const webhook = services.instagramWebhook;
  return createSandbox({
    baseUrl: config.baseUrl,
    secret: services.sandboxSecret,
    fetcher: services.core.fetcher,
    ownMediaPrefix: `${config.baseUrl}/media/`,
    // The simulated TikTok app: the same PKCE encoding as the adapter, the same verified prefix.
    tiktok: {
      pkceEncoding: config.tiktok.pkceEncoding,
      verifiedPrefixes: [sandboxTikTokPrefix(config)],
    },
    gate: sandboxGate(config, services, signedInUser),
    // The simulated Instagram delivers comment webhooks to this server, as Meta would once the
    // app dashboard points at it.
    ...(config.platformCredentials.instagram === undefined && webhook?.verifyToken != null
      ? {
          webhooks: {
            instagram: {
              callbackUrl: `${config.baseUrl}/webhooks/instagram`,
              verifyToken: webhook.verifyToken,
              appSecret: webhook.appSecret,
            },
          },
        }
      : {}),
  });
}

/**
 * Gathers what `decideSandboxAccess` needs about a request (is it local, does it carry the
 * operator's token, who is signed in, who asked for the connection a consent page names) and
 * answers its refusal. The facts that cost a database read are only looked up when they matter.
 */
function sandboxGate(config: Config, services: Services, signedInUser: SignedInUser): SandboxGate {
  const { exposed, token } = config.sandboxAccess;
  const origin = new URL(config.baseUrl).origin;
  return async ({ surface, req, url }) => {
    const local = isLocalClient(req, config.trustProxy);
    const operator = !local && exposed && token !== null && bearerMatches(req, token);
    const person = !local && exposed && !operator && surface !== 'platform_api' && surface !== 'control';
    const user = person ? await signedInUser(req) : null;
    const state = url.searchParams.get('state');
    const requesterId =
      user !== null && surface === 'consent' && state !== null
        ? await connectionRequester(services.core, state)
        : null;
    let refused = decideSandboxAccess(surface, {
      local,
      exposed,
      operator,
      userId: user?.id ?? null,
      requesterId,
    });
    // A session cookie is what lets a form in: another site's form must not ride on it.
    if (refused === null && user !== null && req.method === 'POST' && !sameOrigin(req, origin)) {
      refused = { code: 'sandbox_sign_in_required', message: 'This form came from another site.' };
    }
    if (refused === null) return null;
    return {
      status: ERROR_STATUS[refused.code],
      code: refused.code,
      message: refused.message,
      ...(refused.code === 'sandbox_sign_in_required'
        ? { signInUrl: `/app/sign-in?next=${encodeURIComponent(url.pathname + url.search)}` }
        : {}),
    };
  };
}

function bearerMatches(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// Browsers send Origin with every form post; a missing one (an old browser, a script) is let through.
function sameOrigin(req: IncomingMessage, origin: string): boolean {
  const from = req.headers.origin;
  return from === undefined || from === origin;
}
