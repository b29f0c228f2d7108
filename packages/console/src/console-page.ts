import { type Html, html, standaloneBody, webDocument, workspaceSelect } from '@svc/web';
import { type ConsoleReply, htmlReply } from './console-reply.js';
import { CONSOLE_JS_PATH } from './console-script.js';
import type { ConsoleSession, SignedSession } from './console-session.js';
import { CONSOLE_CSS_PATH } from './console-styles.js';

/** The console's sections in their navigation groups, in order. */
export const NAV_GROUPS = [
  {
    label: 'Plan',
    sections: [
      { path: '/app', label: 'Overview' },
      { path: '/app/calendar', label: 'Calendar' },
      { path: '/app/compose', label: 'Compose' },
    ],
  },
  {
    label: 'Content',
    sections: [
      { path: '/app/posts', label: 'Posts' },
      { path: '/app/media', label: 'Media' },
      { path: '/app/approvals', label: 'Approvals' },
      { path: '/app/deleted', label: 'Deleted' },
    ],
  },
  { label: 'Insights', sections: [{ path: '/app/analytics', label: 'Analytics' }] },
  {
    label: 'Settings',
    sections: [
      { path: '/app/members', label: 'Members' },
      { path: '/app/connections', label: 'Connections' },
      { path: '/app/automations', label: 'Automations' },
      { path: '/app/approval-rules', label: 'Approval rules' },
      { path: '/app/keys', label: 'API keys' },
      { path: '/app/agents', label: 'Agents' },
      { path: '/app/webhooks', label: 'Webhooks' },
      { path: '/app/billing', label: 'Billing' },
      { path: '/app/account', label: 'Account' },
    ],
  },
] as const;

type Section = (typeof NAV_GROUPS)[number]['sections'][number];

/** Every section, in navigation order. */
export const SECTIONS: readonly Section[] = NAV_GROUPS.flatMap((group): readonly Section[] => group.sections);

/** The section a page belongs to, for the navigation's current mark. */
export type SectionPath = Section['path'] | null;

/** What a page of a signed-in person is made of. */
export type PageParts = {
  readonly title: string;
  readonly section: SectionPath;
  readonly body: Html;
  /** A confirmation to show at the top (a fixed message of ours, never from the request). */
  readonly notice?: string | null;
  readonly alert?: string | null;
  /** Scripts of this page besides the console's own (paths under /app/assets/). */
  readonly scripts?: readonly string[];
};

/**
 * A whole page for a signed-in person: the shell (brand, grouped navigation, who is signed in and
 * sign-out, the workspace switcher), then the page. On phones the navigation folds into a Menu that
 * is a plain `<details>`, so it opens from the keyboard and without JavaScript.
 */
export function consolePage(session: SignedSession, parts: PageParts): string {
  const groups = NAV_GROUPS.map(
    (group) => html`<p class="nav-title" id="nav-${group.label.toLowerCase()}">${group.label}</p>
<ul class="nav-list" aria-labelledby="nav-${group.label.toLowerCase()}">${group.sections.map(
      (s) =>
        html`<li><a href="${s.path}"${s.path === parts.section ? html` aria-current="page"` : ''}>${s.label}</a></li>`,
    )}</ul>
`,
  );
  return document(
    parts.title,
    parts.scripts ?? [],
    html`<a class="skip" href="#main">Skip to content</a>
<div class="shell">
<header class="sidebar">
<a class="brand" href="/app"><span class="logo" aria-hidden="true">s</span>svc</a>
<details class="menu"><summary>Menu</summary>
<div class="menu-body">
${workspaceSwitcher(session)}<nav aria-label="Sections">
${groups}</nav>
<div class="who"><span>${session.user.email}</span>
<form class="inline" method="post" action="/app/sign-out">${csrfField(session)}<button class="secondary" type="submit">Sign out</button></form></div>
</div>
</details>
</header>
<main id="main">
<h1>${parts.title}</h1>
${
  session.leftWorkspace
    ? html`<p role="alert">You are no longer a member of the workspace you were in. This is your personal workspace.</p>
`
    : ''
}${parts.notice ? html`<p role="status">${parts.notice}</p>` : ''}${parts.alert ? html`<p role="alert">${parts.alert}</p>` : ''}
${parts.body}
</main>
</div>`,
  );
}

/**
 * The switcher: the person's workspaces, personal first, the current one selected; switching is a
 * form post (with the anti-forgery token) that works without JavaScript. Nothing for a person who
 * has only their personal workspace.
 */
function workspaceSwitcher(session: SignedSession): Html | string {
  if (session.workspaces.length < 2) return '';
  return html`<form class="switcher" method="post" action="/app/workspace">${csrfField(session)}
${workspaceSelect(session.workspaces, session.workspaceId, 'Workspace')}
<button class="secondary" type="submit">Switch</button></form>
`;
}

/** What an answer says at the top of a page: a confirmation, or why it was refused (absent: nothing). */
export type PageMessages = { readonly notice?: string | null; readonly alert?: string | null };

/** A signed-in person's page with the messages an answer gives it (the pages that answer their own forms). */
export function messagePage(
  session: SignedSession,
  parts: Omit<PageParts, 'notice' | 'alert'>,
  messages: PageMessages,
): string {
  return consolePage(session, { ...parts, notice: messages.notice ?? null, alert: messages.alert ?? null });
}

/** A signed-in person's page as the reply of a route, with its status. */
export function pageReply(
  c: { readonly session: SignedSession },
  status: number,
  parts: PageParts,
): ConsoleReply {
  return htmlReply(status, consolePage(c.session, parts));
}

/** A page without the signed-in header (sign in, errors before a session). */
export function barePage(title: string, body: Html): string {
  return consoleDocument(title, [], body);
}

/** A page without the shell, with scripts of its own besides the console's (sign-in steps). */
export function consoleDocument(title: string, scripts: readonly string[], body: Html): string {
  return document(title, scripts, standaloneBody(html`<h1>${title}</h1>${body}`));
}

/** The hidden anti-forgery field every form of a signed-in page carries. */
export function csrfField(session: ConsoleSession): Html {
  return html`<input type="hidden" name="_csrf" value="${session.csrf}">`;
}

function document(title: string, scripts: readonly string[], body: Html): string {
  return webDocument({
    title: `${title} · svc`,
    stylesheet: CONSOLE_CSS_PATH,
    scripts: [CONSOLE_JS_PATH, ...scripts],
    body,
  });
}
