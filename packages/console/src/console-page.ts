import { type Html, html } from '@svc/web';
import { CONSOLE_JS_PATH } from './console-script.js';
import type { ConsoleSession } from './console-session.js';
import { CONSOLE_CSS_PATH } from './console-styles.js';

/** The console's sections, in navigation order. */
export const SECTIONS = [
  { path: '/app', label: 'Overview' },
  { path: '/app/compose', label: 'Compose' },
  { path: '/app/calendar', label: 'Calendar' },
  { path: '/app/posts', label: 'Posts' },
  { path: '/app/approvals', label: 'Approvals' },
  { path: '/app/deleted', label: 'Deleted' },
  { path: '/app/media', label: 'Media' },
  { path: '/app/connections', label: 'Connections' },
  { path: '/app/automations', label: 'Automations' },
  { path: '/app/analytics', label: 'Analytics' },
  { path: '/app/keys', label: 'API keys' },
  { path: '/app/agents', label: 'Agents' },
  { path: '/app/webhooks', label: 'Webhooks' },
  { path: '/app/billing', label: 'Billing' },
] as const;

/** The section a page belongs to, for the navigation's current mark. */
export type SectionPath = (typeof SECTIONS)[number]['path'] | null;

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

/** A whole page for a signed-in person: header with navigation and sign-out, then the page. */
export function consolePage(session: ConsoleSession, parts: PageParts): string {
  const nav = SECTIONS.map(
    (s) =>
      html`<li><a href="${s.path}"${s.path === parts.section ? html` aria-current="page"` : ''}>${s.label}</a></li>`,
  );
  return document(
    parts.title,
    parts.scripts ?? [],
    html`<a class="skip" href="#main">Skip to content</a>
<header><div class="bar">
<a class="brand" href="/app">svc</a>
<nav aria-label="Sections"><ul>${nav}</ul></nav>
<div class="who"><span>${session.user.email}</span><a href="/app/account">Account</a>
<form class="inline" method="post" action="/app/sign-out">${csrfField(session)}<button class="secondary" type="submit">Sign out</button></form></div>
</div></header>
<main id="main">
<h1>${parts.title}</h1>
${parts.notice ? html`<p role="status">${parts.notice}</p>` : ''}${parts.alert ? html`<p role="alert">${parts.alert}</p>` : ''}
${parts.body}
</main>`,
  );
}

/** A page without the signed-in header (sign in, errors before a session). */
export function barePage(title: string, body: Html): string {
  return document(title, [], html`<main id="main" class="signin"><h1>${title}</h1>${body}</main>`);
}

/** The hidden anti-forgery field every form of a signed-in page carries. */
export function csrfField(session: ConsoleSession): Html {
  return html`<input type="hidden" name="_csrf" value="${session.csrf}">`;
}

function document(title: string, scripts: readonly string[], body: Html): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · svc</title>
<link rel="stylesheet" href="${CONSOLE_CSS_PATH}">
<script src="${CONSOLE_JS_PATH}" defer></script>
${scripts.map(
  (src) => html`<script src="${src}" defer></script>
`,
)}</head>
<body>
${body}
</body>
</html>
`.text;
}
