import {
  type ConnectedAccount,
  groupsOf,
  LIST_TEXT_FILTER_MAX,
  type ListPostsInput,
  listConnections,
  listPosts,
  PLATFORM_NAMES,
  PLATFORMS,
  type Platform,
  PUBLIC_POST_STATUSES,
  type PublicPostStatus,
} from '@svc/core';
import { emptyState, type Html, html, unwrap } from '@svc/web';
import type { ConsoleRoute, SignedContext } from '../console-context.js';
import { pageReply } from '../console-page.js';
import type { ConsoleReply } from '../console-reply.js';
import { statusLabel } from './format.js';
import { groupPageRoutes } from './group-page.js';
import { postGroupRow } from './post-group-row.js';
import { POST_NOTICES, postPageRoutes } from './post-page.js';

const PAGE_SIZE = 25;

/**
 * The list's filters as the address carries them (`status`, `platform`, `account`, `q`), each
 * kept only when it is one this person can choose: anything else is no filter.
 */
type Filters = {
  readonly status: PublicPostStatus | null;
  readonly platform: Platform | null;
  readonly account: string | null;
  readonly text: string;
};

function filtersOf(params: URLSearchParams, accountIds: readonly string[]): Filters {
  const account = params.get('account');
  return {
    status: PUBLIC_POST_STATUSES.find((s) => s === params.get('status')) ?? null,
    platform: PLATFORMS.find((p) => p === params.get('platform')) ?? null,
    account: account !== null && accountIds.includes(account) ? account : null,
    text: Array.from((params.get('q') ?? '').trim())
      .slice(0, LIST_TEXT_FILTER_MAX)
      .join(''),
  };
}

/** The filters as query parameters, for the form's next page link (empty ones left out). */
function queryOf(filters: Filters): Record<string, string> {
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.platform ? { platform: filters.platform } : {}),
    ...(filters.account ? { account: filters.account } : {}),
    ...(filters.text === '' ? {} : { q: filters.text }),
  };
}

const option = (value: string, label: string, chosen: string | null | undefined) =>
  html`<option value="${value}"${value === chosen ? html` selected` : ''}>${label}</option>`;

async function list(c: SignedContext): Promise<ConsoleReply> {
  const accounts = await unwrap(listConnections(c.deps.core, c.actor));
  const filters = filtersOf(
    c.url.searchParams,
    accounts.map((a) => a.id),
  );
  const input: ListPostsInput = {
    status: filters.status,
    platform: filters.platform,
    profileId: filters.account,
    text: filters.text,
    limit: PAGE_SIZE,
  };
  const found = await listPosts(c.deps.core, c.actor, { ...input, cursor: c.url.searchParams.get('cursor') });
  // A cursor that is not ours (edited by hand) starts the list again.
  const page = found.isOk() ? found.value : await unwrap(listPosts(c.deps.core, c.actor, input));
  const filtered = Object.keys(queryOf(filters)).length > 0;
  // Posts made together are one row: one post across platforms.
  const rows = groupsOf(page.posts).map((members) => postGroupRow(members, c.time));
  const next =
    page.nextCursor === null
      ? ''
      : html`<p><a href="/app/posts?${new URLSearchParams({ ...queryOf(filters), cursor: page.nextCursor }).toString()}">Older posts</a></p>`;
  const body = html`${filterForm(filters, accounts)}
${
  rows.length === 0
    ? filtered
      ? emptyState('No post matches these filters.', { href: '/app/posts', label: 'Show every post' })
      : emptyState('No posts yet.', { href: '/app/compose', label: 'Compose a post' })
    : html`<div class="table stack"><table><caption class="skip">Posts, newest first${filtered ? ', filtered' : ''}</caption>
<thead><tr><th scope="col">Post</th><th scope="col">Status</th><th scope="col">Accounts</th><th scope="col">Scheduled</th></tr></thead>
<tbody>${rows}</tbody></table></div>`
}
${next}`;
  const notice = POST_NOTICES[c.url.searchParams.get('done') ?? ''] ?? null;
  return pageReply(c, 200, { title: 'Posts', section: '/app/posts', body, notice });
}

/** The filters: a plain GET form, so a filtered list is a link that can be kept and shared. */
function filterForm(filters: Filters, accounts: readonly ConnectedAccount[]): Html {
  return html`<form method="get" action="/app/posts" role="search" aria-label="Filter the posts">
<div class="grid">
<div><label for="status">Status</label>
<select id="status" name="status">${option('', 'Every status', filters.status)}${PUBLIC_POST_STATUSES.map((s) => option(s, statusLabel(s), filters.status))}</select></div>
<div><label for="platform">Platform</label>
<select id="platform" name="platform">${option('', 'Every platform', filters.platform)}${PLATFORMS.map((p) => option(p, PLATFORM_NAMES[p], filters.platform))}</select></div>
<div><label for="account">Account</label>
<select id="account" name="account">${option('', 'Every account', filters.account)}${accounts.map((a) => option(a.id, `${PLATFORM_NAMES[a.platform]} @${a.handle}`, filters.account))}</select></div>
<div><label for="q">Caption or title contains</label>
<input id="q" name="q" type="text" maxlength="${LIST_TEXT_FILTER_MAX}" value="${filters.text}"></div>
</div>
<div class="actions"><button type="submit" class="secondary">Show</button>${
    Object.keys(queryOf(filters)).length > 0 ? html` <a href="/app/posts">Clear the filters</a>` : ''
  }</div>
</form>`;
}

/** The posts list, a post's page with its forms, and a group's. */
export const postRoutes: readonly ConsoleRoute[] = [
  { method: 'GET', path: '/app/posts', access: 'signed', run: list },
  ...postPageRoutes,
  ...groupPageRoutes,
];
