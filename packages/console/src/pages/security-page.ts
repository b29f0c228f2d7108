import {
  beginTotpSetup,
  confirmTotpSetup,
  listPasskeys,
  mustSetUpSecondFactor,
  PASSKEY_NAME_LENGTH,
  passkeyRegistrationOptions,
  pendingTotpSetup,
  registerPasskey,
  removePasskey,
  secondFactorsOf,
  type TotpSetup,
} from '@svc/core';
import { html, qrCodeSvg, SECOND_FACTOR_ISSUER, secondFactorDeps } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { barePage, csrfField, type PageParts, pageReply } from '../console-page.js';
import { type ConsoleReply, htmlReply, redirectReply } from '../console-reply.js';
import { PASSKEY_JS_PATH } from '../passkey-script.js';
import { shownOnceCard } from './shown-once.js';

/** The page where a person sets their second factors up (docs/console.md, "Second factors"). */
export const SECURITY_PATH = '/app/account/security';

const NOTICES: Readonly<Record<string, string>> = {
  passkey: 'Your passkey was added: it signs you in after your password.',
  removed: 'The passkey was removed.',
};

async function page(c: SignedContext, status: number, messages: Pick<PageParts, 'notice' | 'alert'> = {}) {
  const user = c.session.user;
  const factors = await secondFactorsOf(c.deps.core, user.id);
  const passkeys = await listPasskeys(c.deps.core, user);
  const required = mustSetUpSecondFactor(c.deps.requireSecondFactor === true, factors)
    ? html`<p role="alert">This server requires a second factor: set up an authenticator app or a passkey to go on.</p>`
    : '';
  const app = factors.totp
    ? html`<p>On. ${String(factors.recoveryCodes)} unused recovery code(s) left.</p>`
    : html`<p>Off. An authenticator app (Google Authenticator, 1Password, Aegis …) gives a new six-digit code every 30 seconds.</p>
<form method="post" action="${SECURITY_PATH}/totp">${csrfField(c.session)}
<div class="actions"><button type="submit">Set up an authenticator app</button></div></form>`;
  const rows = passkeys.map(
    (
      p,
    ) => html`<li><strong>${p.name}</strong> <span class="muted">added ${c.time.when(p.createdAt)}${p.lastUsedAt === null ? '' : html`, last used ${c.time.when(p.lastUsedAt)}`}</span>
<form method="post" action="${SECURITY_PATH}/passkeys/remove" class="inline">${csrfField(c.session)}<input type="hidden" name="id" value="${p.id}">
<button type="submit" class="secondary" aria-label="Remove the passkey ${p.name}">Remove</button></form></li>`,
  );
  const body = html`${required}<section class="card" aria-labelledby="totp-heading"><h2 id="totp-heading">Authenticator app</h2>
${app}</section>
<section class="card" aria-labelledby="passkeys-heading"><h2 id="passkeys-heading">Passkeys</h2>
${passkeys.length === 0 ? html`<p>No passkeys yet. A passkey is kept by your device or password manager and unlocked with your fingerprint, face or PIN.</p>` : html`<ul class="plain">${rows}</ul>`}
<form method="post" action="${SECURITY_PATH}/passkeys" data-passkey="register" data-options="${SECURITY_PATH}/passkey-options">${csrfField(c.session)}
<input type="hidden" name="passkey" value="">
<label for="passkey-name">Name of the new passkey</label>
<input type="text" id="passkey-name" name="name" maxlength="${String(PASSKEY_NAME_LENGTH)}" placeholder="Laptop">
<p class="muted" data-passkey-status role="status"></p>
<div class="actions"><button type="button" data-passkey-start hidden>Add a passkey</button></div>
<noscript><p class="muted">Adding a passkey needs JavaScript.</p></noscript></form></section>`;
  return pageReply(c, status, {
    title: 'Security',
    section: '/app/account',
    body,
    scripts: [PASSKEY_JS_PATH],
    ...messages,
  });
}

async function show(c: SignedContext): Promise<ConsoleReply> {
  const notice = NOTICES[c.url.searchParams.get('done') ?? ''];
  return page(c, 200, notice === undefined ? {} : { notice });
}

