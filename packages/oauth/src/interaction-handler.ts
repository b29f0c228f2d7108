import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SignInLimiter } from '@svc/core';
import { checkSignIn, chooseWorkspace, listWorkspaces } from '@svc/core';
import { scryptPasswordHasher } from '@svc/core/node';
import { clientAddress, readForm, requestPath, writeReply } from '@svc/web';
import type Provider from 'oidc-provider';
import type { InteractionResults } from 'oidc-provider';
import { bindGrantToWorkspace, grantForWorkspace } from './grant-workspace.js';
import type { OAuthDeps } from './oauth-deps.js';
import { INTERACTION_PREFIX } from './oauth-routes.js';
import type { OAuthSecrets } from './oauth-secrets.js';
import { renderConsentPage } from './pages/consent-page.js';
import { renderErrorPage } from './pages/error-page.js';
import { renderSecondFactorPage } from './pages/second-factor-page.js';
import { renderSignInPage } from './pages/sign-in-page.js';
import { oauthSecondFactors } from './second-factor-sign-in.js';
import { runSignOnStep, SIGN_ON_STEPS } from './single-sign-on-steps.js';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

/** Largest form accepted: an email, a password and two tokens. */
const FORM_LIMIT_BYTES = 16 * 1024;

// The pages' one stylesheet is ours (no inline style), and the answer's redirect to the client
// must stay allowed, so no form-action rule; no framing, so the consent page cannot be clickjacked.
const PAGE_POLICY = {
  'content-security-policy': "default-src 'none'; style-src 'self'; frame-ancestors 'none'",
};

/**
 * Answers the sign-in and consent pages of an authorization request (`/oauth/interaction/<uid>`):
 * GET shows the page the request is at, POST takes its form. Every form carries an anti-forgery
 * token bound to the interaction, on top of oidc-provider's own check that the interaction cookie
 * (SameSite=Lax) belongs to this browser.
 */
