import { PLATFORM_NAMES } from '@svc/core';
import { escapeHtml } from '@svc/web';
import { accountIdFor, DEFAULT_HANDLES, normalizeHandle } from './account-ids.js';
import { htmlDocument } from './html-page.js';
import { htmlReply, type Reply, redirectReply } from './http-io.js';
import { SANDBOX_APPS } from './sandbox-apps.js';
import { nowOf, type SandboxContext } from './sandbox-context.js';
import type { SandboxPlatform } from './sandbox-publication.js';
import type { RouteSpec, SandboxRequest } from './sandbox-router.js';
import { LIFETIMES_MS, newNonce, signCode } from './signed-token.js';

/**
 * The authorize pages of the five platforms (platforms.md 1.1, 2.1, 3.1, 4.1, 5.1): GET shows the
 * sandbox consent page, POST (its form) approves and redirects back with a single-use code. A
 * PKCE challenge (S256 only) is sealed into the code, for the token endpoint to check.
 */
export function consentRoutes(ctx: SandboxContext): RouteSpec[] {
  const page = (path: string, platform: SandboxPlatform): RouteSpec => ({
    methods: ['GET', 'POST'],
    path,
    route: { surface: 'consent', run: (r) => consent(ctx, platform, r) },
  });
  return [
    page('/sandbox/instagram/www/oauth/authorize', 'instagram'),
    // The reference shows the same path on api.instagram.com.
    page('/sandbox/instagram/api/oauth/authorize', 'instagram'),
    page('/sandbox/threads/www/oauth/authorize', 'threads'),
    page('/sandbox/facebook/www/:version/dialog/oauth', 'facebook'),
    page('/sandbox/tiktok/www/v2/auth/authorize', 'tiktok'),
    page('/sandbox/youtube/accounts/o/oauth2/v2/auth', 'youtube'),
  ];
}