async function setupPage(c: SignedContext, setup: TotpSetup, status: number, alert: string | null) {
  const qr = await qrCodeSvg(setup.uri, 'QR code of the authenticator app set-up key');
  const body = html`<section class="card" aria-labelledby="setup-heading"><h2 id="setup-heading">Scan this code with your authenticator app</h2>
${qr}
<p>Cannot scan? Type this key instead:</p><p class="secret" id="totp-secret">${setup.secret}</p>
<details><summary>The set-up link</summary><p class="secret" id="totp-uri">${setup.uri}</p></details>
<form method="post" action="${SECURITY_PATH}/totp/confirm">${csrfField(c.session)}
<label for="code">The six-digit code the app shows now</label>
<input type="text" id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]*" required>
<div class="actions"><button type="submit">Turn on</button></div></form></section>`;
  return pageReply(c, status, { title: 'Set up an authenticator app', section: '/app/account', body, alert });
}

async function beginTotp(c: SignedContext): Promise<ConsoleReply> {
  const setup = await beginTotpSetup(c.deps.core, c.session.user, SECOND_FACTOR_ISSUER);
  if (setup === null) return redirectReply(SECURITY_PATH);
  return setupPage(c, setup, 200, null);
}

async function confirmTotp(c: SignedContext): Promise<ConsoleReply> {
  const confirmed = await confirmTotpSetup(
    secondFactorDeps(c.deps),
    c.session.user,
    c.form.get('code') ?? '',
  );
  if (confirmed.kind === 'no_setup') return redirectReply(SECURITY_PATH);
  if (confirmed.kind === 'wrong_code') {
    const setup = await pendingTotpSetup(c.deps.core, c.session.user, SECOND_FACTOR_ISSUER);
    if (setup === null) return redirectReply(SECURITY_PATH);
    return setupPage(
      c,
      setup,
      400,
      'That code is not right. Check the app shows this account and try the newest code.',
    );
  }
  const codes = shownOnceCard(
    'recovery',
    'Your recovery codes',
    html`<p>Each signs you in once when you do not have your authenticator. Keep them somewhere safe: they are shown only now.</p>`,
    confirmed.recoveryCodes.join('\n'),
  );
  return pageReply(c, 200, {
    title: 'Authenticator app on',
    section: '/app/account',
    body: html`${codes}<p><a href="${SECURITY_PATH}">Back to Security</a></p>`,
    notice: 'Your authenticator app is on: signing in now asks for its code after your password.',
  });
}

async function passkeyOptions(c: SignedContext): Promise<ConsoleReply> {
  const options = await passkeyRegistrationOptions(secondFactorDeps(c.deps), c.session.user);
  if (options === null)
    return htmlReply(404, barePage('No passkeys', html`<p role="alert">Passkeys are not offered.</p>`));
  return { status: 200, body: JSON.stringify(options), contentType: 'application/json' };
}

async function addPasskey(c: SignedContext): Promise<ConsoleReply> {
  let response: unknown = null;
  try {
    response = JSON.parse(c.form.get('passkey') ?? '');
  } catch {
    // Not JSON: refused below like any answer that does not verify.
  }
  const registered = await registerPasskey(
    secondFactorDeps(c.deps),
    c.session.user,
    response,
    c.form.get('name') ?? '',
  );
  if (registered.kind === 'refused')
    return page(c, 400, {
      alert: 'The passkey could not be added: the answer did not verify or came too late. Try again.',
    });
  return redirectReply(`${SECURITY_PATH}?done=passkey`);
}

async function dropPasskey(c: SignedContext): Promise<ConsoleReply> {
  await removePasskey(c.deps.core, c.session.user, c.form.get('id') ?? '');
  return redirectReply(`${SECURITY_PATH}?done=removed`);
}

/** The Security page: authenticator app with recovery codes, and passkeys. */
export const securityRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: SECURITY_PATH, access: 'signed', run: show },
  { method: 'POST', path: `${SECURITY_PATH}/totp`, access: 'signed', run: beginTotp },
  { method: 'POST', path: `${SECURITY_PATH}/totp/confirm`, access: 'signed', run: confirmTotp },
  { method: 'POST', path: `${SECURITY_PATH}/passkey-options`, access: 'signed', run: passkeyOptions },
  { method: 'POST', path: `${SECURITY_PATH}/passkeys`, access: 'signed', run: addPasskey },
  { method: 'POST', path: `${SECURITY_PATH}/passkeys/remove`, access: 'signed', run: dropPasskey },
];