export function createInteractionHandler(
  deps: OAuthDeps,
  provider: Provider,
  secrets: OAuthSecrets,
  limiter: SignInLimiter,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const factors = oauthSecondFactors(
    deps.secondFactors,
    deps.requireSecondFactor === true,
    limiter,
    deps.trustProxy,
  );
  const pageFor = async (interaction: Interaction, error: string | null, email = '', chosen?: string) => {
    const action = `${INTERACTION_PREFIX}${interaction.uid}`;
    const csrf = secrets.csrfTokenFor(interaction.uid);
    const clientId = String(interaction.params.client_id);
    const client = await provider.Client.find(clientId);
    const clientName = client?.clientName ?? clientId;
    if (interaction.prompt.name === 'login') {
      const sso = deps.singleSignOn;
      const button = sso === undefined ? undefined : { href: `${action}/sso`, name: sso.name };
      return renderSignInPage({ action, csrf, clientName, email, error, sso: button });
    }
    const accountId = interaction.session?.accountId ?? '';
    const user = await deps.store.users.getUser(accountId);
    const workspaces = user === null ? [] : await listWorkspaces(deps, user.id).unwrapOr([]);
    return renderConsentPage({
      action,
      csrf,
      clientName,
      clientId,
      redirectUri: String(interaction.params.redirect_uri),
      scopes: String(interaction.params.scope ?? '')
        .split(' ')
        .filter((s) => s !== ''),
      email: user?.email ?? 'an unknown user',
      workspaces,
      chosen: chosen ?? accountId,
      error,
    });
  };

  const signIn = async (
    req: IncomingMessage,
    res: ServerResponse,
    interaction: Interaction,
    form: URLSearchParams,
  ) => {
    const check = await checkSignIn(
      { users: deps.store.users, limiter, passwords: scryptPasswordHasher },
      {
        email: form.get('email') ?? '',
        password: form.get('password') ?? '',
        address: clientAddress(req, deps.trustProxy),
      },
    );
    if (check.kind === 'wait') {
      const wait = check.retryAfterSeconds;
      const page = await pageFor(
        interaction,
        `Too many sign-in attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`,
        check.email,
      );
      return sendHtml(res, 429, page, { 'Retry-After': String(wait) });
    }
    if (check.kind === 'refused') {
      return sendHtml(
        res,
        401,
        await pageFor(interaction, 'The email or password is not right.', check.email),
      );
    }
    // The same second step as the console's sign-in, before the interaction learns who it is.
    const next = await factors.afterPassword(check.user);
    if (next.kind === 'set_up_first') {
      const message =
        'This server requires a second factor. Sign in to the console, set one up under Account, Security, then connect again.';
      return sendHtml(res, 403, await pageFor(interaction, message, check.user.email));
    }
    if (next.kind === 'second_factor') {
      const page = await secondFactorPage(interaction, next.token, next.totp, null);
      return sendHtml(res, 200, page);
    }
    await finishLogin(req, res, check.user.id);
  };

  const finishLogin = async (req: IncomingMessage, res: ServerResponse, accountId: string) => {
    const result: InteractionResults = { login: { accountId } };
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  };

  const secondFactorPage = async (
    interaction: Interaction,
    token: string,
    totp: boolean,
    error: string | null,
  ) => {
    const clientId = String(interaction.params.client_id);
    const client = await provider.Client.find(clientId);
    return renderSecondFactorPage({
      action: `${INTERACTION_PREFIX}${interaction.uid}`,
      csrf: secrets.csrfTokenFor(interaction.uid),
      clientName: client?.clientName ?? clientId,
      stepToken: token,
      totp,
      error,
    });
  };

  const secondFactor = async (
    req: IncomingMessage,
    res: ServerResponse,
    interaction: Interaction,
    form: URLSearchParams,
  ) => {
    const outcome = await factors.answer(req, form);
    const token = form.get('factor') ?? '';
    if (outcome.kind === 'passed') return finishLogin(req, res, outcome.user.id);
    if (outcome.kind === 'expired')
      return sendHtml(res, 401, await pageFor(interaction, 'That sign-in ended. Sign in again.'));
    if (outcome.kind === 'wait') {
      const error = `Too many sign-in attempts. Try again in ${Math.ceil(outcome.retryAfterSeconds / 60)} minute(s).`;
      const page = await secondFactorPage(interaction, token, outcome.totp ?? false, error);
      return sendHtml(res, 429, page, { 'Retry-After': String(outcome.retryAfterSeconds) });
    }
    const error = `That was not right, or was used already. ${outcome.triesLeft} ${outcome.triesLeft === 1 ? 'try' : 'tries'} left.`;
    return sendHtml(res, 401, await secondFactorPage(interaction, token, outcome.totp ?? false, error));
  };

  const consent = async (
    req: IncomingMessage,
    res: ServerResponse,
    interaction: Interaction,
    form: URLSearchParams,
  ) => {
    if (form.get('decision') !== 'allow') {
      const denied: InteractionResults = {
        error: 'access_denied',
        error_description: 'The user denied access.',
      };
      return provider.interactionFinished(req, res, denied, { mergeWithLastSubmission: false });
    }
    const accountId = interaction.session?.accountId;
    if (accountId === undefined)
      return sendHtml(res, 400, renderErrorPage('login_required', 'Sign in first.'));
    // Only one of the person's workspaces; any other is refused and the page asks again.
    const chosen = await chooseWorkspace(deps, accountId, form.get('workspace') ?? accountId);
    if (chosen.isErr()) {
      const page = await pageFor(interaction, 'Choose one of your workspaces.', '', accountId);
      return sendHtml(res, 403, page);
    }
    const workspaceId = chosen.value.workspace.id;
    const request = { grantId: interaction.grantId, clientId: String(interaction.params.client_id) };
    const grant = await grantForWorkspace(deps.store.oauth, provider, request, accountId, workspaceId);
    const details = interaction.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (details.missingOIDCScope !== undefined) grant.addOIDCScope(details.missingOIDCScope.join(' '));
    if (details.missingOIDCClaims !== undefined) grant.addOIDCClaims(details.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '));
    }
    const grantId = await grant.save();
    await bindGrantToWorkspace(deps.store.oauth, grantId, workspaceId);
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  };

  return async (req, res) => {
    let interaction: Interaction;
    try {
      interaction = await provider.interactionDetails(req, res);
    } catch {
      const page = renderErrorPage(
        'invalid_request',
        'This sign-in has expired or was opened in another browser. Start connecting again from your application.',
      );
      return sendHtml(res, 400, page);
    }
    const path = requestPath(req);
    const step = SIGN_ON_STEPS.find((s) => path === `${INTERACTION_PREFIX}${interaction.uid}${s}`);
    if (
      step !== undefined &&
      deps.singleSignOn !== undefined &&
      interaction.prompt.name === 'login' &&
      req.method === 'GET'
    )
      return runSignOnStep(step, deps.singleSignOn, provider, interaction.uid, req, res, (status, page) =>
        sendHtml(res, status, page),
      );
    if (path !== `${INTERACTION_PREFIX}${interaction.uid}`) {
      return sendHtml(res, 400, renderErrorPage('invalid_request', 'This page belongs to another sign-in.'));
    }
    if (req.method === 'GET' || req.method === 'HEAD')
      return sendHtml(res, 200, await pageFor(interaction, null));
    if (req.method !== 'POST') {
      res.writeHead(405, { Allow: 'GET, POST' }).end();
      return;
    }
    const form = await readForm(req, FORM_LIMIT_BYTES);
    if (form === null || !secrets.csrfMatches(interaction.uid, form.get('csrf') ?? '')) {
      const page = renderErrorPage(
        'invalid_request',
        'The form was not sent from this page. Reload it and try again.',
      );
      return sendHtml(res, 403, page);
    }
    const formStep = form.get('step');
    if (formStep === 'sign-in' && interaction.prompt.name === 'login')
      return signIn(req, res, interaction, form);
    if (formStep === 'second-factor' && interaction.prompt.name === 'login')
      return secondFactor(req, res, interaction, form);
    if (formStep === 'consent' && interaction.prompt.name === 'consent')
      return consent(req, res, interaction, form);
    // The form is of an earlier step (a second tab, the back button): show the current one.
    return sendHtml(res, 409, await pageFor(interaction, null));
  };
}

/** Sends a page with the security headers of every page (no caching, no framing). */
function sendHtml(
  res: ServerResponse,
  status: number,
  html: string,
  headers: Record<string, string> = {},
): void {
  writeReply(res, { status, body: html, headers }, { overrides: PAGE_POLICY });
}