function parseRedirect(value: string | undefined): URL | null {
  if (value === undefined) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

// Instagram appends `#_` to the redirect; the others do not.
const withFragment = (platform: SandboxPlatform, url: URL) =>
  platform === 'instagram' ? `${url.toString()}#_` : url.toString();

// TikTok names the app's id `client_key`; the others `client_id`.
const clientIdParam = (platform: SandboxPlatform) => (platform === 'tiktok' ? 'client_key' : 'client_id');

function consent(ctx: SandboxContext, platform: SandboxPlatform, r: SandboxRequest): Reply {
  const name = PLATFORM_NAMES[platform];
  const clientId = r.input.get(clientIdParam(platform));
  const redirect = parseRedirect(r.input.get('redirect_uri'));
  if (clientId !== SANDBOX_APPS[platform].clientId) {
    return errorPage(
      name,
      `Invalid app ID: ${clientId ?? `(missing ${clientIdParam(platform)})`} is not a ${name} sandbox app.`,
    );
  }
  const challenge = r.input.get('code_challenge');
  if (challenge !== undefined && r.input.get('code_challenge_method') !== 'S256') {
    return errorPage(name, 'code_challenge_method must be S256.');
  }
  if (redirect === null)
    return errorPage(name, 'The redirect_uri parameter is missing or not an http(s) URL.');
  // As on the real platforms, the app may only send people back to an address it registered.
  if (!ctx.redirectUris.includes(r.input.get('redirect_uri') ?? '')) {
    return errorPage(name, `redirect_uri is not one of the app's registered redirect URIs.`);
  }
  const state = r.input.get('state');
  // The gate admitted the request for the state in its address; a form cannot swap in another.
  if (r.url.searchParams.has('state') && r.url.searchParams.get('state') !== state) {
    return errorPage(name, 'The state of the form is not the one of the page.');
  }
  const configuration = facebookConfiguration(ctx, platform, r);
  if (configuration === 'unknown') {
    return errorPage(
      name,
      `Invalid configuration: ${r.input.get('config_id')} is not a Facebook Login for Business configuration of this app.`,
    );
  }
  if (r.method !== 'POST') return htmlReply(200, consentPage(platform, r, DEFAULT_HANDLES[platform], null));

  const handle = normalizeHandle(platform, r.input.get('handle') ?? '');
  if (handle === null) {
    const rule =
      platform === 'facebook'
        ? 'A Page name is 1 to 75 characters.'
        : 'A handle is 1 to 64 letters, digits, periods, dashes or underscores.';
    return htmlReply(400, consentPage(platform, r, r.input.get('handle') ?? '', rule));
  }
  if (platform === 'facebook') {
    const business = normalizeHandle('facebook', r.input.get('business_page') ?? '');
    const user = accountIdFor('facebook-user', handle);
    if (business === null) ctx.state.facebook.businessPages.delete(user);
    else ctx.state.facebook.businessPages.set(user, business);
  }
  const now = nowOf(ctx);
  // A Facebook Login for Business configuration replaces the scope list (platforms.md 5.1).
  const scope = configuration === null ? r.input.get('scope') : configuration.join(',');
  const code = signCode(ctx.secret, {
    p: platform,
    c: clientId,
    // Bound to the exact string, as Meta compares the exchange's redirect_uri character for character.
    r: r.input.get('redirect_uri') ?? '',
    h: handle,
    iat: now,
    exp: now + LIFETIMES_MS.code,
    n: newNonce(),
    ...(challenge === undefined ? {} : { pk: challenge }),
    ...(scope === undefined ? {} : { s: scope }),
  });
  redirect.searchParams.set('code', code);
  if (state !== undefined) redirect.searchParams.set('state', state);
  return redirectReply(withFragment(platform, redirect));
}

/**
 * The permissions of the Facebook Login for Business configuration the dialog names; null when
 * there is none (or the platform is not Facebook), `unknown` for an id the app does not have.
 */
function facebookConfiguration(
  ctx: SandboxContext,
  platform: SandboxPlatform,
  r: SandboxRequest,
): readonly string[] | 'unknown' | null {
  const id = r.input.get('config_id');
  if (platform !== 'facebook' || id === undefined) return null;
  return ctx.state.facebook.configurations.get(id) ?? 'unknown';
}

function denyUrl(platform: SandboxPlatform, r: SandboxRequest): string {
  const url = new URL(r.input.get('redirect_uri') ?? '');
  url.searchParams.set('error', 'access_denied');
  url.searchParams.set('error_reason', 'user_denied');
  url.searchParams.set('error_description', 'Permissions error');
  const state = r.input.get('state');
  if (state !== undefined) url.searchParams.set('state', state);
  return withFragment(platform, url);
}

function consentPage(
  platform: SandboxPlatform,
  r: SandboxRequest,
  handle: string,
  error: string | null,
): string {
  const name = PLATFORM_NAMES[platform];
  const label = platform === 'facebook' ? 'Page name' : 'Account handle';
  const hidden = [...r.input]
    .filter(([field]) => field !== 'handle' && field !== 'business_page')
    .map(
      ([field, value]) => `<input type="hidden" name="${escapeHtml(field)}" value="${escapeHtml(value)}">`,
    );
  const configId = platform === 'facebook' ? r.input.get('config_id') : undefined;
  const scope = configId === undefined ? r.input.get('scope') : `configuration ${configId}`;
  // Facebook: a Page reached only through a Business Manager, which /me/accounts does not list.
  const business =
    platform === 'facebook'
      ? [
          '<label for="business_page">Business Manager Page (optional)</label>',
          '<input type="text" id="business_page" name="business_page" value="" autocomplete="off">',
        ]
      : [];
  return htmlDocument(
    `${name} sandbox: authorize ${r.input.get(clientIdParam(platform)) ?? ''}`,
    [
      `<h1>${escapeHtml(name)} sandbox</h1>`,
      `<p class="note">This page stands in for ${escapeHtml(name)}'s consent screen. Nothing reaches ` +
        `${escapeHtml(name)}: the sandbox simulates the account you name here.</p>`,
      `<p>The app <strong>${escapeHtml(r.input.get(clientIdParam(platform)) ?? '')}</strong> asks to publish for you` +
        (scope === undefined ? '.' : ` with the permissions <code>${escapeHtml(scope)}</code>.`) +
        '</p>',
      error === null ? '' : `<p role="alert"><strong>${escapeHtml(error)}</strong></p>`,
      '<form method="post">',
      ...hidden,
      `<label for="handle">${label}</label>`,
      `<input type="text" id="handle" name="handle" value="${escapeHtml(handle)}" required autocomplete="off">`,
      ...business,
      '<div class="actions"><button type="submit">Approve</button>',
      `<a class="button secondary" href="${escapeHtml(denyUrl(platform, r))}">Deny</a></div>`,
      '</form>',
    ].join('\n'),
  );
}

function errorPage(name: string, message: string): Reply {
  return htmlReply(
    400,
    htmlDocument(
      `${name} sandbox: error`,
      [
        `<h1>${escapeHtml(name)} sandbox: this link does not work</h1>`,
        `<p role="alert">${escapeHtml(message)}</p>`,
      ].join('\n'),
    ),
  );
}
