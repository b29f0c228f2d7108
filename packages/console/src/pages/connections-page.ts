import {
  type ConnectedAccount,
  createConnectionRequest,
  getPostingOptions,
  listConnections,
  PLATFORM_NAMES,
  PLATFORMS,
  type Platform,
  type PostingOptionsView,
  postingOptionsFailure,
} from '@svc/core';
import { avatar, emptyState, type Html, html, platformMark, unwrap } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { csrfField, pageReply } from '../console-page.js';
import { type ConsoleReply, redirectReply } from '../console-reply.js';
import { confirmButton } from './confirm-page.js';
import { connectedNotice, disconnectRoutes } from './connection-actions.js';
import { platformSetupSection } from './platform-setup-section.js';
import { platformRulesLine, postingOptionLines } from './posting-rules.js';
import { actionReply, type RefusalFrame } from './refusal-page.js';
import { stackTable } from './stack-table.js';
import { youtubeAuditSection } from './youtube-audit-section.js';

/** A TikTok account's options as read when the page opened, or why they could not be. */
type OptionsRead = { readonly options: PostingOptionsView } | { readonly failed: string };

/**
 * The live posting options of one TikTok account. A failure to read them never fails the page:
 * it shows a short message instead (a thrown fault is logged with the account id only).
 */
async function readOptions(c: SignedContext, account: ConnectedAccount): Promise<OptionsRead> {
  try {
    const read = await getPostingOptions(c.deps.core, c.actor, account.id);
    return read.isOk() ? { options: read.value } : { failed: postingOptionsFailure(read.error) };
  } catch (error) {
    c.deps.logger.warn(
      { accountId: account.id, err: error instanceof Error ? error.name : 'unknown' },
      'TikTok posting options could not be read',
    );
    return { failed: postingOptionsFailure(null) };
  }
}

function postingCell(c: SignedContext, account: ConnectedAccount, read: OptionsRead | undefined): Html {
  if (read === undefined) {
    return html`<p class="muted">${platformRulesLine(c.deps.core.policy.platforms[account.platform])}</p>`;
  }
  if ('failed' in read) return html`<p>${read.failed}</p>`;
  return html`${postingOptionLines(read.options).map((line) => html`<p>${line}</p>`)}<p class="muted">Read from TikTok at ${c.time.when(read.options.fetchedAt)}.</p>`;
}

async function list(c: SignedContext): Promise<ConsoleReply> {
  const accounts = await unwrap(listConnections(c.deps.core, c.actor));
  const available = PLATFORMS.filter((p) => c.deps.core.platforms[p] !== undefined);
  // Read live, as the page opens, every TikTok account at once.
  const tiktok = accounts.filter((a) => a.platform === 'tiktok');
  const reads = new Map(await Promise.all(tiktok.map(async (a) => [a.id, await readOptions(c, a)] as const)));
  // The platform's picture (profileImageUrl) lives on its own servers, which the page's
  // Content-Security-Policy does not load images from: the avatar shows the handle's initial.
  const rows = accounts.map(
    (a) => html`<tr>
<td><div class="identity">${avatar(a.handle, null)}<span><a href="${a.profileUrl}">@${a.handle}</a><div class="muted"><code>${a.id}</code></div></span></div></td>
<td data-label="Platform">${platformMark(a.platform)}</td>
<td data-label="Access">${
      a.needsReconnect
        ? html`<span class="status status-failed">Needs reconnecting</span>`
        : a.tokenExpiresAt === null
          ? 'does not expire'
          : html`token valid until ${c.time.when(a.tokenExpiresAt)}`
    }</td>
<td data-label="Connected">${c.time.when(a.connectedAt)}</td>
<td data-label="Posting">${postingCell(c, a, reads.get(a.id))}</td>
<td>${
      a.needsReconnect
        ? html`<form class="inline" method="post" action="/app/connections">${csrfField(c.session)}<input type="hidden" name="platform" value="${a.platform}"><button type="submit">Reconnect</button></form>`
        : ''
    }<a class="button secondary" href="/app/connections/${a.id}/queue">Slots and queue</a>${confirmButton(`/app/connections/${a.id}/disconnect`, 'Disconnect', `Disconnect @${a.handle} on ${PLATFORM_NAMES[a.platform]}`, 'secondary')}</td></tr>`,
  );
  const body = html`<section class="card" aria-labelledby="connect-heading"><h2 id="connect-heading">Connect an account</h2>
${
  available.length === 0
    ? html`<p class="muted">No platform is configured on this server.</p>`
    : html`<form method="post" action="/app/connections">${csrfField(c.session)}
<label for="platform">Platform</label>
<select id="platform" name="platform">${available.map((p) => html`<option value="${p}">${PLATFORM_NAMES[p]}</option>`)}</select>
<div class="actions"><button type="submit">Connect</button></div>
<p class="muted">You go to the platform's consent page; once it says the account is connected, it is listed here.</p>
</form>`
}</section>
<h2>Connected accounts</h2>
${
  rows.length === 0
    ? emptyState('No account is connected yet: connect one to publish to it.', {
        href: '#platform',
        label: 'Choose a platform',
      })
    : stackTable(['Account', 'Platform', 'Access', 'Connected', 'Posting'], rows)
}
${await youtubeAuditSection(c, accounts)}
${c.deps.platformSetup === undefined ? '' : platformSetupSection(c.deps.platformSetup, c.deps.core.clock.now())}`;
  const notice = connectedNotice(c, accounts);
  return pageReply(c, 200, { title: 'Connections', section: '/app/connections', body, notice });
}

// The same connect link REST hands out: the person is sent to it at once.
async function connect(c: SignedContext): Promise<ConsoleReply> {
  const platform = PLATFORMS.find((p) => p === c.form.get('platform')) as Platform | undefined;
  if (platform === undefined) return redirectReply('/app/connections');
  const request = await createConnectionRequest(c.deps.core, c.actor, { platform });
  const frame: RefusalFrame = {
    status: 409,
    title: 'Connections',
    section: '/app/connections',
    back: { href: '/app/connections', label: 'Back to the connections' },
  };
  // Marked as started here, so the callback returns to this page with a notice.
  return actionReply(c, request, frame, ({ id }) => `/connect/${id}?from=console`);
}

/** Connected accounts: list, connect, reconnect, disconnect. */
export const connectionRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app/connections', access: 'signed', run: list },
  { method: 'POST', path: '/app/connections', access: 'signed', run: connect },
  ...disconnectRoutes,
];
